// `.mask` and `.clipShape`: the view drawn only where another view (or a shape) is opaque.
import Graphics

/// Resolves the masked view and the mask as two children of one node.
struct MaskModifier: PrimitiveModifier {
  let mask: AnyView
  let alignment: Alignment

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    let base = single(rt.child(node, ChildKey(0), content, ctx))
    let mask = single(rt.child(node, ChildKey(1), self.mask, ctx))
    return [RNode(Masked(mask: mask, alignment: alignment), base)]
  }
}

/// The resolved node: as big as the view, with the mask laid out inside it as an overlay is.
/// Both are rasterized into one layer, the view's alpha multiplied by the mask's, so the
/// mask's edges are as smooth as its own anti-aliasing.
struct Masked: ResolvedModifier {
  let mask: RNode
  let alignment: Alignment

  var additionalChildren: [RNode] { [mask] }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    layout.place(child, in: r)
    layout.place(mask, sizedTo: r, alignment)
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    let mask = self.mask
    lowerer.layer(
      LayerEffect(steps: []), opacity: opacity, mask: { $0.lower(mask, t, 1) }, draw: { $0.lower(child, t, 1) })
  }
}

extension View {
  /// Draws the view only where `mask` is opaque, in proportion to its alpha.
  public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
    modified(MaskModifier(mask: AnyView(mask()), alignment: alignment))
  }

  /// Draws the view only where `mask` is opaque (the form before `mask(alignment:_:)`).
  public func mask<Mask: View>(_ mask: Mask) -> some View {
    modified(MaskModifier(mask: AnyView(mask), alignment: .center))
  }

  /// Draws the view only inside `shape`, fitted to the view's frame, with anti-aliased edges.
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
    modified(MaskModifier(mask: AnyView(shape.fill(Color.black)), alignment: .center))
  }

  /// Clips the view to a rounded rectangle of its frame with corners of `radius`; SwiftUI's
  /// `cornerRadius(_:antialiased:)` (deprecated there, and common in published code). The edges
  /// are always anti-aliased.
  public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
    clipShape(RoundedRectangle(cornerRadius: radius))
  }
}
