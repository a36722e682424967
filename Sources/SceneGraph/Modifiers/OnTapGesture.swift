// `.onTapGesture`: clicks delivered to the innermost view under the pointer.

/// Runs an action when the view is clicked; SwiftUI's `onTapGesture`.
public struct _TapGestureView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let action: () -> Void
}

extension View {
  /// Runs `action` when the view is clicked (a primary-button press inside its frame). The
  /// innermost view with a handler under the pointer takes the click.
  public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> _TapGestureView<Self> {
    _TapGestureView(content: self, action: action)
  }

  /// The shape that takes the view's clicks; accepted: a click anywhere in a view's frame
  /// reaches it already, as `contentShape(Rectangle())` asks.
  public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
}

extension _TapGestureView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue {
      node.tapHandler = action
      ctx.runtime.registerTapHandler(node)
    }
    let out = ctx.runtime.child(node, ChildKey(0), content, ctx)
    for r in out { r.isHitTarget = true }
    return out
  }
}
