import FoundationEssentials
import Graphics

/// A fill: a solid color or a gradient; SwiftUI's `ShapeStyle` values.
public enum Paint: Hashable, Sendable {
  case color(Color)
  case linearGradient(LinearGradient)
  /// A radial, elliptical or angular gradient (`Gradients.swift`).
  case shadedGradient(ShadedGradient)

  /// The paint with its opacity multiplied.
  public func opacity(_ o: Double) -> Paint {
    switch self {
    case .color(let c): return .color(c.opacity(o))
    case .linearGradient(var g):
      g.stops = g.stops.map { Gradient.Stop(color: $0.color.opacity(o), location: $0.location) }
      return .linearGradient(g)
    case .shadedGradient(var g):
      g.gradient.stops = g.gradient.stops.map { Gradient.Stop(color: $0.color.opacity(o), location: $0.location) }
      return .shadedGradient(g)
    }
  }
}

/// Types usable wherever SwiftUI takes a `ShapeStyle`.
public protocol ShapeStyle {
  /// The paint this style stands for.
  var paint: Paint { get }
}

extension Color: ShapeStyle {
  public var paint: Paint { .color(self) }
}

extension Paint: ShapeStyle {
  public var paint: Paint { self }
}

/// Ordered colors along a line.
public struct Gradient: Hashable, Sendable {
  /// One color at one position, 0…1.
  public struct Stop: Hashable, Sendable {
    public var color: Color
    public var location: Double
    /// Creates a stop.
    public init(color: Color, location: Double) {
      self.color = color
      self.location = location
    }
  }
  public var stops: [Stop]
  /// Creates evenly spaced stops.
  public init(colors: [Color]) {
    let n = max(1, colors.count - 1)
    stops = colors.enumerated().map { Stop(color: $0.element, location: Double($0.offset) / Double(n)) }
  }
  /// Creates a gradient from its stops, in order of location.
  public init(stops: [Stop]) { self.stops = stops }

  /// The color at parameter `t`: the end colors before the first stop and past the last,
  /// blended between neighbouring stops in between.
  public func color(at t: Double) -> Color {
    guard let first = stops.first, let last = stops.last else { return .clear }
    if t <= first.location { return first.color }
    if t >= last.location { return last.color }
    for i in 1..<stops.count where t <= stops[i].location {
      let a = stops[i - 1]
      let b = stops[i]
      let span = b.location - a.location
      return Color.lerp(a.color, b.color, span > 0 ? (t - a.location) / span : 1)
    }
    return last.color
  }
}

/// A gradient along the line from `startPoint` to `endPoint` of the shape's bounds.
public struct LinearGradient: Hashable, Sendable, ShapeStyle {
  public var stops: [Gradient.Stop]
  public var startPoint: UnitPoint
  public var endPoint: UnitPoint

  /// Creates a gradient from evenly spaced colors.
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    stops = Gradient(colors: colors).stops
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  /// Creates a gradient from a `Gradient`.
  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    stops = gradient.stops
    self.startPoint = startPoint
    self.endPoint = endPoint
  }

  public var paint: Paint { .linearGradient(self) }

  /// The color at parameter `t` along the gradient line.
  public func color(at t: Double) -> Color { Gradient(stops: stops).color(at: t) }
}

/// How the ends of an open stroke are drawn; Core Graphics' `CGLineCap`.
public enum CGLineCap: Hashable, Sendable {
  /// The stroke stops at the end point.
  case butt
  /// A half circle around the end point.
  case round
  /// A half square around the end point.
  case square
}

/// How a stroke turns a corner; Core Graphics' `CGLineJoin`. The renderers miter every
/// corner, so `round` and `bevel` are accepted and drawn as `miter`.
public enum CGLineJoin: Hashable, Sendable {
  case miter, round, bevel
}

/// How a shape's outline is stroked; SwiftUI's `StrokeStyle`.
///
/// Dashes and caps are cut and added before the outline is handed to the draw list; joins are
/// always mitered (see `CGLineJoin`), so `miterLimit` is accepted and has no effect.
public struct StrokeStyle: Hashable, Sendable {
  public var lineWidth: CGFloat
  public var lineCap: CGLineCap
  public var lineJoin: CGLineJoin
  public var miterLimit: CGFloat
  /// Lengths of alternating dashes and gaps, in points; empty for a solid line.
  public var dash: [CGFloat]
  /// How far into the dash pattern the stroke starts.
  public var dashPhase: CGFloat

  /// Creates a stroke style.
  public init(
    lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
    dash: [CGFloat] = [], dashPhase: CGFloat = 0
  ) {
    (self.lineWidth, self.lineCap, self.lineJoin, self.miterLimit) = (lineWidth, lineCap, lineJoin, miterLimit)
    (self.dash, self.dashPhase) = (dash, dashPhase)
  }
}

/// A stroke as the resolved tree holds it: its style and the paint it was given.
struct ResolvedStroke: Hashable {
  var style: StrokeStyle
  var paint: Paint
}

/// A mesh gradient's parameters; SwiftUI's `MeshGradient(width:height:points:colors:)`.
public struct MeshSpec: Hashable, Sendable {
  public var width: Int
  public var height: Int
  public var points: [Point]
  public var colors: [Color]
}

// SwiftUI lets a color stand wherever a style is expected, `.fill(.blue.gradient)` and
// `.foregroundStyle(.red.opacity(0.2))`, through these members of `ShapeStyle`.
extension ShapeStyle where Self == Color {
  public static var clear: Color { Color.clear }
  public static var black: Color { Color.black }
  public static var white: Color { Color.white }
  public static var gray: Color { Color.gray }
  public static var red: Color { Color.red }
  public static var orange: Color { Color.orange }
  public static var yellow: Color { Color.yellow }
  public static var green: Color { Color.green }
  public static var mint: Color { Color.mint }
  public static var teal: Color { Color.teal }
  public static var cyan: Color { Color.cyan }
  public static var blue: Color { Color.blue }
  public static var indigo: Color { Color.indigo }
  public static var purple: Color { Color.purple }
  public static var pink: Color { Color.pink }
  public static var brown: Color { Color.brown }
}

extension ShapeStyle where Self == LinearGradient {
  /// A gradient along `startPoint`–`endPoint`, as `.linearGradient(colors:startPoint:endPoint:)`.
  public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
    LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
  }
}
