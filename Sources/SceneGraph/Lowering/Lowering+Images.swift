// Lowering of pictures: images (area-filtered when shown small), mesh gradients, and large
// gradient rectangles drawn as dithered ramps or as an image rendered once.
import Graphics
import Raster

extension Lowerer {
  /// Lowers an image filling `frame`.
  mutating func lowerImage(_ source: ImageBuffer, _ key: UInt64, _ frame: Rect, _ t: Transform2D, _ opacity: Double) {
    let (img, id) = displayed(source, key: key, size: frame.size, t)
    register(id, img)
    let corners = Quad(frame, t)
    list.addImageQuad(
      corners, uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(id),
      tint: Color.white.opacity(opacity).rgba8, opaque: img.opaque)
    items.append(DrawnItem(kind: .image, bounds: corners.bounds, color: nil, text: nil))
  }

  /// The image to draw for `img` shown at `size` points under `t`, and its ID: the image
  /// itself, or, when it is drawn at under three quarters of its pixels (a GIF in an overview
  /// cell), a copy area-filtered to the size drawn, since bilinear or nearest sampling there
  /// would skip pixels and shimmer. Enlarged, an image is sampled as it says (`smooth`).
  mutating func displayed(_ img: ImageBuffer, key: UInt64, size: Size, _ t: Transform2D) -> (
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

  /// Lowers a vertical gradient rectangle as one dithered ramp per pair of neighbouring stops,
  /// on whole pixels as the image path snaps it. Returns false for what it does not handle
  /// (a gradient that is not vertical on screen, or has no length).
  mutating func lowerDitheredRamps(
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

  mutating func lowerGradientImage(_ g: LinearGradient, _ frame: Rect, _ t: Transform2D, _ opacity: Double) {
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

  mutating func lowerMesh(_ spec: MeshSpec, _ key: UInt64, _ frame: Rect, _ t: Transform2D, _ opacity: Double) {
    let corners = Quad(frame, t)
    let b = corners.bounds
    // An eighth of the on-screen resolution, linearly filtered, costs a sixty-fourth of
    // shading every pixel. The image's texel centres span the frame (see `centersOnEdges`), as
    // the half-texel inset below shows them: shaded edge to edge instead, each texel's color
    // was shown up to half a texel from where it was taken, and only 98.5 % of pixels stayed
    // within 3 levels of the same lattice shaded per pixel by a GPU.
    // Clamped before converting, so a frame of infinite or NaN size cannot trap.
    @inline(__always) func cells(_ length: Double) -> Int {
      let n = (length / 8).rounded(.up)
      return n >= 2 ? Int(min(480, n)) : 2
    }
    let w = cells(b.width)
    let h = cells(b.height)
    items.append(DrawnItem(kind: .mesh, bounds: b, color: spec.colors.first, text: nil))
    if list.meshTriangles {
      // The same lattice the CPU would shade into its image, so both draw one surface.
      let n = MeshGradientRaster.subdivisions(
        imageWidth: w, imageHeight: h, gridWidth: spec.width, gridHeight: spec.height)
      lowerMeshTriangles(spec, frame, t, opacity, subdivisions: n)
      return
    }
    use(.mesh(key))
    var image: ImageBuffer
    if let cached = caches.meshes[key], cached.spec == spec, cached.width == w, cached.height == h {
      image = cached.image
    } else {
      // Taken out of the cache while it is rendered into, so its pixels are not copied first.
      image = caches.meshes.remove(key)?.image ?? ImageBuffer(width: w, height: h, smooth: true)
      if image.width != w || image.height != h { image = ImageBuffer(width: w, height: h, smooth: true) }
      MeshGradientRaster.render(
        width: spec.width, height: spec.height, points: spec.points, colors: spec.colors, into: &image,
        centersOnEdges: true)
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
  }

  /// The mesh as a lattice of triangles with per-vertex colors, for a renderer that
  /// interpolates vertex colors itself: no image is shaded or uploaded when the mesh moves.
  private mutating func lowerMeshTriangles(
    _ spec: MeshSpec, _ frame: Rect, _ t: Transform2D, _ opacity: Double, subdivisions n: Int
  ) {
    guard
      let surface = MeshGradientSurface(
        width: spec.width, height: spec.height, points: spec.points, colors: spec.colors, subdivisions: n)
    else { return }
    let placed = Transform2D(a: frame.width, b: 0, c: 0, d: frame.height, tx: frame.minX, ty: frame.minY)
      .concatenating(t)
    let positions = surface.positions.map { placed.apply($0) }
    @inline(__always) func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
    let colors = surface.colors.map { c in RGBA8(r: q(c.x), g: q(c.y), b: q(c.z), a: q(c.w * opacity)) }
    // The CPU's image ends at the frame; so does the lattice where a clip rectangle can say so
    // (points outside 0…1, or a curve's overshoot, would reach past it).
    let clipped = t.isAxisAligned
    if clipped { list.pushClip(Quad(frame, t).bounds) }
    list.addVertexGrid(positions, colors: colors, columns: surface.columns, rows: surface.rows)
    if clipped { list.popClip() }
  }
}
