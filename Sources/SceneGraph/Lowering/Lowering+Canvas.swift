// Lowering of canvases: a `CanvasContext` closure writing the draw list, or a `GraphicsContext`
// renderer whose fills, strokes and gradients are lowered here as they are drawn.
import FoundationEssentials
import Graphics
import Raster

extension Lowerer {
  /// Runs a canvas's closure into the draw list, in the canvas's `frame`.
  mutating func lowerCanvas(_ content: CanvasContent, _ frame: Rect, _ t: Transform2D, _ opacity: Double) {
    let base = Transform2D.translation(frame.minX, frame.minY).concatenating(t)
    switch content {
    case .context(let draw):
      // A canvas may change the list's settings; they must not leak into what follows it.
      let settings = (
        list.antiAliased, list.fringeWidth, list.circleMaxError, list.tessellation, list.targetBounds
      )
      defer {
        (list.antiAliased, list.fringeWidth, list.circleMaxError, list.tessellation, list.targetBounds) = settings
      }
      let (memo, placement) = caches.canvasMemo(frame: frame, transform: t)
      use(.canvasMemo(placement))
      var ctx = CanvasContext(drawList: list, transform: base, size: frame.size, opacity: opacity, memo: memo)
      list = DrawList()
      let replayedBefore = memo.replayed
      draw(&ctx)
      memo.finish()
      canvasCallsReplayed += memo.replayed - replayedBefore
      list = ctx.drawList
    case .graphics(let renderer, let environment, let symbols):
      let target = CanvasTarget(
        lowerer: self, base: base, opacity: opacity, environment: environment, size: frame.size)
      target.symbols = symbols
      // Handed over, so that the target holds the only reference to the list's and the items'
      // storage and appending to them copies nothing.
      list = DrawList()
      items = []
      var context = GraphicsContext(target)
      renderer(&context, frame.size)
      if let drawn = target.lowerer { self = drawn }
      target.lowerer = nil
    }
    items.append(DrawnItem(kind: .canvas, bounds: Quad(frame, t).bounds, color: nil, text: nil))
  }

  /// Fills each closed subpath of `path` (in the draw's coordinates) under `t`.
  mutating func fillCanvasPath(_ path: Path, _ shading: ResolvedShading, _ t: Transform2D, _ opacity: Double) {
    switch shading {
    case .color(let c):
      fillLines(path, c.opacity(opacity), t)
    case .gradient(let g, let geometry, let spread):
      let first = items.count
      let mask = drawnAside { $0.fillLines(path, .white, t) }
      paint(mask, g, geometry, spread, t, opacity, itemsFrom: first)
    }
  }

  /// Strokes `path` (in the draw's coordinates) under `t` as `style` says.
  mutating func strokeCanvasPath(
    _ path: Path, _ style: StrokeStyle, _ shading: ResolvedShading, _ t: Transform2D, _ opacity: Double
  ) {
    // In the path's own units: dashes and caps are measured there.
    let lines = path.flattened(tolerance: tolerance / max(t.maxScale, 1e-6), segments: .byCurvature)
    switch shading {
    case .color(let c):
      strokeLines(lines, style, c.opacity(opacity), t)
    case .gradient(let g, let geometry, let spread):
      let first = items.count
      let mask = drawnAside { $0.strokeLines(lines, style, .white, t) }
      paint(mask, g, geometry, spread, t, opacity, itemsFrom: first)
    }
  }

  /// Fills each subpath of `path` with `color`, concave ones by ear clipping.
  ///
  /// Curves get as few segments as keep within `tolerance` of them: a canvas draws many small
  /// shapes (500 particles are 500 circles), and a 5-pixel circle is then 8 segments rather
  /// than 20, and the rasterizer sets up 22 triangles for it instead of 58.
  private mutating func fillLines(_ path: Path, _ color: Color, _ t: Transform2D) {
    let c = color.rgba8
    // A circle drawn under a similarity (the particles of a `TimelineView(.animation)` canvas)
    // is tessellated as a circle, without flattening its curves.
    if let (center, radius) = Self.circle(path, t) {
      list.fillCircle(center: center, radius: radius, color: c)
      let r = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
      items.append(DrawnItem(kind: .shape, bounds: r, color: color, text: nil))
      return
    }
    for line in path.applying(t).flattened(tolerance: tolerance, segments: .byCurvature) where line.points.count >= 3 {
      list.fillPolygon(line.points, color: c)
      items.append(DrawnItem(kind: .shape, bounds: line.bounds, color: color, text: nil))
    }
  }

  /// The centre and radius in pixels of `path` under `t` when it is one circle (as
  /// `Path(ellipseIn:)` of a square makes) and `t` keeps circles round; nil otherwise.
  static func circle(_ path: Path, _ t: Transform2D) -> (Point, Double)? {
    guard t.a == t.d, t.b == -t.c, let box = path.inscribedEllipse,
      abs(box.width - box.height) <= 1e-9 * max(1, box.width)
    else { return nil }
    let scale = (t.a * t.a + t.b * t.b).squareRoot()
    return (t.apply(Point(x: box.midX, y: box.midY)), box.width / 2 * scale)
  }

  /// What `draw` adds to an empty list with this list's tessellation, leaving this list as it was.
  mutating func drawnAside(_ draw: (inout Lowerer) -> Void) -> DrawList {
    var aside = DrawList()
    (aside.antiAliased, aside.fringeWidth, aside.circleMaxError, aside.tessellation, aside.targetBounds) = (
      list.antiAliased, list.fringeWidth, list.circleMaxError, list.tessellation, list.targetBounds
    )
    // A mask is read as plain triangles (cut, textured): a disc's or a rounded rectangle's
    // quad would be a square, and a shape over the coverage mask would lose the mask.
    aside.analyticDiscs = false
    aside.analyticRoundedRects = false
    aside.coverageMasks = false
    swap(&aside, &list)
    draw(&self)
    swap(&aside, &list)
    return aside
  }

  /// Draws the triangles of `mask` (white, their alpha the coverage of their anti-aliased
  /// edges) textured with a gradient image rendered one texel per pixel over their bounds, so
  /// the gradient shows exactly where a solid fill or stroke of the same path would. The
  /// items from `itemsFrom` on, recorded with the mask, take the gradient's first color.
  mutating func paint(
    _ mask: DrawList, _ g: Gradient, _ geometry: ShadingRaster.Geometry, _ spread: ShadingRaster.Spread,
    _ t: Transform2D, _ opacity: Double, itemsFrom first: Int
  ) {
    let color = g.stops.first?.color.opacity(opacity)
    for i in first..<items.count { items[i].color = color }
    // A gradient without stops has no color to draw.
    guard !g.stops.isEmpty,
      let box = Self.pixelBox(of: mask.vertices)?.intersection(list.targetBounds ?? .infinite)
        .intersection(list.currentClip.map(Self.roundedOut) ?? .infinite),
      box.width >= 1, box.height >= 1
    else { return }
    // At most 4096 texels a side: past that a texel spans more than a pixel, as the image
    // path of `lowerGradientImage` does for its backdrops.
    let w = Int(min(4096, box.width))
    let h = Int(min(4096, box.height))
    let toGradient = Transform2D.scale(box.width / Double(w), box.height / Double(h))
      .concatenating(.translation(box.minX, box.minY)).concatenating(t.inverted())
    let key = ShadingKey(gradient: g, geometry: geometry, spread: spread, toGradient: toGradient, width: w, height: h)
    let image: ImageBuffer
    if let kept = caches.shadings[key] {
      image = kept
      caches.shadings.markUsed(key)
    } else {
      // Never marked opaque, even when every stop is: the renderers would then skip blending,
      // and the edges' fringe (alpha 0 outside) would be drawn solid.
      image = ShadingRaster.render(
        geometry, spread: spread, toGradient: toGradient, width: w, height: h, opaque: false, color: g.color(at:))
      caches.shadings.insert(image, bytes: image.pixelBytes, for: key)
    }
    let id = ImageID(key.hashValue)
    register(id, image)
    // Cut to the image's box, so that every texture coordinate lies in 0…1: SDL refuses a
    // textured draw if any vertex of the list has one outside, and the box may be smaller
    // than the shape (a clip, the window's edge).
    var (vertices, indices) = Self.cut(mask, to: box)
    let (x0, y0, sw, sh) = (Float(box.minX), Float(box.minY), Float(box.width), Float(box.height))
    for i in vertices.indices {
      let v = vertices[i]
      vertices[i].color = RGBA8(r: 255, g: 255, b: 255, a: UInt8((Double(v.color.a) * opacity).rounded()))
      vertices[i].u = min(1, max(0, (v.x - x0) / sw))
      vertices[i].v = min(1, max(0, (v.y - y0) / sh))
    }
    list.addTriangles(vertices, indices: indices, texture: .image(id))
  }

  /// The triangles of `mask` cut to `box`: the same coverage and alpha at every point inside
  /// it, and no vertex outside. A triangle that crosses the box's edge is clipped to it (its
  /// alpha is affine, so the cut keeps it exact) and the piece is fanned into triangles.
  private static func cut(_ mask: DrawList, to box: Rect) -> (vertices: [Vertex], indices: [Int32]) {
    let (x0, y0, x1, y1) = (Float(box.minX), Float(box.minY), Float(box.maxX), Float(box.maxY))
    func inside(_ v: Vertex) -> Bool { v.x >= x0 && v.x <= x1 && v.y >= y0 && v.y <= y1 }
    var vertices: [Vertex] = []
    var indices: [Int32] = []
    // Where each of the mask's vertices went, for those inside.
    var kept = [Int32](repeating: -1, count: mask.vertices.count)
    func index(of i: Int32) -> Int32 {
      if kept[Int(i)] < 0 {
        kept[Int(i)] = Int32(vertices.count)
        vertices.append(mask.vertices[Int(i)])
      }
      return kept[Int(i)]
    }
    let triangles = mask.indices
    for k in stride(from: 0, to: triangles.count - 2, by: 3) {
      let corners = [triangles[k], triangles[k + 1], triangles[k + 2]]
      let v = corners.map { mask.vertices[Int($0)] }
      if v.allSatisfy(inside) {
        indices += corners.map(index(of:))
        continue
      }
      var piece = v
      for edge in 0..<4 { piece = clipped(piece, edge, (x0, y0, x1, y1)) }
      guard piece.count >= 3 else { continue }
      let base = Int32(vertices.count)
      vertices += piece
      for j in 1..<Int32(piece.count - 1) { indices += [base, base + j, base + j + 1] }
    }
    return (vertices, indices)
  }

  /// The convex polygon `p` cut by one side of a box (0 left, 1 right, 2 top, 3 bottom),
  /// its vertices' alpha interpolated along the cut edges.
  private static func clipped(_ p: [Vertex], _ side: Int, _ box: (Float, Float, Float, Float)) -> [Vertex] {
    // How far inside the side a vertex is; negative outside.
    func depth(_ v: Vertex) -> Float {
      switch side {
      case 0: v.x - box.0
      case 1: box.2 - v.x
      case 2: v.y - box.1
      default: box.3 - v.y
      }
    }
    var out: [Vertex] = []
    for (i, a) in p.enumerated() {
      let b = p[(i + 1) % p.count]
      let (da, db) = (depth(a), depth(b))
      if da >= 0 { out.append(a) }
      if (da >= 0) != (db >= 0) {
        let f = da / (da - db)
        let alpha = Float(a.color.a) + (Float(b.color.a) - Float(a.color.a)) * f
        var c = a.color
        c.a = UInt8(max(0, min(255, alpha.rounded())))
        out.append(Vertex(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, color: c))
      }
    }
    return out
  }

  /// The whole pixels covering `vertices`, nil for none.
  private static func pixelBox(of vertices: [Vertex]) -> Rect? {
    guard let first = vertices.first else { return nil }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for v in vertices {
      (minX, minY) = (min(minX, v.x), min(minY, v.y))
      (maxX, maxY) = (max(maxX, v.x), max(maxY, v.y))
    }
    guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
    return roundedOut(Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX), height: Double(maxY - minY)))
  }

  /// `r` grown to whole pixels.
  private static func roundedOut(_ r: Rect) -> Rect {
    let x0 = r.minX.rounded(.down)
    let y0 = r.minY.rounded(.down)
    return Rect(x: x0, y: y0, width: r.maxX.rounded(.up) - x0, height: r.maxY.rounded(.up) - y0)
  }
}

extension Rect {
  /// A rectangle larger than any drawing, for intersecting with a bound that may be absent.
  fileprivate static let infinite = Rect(x: -1e15, y: -1e15, width: 2e15, height: 2e15)
}
