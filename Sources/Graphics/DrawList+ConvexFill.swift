extension DrawList {
  /// Fills a convex polygon in one solid color.
  ///
  /// Points may wind either way; they are put in clockwise (screen) order first. With
  /// anti-aliasing an n-gon gives 2n vertices and (n−2)·3 + 6n indices; without, n and (n−2)·3.
  public mutating func fillConvexPolygon(_ points: [Point], color: RGBA8) {
    guard color.a > 0 else { return }
    fillConvexPolygon(points, colors: nil, uniform: color)
  }

  /// Fills a convex polygon whose vertices carry their own colors (linear gradients are exact).
  public mutating func fillConvexPolygon(_ points: [Point], colors: [RGBA8]) {
    precondition(points.count == colors.count, "one color per point")
    fillConvexPolygon(points, colors: colors, uniform: colors.first ?? RGBA8(r: 0, g: 0, b: 0, a: 0))
  }

  /// Fills a convex polygon whose caller already knows its shape: `foldFree` when
  /// `dropFolds` would find nothing, and `interior`, when given, an upright rectangle inside it
  /// (in pixels), used instead of searching the points for one.
  public mutating func fillConvexPolygon(_ points: [Point], colors: [RGBA8], foldFree: Bool, interior: Rect?) {
    precondition(points.count == colors.count, "one color per point")
    fillConvexPolygon(
      points, colors: colors, uniform: colors.first ?? RGBA8(r: 0, g: 0, b: 0, a: 0), foldFree: foldFree,
      interior: interior)
  }

  /// How many pieces an edge is cut into: only diagonal edges are cut, because an
  /// axis-aligned edge's bounding box is already as thin as the edge.
  static func pieces(_ a: Point, _ b: Point, _ maxLength: Double) -> Int {
    let d = b - a
    guard min(abs(d.x), abs(d.y)) > 4, maxLength.isFinite, maxLength > 0 else { return 1 }
    // Non-finite vertices (hostile input) are left to the rasterizer's own checks.
    let n = (d.length / maxLength).rounded(.up)
    guard n.isFinite else { return 1 }
    return max(1, Int(min(n, 256)))
  }

  /// The polygon with long diagonal edges cut (`maxEdgeLength`), and where each original
  /// corner landed; nil corners when nothing was cut (the usual case, kept free of allocation).
  private func subdivided(_ points: [Point], _ colors: [RGBA8]?) -> ([Point], [RGBA8]?, [Int]?) {
    guard maxEdgeLength.isFinite else { return (points, colors, nil) }
    var needs = false
    var j = points.count - 1
    for i in 0..<points.count {
      if Self.pieces(points[j], points[i], maxEdgeLength) > 1 {
        needs = true
        break
      }
      j = i
    }
    guard needs else { return (points, colors, nil) }
    var corners: [Int] = []
    var outP: [Point] = []
    var outC: [RGBA8]? = colors == nil ? nil : []
    outP.reserveCapacity(points.count * 2)
    for i in 0..<points.count {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      let pieces = Self.pieces(a, b, maxEdgeLength)
      corners.append(outP.count)
      for k in 0..<pieces {
        let t = Double(k) / Double(pieces)
        outP.append(Point.lerp(a, b, t))
        if let colors {
          let ca = colors[i]
          let cb = colors[(i + 1) % points.count]
          @inline(__always) func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded())
          }
          outC?.append(RGBA8(r: mix(ca.r, cb.r), g: mix(ca.g, cb.g), b: mix(ca.b, cb.b), a: mix(ca.a, cb.a)))
        }
      }
    }
    return (outP, outC, corners)
  }

  /// Triangulates a clockwise convex polygon as a zig-zag strip from top to bottom.
  ///
  /// Unlike a fan from one vertex, every triangle spans only the rows between neighbouring
  /// vertices, so the bounding boxes a rasterizer walks add up to about twice the area.
  /// Appends n−2 clockwise triangles; `stride` is 2 when inner and outer vertices interleave.
  /// `map` gives each point's vertex number; nil means the points are the vertices.
  private mutating func appendStrip(_ points: [Point], map: [Int]?, base: Int32, stride: Int32) {
    let start = indices.count
    // Grown once and written in place: three appends a triangle, each checking the array's
    // uniqueness and capacity, were a tenth of a GPU frame's lowering of 500 particles.
    indices.append(contentsOf: repeatElement(0, count: 3 * (points.count - 2)))
    let fan = triangulation == .fan
    indices.withUnsafeMutableBufferPointer { all in
      Self.writeStrip(points, map: map, base: base, stride: stride, fan: fan, into: all.baseAddress! + start)
    }
  }

  /// Writes `appendStrip`'s 3·(n−2) indices from `out` on.
  private static func writeStrip(
    _ points: [Point], map: [Int]?, base: Int32, stride: Int32, fan: Bool, into out: UnsafeMutablePointer<Int32>
  ) {
    let n = points.count
    var o = out
    @inline(__always) func idx(_ i: Int) -> Int32 { base + Int32(map?[i] ?? i) * stride }
    @inline(__always) func triangle(_ a: Int, _ b: Int, _ c: Int) {
      (o[0], o[1], o[2]) = (idx(a), idx(b), idx(c))
      o += 3
    }
    if fan {
      for i in 2..<n { triangle(0, i - 1, i) }
      return
    }
    var top = 0
    for i in 1..<n where points[i].y < points[top].y || (points[i].y == points[top].y && points[i].x < points[top].x) {
      top = i
    }
    var right = (top + 1) % n
    var left = (top + n - 1) % n
    triangle(left, top, right)
    var remaining = n - 3
    while remaining > 0 {
      let nextRight = (right + 1) % n
      let nextLeft = (left + n - 1) % n
      if points[nextRight].y <= points[nextLeft].y {
        triangle(left, right, nextRight)
        right = nextRight
      } else {
        triangle(left, right, nextLeft)
        left = nextLeft
      }
      remaining -= 1
    }
  }

  /// Fills a convex polygon, each vertex in its own color or all in `uniform`: a strip of
  /// triangles and, when anti-aliased, the fringe ring around it.
  ///
  /// `foldFree` says the caller knows `dropFolds` would find nothing (a regular polygon with
  /// sides of a fifth of a pixel or more), so it is not run; `interior`, that it knows an
  /// upright rectangle inside the polygon, so `inscribedRect` is not run.
  mutating func fillConvexPolygon(
    _ input: [Point], colors inputColors: [RGBA8]?, uniform: RGBA8, foldFree: Bool = false, interior: Rect? = nil
  ) {
    guard input.count >= 3 else { return }
    let box = Self.bounds(of: input)
    guard isVisible(box) else { return }
    var points = input
    var colors = inputColors
    let area = Self.signedArea2(points)
    if area == 0 { return }
    if area < 0 {
      points.reverse()
      colors?.reverse()
    }
    if !foldFree { Self.dropFolds(&points, &colors) }
    guard points.count >= 3 else { return }
    // The fill uses the polygon's own corners: split points on straight edges would add
    // exactly horizontal shared edges, which SDL's software rasterizer leaves gaps along.
    let cornerPoints = points
    let corners: [Int]?
    // Only an edge more than 4 pixels across both ways is cut (`pieces`): none in a box this small.
    (points, colors, corners) = box.width <= 4 || box.height <= 4 ? (points, colors, nil) : subdivided(points, colors)
    let n = points.count
    let base = prepare(texture: .none)
    @inline(__always) func col(_ i: Int) -> RGBA8 { colors?[i] ?? uniform }
    if !antiAliased {
      for i in 0..<n {
        vertices.append(Vertex(x: Float(points[i].x), y: Float(points[i].y), color: col(i)))
      }
      appendStrip(cornerPoints, map: corners, base: base, stride: 1)
      closeIndices(added: (cornerPoints.count - 2) * 3)
      return
    }
    // Edge normals, the one before each corner carried along; (dy, −dx) points outward for
    // clockwise-on-screen order.
    @inline(__always) func normal(_ a: Point, _ b: Point) -> Point {
      let d = b - a
      let len = d.length
      return len > 0 ? Point(x: d.y / len, y: -d.x / len) : .zero
    }
    let half = fringeWidth * 0.5
    // Inner and outer vertex of each corner, written in place after growing the array once.
    let first = vertices.count
    vertices.append(contentsOf: repeatElement(Vertex(x: 0, y: 0, color: uniform), count: 2 * n))
    vertices.withUnsafeMutableBufferPointer { all in
      var v = all.baseAddress! + first
      var before = normal(points[n - 1], points[0])
      for i1 in 0..<n {
        let after = normal(points[i1], points[i1 + 1 < n ? i1 + 1 : 0])
        let dm = Self.miter(before, after) * half
        let p = points[i1]
        let c = col(i1)
        v[0] = Vertex(x: Float(p.x - dm.x), y: Float(p.y - dm.y), color: c)
        v[1] = Vertex(x: Float(p.x + dm.x), y: Float(p.y + dm.y), color: c.transparent)
        v += 2
        before = after
      }
    }
    let strip = (cornerPoints.count - 2) * 3
    let start = indices.count
    indices.append(contentsOf: repeatElement(0, count: strip + n * 6))
    let fan = triangulation == .fan
    indices.withUnsafeMutableBufferPointer { all in
      let out = all.baseAddress! + start
      Self.writeStrip(cornerPoints, map: corners, base: base, stride: 2, fan: fan, into: out)
      // The fringe: two triangles between each side's inner and outer edge.
      var o = out + strip
      var i0 = n - 1
      for i1 in 0..<n {
        let in0 = base + Int32(i0 * 2)
        let in1 = base + Int32(i1 * 2)
        (o[0], o[1], o[2], o[3], o[4], o[5]) = (in1, in0, in0 + 1, in0 + 1, in1 + 1, in1)
        o += 6
        i0 = i1
      }
    }
    closeIndices(added: strip + n * 6)
    // Shapes too small to hide the 1,024 pixels worth a split (dots, knobs) skip the search.
    if recordsOpaqueInteriors, case let box = Self.bounds(of: cornerPoints), box.width * box.height >= 1024,
      abs(box.minX) < Self.drawableLimit, abs(box.maxX) < Self.drawableLimit,
      abs(box.minY) < Self.drawableLimit, abs(box.maxY) < Self.drawableLimit,
      (0..<n).allSatisfy({ col($0).a == 255 }),
      let inner = interior ?? Self.inscribedRect(cornerPoints)
    {
      recordOpaqueInterior(inner)
    }
  }

  /// Records the pixels of `inner`, an upright rectangle inside the outline of the primitive
  /// just closed (drawn opaque), as its opaque interior, when there are enough to be worth it.
  mutating func recordOpaqueInterior(_ inside: Rect) {
    var inner = inside
    if let clip = clipStack.last { inner = inner.intersection(clip) }
    // Pixel centers at least a pixel inside the edge: past the fringe's inner ring (half a
    // pixel in), where only the interior's opaque triangles reach.
    let o = PixelRect(
      x0: Self.wholePixel((inner.minX + 0.5).rounded(.up)), y0: Self.wholePixel((inner.minY + 0.5).rounded(.up)),
      x1: Self.wholePixel((inner.maxX - 0.5).rounded(.down)), y1: Self.wholePixel((inner.maxY - 0.5).rounded(.down)))
    if (o.x1 - o.x0) * (o.y1 - o.y0) >= 1024, o.x1 > o.x0, o.y1 > o.y0 {
      primitives[primitives.count - 1].opaqueInterior = o
    }
  }

  /// Removes points that make a clockwise polygon turn back on itself: near-duplicates (where
  /// two arcs of a flattened path meet) and the slightly reflex corners rounding leaves.
  ///
  /// Such a point folds the inset ring of the anti-aliasing fringe over itself, and the fold
  /// blends its pixels two or three times: a bright sliver on any renderer with subpixel precision.
  static func dropFolds(_ points: inout [Point], _ colors: inout [RGBA8]?) {
    var i = 0
    var checked = 0
    while points.count >= 3, checked < points.count {
      let n = points.count
      let prev = points[(i + n - 1) % n]
      let p = points[i]
      let next = points[(i + 1) % n]
      let d = p - prev
      // Clockwise on screen (y down) means every corner turns with a positive cross product.
      let turn = d.x * (next.y - p.y) - d.y * (next.x - p.x)
      if d.x * d.x + d.y * d.y < 0.01 || turn < -1e-9 * max(1, d.length * (next - p).length) {
        points.remove(at: i)
        colors?.remove(at: i)
        if i >= points.count { i = 0 }
        checked = 0
      } else {
        i = (i + 1) % n
        checked += 1
      }
    }
  }

  /// The averaged normal at a corner, lengthened so the offset edges stay parallel; capped
  /// so very sharp corners do not shoot spikes.
  @inline(__always)
  static func miter(_ a: Point, _ b: Point) -> Point {
    var dm = Point(x: (a.x + b.x) * 0.5, y: (a.y + b.y) * 0.5)
    let d2 = dm.x * dm.x + dm.y * dm.y
    if d2 > 1e-6 {
      let inv = min(1 / d2, 100)
      dm = dm * inv
    }
    return dm
  }
}
