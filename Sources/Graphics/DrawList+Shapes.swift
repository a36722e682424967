import Glibc

extension DrawList {
  /// Fills an axis-aligned rectangle.
  public mutating func fillRect(_ r: Rect, color: RGBA8) {
    fillConvexPolygon(
      [
        Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
        Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY),
      ], color: color)
  }

  /// The polygon of a circle with an automatic segment count.
  public func circlePoints(center: Point, radius: Double) -> [Point] {
    let n = circleSegmentCount(radius: radius)
    guard n < Self.unitCircles.count else {
      return (0..<n).map { i in
        let (c, s) = Self.unitCirclePoint(i, of: n)
        return Point(x: center.x + c * radius, y: center.y + s * radius)
      }
    }
    // A canvas of 500 particles asks for 500 small circles a frame: their corners come from
    // a table, not from a cosine and a sine each (the same values, so the same pixels).
    let unit = Self.unitCircles[n]
    return [Point](unsafeUninitializedCapacity: n) { buffer, count in
      for i in 0..<n {
        buffer[i] = Point(x: center.x + unit[i].x * radius, y: center.y + unit[i].y * radius)
      }
      count = n
    }
  }

  /// Corner `i` of the `n`-gon on the unit circle, starting at angle 0: (cosine, sine).
  @inline(__always)
  static func unitCirclePoint(_ i: Int, of n: Int) -> (Double, Double) {
    let a = Double(i) / Double(n) * 2 * .pi
    return (cos(a), sin(a))
  }

  /// `unitCirclePoint`, from `unitCircles` when `n` is small enough to be there.
  @inline(__always)
  public static func unitCirclePoint(_ i: Int, of n: Int, cached: Bool) -> (Double, Double) {
    guard cached, n < unitCircles.count, i >= 0, i < n else { return unitCirclePoint(i, of: n) }
    let p = unitCircles[n][i]
    return (p.x, p.y)
  }

  /// `unitCirclePoint` for every corner of every polygon up to 64 corners, by corner count:
  /// the small circles, which are the many.
  static let unitCircles: [[SIMD2<Double>]] = (0...64).map { n in
    (0..<n).map { i in
      let (c, s) = unitCirclePoint(i, of: n)
      return SIMD2(c, s)
    }
  }

  /// Fills a circle whose segment count follows from `circleMaxError`.
  public mutating func fillCircle(center: Point, radius: Double, color: RGBA8) {
    guard radius > 0, color.a > 0 else { return }
    if coverageMasks, antiAliased, fringeWidth == 1, radius >= 1, abs(center.x) < Self.drawableLimit,
      abs(center.y) < Self.drawableLimit,
      addMaskedRoundedRect(
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), radius: radius,
        top: color, bottom: color)
    {
      return
    }
    let n = circleSegmentCount(radius: radius)
    if analyticDiscs, antiAliased, fringeWidth == 1, n <= 16, radius <= Self.largestDisc,
      abs(center.x) < Self.drawableLimit, abs(center.y) < Self.drawableLimit
    {
      addDisc(center: center, radius: radius, corners: n, color: color)
      return
    }
    if antiAliased, fringeWidth == 1, radius * cos(.pi / Double(n)) < 0.5 {
      addDot(center: center, radius: radius, corners: n, color: color)
      return
    }
    // A regular polygon has no folds to drop once its sides are a fifth of a pixel or more:
    // `dropFolds` looks for sides under a tenth, and its corners all turn the same way.
    let side = 2 * radius * sin(.pi / Double(n))
    fillConvexPolygon(circlePoints(center: center, radius: radius), colors: nil, uniform: color, foldFree: side >= 0.2)
  }

  /// The largest radius, in pixels, that `fillCircle` gives as a `PrimitiveShape.disc` when
  /// the list has `analyticDiscs`: small enough that no interior worth recording
  /// (`opaqueInterior`) is lost, and a polygon of at most 16 corners (with `circleMaxError`
  /// at its default, 0.3, or more).
  ///
  /// There is no smallest: where the polygon's apothem is under half a pixel, a disc's coverage,
  /// ½ + apothem − distance, peaks under 1 and fades as the dot shrinks, the same pixels as the
  /// fan other renderers get there (`addDot`).
  static let largestDisc = 12.0

  /// Adds a `PrimitiveShape.disc`: the quad around the fringe of the `corners`-gon on the circle.
  private mutating func addDisc(center: Point, radius: Double, corners n: Int, color: RGBA8) {
    // The fringe's outer ring: the polygon's sides pushed out half a pixel, whose corners lie
    // that far divided by cos(π/n) beyond the circle.
    let reach = radius + 0.5 / cos(.pi / Double(n))
    let box = Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    guard isVisible(box) else { return }
    appendQuad(box, top: color, bottom: color, u: Float(radius), v: Float(n), shape: .disc)
  }

  /// Appends `box` as one primitive of `shape` that a renderer shades from its parameters: four
  /// vertices clockwise from the top left, the top two in `top` and the bottom two in `bottom`,
  /// `u` and `v` on the first, and the triangles (0, 1, 2) and (0, 2, 3).
  mutating func appendQuad(_ box: Rect, top: RGBA8, bottom: RGBA8, u: Float, v: Float, shape: PrimitiveShape) {
    let base = prepare(texture: .none)
    let (x0, y0, x1, y1) = (Float(box.minX), Float(box.minY), Float(box.maxX), Float(box.maxY))
    vertices.append(Vertex(x: x0, y: y0, color: top, u: u, v: v))
    vertices.append(Vertex(x: x1, y: y0, color: top))
    vertices.append(Vertex(x: x1, y: y1, color: bottom))
    vertices.append(Vertex(x: x0, y: y1, color: bottom))
    appendTriangle(base, base + 1, base + 2)
    appendTriangle(base, base + 2, base + 3)
    closeIndices(added: 6, shape: shape)
  }

  /// The coverage at the centre of a dot whose polygon's apothem a is under half a pixel:
  /// (3a² + a/2) / (a + ½)².
  ///
  /// A fringe gives a polygon of apothem a ≥ ½ the ink (coverage summed over the plane)
  /// c·(a² + 1/12), c = n·tan(π/n); a pyramid of this height over the outer ring (apothem
  /// a + ½) has c·(a² + a/6): the same at a = ½, and fading to nothing with the dot instead of
  /// leaving c/24 behind as a peak of ½ + a would.
  public static func dotPeak(apothem a: Double) -> Double {
    (3 * a * a + a / 2) / ((a + 0.5) * (a + 0.5))
  }

  /// Adds a circle whose polygon's apothem a is under half a pixel, as a fan: its centre at
  /// alpha `dotPeak(a)`, the fringe's outer ring (the sides pushed out half a pixel) at 0.
  ///
  /// The polygon with its fringe would have an inner ring turned inside out, and its triangles
  /// would overlap and blend the dot's middle two or three times. The fan is a pyramid over the
  /// outer ring, which is what a `PrimitiveShape.disc` of that size shades.
  private mutating func addDot(center: Point, radius: Double, corners n: Int, color: RGBA8) {
    let cosHalf = cos(.pi / Double(n))
    let apothem = radius * cosHalf
    let reach = (apothem + 0.5) / cosHalf
    guard isVisible(Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)) else { return }
    let base = prepare(texture: .none)
    let alpha = (Double(color.a) * Self.dotPeak(apothem: apothem)).rounded()
    let peak = RGBA8(r: color.r, g: color.g, b: color.b, a: UInt8(max(0, min(255, alpha))))
    vertices.append(Vertex(x: Float(center.x), y: Float(center.y), color: peak))
    for i in 0..<n {
      let (c, s) = Self.unitCirclePoint(i, of: n, cached: true)
      vertices.append(Vertex(x: Float(center.x + c * reach), y: Float(center.y + s * reach), color: color.transparent))
    }
    for i in 0..<n {
      appendTriangle(base, base + 1 + Int32(i), base + 1 + Int32((i + 1) % n))
    }
    closeIndices(added: 3 * n)
  }

  /// Fills an axis-aligned rectangle with a vertical ramp from `top` to `bottom`, to be
  /// dithered by a renderer that can (see `PrimitiveShape.ditheredRamp`). No fringe: ramps
  /// are backdrops, given on whole pixels.
  public mutating func fillDitheredRamp(_ r: Rect, top: RGBA8, bottom: RGBA8) {
    guard top.a > 0 || bottom.a > 0, r.width > 0, r.height > 0, isVisible(r) else { return }
    let base = prepare(texture: .none)
    for (x, y, c) in [(r.minX, r.minY, top), (r.maxX, r.minY, top), (r.maxX, r.maxY, bottom), (r.minX, r.maxY, bottom)]
    {
      vertices.append(Vertex(x: Float(x), y: Float(y), color: c))
    }
    appendTriangle(base, base + 1, base + 2)
    appendTriangle(base, base + 2, base + 3)
    closeIndices(added: 6, shape: .ditheredRamp)
  }

  /// Appends raw triangles (the `Canvas` escape hatch); indices are relative to `verts`.
  public mutating func addTriangles(_ verts: [Vertex], indices idx: [Int32], texture: TextureRef = .none) {
    guard !verts.isEmpty, !idx.isEmpty else { return }
    let base = prepare(texture: texture)
    vertices.append(contentsOf: verts)
    // Wrapping: a hostile index near Int32.max becomes one the renderers' range checks drop.
    indices.append(contentsOf: idx.map { $0 &+ base })
    closeIndices(added: idx.count)
  }
}
