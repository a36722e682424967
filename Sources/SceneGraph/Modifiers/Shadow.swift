// `.shadow(color:radius:x:y:)`: a blurred copy of the view's silhouette drawn under it.
import Graphics

/// A drop shadow; its radius and offsets animate in slots 0, 1 and 2.
///
/// The silhouette is the view's alpha painted `color`, blurred by a Gaussian of standard
/// deviation half the radius (Core Animation's convention for `shadowRadius`) and moved by
/// `x`, `y` points; the view is drawn over it, and both go to the frame as one layer.
struct ShadowEffect: WrappingModifier, ResolvedModifier {
  var color: Color
  var radius: Double
  var x: Double
  var y: Double

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    ShadowEffect(color: color, radius: slots.value(radius), x: slots.value(x), y: slots.value(y))
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    guard color.rgba8.a > 0 else { return lowerer.lower(child, t, opacity) }
    // The offset is in the view's own coordinates, so it turns and scales with the view.
    let o = Point(x: t.a * x + t.c * y, y: t.b * x + t.d * y)
    let step = LayerStep.shadow(color: color.rgba8, sigma: max(0, radius) / 2 * t.maxScale, dx: o.x, dy: o.y)
    lowerer.layer(LayerEffect(steps: [step]), opacity: opacity) { $0.lower(child, t, 1) }
  }
}

extension View {
  /// Draws a shadow of the view under it: `color`, blurred by `radius`, offset by `x`, `y`.
  public func shadow(
    color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
  ) -> some View {
    modified(ShadowEffect(color: color, radius: radius, x: x, y: y))
  }
}
