import FoundationEssentials
import Graphics

// `Color` as SwiftUI uses it beyond a fill: a view of its own, the semantic colors and the
// other ways to make one.

extension Color: View {
  public typealias Body = Never
}

/// A color used as a view fills all the space it is offered, like `Rectangle().fill(color)`.
extension Color: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    [RNode(.shape(AnyShape(Rectangle()), fill: .color(self), stroke: nil, foreground: ctx.env.foreground))]
  }
}

/// A linear gradient used as a view fills all the space it is offered, like
/// `Rectangle().fill(gradient)`.
extension LinearGradient: View, PrimitiveView, LeafView {
  public typealias Body = Never

  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    [RNode(.shape(AnyShape(Rectangle()), fill: .linearGradient(self), stroke: nil, foreground: ctx.env.foreground))]
  }
}

extension Color {
  // The semantic colors of SwiftUI's light appearance, which the scenes' default black
  // foreground follows; a window here has no appearance to switch.

  /// The color of primary content: black.
  public static let primary = Color.black
  /// The color of secondary content: iOS's secondary label color, a dark gray at 60 %.
  public static let secondary = Color(red: 0.235, green: 0.235, blue: 0.263, opacity: 0.6)
  /// The accent color of controls: SwiftUI's default, system blue.
  public static let accentColor = Color.blue

  /// The color spaces SwiftUI's `Color` initializers name.
  public enum RGBColorSpace: Hashable, Sendable {
    /// The standard color space the renderers draw in.
    case sRGB
    /// sRGB's primaries with linear components, converted to sRGB.
    case sRGBLinear
    /// Accepted and drawn as sRGB: the renderers have no wide-gamut output.
    case displayP3
  }

  /// Creates a color from components in a named color space.
  public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
    guard colorSpace == .sRGBLinear else {
      self.init(red: red, green: green, blue: blue, opacity: opacity)
      return
    }
    func encoded(_ v: Double) -> Double {
      v <= 0.003_130_8 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
    self.init(red: encoded(red), green: encoded(green), blue: encoded(blue), opacity: opacity)
  }

  /// Creates a gray from a white level in a named color space.
  public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
    self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
  }

  /// Creates a color from hue, saturation and brightness, each 0…1 (a hue of 1 is red again).
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    let h = (hue - hue.rounded(.down)) * 6
    let s = max(0, min(1, saturation))
    let v = max(0, min(1, brightness))
    let sector = min(5, Int(h))
    let f = h - Double(sector)
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch sector {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.init(red: r, green: g, blue: b, opacity: opacity)
  }
}

// The semantic colors where a style is expected: `.foregroundStyle(.secondary)`.
extension ShapeStyle where Self == Color {
  /// The color of primary content; see `Color.primary`.
  public static var primary: Color { Color.primary }
  /// The color of secondary content; see `Color.secondary`.
  public static var secondary: Color { Color.secondary }
  /// The accent color, as SwiftUI's `.tint` style is when no `tint` is set: system blue.
  public static var tint: Color { Color.accentColor }
}
