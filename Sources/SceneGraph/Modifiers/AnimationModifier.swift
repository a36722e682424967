// `.animation(_:value:)` and `.animation(_:)`: implicit animation of the animatable modifiers inside.
import Motion

/// Sets the update's transaction to `animation` when the watched value changed.
struct AnimationModifier<Value: Equatable>: PrimitiveModifier {
  let animation: Animation?
  let value: Value

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var c = ctx
    if !ctx.sameValue {
      if let old = node.previous as? Value, old != value {
        c.transaction = animation
        ctx.runtime.armLayoutAnimation(animation, inside: node)
      }
      node.previous = value
    }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

/// Sets the transaction of every update inside to `animation`: SwiftUI's deprecated
/// `.animation(_:)`, which animates whatever changes, whatever changed it.
struct ImplicitAnimationModifier: PrimitiveModifier {
  let animation: Animation?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var c = ctx
    c.transaction = animation
    // What changed inside may move views as well as change values (a stack that grows, a view
    // an `if` inserts): their frames animate too, as under `.animation(_:value:)`.
    if !ctx.sameValue { ctx.runtime.armLayoutAnimation(animation, inside: node) }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Animates every animatable property inside whenever it changes; nil changes instantly.
  @available(*, deprecated, message: "Use withAnimation or animation(_:value:) instead.")
  public func animation(_ animation: Animation?) -> some View {
    modified(ImplicitAnimationModifier(animation: animation))
  }

  /// Animates every animatable property inside when `value` changes; nil changes instantly.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    modified(AnimationModifier(animation: animation, value: value))
  }
}
