// The colour effects: `brightness`, `contrast`, `saturation`, `grayscale`, `hueRotation`,
// `colorMultiply`, `colorInvert` and `luminanceToAlpha`, each a colour matrix over a layer.
import Graphics

/// One colour effect; its amount animates in slot 0.
struct ColorEffect: WrappingModifier, ResolvedModifier {
  enum Kind: Hashable {
    case brightness, contrast, saturation, grayscale, hueRotation
    case multiply(Color)
    case invert, luminanceToAlpha
  }
  var kind: Kind
  var amount: Double

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    ColorEffect(kind: kind, amount: slots.value(amount))
  }

  /// The matrix this effect applies.
  var matrix: ColorMatrix {
    switch kind {
    case .brightness: .brightness(amount)
    case .contrast: .contrast(amount)
    case .saturation: .saturation(amount)
    case .grayscale: .saturation(1 - max(0, min(1, amount)))
    case .hueRotation: .hueRotation(amount)
    case .multiply(let c): .multiply(r: c.red, g: c.green, b: c.blue, a: c.opacity)
    case .invert: ColorMatrix([-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0])
    case .luminanceToAlpha: .luminanceToAlpha
    }
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    guard matrix != .identity else { return lowerer.lower(child, t, opacity) }
    lowerer.layer(LayerEffect(steps: [.color(matrix)]), opacity: opacity) { $0.lower(child, t, 1) }
  }
}

extension View {
  /// Brightens (positive) or darkens (negative) the view's colours by `amount`.
  public func brightness(_ amount: Double) -> some View {
    modified(ColorEffect(kind: .brightness, amount: amount))
  }

  /// Scales the view's colours' distance from mid-grey by `amount` (1 leaves them).
  public func contrast(_ amount: Double) -> some View { modified(ColorEffect(kind: .contrast, amount: amount)) }

  /// Desaturates (below 1) or saturates (above 1) the view's colours.
  public func saturation(_ amount: Double) -> some View {
    modified(ColorEffect(kind: .saturation, amount: amount))
  }

  /// Takes `amount` (0…1) of the colour out of the view.
  public func grayscale(_ amount: Double) -> some View { modified(ColorEffect(kind: .grayscale, amount: amount)) }

  /// Turns every hue of the view by `angle`.
  public func hueRotation(_ angle: Angle) -> some View {
    modified(ColorEffect(kind: .hueRotation, amount: angle.radians))
  }

  /// Multiplies every colour of the view by `color`.
  public func colorMultiply(_ color: Color) -> some View {
    modified(ColorEffect(kind: .multiply(color), amount: 1))
  }

  /// Inverts the view's colours.
  public func colorInvert() -> some View { modified(ColorEffect(kind: .invert, amount: 1)) }

  /// Makes the view's luminance its alpha, black where it was bright.
  public func luminanceToAlpha() -> some View { modified(ColorEffect(kind: .luminanceToAlpha, amount: 1)) }
}
