import FoundationEssentials
import Graphics

// SwiftUI's `Path` initializers and building methods beyond the primitives the `Graphics`
// module's `Path` has (`move`, `addLine`, `addQuadCurve`, `addCurve`, `addRect`,
// `addEllipse`, `closeSubpath`): every one is built from those, so the renderers see the
// same few elements.

/// How a rounded rectangle's corners are drawn; SwiftUI's `RoundedCornerStyle`.
///
/// Both are drawn as circular (or elliptical) quarter arcs: `continuous` corners, whose
/// curvature eases in, are accepted and drawn as `circular`.
public enum RoundedCornerStyle: Hashable, Sendable {
  case circular, continuous
}

/// The radii of a rectangle's four corners; SwiftUI's `RectangleCornerRadii`.
public struct RectangleCornerRadii: Hashable, Sendable {
  public var topLeading: CGFloat
  public var bottomLeading: CGFloat
  public var bottomTrailing: CGFloat
  public var topTrailing: CGFloat

  /// Creates corner radii; corners not given are square.
  public init(
    topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0
  ) {
    (self.topLeading, self.bottomLeading) = (topLeading, bottomLeading)
    (self.bottomTrailing, self.topTrailing) = (bottomTrailing, topTrailing)
  }
}

extension Path {
  /// Creates a path of one rectangle.
  public init(_ rect: CGRect) {
    self.init()
    addRect(rect)
  }

  /// Creates a path of one ellipse inscribed in `rect`.
  public init(ellipseIn rect: CGRect) {
    self.init()
    addEllipse(in: rect)
  }

  /// Creates a path of one rounded rectangle with circular corners.
  public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
    self.init()
    addRoundedRect(in: rect, cornerRadius: cornerRadius)
  }

  /// Creates a path of one rounded rectangle with elliptical corners `cornerSize` big.
  public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
    self.init()
    addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
  }

  /// Creates a path of one rectangle whose corners each have their own radius.
  public init(roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
    self.init()
    addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
  }

  /// The end of the last element, where the next segment starts; nil for an empty path.
  /// After `closeSubpath` it is the closed subpath's first point.
  public var currentPoint: CGPoint? {
    var start: Point?
    var current: Point?
    for e in elements {
      switch e {
      case .move(let p):
        start = p
        current = p
      case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): current = p
      case .closeSubpath: current = start
      }
    }
    return current
  }

  /// The smallest rectangle holding the outline itself (curves, not their control points).
  public var boundingRect: CGRect {
    var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    for line in flattened(tolerance: 0.01) {
      for p in line.points {
        box =
          box.map { (min($0.minX, p.x), min($0.minY, p.y), max($0.maxX, p.x), max($0.maxY, p.y)) }
          ?? (p.x, p.y, p.x, p.y)
      }
    }
    guard let b = box else { return .zero }
    return Rect(x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY)
  }

  /// Adds straight segments through `points`, starting a new subpath at the first.
  public mutating func addLines(_ points: [CGPoint]) {
    guard let first = points.first else { return }
    move(to: first)
    for p in points.dropFirst() { addLine(to: p) }
  }

  /// Adds one closed rectangle per element of `rects`.
  public mutating func addRects(_ rects: [CGRect]) {
    for r in rects { addRect(r) }
  }

  /// Adds the elements of another path.
  public mutating func addPath(_ path: Path) {
    for e in path.elements {
      switch e {
      case .move(let p): move(to: p)
      case .line(let p): addLine(to: p)
      case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
      case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
      case .closeSubpath: closeSubpath()
      }
    }
  }

  /// The path moved by `dx`, `dy`.
  public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(.translation(dx, dy)) }

  /// Adds a closed rounded rectangle with elliptical corners `cornerSize` big (each clamped to
  /// half the side it sits on).
  public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
    addCorners(rect, Array(repeating: cornerSize, count: 4))
  }

  /// Adds a closed rectangle whose corners each have their own radius.
  public mutating func addRoundedRect(
    in rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous
  ) {
    let r = cornerRadii
    addCorners(
      rect,
      [r.topLeading, r.topTrailing, r.bottomTrailing, r.bottomLeading].map { Size(width: $0, height: $0) })
  }

  /// A rectangle with an elliptical quarter arc at each corner, clockwise on screen from the
  /// top-leading corner; each corner's size is clamped to half the rectangle's sides.
  private mutating func addCorners(_ r: Rect, _ corners: [Size]) {
    let k = 0.5522847498
    let c = corners.map { s in
      Size(width: max(0, min(s.width, r.width / 2)), height: max(0, min(s.height, r.height / 2)))
    }
    let (tl, tr, br, bl) = (c[0], c[1], c[2], c[3])
    move(to: Point(x: r.minX + tl.width, y: r.minY))
    addLine(to: Point(x: r.maxX - tr.width, y: r.minY))
    if tr.width > 0 && tr.height > 0 {
      addCurve(
        to: Point(x: r.maxX, y: r.minY + tr.height), control1: Point(x: r.maxX - tr.width * (1 - k), y: r.minY),
        control2: Point(x: r.maxX, y: r.minY + tr.height * (1 - k)))
    }
    addLine(to: Point(x: r.maxX, y: r.maxY - br.height))
    if br.width > 0 && br.height > 0 {
      addCurve(
        to: Point(x: r.maxX - br.width, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - br.height * (1 - k)),
        control2: Point(x: r.maxX - br.width * (1 - k), y: r.maxY))
    }
    addLine(to: Point(x: r.minX + bl.width, y: r.maxY))
    if bl.width > 0 && bl.height > 0 {
      addCurve(
        to: Point(x: r.minX, y: r.maxY - bl.height), control1: Point(x: r.minX + bl.width * (1 - k), y: r.maxY),
        control2: Point(x: r.minX, y: r.maxY - bl.height * (1 - k)))
    }
    addLine(to: Point(x: r.minX, y: r.minY + tl.height))
    if tl.width > 0 && tl.height > 0 {
      addCurve(
        to: Point(x: r.minX + tl.width, y: r.minY), control1: Point(x: r.minX, y: r.minY + tl.height * (1 - k)),
        control2: Point(x: r.minX + tl.width * (1 - k), y: r.minY))
    }
    closeSubpath()
  }

  /// Adds an arc of the circle around `center`, from `startAngle` to `endAngle`, joined to
  /// the current point by a straight line (or starting a subpath when there is none).
  ///
  /// Angles are measured from the positive x-axis towards the positive y-axis, which is down
  /// on screen. As in SwiftUI, `clockwise` is meant in a y-up space: `clockwise: false` runs
  /// the angle upwards, which on screen turns clockwise.
  public mutating func addArc(
    center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool
  ) {
    let start = startAngle.radians
    var end = endAngle.radians
    let turn = 2 * Double.pi
    if clockwise {
      if end > start { end -= ((end - start) / turn).rounded(.up) * turn }
    } else if end < start {
      end += ((start - end) / turn).rounded(.up) * turn
    }
    addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: .radians(end - start))
  }

  /// Adds an arc of the circle around `center` that starts at `startAngle` and turns by
  /// `delta` (positive: clockwise on screen), joined to the current point by a straight line.
  public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle) {
    let a0 = startAngle.radians
    let sweep = delta.radians
    func point(_ a: Double) -> Point { Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
    let first = point(a0)
    if let current = currentPoint, !isEmpty, !Self.endsClosed(elements) {
      if current != first { addLine(to: first) }
    } else {
      move(to: first)
    }
    guard sweep.isFinite, sweep != 0 else { return }
    // Quarter turns at most: a cubic with handles 4/3·tan(θ/4)·r long stays within 0.03 % of
    // the circle.
    let n = Int(min(64, (abs(sweep) / (Double.pi / 2)).rounded(.up)))
    let step = sweep / Double(n)
    let h = 4.0 / 3.0 * tan(step / 4) * radius
    for i in 0..<n {
      let s = a0 + step * Double(i)
      let e = i == n - 1 ? a0 + sweep : s + step
      let p0 = point(s)
      let p3 = point(e)
      addCurve(
        to: p3, control1: Point(x: p0.x - h * sin(s), y: p0.y + h * cos(s)),
        control2: Point(x: p3.x + h * sin(e), y: p3.y - h * cos(e)))
    }
  }

  /// Whether the last element closes its subpath, so a new segment starts a new one.
  private static func endsClosed(_ elements: [Element]) -> Bool {
    if case .closeSubpath = elements.last { return true }
    return false
  }
}
