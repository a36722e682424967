import FoundationEssentials
import Graphics
import Raster

/// Where and how a subtree was lowered; its fragment is replayed only under the same.
struct FragmentKey: Equatable {
  var transform: Transform2D
  var opacity: Double
  /// The node's frame, which decides where its children were placed.
  var frame: Rect
  var clip: Rect?
  /// The text engine's glyph epoch: glyph quads hold atlas coordinates.
  var textEpoch: Int
  /// Changes when the draw list's tessellation or bounds do.
  var settings: Int
}

/// A cache the lowering draws from, named so a replayed fragment keeps its entry alive.
enum FragmentResource {
  case mesh(UInt64)
  case gradient(GradientKey)
  case scaledImage(ScaledImageKey)
}

/// A resolved subtree's part of the draw list, with everything else its lowering produced.
final class LoweredFragment {
  let key: FragmentKey
  let draw: DrawFragment
  let items: [DrawnItem]
  let images: [(ImageID, ImageBuffer)]
  let resources: [FragmentResource]

  init(
    key: FragmentKey, draw: DrawFragment, items: [DrawnItem], images: [(ImageID, ImageBuffer)],
    resources: [FragmentResource]
  ) {
    self.key = key
    self.draw = draw
    self.items = items
    self.images = images
    self.resources = resources
  }
}

/// Turns a laid-out resolved tree into draw-list triangles, in pixels.
///
/// Resolved nodes are immutable and reused while their views do not change, so a node lowered
/// in two frames running keeps what it lowered to (`LoweredFragment`), and later frames append
/// that again instead of tessellating, as long as its transform, opacity, frame, clip and the
/// glyph atlas are the same. Subtrees with a `Canvas` are always drawn afresh: a canvas
/// closure may read anything.
struct Lowerer {
  let textEngine: TextEngine
  var list: DrawList
  /// This drawn frame's number, counting only frames that were lowered.
  var lowering = 1
  /// See `FragmentKey.settings`.
  var settings = 0
  /// Whether subtrees are kept and replayed as fragments.
  var keepsFragments = true
  /// The fewest vertices worth keeping a fragment for; below it, replay costs what it saves.
  static let minimumFragmentVertices = 8
  /// How many frames a node that moved (or drew too little) is drawn afresh before it is
  /// kept again: a node that moves every frame is recorded once in this many, and one that
  /// moved once (a resize, a scroll) is kept again soon after.
  static let restingFrames = 30
  /// What the fragment being recorded needs besides its draw-list stretch.
  private struct Recording {
    var images: [(ImageID, ImageBuffer)] = []
    var resources: [FragmentResource] = []
    var sawCanvas = false
    /// Nodes replayed inside it, whose own fragments the new one makes redundant.
    var replayed: [RNode] = []
  }
  private var recording: Recording?
  /// How many unsettled nodes (`RNode.unsettledUntil`) enclose the node being lowered.
  private var moving = 0
  /// Fragments replayed and recorded this frame.
  var fragmentsReplayed = 0
  var fragmentsRecorded = 0
  /// What the lowering renders once and reuses, shared with the runtime across frames.
  let caches: LoweringCaches
  var items: [DrawnItem] = []
  /// Curves are flattened to within this many pixels of the true outline; half a pixel is
  /// below what SDL's software rasterizer (integer vertex positions) can show, and fewer
  /// triangles save its per-triangle setup.
  let tolerance = 0.5

  init(textEngine: TextEngine, list: DrawList, caches: LoweringCaches) {
    self.textEngine = textEngine
    self.list = list
    self.caches = caches
  }

  mutating func lower(_ n: RNode, _ t: Transform2D, _ opacity: Double) {
    guard opacity > 0.001 else { return }
    switch n.kind {
    case .empty, .spacer: return
    case .canvas:
      recording?.sawCanvas = true
      lowerAfresh(n, t, opacity)
      return
    default: break
    }
    guard keepsFragments else {
      lowerAfresh(n, t, opacity)
      return
    }
    let previous = n.loweredIn
    n.loweredIn = lowering
    // Built only for a node that has a fragment or may record one: most nodes of a frame are
    // new, or inside a recording, and need none.
    func makeKey() -> FragmentKey {
      FragmentKey(
        transform: t, opacity: opacity, frame: n.frame, clip: list.currentClip, textEpoch: textEngine.layoutEpoch,
        settings: settings)
    }
    if let kept = n.fragment {
      let key = makeKey()
      if kept.key == key {
        replay(kept, of: n)
        return
      }
      n.fragment = nil
      // Glyphs or settings that changed under it only call for a new recording; a node that
      // moved will likely move again, so it rests a while.
      if kept.key.transform != key.transform || kept.key.opacity != key.opacity || kept.key.frame != key.frame
        || kept.key.clip != key.clip
      {
        n.unsettledUntil = lowering + Self.restingFrames
      }
    }
    if n.unsettledUntil >= lowering {
      // Everything below moves with it: keeping any of it would be recorded only to be dropped.
      moving += 1
      lowerAfresh(n, t, opacity)
      moving -= 1
      return
    }
    guard recording == nil, moving == 0, previous == lowering - 1, !n.fragmentRefused else {
      lowerAfresh(n, t, opacity)
      return
    }
    let key = makeKey()
    recording = Recording()
    let mark = list.mark
    let firstItem = items.count
    lowerAfresh(n, t, opacity)
    guard let done = recording else { return }
    recording = nil
    // A glyph atlas that grew or was cleared meanwhile moved the glyphs: try again next frame.
    guard textEngine.layoutEpoch == key.textEpoch else { return }
    if done.sawCanvas {
      n.fragmentRefused = true
      return
    }
    // Too little to be worth it, or culled by its clip this time: try again after a rest.
    guard let draw = list.fragment(since: mark), draw.vertexCount >= Self.minimumFragmentVertices else {
      n.unsettledUntil = lowering + Self.restingFrames
      return
    }
    n.fragment = LoweredFragment(
      key: key, draw: draw, items: Array(items[firstItem...]), images: done.images, resources: done.resources)
    fragmentsRecorded += 1
    for inner in done.replayed { inner.fragment = nil }
  }

  /// Appends a kept fragment, and registers what it draws with as this frame's.
  private mutating func replay(_ kept: LoweredFragment, of n: RNode) {
    list.append(kept.draw)
    items.append(contentsOf: kept.items)
    for (id, image) in kept.images { list.images[id] = image }
    for r in kept.resources { caches.markUsed(r) }
    fragmentsReplayed += 1
    guard recording != nil else { return }
    recording?.images.append(contentsOf: kept.images)
    recording?.resources.append(contentsOf: kept.resources)
    recording?.replayed.append(n)
  }

  /// Registers an image the list draws this frame.
  private mutating func register(_ id: ImageID, _ image: ImageBuffer) {
    list.images[id] = image
    recording?.images.append((id, image))
  }

  /// Keeps a cache entry for the next frame.
  private mutating func use(_ r: FragmentResource) {
    caches.markUsed(r)
    recording?.resources.append(r)
  }

  /// Lowers a node by tessellating it (and its children, which may replay their fragments).
  private mutating func lowerAfresh(_ n: RNode, _ t: Transform2D, _ opacity: Double) {
    switch n.kind {
    case .empty, .spacer: return
    case .shape(let shape, let fill, let stroke, let fg):
      lowerShape(shape, n.frame, fill ?? (stroke == nil ? fg : nil), stroke, t, opacity)
    case .text(let s, let font, let paint):
      lowerText(s, font, paint, n.frame, t, opacity)
    case .image(let source, let key):
      let (img, id) = displayed(source, key: key, size: n.frame.size, t)
      register(id, img)
      let corners = Quad(n.frame, t)
      list.addImageQuad(
        corners, uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(id),
        tint: Color.white.opacity(opacity).rgba8, opaque: img.opaque)
      items.append(DrawnItem(kind: .image, bounds: corners.bounds, color: nil, text: nil))
    case .mesh(let spec, let key):
      lowerMesh(spec, key, n.frame, t, opacity)
    case .canvas(let draw):
      // A canvas may change the list's settings; they must not leak into what follows it.
      let settings = (
        list.antiAliased, list.fringeWidth, list.circleMaxError, list.tessellation, list.targetBounds
      )
      defer {
        (list.antiAliased, list.fringeWidth, list.circleMaxError, list.tessellation, list.targetBounds) = settings
      }
      var ctx = CanvasContext(
        drawList: list, transform: .translation(n.frame.minX, n.frame.minY).concatenating(t), size: n.frame.size,
        opacity: opacity)
      list = DrawList()
      draw(&ctx)
      list = ctx.drawList
      items.append(DrawnItem(kind: .canvas, bounds: Quad(n.frame, t).bounds, color: nil, text: nil))
    case .stack(_, _, _, let children):
      for c in drawingOrder(children) { lower(c, t, opacity) }
    case .modified(let m, let c):
      m.lower(c, frame: n.frame, &self, t, opacity)
    }
  }

  /// The image to draw for `img` shown at `size` points under `t`, and its ID: the image
  /// itself, or, when it is drawn at under three quarters of its pixels (a GIF in an overview
  /// cell), a copy area-filtered to the size drawn, since bilinear or nearest sampling there
  /// would skip pixels and shimmer. Enlarged, an image is sampled as it says (`smooth`).
  private mutating func displayed(_ img: ImageBuffer, key: UInt64, size: Size, _ t: Transform2D) -> (
    ImageBuffer, ImageID
  ) {
    let original = ImageID(Int(truncatingIfNeeded: key))
    let sx = (t.a * t.a + t.b * t.b).squareRoot() * size.width
    let sy = (t.c * t.c + t.d * t.d).squareRoot() * size.height
    guard sx.isFinite, sy.isFinite, sx >= 1, sy >= 1,
      sx < Double(img.width) * 0.75 || sy < Double(img.height) * 0.75
    else { return (img, original) }
    let w = min(img.width, Int(sx.rounded(.up)))
    let h = min(img.height, Int(sy.rounded(.up)))
    let k = ScaledImageKey(key: key, generation: img.generation, width: w, height: h)
    use(.scaledImage(k))
    let id = ImageID(Int(truncatingIfNeeded: (key ^ UInt64(w) << 32 ^ UInt64(h)) &* 0x9E37_79B9_7F4A_7C15))
    if let kept = caches.scaledImages[k] { return (kept, id) }
    let scaled = img.areaDownscaled(width: w, height: h)
    caches.scaledImages.insert(scaled, bytes: scaled.pixelBytes, for: k)
    return (scaled, id)
  }

  private func bounds(_ pts: [Point]) -> Rect {
    guard let f = pts.first else { return .zero }
    var minX = f.x
    var minY = f.y
    var maxX = f.x
    var maxY = f.y
    for p in pts {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  private func representative(_ p: Paint) -> Color {
    switch p {
    case .color(let c): c
    case .linearGradient(let g): g.stops.first?.color ?? .clear
    }
  }

  /// Per-point colors for a paint; a two-stop linear gradient is exact under Gouraud shading.
  private func colors(for paint: Paint, local: [Point], frame: Rect, opacity: Double) -> [RGBA8] {
    switch paint {
    case .color(let c):
      let q = c.opacity(opacity).rgba8
      return [RGBA8](repeating: q, count: local.count)
    case .linearGradient(let g):
      let s = Point(x: frame.minX + frame.width * g.startPoint.x, y: frame.minY + frame.height * g.startPoint.y)
      let e = Point(x: frame.minX + frame.width * g.endPoint.x, y: frame.minY + frame.height * g.endPoint.y)
      let d = e - s
      let len2 = max(1e-12, d.x * d.x + d.y * d.y)
      return local.map { p in
        let t = ((p.x - s.x) * d.x + (p.y - s.y) * d.y) / len2
        return g.color(at: t).opacity(opacity).rgba8
      }
    }
  }

  private mutating func lowerShape(
    _ shape: AnyShape, _ frame: Rect, _ fill: Paint?, _ stroke: ResolvedStroke?, _ t: Transform2D,
    _ opacity: Double
  ) {
    let scale = max(t.maxScale, 1e-6)
    if shape.isRectangle, stroke == nil, case .linearGradient(let g) = fill, t.isAxisAligned,
      frame.width * frame.height * scale * scale > 16_384
    {
      // A large gradient rectangle (a backdrop): dithered ramps for a renderer that dithers
      // them itself, otherwise an image rendered once at its pixel size.
      if list.ditheredRamps, lowerDitheredRamps(g, frame, t, opacity) { return }
      lowerGradientImage(g, frame, t, opacity)
      return
    }
    var polylines: [Path.Polyline]
    if shape.isEllipse {
      // Circles get their segment count from the on-screen radius and the error bound.
      let d = min(frame.width, frame.height)
      let r = Rect(x: frame.midX - d / 2, y: frame.midY - d / 2, width: d, height: d)
      let local = shapeIsCircleRect(shape, frame) ? r : frame
      let n = list.circleSegmentCount(radius: max(local.width, local.height) / 2 * scale)
      let pts = (0..<n).map { i -> Point in
        let a = Double(i) / Double(n) * 2 * .pi
        return Point(x: local.midX + cos(a) * local.width / 2, y: local.midY + sin(a) * local.height / 2)
      }
      polylines = [Path.Polyline(points: pts, isClosed: true)]
    } else {
      polylines = shape.path(in: frame).flattened(tolerance: tolerance / scale)
    }
    if let fill {
      for line in polylines where line.points.count >= 3 {
        let pixel = line.points.map(t.apply)
        if polylines.count == 1, DrawList.isConvex(pixel) {
          let vertexColors = colors(for: fill, local: line.points, frame: frame, opacity: opacity)
          list.fillConvexPolygon(pixel, colors: vertexColors)
        } else {
          let solid = representative(fill).opacity(opacity).rgba8
          list.fillPolygon(pixel, color: solid)
        }
        items.append(
          DrawnItem(kind: .shape, bounds: bounds(pixel), color: representative(fill).opacity(opacity), text: nil))
      }
    }
    if let stroke {
      let c = representative(stroke.paint).opacity(opacity)
      let style = stroke.style
      for line in StrokeGeometry.dashed(polylines, style) {
        let pixel = StrokeGeometry.capped(line, style).points.map(t.apply)
        if style.dash.isEmpty || !StrokeGeometry.isDot(line) {
          list.strokePolyline(pixel, closed: line.isClosed, color: c.rgba8, thickness: style.lineWidth * scale)
        }
        if style.lineCap == .round, !line.isClosed, let first = pixel.first, let last = pixel.last {
          // Round caps are discs at the open ends, half a line width across.
          for end in pixel.count > 1 && first != last ? [first, last] : [first] {
            list.fillConvexPolygon(
              list.circlePoints(center: end, radius: style.lineWidth * scale / 2), color: c.rgba8)
          }
        }
        items.append(DrawnItem(kind: .shape, bounds: bounds(pixel), color: c, text: nil))
      }
    }
  }

  /// Lowers a vertical gradient rectangle as one dithered ramp per pair of neighbouring stops,
  /// on whole pixels as the image path snaps it. Returns false for what it does not handle
  /// (a gradient that is not vertical on screen, or has no length).
  private mutating func lowerDitheredRamps(
    _ g: LinearGradient, _ frame: Rect, _ t: Transform2D, _ opacity: Double
  ) -> Bool {
    let dy = g.endPoint.y - g.startPoint.y
    guard g.startPoint.x == g.endPoint.x, dy != 0, t.b == 0, t.c == 0, !g.stops.isEmpty, frame.height > 0
    else { return false }
    let box = Quad(frame, t).rounded().bounds
    guard box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return false }
    // The gradient's parameter at a local y, and a local y's pixel row.
    func parameter(_ y: Double) -> Double { ((y - frame.minY) / frame.height - g.startPoint.y) / dy }
    func pixelY(_ y: Double) -> Double { min(box.maxY, max(box.minY, t.apply(Point(x: frame.minX, y: y)).y)) }
    // Band edges: the rectangle's own and each stop's, as (pixel row, parameter).
    let top = t.apply(Point(x: frame.minX, y: frame.minY)).y <= t.apply(Point(x: frame.minX, y: frame.maxY)).y
    var edges: [(Double, Double)] = [
      (box.minY, parameter(top ? frame.minY : frame.maxY)), (box.maxY, parameter(top ? frame.maxY : frame.minY)),
    ]
    for stop in g.stops {
      let y = frame.minY + frame.height * (g.startPoint.y + stop.location * dy)
      if y > frame.minY && y < frame.maxY { edges.append((pixelY(y), stop.location)) }
    }
    edges.sort { $0.0 < $1.0 }
    for (a, b) in zip(edges, edges.dropFirst()) where b.0 > a.0 {
      list.fillDitheredRamp(
        Rect(x: box.minX, y: a.0, width: box.width, height: b.0 - a.0),
        top: g.color(at: a.1).opacity(opacity).rgba8, bottom: g.color(at: b.1).opacity(opacity).rgba8)
    }
    items.append(DrawnItem(kind: .shape, bounds: box, color: g.stops.first?.color.opacity(opacity), text: nil))
    return true
  }

  private mutating func lowerGradientImage(_ g: LinearGradient, _ frame: Rect, _ t: Transform2D, _ opacity: Double) {
    // Snapped to whole pixels and rendered at exactly that size, so the software renderer
    // draws it as a plain row copy (~0.16 ms for 1280×720) instead of a filtered stretch (~1.9 ms).
    let corners = Quad(frame, t).rounded()
    let box = corners.bounds
    // Clamped before converting: a frame of infinite or NaN size must not trap.
    let w = box.width >= 1 ? Int(min(4096, box.width)) : 1
    let h = box.height >= 1 ? Int(min(4096, box.height)) : 1
    let key = GradientKey(gradient: g, width: w, height: h)
    use(.gradient(key))
    let image: ImageBuffer
    if let cached = caches.gradients[key] {
      image = cached
    } else {
      image = GradientRaster.render(
        from: Point(x: g.startPoint.x, y: g.startPoint.y), to: Point(x: g.endPoint.x, y: g.endPoint.y), width: w,
        height: h, opaque: g.stops.allSatisfy { $0.color.opacity >= 1 }, color: g.color(at:))
      caches.gradients.insert(image, bytes: image.pixelBytes, for: key)
    }
    let id = ImageID(key.hashValue)
    var drawn = image
    // Blending is skipped only when the picture is opaque and drawn at full opacity.
    drawn.opaque = image.opaque && opacity >= 1
    register(id, drawn)
    list.addImageQuad(
      corners, uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(id), tint: Color.white.opacity(opacity).rgba8,
      opaque: drawn.opaque)
    items.append(
      DrawnItem(kind: .shape, bounds: corners.bounds, color: g.stops.first?.color.opacity(opacity), text: nil))
  }

  private func shapeIsCircleRect(_ shape: AnyShape, _ frame: Rect) -> Bool {
    // A Circle's path is a square ellipse; an Ellipse's fills the frame.
    let b = shape.path(in: frame).controlBounds
    return abs(b.width - b.height) < 1e-9
  }

  private mutating func lowerText(
    _ s: String, _ font: Font, _ paint: Paint, _ frame: Rect, _ t: Transform2D, _ opacity: Double
  ) {
    let scale = max(t.maxScale, 1e-6)
    let pixelSize = font.size * scale
    let run = textEngine.layout(s, font: font, pixelSize: pixelSize)
    let k = pixelSize / max(font.size, 1e-6)
    let color = representative(paint).opacity(opacity)
    let tint = color.rgba8
    let white = Color.white.opacity(opacity).rgba8
    for g in run.glyphs {
      let r = Rect(
        x: frame.minX + g.rect.minX / k, y: frame.minY + g.rect.minY / k, width: g.rect.width / k,
        height: g.rect.height / k)
      var corners = Quad(r, t)
      // Upright glyphs sit on whole pixels, as their bitmaps were rasterized: filtered at a
      // fractional offset they would blur on any renderer with subpixel precision.
      if corners.topLeft.y == corners.topRight.y, corners.topLeft.x == corners.bottomLeft.x {
        let dx = corners.topLeft.x.rounded() - corners.topLeft.x
        let dy = corners.topLeft.y.rounded() - corners.topLeft.y
        corners = corners.offsetBy(dx: dx, dy: dy)
      }
      var uv = g.uv
      let v = g.visible
      if v.minX > 0 || v.minY > 0 || v.maxX < 1 || v.maxY < 1 {
        // Cut to the visible part, inside the snapped quad, so no pixel moves.
        corners = corners.subquad(v)
        uv = Rect(
          x: uv.minX + v.minX * uv.width, y: uv.minY + v.minY * uv.height, width: v.width * uv.width,
          height: v.height * uv.height)
      }
      list.addImageQuad(corners, uv: uv, texture: .atlas, tint: g.isColor ? white : tint)
    }
    items.append(DrawnItem(kind: .text, bounds: Quad(frame, t).bounds, color: color, text: s))
  }

  private mutating func lowerMesh(_ spec: MeshSpec, _ key: UInt64, _ frame: Rect, _ t: Transform2D, _ opacity: Double) {
    use(.mesh(key))
    let corners = Quad(frame, t)
    let b = corners.bounds
    // An eighth of the on-screen resolution is indistinguishable once linearly filtered (at
    // 1280×720 no pixel differs from a quarter-resolution render by more than 6 of 255, mean
    // 0.5) and costs a sixty-fourth of full-resolution rasterization.
    // Clamped before converting, so a frame of infinite or NaN size cannot trap.
    @inline(__always) func cells(_ length: Double) -> Int {
      let n = (length / 8).rounded(.up)
      return n >= 2 ? Int(min(480, n)) : 2
    }
    let w = cells(b.width)
    let h = cells(b.height)
    var image: ImageBuffer
    if let cached = caches.meshes[key], cached.spec == spec, cached.width == w, cached.height == h {
      image = cached.image
    } else {
      // Taken out of the cache while it is rendered into, so its pixels are not copied first.
      image = caches.meshes.remove(key)?.image ?? ImageBuffer(width: w, height: h, smooth: true)
      if image.width != w || image.height != h { image = ImageBuffer(width: w, height: h, smooth: true) }
      MeshGradientRaster.render(
        width: spec.width, height: spec.height, points: spec.points, colors: spec.colors, into: &image)
      caches.meshes.insert(
        MeshRendering(spec: spec, width: w, height: h, image: image), bytes: image.pixelBytes, for: key)
    }
    let id = ImageID(Int(truncatingIfNeeded: key))
    image.opaque = opacity >= 1 && spec.colors.allSatisfy { $0.opacity >= 1 }
    register(id, image)
    // Half-texel inset keeps linear filtering from blending in the transparent border.
    let du = 0.5 / Double(w)
    let dv = 0.5 / Double(h)
    list.addImageQuad(
      corners, uv: Rect(x: du, y: dv, width: 1 - 2 * du, height: 1 - 2 * dv), texture: .image(id),
      tint: Color.white.opacity(opacity).rgba8)
    items.append(DrawnItem(kind: .mesh, bounds: b, color: spec.colors.first, text: nil))
  }
}
