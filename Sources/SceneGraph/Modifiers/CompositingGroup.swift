// `.compositingGroup()` and `.drawingGroup()`: the view flattened into one layer before the
// opacity around it applies.
import Graphics

/// Draws the view into a layer of its own, so an opacity outside fades the group as one
/// picture: overlapping parts no longer show through each other.
struct CompositingGroupEffect: PrimitiveModifier, ResolvedModifier {
  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    [RNode(self, single(ctx.runtime.child(node, ChildKey(0), content, ctx)))]
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    // At full opacity a group draws the same pixels as its parts: no layer is needed.
    guard opacity < 0.999 else { return lowerer.lower(child, t, opacity) }
    lowerer.layer(LayerEffect(steps: []), opacity: opacity) { $0.lower(child, t, 1) }
  }
}

extension View {
  /// Composites the view's parts together before effects around it (an opacity) apply.
  public func compositingGroup() -> some View { modified(CompositingGroupEffect()) }

  /// Renders the view offscreen as one image before it is drawn; here the same as
  /// `compositingGroup()`, since every layer is rasterized on the CPU alike.
  public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View {
    modified(CompositingGroupEffect())
  }
}
