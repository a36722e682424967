import FoundationEssentials

/// A color in sRGB with straight (not premultiplied) alpha, components 0…1.
public struct Color: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var opacity: Double

  /// Creates a color from components in 0…1.
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.opacity = opacity
  }

  /// Creates a gray of the given white level.
  public init(white: Double, opacity: Double = 1) {
    self.init(red: white, green: white, blue: white, opacity: opacity)
  }

  /// Creates a color from a 0xRRGGBB literal.
  public init(hex: UInt32, opacity: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255, opacity: opacity)
  }

  /// The same color with its opacity multiplied by `amount`, as SwiftUI's `opacity(_:)`.
  public func opacity(_ amount: Double) -> Color {
    Color(red: red, green: green, blue: blue, opacity: opacity * amount)
  }

  /// Component-wise interpolation; used by gradients and color animations.
  public static func lerp(_ a: Color, _ b: Color, _ t: Double) -> Color {
    Color(
      red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
      blue: a.blue + (b.blue - a.blue) * t, opacity: a.opacity + (b.opacity - a.opacity) * t)
  }

  /// The color mixed towards white (positive) or black (negative) by `amount`.
  public func adjusted(brightness amount: Double) -> Color {
    let target: Color = amount >= 0 ? .white : .black
    var mixed = Color.lerp(self, target, abs(amount))
    mixed.opacity = opacity
    return mixed
  }

  /// The color as 8-bit RGBA, clamped.
  public var rgba8: RGBA8 {
    // Clamped, then rounded by adding a half and truncating: `rounded()` is a libm call where
    // the CPU has no rounding instruction (a portable build), and this runs per vertex.
    @inline(__always) func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v * 255)) + 0.5) }
    return RGBA8(r: q(red), g: q(green), b: q(blue), a: q(opacity))
  }

  // SwiftUI's system colors (light appearance), so scenes ported from the articles look as intended.
  public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
  public static let black = Color(white: 0)
  public static let white = Color(white: 1)
  public static let gray = Color(red: 0.557, green: 0.557, blue: 0.576)
  public static let red = Color(red: 1, green: 0.231, blue: 0.188)
  public static let orange = Color(red: 1, green: 0.584, blue: 0)
  public static let yellow = Color(red: 1, green: 0.8, blue: 0)
  public static let green = Color(red: 0.204, green: 0.78, blue: 0.349)
  public static let mint = Color(red: 0, green: 0.78, blue: 0.745)
  public static let teal = Color(red: 0.188, green: 0.69, blue: 0.78)
  public static let cyan = Color(red: 0.196, green: 0.678, blue: 0.902)
  public static let blue = Color(red: 0, green: 0.478, blue: 1)
  public static let indigo = Color(red: 0.345, green: 0.337, blue: 0.839)
  public static let purple = Color(red: 0.686, green: 0.322, blue: 0.871)
  public static let pink = Color(red: 1, green: 0.176, blue: 0.333)
  public static let brown = Color(red: 0.635, green: 0.518, blue: 0.369)
}

/// A color packed as four bytes in R, G, B, A order: the layout of `SDL_Color`.
public struct RGBA8: Hashable, Sendable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  /// Creates a packed color.
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }

  /// The same color with alpha 0; the outer ring of an anti-aliasing fringe.
  public var transparent: RGBA8 { RGBA8(r: r, g: g, b: b, a: 0) }

  /// The color with its alpha scaled by `f` (0…1).
  public func fading(_ f: Double) -> RGBA8 {
    RGBA8(r: r, g: g, b: b, a: UInt8(max(0, min(255, (Double(a) * f).rounded()))))
  }
}
