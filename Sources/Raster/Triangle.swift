// Stage: triangle set-up: bounds, edges and attribute planes, then one row loop per fill.

import Graphics

extension Rasterizer {
  /// The pixels of one triangle given in 1/256 pixel, row by row from `minY` to `maxY`:
  /// the same spans `triangle` fills.
  struct Coverage {
    let minX: Int64
    let maxX: Int64
    let minY: Int64
    let maxY: Int64
    var walks: (Walk, Walk, Walk)

    /// Sets up the walks for the triangle's first row inside `clip`; nil when it covers no
    /// pixel center there.
    init?(_ x0: Int64, _ y0: Int64, _ x1: Int64, _ y1: Int64, _ x2: Int64, _ y2: Int64, clip: PixelRect) {
      let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
      guard area != 0 else { return nil }
      // Counter-clockwise in y-down pixel space, as `triangle` orders its vertices.
      let (ax, ay, bx, by, cx, cy) = area > 0 ? (x0, y0, x1, y1, x2, y2) : (x0, y0, x2, y2, x1, y1)
      let half = one / 2
      minX = max(Int64(clip.x0), ((min(ax, bx, cx) - half + one - 1) >> subpixelBits))
      maxX = min(Int64(clip.x1 - 1), ((max(ax, bx, cx) - half) >> subpixelBits))
      minY = max(Int64(clip.y0), ((min(ay, by, cy) - half + one - 1) >> subpixelBits))
      maxY = min(Int64(clip.y1 - 1), ((max(ay, by, cy) - half) >> subpixelBits))
      guard minX <= maxX, minY <= maxY else { return nil }
      let firstRow = minY * one + half
      walks = (
        Walk(Edge(bx, by, cx, cy), firstRow: firstRow), Walk(Edge(cx, cy, ax, ay), firstRow: firstRow),
        Walk(Edge(ax, ay, bx, by), firstRow: firstRow)
      )
    }

    /// Narrows `lo...hi` to row `py`'s span and moves to the next row; rows must come in
    /// order, and rows outside `minY...maxY` leave the span empty.
    @inline(__always)
    mutating func span(_ py: Int64, _ lo: inout Int64, _ hi: inout Int64) {
      guard py >= minY, py <= maxY else {
        hi = lo - 1
        return
      }
      lo = max(lo, minX)
      hi = min(hi, maxX)
      walks.0.narrow(&lo, &hi)
      walks.1.narrow(&lo, &hi)
      walks.2.narrow(&lo, &hi)
      walks.0.step()
      walks.1.step()
      walks.2.step()
    }
  }

  /// Rasterizes one triangle into `target`, restricted to `clip`.
  static func triangle(
    _ va: Vertex, _ vb: Vertex, _ vc: Vertex, clip: PixelRect, target: RasterTarget, texture: RasterTexture?,
    dither: Bool = false
  ) {
    guard va.color.a | vb.color.a | vc.color.a != 0 else { return }
    // Texture coordinates matter only to a textured triangle; they are checked there. (An
    // untextured triangle with NaN ones is drawn, as a GPU draws it and as `ramp` always did.)
    @inline(__always) func ok(_ v: Vertex) -> Bool { abs(v.x) < limit && abs(v.y) < limit }
    guard ok(va), ok(vb), ok(vc) else { return }
    @inline(__always) func fx(_ f: Float) -> Int64 { snap(f) }
    let v0 = va
    var v1 = vb
    var v2 = vc
    // Positions are within ±2²⁸ in 1/256 pixel, and `clip` lies inside the target (`draw`
    // intersects it with the target's bounds), so no product or sum below can overflow:
    // wrapping operators leave out checks that cannot fail, a fifth of a small triangle's set-up.
    var (x0, y0, x1, y1, x2, y2) = (fx(v0.x), fx(v0.y), fx(v1.x), fx(v1.y), fx(v2.x), fx(v2.y))
    var area = (x1 &- x0) &* (y2 &- y0) &- (x2 &- x0) &* (y1 &- y0)
    if area == 0 { return }
    if area < 0 {
      swap(&v1, &v2)
      swap(&x1, &x2)
      swap(&y1, &y2)
      area = 0 &- area
    }
    // Pixel rows and columns whose centers can be inside.
    let half = one / 2
    let minX = max(Int64(clip.x0), ((min(x0, x1, x2) &- half &+ one &- 1) >> subpixelBits))
    let maxX = min(Int64(clip.x1) &- 1, ((max(x0, x1, x2) &- half) >> subpixelBits))
    let minY = max(Int64(clip.y0), ((min(y0, y1, y2) &- half &+ one &- 1) >> subpixelBits))
    let maxY = min(Int64(clip.y1) &- 1, ((max(y0, y1, y2) &- half) >> subpixelBits))
    guard minX <= maxX, minY <= maxY else { return }
    let e0 = Edge(x1, y1, x2, y2)
    let e1 = Edge(x2, y2, x0, y0)
    let e2 = Edge(x0, y0, x1, y1)

    // Attribute planes over pixel coordinates, relative to v0's snapped position.
    let s = 1 / Float(one)
    let ox = Float(x0) * s
    let oy = Float(y0) * s
    let dx1 = Float(x1 - x0) * s
    let dy1 = Float(y1 - y0) * s
    let dx2 = Float(x2 - x0) * s
    let dy2 = Float(y2 - y0) * s
    let det = Float(area) * s * s
    // One division per triangle; each plane then multiplies.
    let inverse = 1 / det
    @inline(__always) func plane(_ f0: Float, _ f1: Float, _ f2: Float) -> (Float, Float) {
      let d1 = f1 - f0
      let d2 = f2 - f0
      return ((d1 * dy2 - d2 * dy1) * inverse, (d2 * dx1 - d1 * dx2) * inverse)
    }
    let c0 = premultiply(v0.color)
    let c1 = premultiply(v1.color)
    let c2 = premultiply(v2.color)
    let flat = c0 == c1 && c0 == c2
    let f0 = channels(c0)
    let f1 = channels(c1)
    let f2 = channels(c2)
    var cdx = SIMD4<Float>()
    var cdy = SIMD4<Float>()
    if !flat {
      for i in 0..<4 {
        (cdx[i], cdy[i]) = plane(f0[i], f1[i], f2[i])
      }
    }

    let firstRow = minY * one + half
    let xc0 = 0.5 - ox
    // One row loop per kind of triangle, each a tight loop of its own: the kinds are types,
    // so the loop is specialized for each and the span code is inlined into it. (A closure is
    // not: each row would pay a call with its arguments spilled, a third of the cost of the
    // one-pixel rows of a long anti-aliasing fringe.)
    @inline(__always) func rows<F: SpanFill>(_ fill: F) {
      var row = target.pixels + Int(minY) * target.stride
      if probes(columns: maxX &- minX &+ 1, rows: maxY &- minY &+ 1) {
        var probe = Probe(e0, e1, e2, x: minX &* one &+ half, y: firstRow)
        for py in minY...maxY {
          var lo = minX
          var hi = maxX
          probe.span(&lo, &hi)
          if lo <= hi { fill.fill(row, py, Int(lo), Int(hi - lo) + 1) }
          row += target.stride
        }
        return
      }
      var w0 = Walk(e0, firstRow: firstRow)
      var w1 = Walk(e1, firstRow: firstRow)
      var w2 = Walk(e2, firstRow: firstRow)
      for py in minY...maxY {
        var lo = minX
        var hi = maxX
        w0.narrow(&lo, &hi)
        w1.narrow(&lo, &hi)
        w2.narrow(&lo, &hi)
        if lo <= hi { fill.fill(row, py, Int(lo), Int(hi - lo) + 1) }
        row += target.stride
        w0.step()
        w1.step()
        w2.step()
      }
    }
    // Attributes are evaluated per pixel from the plane at x = 0 (never accumulated along
    // the span), so a pixel gets the same value whatever clip or damage region it is drawn in.
    if let texture {
      guard v0.u.isFinite, v0.v.isFinite, v1.u.isFinite, v1.v.isFinite, v2.u.isFinite, v2.v.isFinite else { return }
      let tw = Float(texture.width)
      let th = Float(texture.height)
      let (udx, udy) = plane(v0.u * tw, v1.u * tw, v2.u * tw)
      let (vdx, vdy) = plane(v0.v * th, v1.v * th, v2.v * th)
      rows(
        TexturedFill(
          uv: TexelPlanes(u0: v0.u * tw, udx: udx, udy: udy, v0: v0.v * th, vdx: vdx, vdy: vdy), x0: xc0, oy: oy,
          flat: flat, c0: c0, f0: f0, cdx: cdx, cdy: cdy, texture: texture))
    } else if flat {
      rows(FlatFill(pixel: c0))
    } else if cdx == .zero && dither {
      // A dithered ramp (a backdrop): four colors a row, repeated across it.
      rows(DitherFill(color: f0, dy: cdy, oy: oy))
    } else if cdx == .zero {
      // Graded along y only (a vertical gradient): one color for the whole row.
      rows(RowColorFill(color: f0, dy: cdy, oy: oy))
    } else {
      rows(GradientFill(color: f0 + cdx * xc0, dx: cdx, dy: cdy, oy: oy))
    }
  }
}
