// `.onAppear` and `.onDisappear`: actions when a view's identity comes and goes.

/// Queues `appear` on the first update and hands `disappear` to the node for its teardown.
struct AppearanceModifier: PrimitiveModifier {
  let appear: (() -> Void)?
  let disappear: (() -> Void)?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if node.previous == nil, let appear {
      ctx.runtime.enqueue("onAppear", appear)
    }
    node.previous = true
    if !ctx.sameValue { node.onDisappear = disappear }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

extension View {
  /// Runs `action` after the first update in which this view's identity is present.
  public func onAppear(perform action: @escaping () -> Void) -> some View {
    modified(AppearanceModifier(appear: action, disappear: nil))
  }

  /// Runs `action` after the update in which this view's identity went away.
  public func onDisappear(perform action: @escaping () -> Void) -> some View {
    modified(AppearanceModifier(appear: nil, disappear: action))
  }
}
