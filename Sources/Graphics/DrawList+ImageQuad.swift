extension DrawList {
  /// Adds a textured quad; `corners` are top-left, top-right, bottom-right, bottom-left.
  public mutating func addImageQuad(
    _ corners: [Point], uv: Rect, texture: TextureRef, tint: RGBA8 = RGBA8(r: 255, g: 255, b: 255, a: 255)
  ) {
    guard corners.count == 4 else { return }
    addImageQuad(Quad(corners[0], corners[1], corners[2], corners[3]), uv: uv, texture: texture, tint: tint)
  }

  /// `addImageQuad` for a quad given as a value: what lowering calls once per glyph, so it
  /// writes the four vertices and six indices with no intermediate arrays.
  ///
  /// `opaque` says every texel of the texture is opaque. An upright quad of such a texture
  /// with an opaque tint hides what is under it, which is then recorded as its
  /// `Primitive.opaqueInterior` (when `recordsOpaqueInteriors` is on).
  public mutating func addImageQuad(
    _ q: Quad, uv: Rect, texture: TextureRef, tint: RGBA8 = RGBA8(r: 255, g: 255, b: 255, a: 255),
    opaque: Bool = false
  ) {
    guard tint.a > 0, isVisible(q.bounds) else { return }
    let base = prepare(texture: texture)
    let (u0, v0, u1, v1) = (Float(uv.minX), Float(uv.minY), Float(uv.maxX), Float(uv.maxY))
    vertices.append(Vertex(x: Float(q.topLeft.x), y: Float(q.topLeft.y), color: tint, u: u0, v: v0))
    vertices.append(Vertex(x: Float(q.topRight.x), y: Float(q.topRight.y), color: tint, u: u1, v: v0))
    vertices.append(Vertex(x: Float(q.bottomRight.x), y: Float(q.bottomRight.y), color: tint, u: u1, v: v1))
    vertices.append(Vertex(x: Float(q.bottomLeft.x), y: Float(q.bottomLeft.y), color: tint, u: u0, v: v1))
    appendTriangle(base, base &+ 1, base &+ 2)
    appendTriangle(base, base &+ 2, base &+ 3)
    closeIndices(added: 6, shape: .imageQuad)
    // Glyphs come through here once each per frame and are never opaque: test that first.
    guard opaque, tint.a == 255, recordsOpaqueInteriors else { return }
    let upright =
      q.topLeft.y == q.topRight.y && q.bottomLeft.y == q.bottomRight.y && q.topLeft.x == q.bottomLeft.x
      && q.topRight.x == q.bottomRight.x
    // Only where the rasterizer draws at all: it drops a quad with a corner past its limit,
    // and what it does not draw must not hide what is under it.
    let limit = Self.drawableLimit
    let drawable =
      abs(q.topLeft.x) < limit && abs(q.topLeft.y) < limit && abs(q.bottomRight.x) < limit
      && abs(q.bottomRight.y) < limit
    if upright, drawable {
      var box = q.bounds
      if let clip = clipStack.last { box = box.intersection(clip) }
      // Pixel centers at least half a pixel inside: every one is sampled from opaque texels.
      let o = PixelRect(
        x0: Self.wholePixel((box.minX + 0.5).rounded(.up)), y0: Self.wholePixel((box.minY + 0.5).rounded(.up)),
        x1: Self.wholePixel((box.maxX - 0.5).rounded(.down)), y1: Self.wholePixel((box.maxY - 0.5).rounded(.down)))
      if o.x1 > o.x0, o.y1 > o.y0, (o.x1 - o.x0) * (o.y1 - o.y0) >= 1024 {
        primitives[primitives.count - 1].opaqueInterior = o
      }
    }
  }
}
