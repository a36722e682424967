import FoundationEssentials
import Graphics

/// The dashes and caps of a `StrokeStyle`, cut from the flattened outline in the shape's own
/// points: the draw list strokes plain polylines with mitered joins and flat ends, so
/// everything else a style asks for is done to the polylines before they reach it.
enum StrokeGeometry {
  /// What a dash pattern leaves of `lines`, as open polylines; `lines` itself when the style
  /// has no dashes. Each subpath starts the pattern afresh at `dashPhase`, as Core Graphics
  /// does. A dash of length zero leaves a polyline of two equal points (a dot, drawn only by
  /// a round cap).
  static func dashed(_ lines: [Path.Polyline], _ style: StrokeStyle) -> [Path.Polyline] {
    var pattern = style.dash.map { $0.isFinite ? max(0, $0) : 0 }
    // An odd pattern repeats with dashes and gaps swapped, so it is run twice over.
    if pattern.count % 2 == 1 { pattern += pattern }
    let total = pattern.reduce(0, +)
    guard !pattern.isEmpty, total > 0 else { return lines }
    var out: [Path.Polyline] = []
    for line in lines {
      var dasher = Dasher(pattern: pattern, phase: style.dashPhase, total: total)
      dasher.run(line, into: &out)
    }
    return out
  }

  /// Whether `line` is a dash of length zero.
  static func isDot(_ line: Path.Polyline) -> Bool {
    !line.isClosed && line.points.count == 2 && line.points[0] == line.points[1]
  }

  /// `line` with its open ends moved out by half the line width for square caps; `line`
  /// itself for the other caps (round caps are discs the lowering adds).
  static func capped(_ line: Path.Polyline, _ style: StrokeStyle) -> Path.Polyline {
    guard style.lineCap == .square, !line.isClosed, line.points.count >= 2 else { return line }
    var points = line.points
    let half = style.lineWidth / 2
    func extended(_ end: Point, awayFrom inner: Point) -> Point {
      let d = end - inner
      let length = d.length
      return length > 0 ? end + d * (half / length) : end
    }
    if let inner = points.dropFirst().first(where: { $0 != points[0] }) {
      points[0] = extended(points[0], awayFrom: inner)
    }
    let last = points.count - 1
    if let inner = points.dropLast().last(where: { $0 != points[last] }) {
      points[last] = extended(points[last], awayFrom: inner)
    }
    return Path.Polyline(points: points, isClosed: false)
  }

  /// Walks one polyline through a dash pattern.
  private struct Dasher {
    let pattern: [Double]
    var index = 0
    /// What is left of the current dash or gap.
    var remaining: Double
    /// The points of the dash being drawn; empty in a gap.
    var current: [Point] = []

    var inDash: Bool { index % 2 == 0 }

    init(pattern: [Double], phase: Double, total: Double) {
      self.pattern = pattern
      remaining = pattern[0]
      var skip = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
      if skip < 0 { skip += total }
      while skip > 0 {
        if skip >= remaining {
          skip -= remaining
          advance()
        } else {
          remaining -= skip
          skip = 0
        }
      }
    }

    mutating func advance() {
      index = (index + 1) % pattern.count
      remaining = pattern[index]
    }

    mutating func add(_ p: Point) {
      if current.last != p { current.append(p) }
    }

    mutating func run(_ line: Path.Polyline, into out: inout [Path.Polyline]) {
      var points = line.points
      guard let first = points.first else { return }
      if line.isClosed { points.append(first) }
      current = inDash ? [first] : []
      for (a, b) in zip(points, points.dropFirst()) {
        let length = (b - a).length
        guard length > 0 else { continue }
        var along = 0.0
        // Every dash or gap that ends inside this segment.
        while remaining <= length - along {
          along += remaining
          let p = Point.lerp(a, b, along / length)
          if inDash {
            add(p)
            // A dash of length zero is kept as two equal points.
            if current.count == 1 { current.append(p) }
            out.append(Path.Polyline(points: current, isClosed: false))
            current = []
          } else {
            current = [p]
          }
          advance()
        }
        remaining -= length - along
        if inDash { add(b) }
      }
      if inDash, current.count >= 2 { out.append(Path.Polyline(points: current, isClosed: false)) }
      current = []
    }
  }
}
