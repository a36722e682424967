import FoundationEssentials

/// A resolution-independent outline: SwiftUI's `Path` as an `Equatable` list of elements.
public struct Path: Hashable, Sendable {
  /// One drawing instruction.
  public enum Element: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    case closeSubpath
  }

  /// The elements in drawing order.
  public var elements: [Element] {
    if let r = pendingEllipse { return (0..<6).map { Self.ellipseElement($0, in: r) } }
    return stored
  }
  /// The elements, unless `pendingEllipse` stands for them.
  private var stored: [Element] = []
  /// Set when the path was empty and `addEllipse` made it: the path is the ellipse inscribed
  /// in this rectangle, and its six elements are built only when something asks for them.
  /// A canvas of particles fills hundreds of `Path(ellipseIn:)` a frame, and drawing one
  /// needs only the rectangle (`inscribedEllipse`): no array to allocate, copy and free.
  private var pendingEllipse: Rect?

  /// Builds the elements a pending ellipse stands for, before the path changes.
  private mutating func materialize() {
    guard pendingEllipse != nil else { return }
    stored = elements
    pendingEllipse = nil
  }

  /// Appends one element.
  private mutating func append(_ e: Element) {
    materialize()
    // Most paths are a few elements built afresh each frame (a tick's move and line): room
    // for four at once, not an allocation for the first and another for the second.
    if stored.isEmpty { stored.reserveCapacity(4) }
    stored.append(e)
  }

  /// Paths are equal when their elements are; how they were made does not count. A pending
  /// ellipse is compared element by element, without building its array (a canvas's draw memo
  /// compares the paths of every call with last frame's).
  public static func == (a: Path, b: Path) -> Bool {
    if a.pendingEllipse == nil, b.pendingEllipse == nil { return a.stored == b.stored }
    // Equal finite rectangles give equal elements; a non-finite one may give NaN elements,
    // which are unequal to themselves, so those compare element by element.
    if let r = a.pendingEllipse, let s = b.pendingEllipse, r == s, r.minX.isFinite, r.minY.isFinite,
      r.width.isFinite, r.height.isFinite
    {
      return true
    }
    guard a.elementCount == b.elementCount else { return false }
    for i in 0..<a.elementCount where a.element(i) != b.element(i) { return false }
    return true
  }

  /// Hashes the elements, as their array would.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elementCount)
    for i in 0..<elementCount { hasher.combine(element(i)) }
  }

  /// Creates an empty path.
  public init() {}

  /// Creates a path by running a builder closure, as SwiftUI's `Path { p in … }`.
  public init(_ build: (inout Path) -> Void) {
    build(&self)
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { pendingEllipse == nil && stored.isEmpty }

  /// Starts a new subpath.
  public mutating func move(to p: Point) { append(.move(to: p)) }
  /// Adds a straight segment.
  public mutating func addLine(to p: Point) { append(.line(to: p)) }
  /// Adds a quadratic Bézier segment.
  public mutating func addQuadCurve(to p: Point, control: Point) {
    append(.quadCurve(to: p, control: control))
  }
  /// Adds a cubic Bézier segment.
  public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
    append(.curve(to: p, control1: control1, control2: control2))
  }
  /// Closes the current subpath back to its first point.
  public mutating func closeSubpath() { append(.closeSubpath) }

  /// Adds a closed rectangle, clockwise on screen.
  public mutating func addRect(_ r: Rect) {
    move(to: Point(x: r.minX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.maxY))
    addLine(to: Point(x: r.minX, y: r.maxY))
    closeSubpath()
  }

  /// Adds a closed ellipse inscribed in `r`, as four cubic quarter arcs.
  public mutating func addEllipse(in r: Rect) {
    if isEmpty {
      pendingEllipse = r
      return
    }
    materialize()
    for i in 0..<6 { stored.append(Self.ellipseElement(i, in: r)) }
  }

  /// Element `i` (0…5) of the ellipse inscribed in `r`: a move to its right-hand point, four
  /// cubic quarter arcs through the bottom, left, top and back, and the close.
  static func ellipseElement(_ i: Int, in r: Rect) -> Element {
    // 0.5523 is the cubic control distance that best approximates a quarter circle.
    let k = 0.5522847498
    let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
    switch i {
    case 0: return .move(to: Point(x: cx + rx, y: cy))
    case 1:
      return .curve(
        to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ry * k),
        control2: Point(x: cx + rx * k, y: cy + ry))
    case 2:
      return .curve(
        to: Point(x: cx - rx, y: cy), control1: Point(x: cx - rx * k, y: cy + ry),
        control2: Point(x: cx - rx, y: cy + ry * k))
    case 3:
      return .curve(
        to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ry * k),
        control2: Point(x: cx - rx * k, y: cy - ry))
    case 4:
      return .curve(
        to: Point(x: cx + rx, y: cy), control1: Point(x: cx + rx * k, y: cy - ry),
        control2: Point(x: cx + rx, y: cy - ry * k))
    default: return .closeSubpath
    }
  }

  /// The rectangle this path is the inscribed ellipse of (one `addEllipse`, nothing else),
  /// within rounding; nil for any other path. Tells a lowering it may draw an ellipse as one.
  public var inscribedEllipse: Rect? {
    guard elementCount == 6, case .move(let right) = element(0),
      case .curve(let bottom, _, _) = element(1), case .curve(let left, _, _) = element(2),
      case .curve(let top, _, _) = element(3)
    else { return nil }
    let box = Rect(x: left.x, y: top.y, width: right.x - left.x, height: bottom.y - top.y)
    guard box.width > 0, box.height > 0 else { return nil }
    // A canvas of particles asks this of hundreds of paths a frame, all made by `addEllipse`.
    if pendingEllipse != nil, box.width.isFinite, box.height.isFinite, box.minX.isFinite, box.minY.isFinite {
      return box
    }
    let elements = self.elements
    let slack = 1e-9 * max(1, box.width, box.height)
    func near(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) <= slack && abs(p.y - q.y) <= slack }
    for i in 0..<6 {
      switch (elements[i], Self.ellipseElement(i, in: box)) {
      case (.move(let p), .move(let q)): if !near(p, q) { return nil }
      case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
        if !near(p, q) || !near(c1, d1) || !near(c2, d2) { return nil }
      case (.closeSubpath, .closeSubpath): continue
      default: return nil
      }
    }
    return box
  }

  /// How many elements the path has.
  private var elementCount: Int { pendingEllipse == nil ? stored.count : 6 }

  /// Element `i`, built from a pending ellipse's rectangle (as `elements` would build it)
  /// when the path is one.
  private func element(_ i: Int) -> Element {
    if let r = pendingEllipse { return Self.ellipseElement(i, in: r) }
    return stored[i]
  }

  /// Adds a closed rounded rectangle; the radius is clamped to half the shorter side.
  public mutating func addRoundedRect(in r: Rect, cornerRadius: Double) {
    let rad = Self.roundedRectRadius(r, cornerRadius)
    // Most paths are one shape built afresh each frame: room for it at once, not by doubling.
    if isEmpty { stored.reserveCapacity(10) }
    if rad == 0 {
      addRect(r)
      return
    }
    for i in 0..<4 {
      let c = Self.roundedCorner(i, in: r, radius: rad)
      if i == 0 { move(to: Point(x: r.minX + rad, y: r.minY)) }
      addLine(to: c.start)
      addCurve(to: c.end, control1: c.control1, control2: c.control2)
    }
    closeSubpath()
  }

  /// The path with every point mapped through `t`.
  public func applying(_ t: Transform2D) -> Path {
    var out = Path()
    out.stored = (0..<elementCount).map { i in
      switch element(i) {
      case .move(let p): .move(to: t.apply(p))
      case .line(let p): .line(to: t.apply(p))
      case .quadCurve(let p, let c): .quadCurve(to: t.apply(p), control: t.apply(c))
      case .curve(let p, let c1, let c2):
        .curve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
      case .closeSubpath: .closeSubpath
      }
    }
    return out
  }

  /// A polyline approximation of one subpath.
  public struct Polyline: Hashable, Sendable {
    public var points: [Point]
    public var isClosed: Bool
    /// Creates a polyline.
    public init(points: [Point], isClosed: Bool) {
      self.points = points
      self.isClosed = isClosed
    }

    /// The smallest upright rectangle holding every point; empty at the origin for none.
    public var bounds: Rect { points.isEmpty ? .zero : DrawList.bounds(of: points) }
  }

  /// How `flattened` picks the number of segments for a curve.
  public enum SegmentCount: Hashable, Sendable {
    /// From the length of the curve's control polygon: generous, and more so the tighter a
    /// small curve turns (a quarter of a 5-pixel circle gets 5 segments at half a pixel).
    case byLength
    /// From the curve's second differences (Wang's formula): the fewest segments that keep
    /// within the tolerance (a quarter of a 5-pixel circle gets 2 at half a pixel).
    case byCurvature
  }

  /// Flattens curves into straight segments no further than `tolerance` from the true curve.
  ///
  /// Call it after transforming into pixel space so the tolerance is in pixels.
  public func flattened(tolerance: Double = 0.25, segments count: SegmentCount = .byLength) -> [Polyline] {
    var result: [Polyline] = []
    var current: [Point] = []
    var last = Point.zero
    func flush(closed: Bool) {
      if current.count > 1 || (closed && !current.isEmpty) {
        if closed, current.count > 2, current.first == current.last { current.removeLast() }
        result.append(Polyline(points: current, isClosed: closed))
      }
      current = []
    }
    // A curve's deviation from its chords shrinks with the square of the step count: n is the
    // fewest for which `factor · measure / n²` is within the tolerance. By length, the measure
    // is the control polygon's length (factor 1, an estimate on the safe side); by curvature,
    // Wang's bound: the longest second difference of the control points, and
    // `degree·(degree − 1)/8` as the factor.
    func segments(_ factor: Double, _ measure: Double) -> Int {
      Self.segments(factor, measure, tolerance: tolerance)
    }
    for i in 0..<elementCount {
      let e = element(i)
      switch e {
      case .move(let p):
        flush(closed: false)
        current = [p]
        last = p
      case .line(let p):
        if current.isEmpty { current = [last] }
        current.append(p)
        last = p
      case .quadCurve(let p, let c):
        if current.isEmpty { current = [last] }
        let n =
          count == .byLength
          ? segments(1, (c - last).length + (p - c).length) : segments(0.25, (last - c * 2 + p).length)
        let p0 = last
        for i in 1...n {
          let t = Double(i) / Double(n)
          let mt = 1 - t
          current.append(p0 * (mt * mt) + c * (2 * mt * t) + p * (t * t))
        }
        last = p
      case .curve(let p, let c1, let c2):
        if current.isEmpty { current = [last] }
        let n =
          count == .byLength
          ? Self.cubicSegmentsByLength(last, c1, c2, p, tolerance: tolerance)
          : segments(0.75, max((last - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length))
        // Grown geometrically, so a path of many curves is not copied once per curve.
        if current.capacity < current.count + n {
          current.reserveCapacity(max(2 * current.capacity, current.count + n))
        }
        Self.appendCubic(&current, last, c1, c2, p, segments: n)
        last = p
      case .closeSubpath:
        if let first = current.first { last = first }
        flush(closed: true)
      }
    }
    flush(closed: false)
    return result
  }

  /// The fewest segments, at most 256, for which `factor · measure / n²` is within `tolerance`.
  static func segments(_ factor: Double, _ measure: Double, tolerance: Double) -> Int {
    // Clamped before the conversion: a NaN or huge ratio must not trap.
    let n = (factor * measure / max(tolerance, 0.01)).squareRoot().rounded(.up)
    return n >= 1 ? Int(min(256, n)) : 1
  }

  /// `SegmentCount.byLength` for a cubic from `p0` to `p`: its control polygon's length.
  @inline(__always)
  static func cubicSegmentsByLength(_ p0: Point, _ c1: Point, _ c2: Point, _ p: Point, tolerance: Double) -> Int {
    segments(1, (c1 - p0).length + (c2 - c1).length + (p - c2).length, tolerance: tolerance)
  }

  /// Appends the cubic's points at `1/n … n/n` of the way (its start is already there).
  @inline(__always)
  static func appendCubic(_ out: inout [Point], _ p0: Point, _ c1: Point, _ c2: Point, _ p: Point, segments n: Int) {
    for i in 1...n {
      let t = Double(i) / Double(n)
      let mt = 1 - t
      let a = mt * mt * mt
      let b = 3 * mt * mt * t
      let cc = 3 * mt * t * t
      let d = t * t * t
      out.append(p0 * a + c1 * b + c2 * cc + p * d)
    }
  }

  /// The smallest rectangle containing every point and control point.
  public var controlBounds: Rect {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    func add(_ p: Point) {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    for i in 0..<elementCount {
      let e = element(i)
      switch e {
      case .move(let p), .line(let p): add(p)
      case .quadCurve(let p, let c):
        add(p)
        add(c)
      case .curve(let p, let c1, let c2):
        add(p)
        add(c1)
        add(c2)
      case .closeSubpath: break
      }
    }
    if minX > maxX { return .zero }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
