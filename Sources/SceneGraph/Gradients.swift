// SwiftUI's radial, elliptical and angular gradients and `AnyGradient`: styles for shapes and
// text, and views that fill the space offered. They are drawn from an image of the gradient
// rendered over the pixels a fill or stroke covers (`ShadingRaster`), as a canvas's are.
import FoundationEssentials
import Graphics
import Raster

/// A radial, elliptical or angular gradient as a paint: its stops and where they run.
public struct ShadedGradient: Hashable, Sendable {
  /// Where the gradient's parameter runs from 0 to 1, in the painted frame's unit square.
  public enum Geometry: Hashable, Sendable {
    /// Outward from a circle of `startRadius` points about `center` to one of `endRadius`.
    case radial(center: UnitPoint, startRadius: Double, endRadius: Double)
    /// Outward between ellipses of the frame's proportions: 0.5 reaches its edges.
    case elliptical(center: UnitPoint, startRadiusFraction: Double, endRadiusFraction: Double)
    /// Clockwise about `center` from `startAngle` to `endAngle` (radians, 0 along +x).
    case angular(center: UnitPoint, startAngle: Double, endAngle: Double)
  }

  /// The colors, by parameter.
  public var gradient: Gradient
  /// Where the parameter runs.
  public var geometry: Geometry

  /// The gradient as the rasterizer draws it over `frame`: its stops and geometry in the
  /// frame's coordinates. An angular gradient is given as the full turn it shows.
  func resolved(in frame: Rect) -> (Gradient, ShadingRaster.Geometry) {
    func point(_ u: UnitPoint) -> Point { Point(x: frame.minX + frame.width * u.x, y: frame.minY + frame.height * u.y) }
    switch geometry {
    case .radial(let c, let r0, let r1):
      return (gradient, .radial(center: point(c), startRadius: r0, endRadius: r1))
    case .elliptical(let c, let f0, let f1):
      let radii = Size(width: max(frame.width, 1e-9), height: max(frame.height, 1e-9))
      return (gradient, .elliptical(center: point(c), radii: radii, startRadius: f0, endRadius: f1))
    case .angular(let c, let start, let end):
      return (Self.fullTurn(gradient, span: (end - start) / (2 * .pi)), .conic(center: point(c), angle: start))
    }
  }

  /// The colors once around, for a gradient that spans `span` turns from its start: a
  /// span under a turn leaves a gap, its first half in the last color and its second in the
  /// first; a longer one is cut at a turn; none at all (equal angles) is a full turn.
  static func fullTurn(_ g: Gradient, span: Double) -> Gradient {
    let s = span == 0 || !span.isFinite ? 1 : abs(span)
    guard s != 1, let first = g.stops.first, let last = g.stops.last else { return g }
    var stops = g.stops.map { Gradient.Stop(color: $0.color, location: $0.location * s) }
    if s > 1 {
      stops = stops.filter { $0.location < 1 } + [Gradient.Stop(color: g.color(at: 1 / s), location: 1)]
    } else {
      let middle = s + (1 - s) / 2
      stops += [
        Gradient.Stop(color: last.color, location: middle), Gradient.Stop(color: first.color, location: middle),
        Gradient.Stop(color: first.color, location: 1),
      ]
    }
    return Gradient(stops: stops)
  }
}

/// A gradient outward from a circle about a point to a larger one; SwiftUI's `RadialGradient`.
public struct RadialGradient: Hashable, Sendable, ShapeStyle {
  public var gradient: Gradient
  public var center: UnitPoint
  public var startRadius: CGFloat
  public var endRadius: CGFloat

  /// Creates a gradient from `startRadius` to `endRadius` points about `center`.
  public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    (self.gradient, self.center, self.startRadius, self.endRadius) = (gradient, center, startRadius, endRadius)
  }

  /// Creates a gradient of evenly spaced colors.
  public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
  }

  /// Creates a gradient from stops.
  public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
    self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
  }

  public var paint: Paint {
    .shadedGradient(
      ShadedGradient(
        gradient: gradient, geometry: .radial(center: center, startRadius: startRadius, endRadius: endRadius)))
  }
}

/// A gradient outward between ellipses shaped like the frame; SwiftUI's `EllipticalGradient`.
///
/// The radii are fractions of the frame: 0.5 reaches its edges.
public struct EllipticalGradient: Hashable, Sendable, ShapeStyle {
  public var gradient: Gradient
  public var center: UnitPoint
  public var startRadiusFraction: CGFloat
  public var endRadiusFraction: CGFloat

  /// Creates a gradient from `startRadiusFraction` to `endRadiusFraction` of the frame.
  public init(
    gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
  ) {
    (self.gradient, self.center) = (gradient, center)
    (self.startRadiusFraction, self.endRadiusFraction) = (startRadiusFraction, endRadiusFraction)
  }

  /// Creates a gradient of evenly spaced colors.
  public init(
    colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
  ) {
    self.init(
      gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
      endRadiusFraction: endRadiusFraction)
  }

  /// Creates a gradient from stops.
  public init(
    stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) {
    self.init(
      gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction,
      endRadiusFraction: endRadiusFraction)
  }

  public var paint: Paint {
    .shadedGradient(
      ShadedGradient(
        gradient: gradient,
        geometry: .elliptical(
          center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)))
  }
}

/// A gradient clockwise around a point; SwiftUI's `AngularGradient` (a conic gradient).
///
/// Angles are measured clockwise from the trailing side (3 o'clock). Equal start and end
/// angles make a full turn; a shorter span fills the rest, half with each end's color.
public struct AngularGradient: Hashable, Sendable, ShapeStyle {
  public var gradient: Gradient
  public var center: UnitPoint
  public var startAngle: Angle
  public var endAngle: Angle

  /// Creates a gradient from `startAngle` to `endAngle` about `center`.
  public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
    (self.gradient, self.center, self.startAngle, self.endAngle) = (gradient, center, startAngle, endAngle)
  }

  /// Creates a gradient of evenly spaced colors.
  public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// Creates a gradient from stops.
  public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// Creates a gradient that makes one full turn from `angle`.
  public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: gradient, center: center, startAngle: angle, endAngle: Angle(radians: angle.radians + 2 * .pi))
  }

  /// Creates a full turn of evenly spaced colors from `angle`.
  public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
  }

  /// Creates a full turn of stops from `angle`.
  public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
  }

  public var paint: Paint {
    .shadedGradient(
      ShadedGradient(
        gradient: gradient,
        geometry: .angular(center: center, startAngle: startAngle.radians, endAngle: endAngle.radians)))
  }
}

/// A color's gradient, as `Color.gradient` gives; SwiftUI's `AnyGradient`. As a style it runs
/// from the top of the shape to its bottom.
public struct AnyGradient: Hashable, Sendable, ShapeStyle {
  let gradient: Gradient

  /// Wraps a gradient.
  public init(_ gradient: Gradient) { self.gradient = gradient }

  public var paint: Paint { LinearGradient(gradient: gradient, startPoint: .top, endPoint: .bottom).paint }
}

extension Color {
  /// A gentle top-to-bottom gradient of this color, a little lighter at the top, as
  /// SwiftUI's `Color.gradient`.
  public var gradient: AnyGradient { AnyGradient(Gradient(colors: [adjusted(brightness: 0.22), self])) }
}

extension LinearGradient {
  /// Creates a gradient from stops.
  public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
  }
}

// Each gradient as a view fills all the space it is offered, like `Rectangle().fill(gradient)`.

extension RadialGradient: View, PrimitiveView, LeafView {
  public typealias Body = Never
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [gradientNode(paint, ctx)] }
}

extension EllipticalGradient: View, PrimitiveView, LeafView {
  public typealias Body = Never
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [gradientNode(paint, ctx)] }
}

extension AngularGradient: View, PrimitiveView, LeafView {
  public typealias Body = Never
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [gradientNode(paint, ctx)] }
}

extension AnyGradient: View, PrimitiveView, LeafView {
  public typealias Body = Never
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [gradientNode(paint, ctx)] }
}

/// A rectangle filled with `paint`, filling the space offered.
private func gradientNode(_ paint: Paint, _ ctx: UpdateContext) -> RNode {
  RNode(.shape(AnyShape(Rectangle()), fill: paint, stroke: nil, foreground: ctx.env.foreground))
}

// The gradients where a style is expected: `.fill(.radialGradient(…))`.

extension ShapeStyle where Self == RadialGradient {
  /// A radial gradient, as `RadialGradient(gradient:center:startRadius:endRadius:)`.
  public static func radialGradient(
    _ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
  ) -> RadialGradient {
    RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
  }

  /// A radial gradient of evenly spaced colors.
  public static func radialGradient(
    colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
  ) -> RadialGradient {
    RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
  }
}

extension ShapeStyle where Self == EllipticalGradient {
  /// An elliptical gradient, as `EllipticalGradient(gradient:center:startRadiusFraction:endRadiusFraction:)`.
  public static func ellipticalGradient(
    _ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
    endRadiusFraction: CGFloat = 0.5
  ) -> EllipticalGradient {
    EllipticalGradient(
      gradient: gradient, center: center, startRadiusFraction: startRadiusFraction,
      endRadiusFraction: endRadiusFraction)
  }

  /// An elliptical gradient of evenly spaced colors.
  public static func ellipticalGradient(
    colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
  ) -> EllipticalGradient {
    EllipticalGradient(
      colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
  }
}

extension ShapeStyle where Self == AngularGradient {
  /// An angular gradient, as `AngularGradient(gradient:center:startAngle:endAngle:)`.
  public static func angularGradient(
    _ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
  ) -> AngularGradient {
    AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// An angular gradient of evenly spaced colors.
  public static func angularGradient(
    colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle
  ) -> AngularGradient {
    AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// A full turn of `gradient` from `angle`, as `AngularGradient(gradient:center:angle:)`.
  public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
    AngularGradient(gradient: gradient, center: center, angle: angle)
  }

  /// A full turn of evenly spaced colors from `angle`.
  public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
    AngularGradient(colors: colors, center: center, angle: angle)
  }
}
