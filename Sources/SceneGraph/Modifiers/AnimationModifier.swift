// `.animation(_:value:)`: implicit animation of the animatable modifiers inside.
import Motion

/// Sets the update's transaction to `animation` when the watched value changed.
struct AnimationModifier<Value: Equatable>: PrimitiveModifier {
  let animation: Animation?
  let value: Value

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var c = ctx
    if !ctx.sameValue {
      if let old = node.previous as? Value, old != value { c.transaction = animation }
      node.previous = value
    }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Animates every animatable property inside when `value` changes; nil changes instantly.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    modified(AnimationModifier(animation: animation, value: value))
  }
}
