import Graphics

/// A view with one built-in modifier applied; each modifier's file defines the `Modifier`.
struct _ModifiedView<Content: View, Modifier: PrimitiveModifier>: View {
  typealias Body = Never
  let content: Content
  let modifier: Modifier
}

/// A built-in modifier as the view tree holds it: how it turns the view it modifies into
/// resolved nodes.
protocol PrimitiveModifier {
  /// Resolves `content` with the modifier applied, updating children through `ctx.runtime`.
  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode]
}

/// A built-in modifier that wraps its one child in a `ResolvedModifier` node.
protocol WrappingModifier: PrimitiveModifier {
  /// The resolved form, its animatable values read at this frame through `slots`.
  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier
}

extension WrappingModifier {
  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    // Animatable values are read before the child is updated, so an animation's slot numbers
    // stay the same from frame to frame.
    var slots = AnimatableSlots(node: node, ctx: ctx)
    let resolved = self.resolved(&slots)
    return [RNode(resolved, single(ctx.runtime.child(node, ChildKey(0), content, ctx)))]
  }
}

/// A modifier node's animatable values, numbered in the order the modifier reads them.
struct AnimatableSlots {
  let node: ViewNode
  // What reading a slot needs of the context, rather than a copy of all of it.
  private let runtime: SceneRuntime
  private let transaction: Animation?
  private var next = 0

  init(node: ViewNode, ctx: UpdateContext) {
    self.node = node
    runtime = ctx.runtime
    transaction = ctx.transaction
  }

  /// The next slot's value at this frame's time, animating towards `target` with the current
  /// transaction when the target changed.
  mutating func value(_ target: Double) -> Double {
    defer { next += 1 }
    return runtime.animated(node, next, target, transaction: transaction)
  }
}

extension View {
  /// This view with `modifier` applied.
  func modified<M: PrimitiveModifier>(_ modifier: M) -> _ModifiedView<Self, M> {
    _ModifiedView(content: self, modifier: modifier)
  }
}

extension _ModifiedView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { modifier.resolve(content, node, ctx) }
}
