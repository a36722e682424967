// `.blur(radius:opaque:)`: the view's drawing rasterized as a layer and blurred.
import Graphics

/// A Gaussian blur whose radius animates in slot 0.
///
/// The radius is taken as Core Animation takes a shadow's: a Gaussian of standard deviation
/// half the radius, in points, so `.blur(radius: 10)` spreads an edge over about 15 points.
struct BlurEffect: WrappingModifier, ResolvedModifier {
  var radius: Double
  /// Whether the blur keeps the layer's edges opaque (SwiftUI's `opaque:`); the edge is faded
  /// as for a translucent blur, so this is accepted and ignored.
  var opaque: Bool

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    BlurEffect(radius: slots.value(radius), opaque: opaque)
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    let sigma = max(0, radius) / 2 * t.maxScale
    guard sigma >= 0.25 else { return lowerer.lower(child, t, opacity) }
    lowerer.layer(LayerEffect(steps: [.blur(sigma: sigma)]), opacity: opacity) { $0.lower(child, t, 1) }
  }
}

extension View {
  /// Blurs everything the view draws by `radius` points.
  public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
    modified(BlurEffect(radius: radius, opaque: opaque))
  }
}
