import FoundationEssentials
import Graphics

extension Path {
  /// The part of the path between two fractions of its length, as SwiftUI's
  /// `trimmedPath(from:to:)` (what `Shape.trim(from:to:)` draws).
  ///
  /// Fractions are of the whole path's length, every subpath counted in order and a closed
  /// subpath's closing line included. Curves cut partway are cut exactly (de Casteljau), at the
  /// parameter found from 32 chords a curve: the cut sits within a hundredth of a point of
  /// the true length on a circle 100 points across.
  public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
    let a = max(0, min(1, from))
    let b = max(0, min(1, to))
    if a <= 0 && b >= 1 { return self }
    guard b > a else { return Path() }
    let segments = TrimSegment.segments(of: self)
    let total = segments.reduce(0) { $0 + $1.length }
    guard total > 0 else { return Path() }
    let lo = a * total
    let hi = b * total
    var out = Path()
    var position = 0.0
    var lastSubpath = -1
    // Whether every segment of the subpath being written so far was kept whole from its start.
    var wholeSubpath = false
    for (i, s) in segments.enumerated() {
      let start = position
      position += s.length
      guard position > lo, start < hi else {
        if start >= hi { break }
        continue
      }
      let t0 = start < lo ? s.parameter(at: lo - start) : 0
      let t1 = position > hi ? s.parameter(at: hi - start) : 1
      let piece = s.cut(t0, t1)
      if s.subpath != lastSubpath {
        out.move(to: piece[0])
        lastSubpath = s.subpath
        wholeSubpath = s.first && t0 == 0
      }
      if t0 != 0 || t1 != 1 { wholeSubpath = false }
      switch piece.count {
      case 2: out.addLine(to: piece[1])
      case 3: out.addQuadCurve(to: piece[2], control: piece[1])
      default: out.addCurve(to: piece[3], control1: piece[1], control2: piece[2])
      }
      let lastOfSubpath = i + 1 == segments.count || segments[i + 1].subpath != s.subpath
      if lastOfSubpath, wholeSubpath, s.closes { out.closeSubpath() }
    }
    return out
  }
}

/// One segment of a path, for trimming: its control points (two for a line, three for a
/// quadratic curve, four for a cubic), its length and where it belongs.
struct TrimSegment {
  var points: [Point]
  var length = 0.0
  /// Cumulative chord lengths at 32 even steps of the parameter (curves only).
  var table: [Double] = []
  /// The subpath the segment belongs to, counted from 0.
  var subpath: Int
  /// Whether it is the first segment of its subpath.
  var first: Bool
  /// Whether it is the line a `closeSubpath` adds back to the subpath's start.
  var closes = false

  static let steps = 32

  init(_ points: [Point], subpath: Int, first: Bool) {
    self.points = points
    self.subpath = subpath
    self.first = first
    if points.count == 2 {
      length = (points[1] - points[0]).length
      return
    }
    table.reserveCapacity(Self.steps + 1)
    table.append(0)
    var previous = points[0]
    for i in 1...Self.steps {
      let p = Self.point(points, Double(i) / Double(Self.steps))
      length += (p - previous).length
      table.append(length)
      previous = p
    }
  }

  /// The segments of `path`, with the closing line of each closed subpath (also when it has
  /// no length, so the subpath still ends closed).
  static func segments(of path: Path) -> [TrimSegment] {
    var out: [TrimSegment] = []
    var subpath = -1
    var start = Point.zero
    var current = Point.zero
    var fresh = true
    func add(_ points: [Point]) {
      if fresh {
        subpath += 1
        fresh = false
        out.append(TrimSegment(points, subpath: subpath, first: true))
      } else {
        out.append(TrimSegment(points, subpath: subpath, first: false))
      }
      current = points[points.count - 1]
    }
    for e in path.elements {
      switch e {
      case .move(let p):
        start = p
        current = p
        fresh = true
      case .line(let p): add([current, p])
      case .quadCurve(let p, let c): add([current, c, p])
      case .curve(let p, let c1, let c2): add([current, c1, c2, p])
      case .closeSubpath:
        if !fresh {
          add([current, start])
          out[out.count - 1].closes = true
        }
        current = start
        fresh = true
      }
    }
    return out
  }

  /// The point at parameter `t` of the Bézier curve with control points `p` (de Casteljau).
  static func point(_ p: [Point], _ t: Double) -> Point {
    var q = p
    for level in stride(from: q.count - 1, to: 0, by: -1) {
      for i in 0..<level { q[i] = Point.lerp(q[i], q[i + 1], t) }
    }
    return q[0]
  }

  /// The control points of the curve before and after parameter `t`.
  static func split(_ p: [Point], _ t: Double) -> (before: [Point], after: [Point]) {
    var q = p
    var before = [q[0]]
    var after = [q[q.count - 1]]
    for level in stride(from: q.count - 1, to: 0, by: -1) {
      for i in 0..<level { q[i] = Point.lerp(q[i], q[i + 1], t) }
      before.append(q[0])
      after.append(q[level - 1])
    }
    return (before, after.reversed())
  }

  /// The parameter at which the segment has run `distance` of its length.
  func parameter(at distance: Double) -> Double {
    guard length > 0 else { return 0 }
    if table.isEmpty { return max(0, min(1, distance / length)) }
    let d = max(0, min(length, distance))
    var i = 0
    while i < Self.steps - 1, table[i + 1] < d { i += 1 }
    let span = table[i + 1] - table[i]
    let f = span > 0 ? (d - table[i]) / span : 0
    return (Double(i) + f) / Double(Self.steps)
  }

  /// The control points of the part between parameters `t0` and `t1`.
  func cut(_ t0: Double, _ t1: Double) -> [Point] {
    var p = points
    if t1 < 1 { p = Self.split(p, t1).before }
    if t0 > 0 { p = Self.split(p, t1 > 0 ? t0 / t1 : 0).after }
    return p
  }
}
