// `.onChange(of:)`: an action after an update in which a value changed.

/// Compares the value with the previous update's and queues the action after the pass, at
/// most once per frame (see `SceneRuntime.enqueueChange`).
struct OnChangeModifier<Value: Equatable>: PrimitiveModifier {
  let value: Value
  let initial: Bool
  let action: (Value, Value) -> Void

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue {
      let action = self.action
      let new = value
      if let old = node.previous as? Value {
        if old != new { ctx.runtime.enqueueChange(node, "onChange(of: \(Value.self))") { action(old, new) } }
      } else if initial {
        // SwiftUI makes the initial call an appearance action: it does not use up the frame's
        // one run for a change.
        ctx.runtime.enqueue("onChange(of: \(Value.self))") { action(new, new) }
      }
      node.previous = new
    }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

extension View {
  /// Runs `action` after an update in which `value` differs from the previous update's.
  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
    modified(OnChangeModifier(value: value, initial: initial) { _, _ in action() })
  }

  /// Runs `action` with the old and new values after an update in which `value` changed.
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View {
    modified(OnChangeModifier(value: value, initial: initial, action: action))
  }

  /// Runs `action` with the new value after an update in which `value` changed (the older
  /// form the articles use, `onChange(of: date) { _ in … }`).
  public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
    modified(OnChangeModifier(value: value, initial: false) { _, new in action(new) })
  }
}
