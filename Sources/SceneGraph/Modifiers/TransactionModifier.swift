// `.transaction { … }`: changes the animation of the updates of a view and everything inside.
import Motion

/// Lets `transform` rewrite the transaction the child is updated with.
struct TransactionModifier: PrimitiveModifier {
  let transform: (inout Transaction) -> Void

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var t = Transaction(animation: ctx.transaction)
    transform(&t)
    var c = ctx
    c.transaction = t.disablesAnimations ? nil : t.animation
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Rewrites the transaction (the animation) of this view's updates; setting
  /// `disablesAnimations` or a nil animation makes its changes immediate.
  public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View {
    modified(TransactionModifier(transform: transform))
  }
}
