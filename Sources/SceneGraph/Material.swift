// `Material`: SwiftUI's translucent backgrounds (`.ultraThinMaterial` … `.ultraThickMaterial`),
// drawn as a white veil of the material's thickness over what is behind, without the blur.
import Graphics

/// A translucent background style; SwiftUI's `Material`, as its light appearance looks.
///
/// What is behind shows through a white veil, more opaque the thicker the material; SwiftUI
/// also blurs it, which is not done here.
public struct Material: ShapeStyle, Hashable, Sendable {
  /// How much of the veil's white covers what is behind.
  let opacity: Double

  public var paint: Paint { .color(Color.white.opacity(opacity)) }

  public static let ultraThin = Material(opacity: 0.35)
  public static let thin = Material(opacity: 0.5)
  public static let regular = Material(opacity: 0.65)
  public static let thick = Material(opacity: 0.8)
  public static let ultraThick = Material(opacity: 0.9)
  /// The material of bars (a toolbar's, a tab bar's): `regular`.
  public static let bar = Material(opacity: 0.65)
}

extension ShapeStyle where Self == Material {
  public static var ultraThinMaterial: Material { .ultraThin }
  public static var thinMaterial: Material { .thin }
  public static var regularMaterial: Material { .regular }
  public static var thickMaterial: Material { .thick }
  public static var ultraThickMaterial: Material { .ultraThick }
  public static var bar: Material { .bar }
}
