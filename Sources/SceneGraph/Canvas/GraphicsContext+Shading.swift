import FoundationEssentials
import Graphics
import Raster

extension GraphicsContext {
  /// What a fill or stroke is painted with; SwiftUI's `GraphicsContext.Shading`.
  ///
  /// Gradient points are in the coordinates of the draw they are used in, under that draw's
  /// transform, as in SwiftUI.
  public struct Shading: Sendable {
    enum Kind: Sendable {
      case color(Color)
      case gradient(Gradient, ShadingRaster.Geometry, GradientOptions)
      /// A view style: colors as they are, a `LinearGradient`'s unit points in the drawn path's bounds.
      case paint(Paint)
      case foreground
    }
    let kind: Kind

    /// A solid color.
    public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }

    /// A solid color from its components; `colorSpace` is accepted, and the components are
    /// taken as sRGB.
    public static func color(
      _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
    ) -> Shading {
      Shading(kind: .color(Color(red: red, green: green, blue: blue, opacity: opacity)))
    }

    /// A gradient along the line from `startPoint` to `endPoint`.
    public static func linearGradient(
      _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()
    ) -> Shading {
      Shading(kind: .gradient(gradient, .linear(start: startPoint, end: endPoint), options))
    }

    /// A gradient outward from a circle of `startRadius` about `center` to one of `endRadius`.
    public static func radialGradient(
      _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
      options: GradientOptions = GradientOptions()
    ) -> Shading {
      Shading(
        kind: .gradient(gradient, .radial(center: center, startRadius: startRadius, endRadius: endRadius), options))
    }

    /// A gradient once around `center`, clockwise from `angle` (zero points along +x).
    public static func conicGradient(
      _ gradient: Gradient, center: CGPoint, angle: Angle = .zero, options: GradientOptions = GradientOptions()
    ) -> Shading {
      Shading(kind: .gradient(gradient, .conic(center: center, angle: angle.radians), options))
    }

    /// A view style (a color, or a `LinearGradient` whose unit points span the drawn path's bounds).
    public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(kind: .paint(style.paint)) }

    /// The environment's foreground style, as `foregroundStyle` set it around the canvas.
    public static var foreground: Shading { Shading(kind: .foreground) }
  }

  /// How a gradient continues past its ends, and in which space it blends; SwiftUI's
  /// `GraphicsContext.GradientOptions`. `linearColor` is accepted: colors blend in sRGB.
  public struct GradientOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    /// Creates options from their raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Starts again from the first color past the end.
    public static let `repeat` = GradientOptions(rawValue: 1 << 0)
    /// Runs back and forth past the ends.
    public static let mirror = GradientOptions(rawValue: 1 << 1)
    /// Blends in linear color; accepted, and drawn in sRGB.
    public static let linearColor = GradientOptions(rawValue: 1 << 2)

    /// What the rasterizer does past the gradient's ends.
    var spread: ShadingRaster.Spread {
      contains(.mirror) ? .mirror : contains(.repeat) ? .repeating : .pad
    }
  }

  /// How `clip(to:style:options:)` clips; SwiftUI's `GraphicsContext.ClipOptions`.
  public struct ClipOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    /// Creates options from their raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Keeps what lies outside the path instead of inside; not supported (see `clip(to:)`).
    public static let inverse = ClipOptions(rawValue: 1 << 0)
  }

  /// How drawing combines with what is already there; SwiftUI's `GraphicsContext.BlendMode`.
  public struct BlendMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    /// Creates a mode from Core Graphics' raw value.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let normal = BlendMode(rawValue: 0)
    public static let multiply = BlendMode(rawValue: 1)
    public static let screen = BlendMode(rawValue: 2)
    public static let overlay = BlendMode(rawValue: 3)
    public static let darken = BlendMode(rawValue: 4)
    public static let lighten = BlendMode(rawValue: 5)
    public static let colorDodge = BlendMode(rawValue: 6)
    public static let colorBurn = BlendMode(rawValue: 7)
    public static let softLight = BlendMode(rawValue: 8)
    public static let hardLight = BlendMode(rawValue: 9)
    public static let difference = BlendMode(rawValue: 10)
    public static let exclusion = BlendMode(rawValue: 11)
    public static let hue = BlendMode(rawValue: 12)
    public static let saturation = BlendMode(rawValue: 13)
    public static let color = BlendMode(rawValue: 14)
    public static let luminosity = BlendMode(rawValue: 15)
    public static let clear = BlendMode(rawValue: 16)
    public static let copy = BlendMode(rawValue: 17)
    public static let sourceIn = BlendMode(rawValue: 18)
    public static let sourceOut = BlendMode(rawValue: 19)
    public static let sourceAtop = BlendMode(rawValue: 20)
    public static let destinationOver = BlendMode(rawValue: 21)
    public static let destinationIn = BlendMode(rawValue: 22)
    public static let destinationOut = BlendMode(rawValue: 23)
    public static let destinationAtop = BlendMode(rawValue: 24)
    public static let xor = BlendMode(rawValue: 25)
    public static let plusDarker = BlendMode(rawValue: 26)
    public static let plusLighter = BlendMode(rawValue: 27)

    /// The blend the renderers draw; the Porter–Duff and non-separable modes draw `normal`.
    var kind: BlendKind {
      let separable: [BlendKind] = [
        .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight, .hardLight,
        .difference, .exclusion,
      ]
      switch rawValue {
      case 0...11: return separable[Int(rawValue)]
      case 26: return .plusDarker
      case 27: return .plusLighter
      default: return .normal
      }
    }
  }
}

/// How a path is filled; SwiftUI's `FillStyle`.
///
/// Both are accepted: each closed subpath is filled on its own (so a subpath inside another
/// does not cut a hole, whatever the rule), and edges are always anti-aliased on the
/// renderers that anti-alias.
public struct FillStyle: Hashable, Sendable {
  /// Whether the even-odd rule decides what is inside, rather than the non-zero winding rule.
  public var isEOFilled: Bool
  /// Whether edges are anti-aliased.
  public var isAntialiased: Bool

  /// Creates a fill style.
  public init(eoFill: Bool = false, antialiased: Bool = true) {
    isEOFilled = eoFill
    isAntialiased = antialiased
  }
}

/// A shading as the lowering draws it: a color, or a gradient in the draw's own coordinates.
enum ResolvedShading {
  case color(Color)
  case gradient(Gradient, ShadingRaster.Geometry, ShadingRaster.Spread)

  /// `shading` for a draw whose path has `bounds` (a view style's unit points span them), in
  /// the canvas's `environment`; each is worked out only if the shading needs it.
  init(
    _ shading: GraphicsContext.Shading, bounds: @autoclosure () -> Rect,
    environment: @autoclosure () -> EnvironmentValues
  ) {
    let paint: Paint
    switch shading.kind {
    case .color(let c):
      self = .color(c)
      return
    case .gradient(let g, let geometry, let options):
      self = .gradient(g, geometry, options.spread)
      return
    case .paint(let p): paint = p
    case .foreground: paint = environment().foreground
    }
    switch paint {
    case .color(let c): self = .color(c)
    case .linearGradient(let g):
      let b = bounds()
      func point(_ u: UnitPoint) -> Point { Point(x: b.minX + b.width * u.x, y: b.minY + b.height * u.y) }
      self = .gradient(Gradient(stops: g.stops), .linear(start: point(g.startPoint), end: point(g.endPoint)), .pad)
    case .shadedGradient(let g):
      let (gradient, geometry) = g.resolved(in: bounds())
      self = .gradient(gradient, geometry, .pad)
    }
  }

  /// One color standing for the shading where only one can be drawn (text): its own, or a
  /// gradient's first.
  var representative: Color {
    switch self {
    case .color(let c): c
    case .gradient(let g, _, _): g.stops.first?.color ?? .clear
    }
  }
}
