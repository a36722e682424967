// Lowering of text: a glyph run from the text engine, one atlas quad per glyph.
import Graphics

extension Lowerer {
  mutating func lowerText(
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

}
