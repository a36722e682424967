import FoundationEssentials
import Glibc

/// A point in a 2-D coordinate space; y grows downward, as on screen.
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = Point(x: 0, y: 0)

  /// Component-wise sum.
  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  /// Component-wise difference.
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  /// Scales both components.
  public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

  /// The Euclidean length of the vector from the origin to this point.
  public var length: Double { (x * x + y * y).squareRoot() }

  /// Linear interpolation between two points.
  public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
  }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size with no area.
  public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable {
  public var origin: Point
  public var size: Size

  /// Creates a rectangle from its origin and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its components.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// A rectangle at the origin with no area.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var width: Double { size.width }
  public var height: Double { size.height }
  /// The center point.
  public var center: Point { Point(x: midX, y: midY) }

  /// Whether the rectangle covers no area.
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
  }

  /// The overlap of two rectangles, or an empty rectangle when they do not meet.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether the point lies inside (min edges inclusive, max edges exclusive).
  public func contains(_ p: Point) -> Bool {
    p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
  }
}

/// An angle, stored in radians; SwiftUI's `Angle`.
public struct Angle: Hashable, Sendable {
  public var radians: Double

  /// Creates an angle from radians.
  public init(radians: Double) { self.radians = radians }
  /// Creates an angle from degrees.
  public init(degrees: Double) { self.radians = degrees * .pi / 180 }

  /// The angle in degrees.
  public var degrees: Double { radians * 180 / .pi }
  /// An angle of the given number of degrees.
  public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
  /// An angle of the given number of radians.
  public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
  /// No rotation.
  public static let zero = Angle(radians: 0)
}

/// A 2-D affine transform `[a b 0; c d 0; tx ty 1]` acting on row vectors, as CoreGraphics does.
public struct Transform2D: Hashable, Sendable {
  public var a, b, c, d, tx, ty: Double

  /// Creates a transform from its six coefficients.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The identity transform.
  public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation.
  public static func translation(_ x: Double, _ y: Double) -> Transform2D {
    Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale about the origin.
  public static func scale(_ sx: Double, _ sy: Double) -> Transform2D {
    Transform2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation about the origin; positive angles turn clockwise on screen (y down), as SwiftUI's do.
  public static func rotation(_ angle: Angle) -> Transform2D {
    let cs = cos(angle.radians)
    let sn = sin(angle.radians)
    return Transform2D(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  /// Applies `self` first, then `other`.
  public func concatenating(_ o: Transform2D) -> Transform2D {
    Transform2D(
      a: a * o.a + b * o.c, b: a * o.b + b * o.d,
      c: c * o.a + d * o.c, d: c * o.b + d * o.d,
      tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
  }

  /// Maps a point.
  @inline(__always)
  public func apply(_ p: Point) -> Point {
    Point(x: p.x * a + p.y * c + tx, y: p.x * b + p.y * d + ty)
  }

  /// The largest factor by which the transform stretches a length; picks tessellation detail.
  public var maxScale: Double {
    let sx = (a * a + b * b).squareRoot()
    let sy = (c * c + d * d).squareRoot()
    return max(sx, sy)
  }

  /// Whether the transform only translates and scales along the axes.
  public var isAxisAligned: Bool { b == 0 && c == 0 }
}

/// A rectangle's four corners after a transform, clockwise from its top left.
///
/// A value with no storage of its own, so the lowering of every glyph and image, one quad
/// each, allocates nothing.
public struct Quad: Hashable, Sendable {
  public var topLeft, topRight, bottomRight, bottomLeft: Point

  /// The corners as given.
  public init(_ topLeft: Point, _ topRight: Point, _ bottomRight: Point, _ bottomLeft: Point) {
    (self.topLeft, self.topRight, self.bottomRight, self.bottomLeft) = (topLeft, topRight, bottomRight, bottomLeft)
  }

  /// The corners of `r` mapped through `t`.
  @inline(__always)
  public init(_ r: Rect, _ t: Transform2D = .identity) {
    self.init(
      t.apply(Point(x: r.minX, y: r.minY)), t.apply(Point(x: r.maxX, y: r.minY)),
      t.apply(Point(x: r.maxX, y: r.maxY)), t.apply(Point(x: r.minX, y: r.maxY)))
  }

  /// The corners in order, for code that wants a sequence.
  public var points: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

  /// The smallest rectangle holding all four corners.
  public var bounds: Rect {
    let minX = min(min(topLeft.x, topRight.x), min(bottomRight.x, bottomLeft.x))
    let maxX = max(max(topLeft.x, topRight.x), max(bottomRight.x, bottomLeft.x))
    let minY = min(min(topLeft.y, topRight.y), min(bottomRight.y, bottomLeft.y))
    let maxY = max(max(topLeft.y, topRight.y), max(bottomRight.y, bottomLeft.y))
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The quad moved by `(dx, dy)`.
  public func offsetBy(dx: Double, dy: Double) -> Quad {
    @inline(__always) func m(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
    return Quad(m(topLeft), m(topRight), m(bottomRight), m(bottomLeft))
  }

  /// The part of the quad at fractions `f` of its sides (`f` in the unit square): the quad
  /// an affine map of the unit square to this one takes `f` to.
  public func subquad(_ f: Rect) -> Quad {
    let ex = Point(x: topRight.x - topLeft.x, y: topRight.y - topLeft.y)
    let ey = Point(x: bottomLeft.x - topLeft.x, y: bottomLeft.y - topLeft.y)
    @inline(__always) func at(_ u: Double, _ v: Double) -> Point {
      Point(x: topLeft.x + ex.x * u + ey.x * v, y: topLeft.y + ex.y * u + ey.y * v)
    }
    return Quad(at(f.minX, f.minY), at(f.maxX, f.minY), at(f.maxX, f.maxY), at(f.minX, f.maxY))
  }

  /// Each corner on the nearest whole pixel.
  public func rounded() -> Quad {
    @inline(__always) func r(_ p: Point) -> Point { Point(x: p.x.rounded(), y: p.y.rounded()) }
    return Quad(r(topLeft), r(topRight), r(bottomRight), r(bottomLeft))
  }
}
