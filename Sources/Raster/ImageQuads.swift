// Stage: image quads: upright textured quads filtered separably, or copied row by row.

import Graphics

extension Rasterizer {
  /// Draws an upright image quad that is magnified vertically (images and mesh gradients
  /// scaled up), with the same pixels as its two triangles but filtered separably: each texel
  /// row is filtered across once per quad into a row of pixels, and each pixel row is then one
  /// blend of two such rows by a weight constant along the row. A nearest-texel quad (GIF
  /// frames) looks each pixel column's texel column up once. Returns false, drawing nothing,
  /// for a quad it does not handle; its triangles are drawn instead.
  static func imageQuad(
    _ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget, texture: RasterTexture
  ) -> Bool {
    // A layer with a blend mode (`BlendModes.swift`); drawn `normal` if it is not its own size.
    if texture.blend != .normal, blendQuad(q, clip: clip, target: target, texture: texture) { return true }
    let (a, b, c, d) = (q[0], q[1], q[2], q[3])
    guard a.y == b.y, c.y == d.y, a.x == d.x, b.x == c.x, a.color == b.color, a.color == c.color,
      a.color == d.color, a.u == d.u, b.u == c.u, a.v == b.v, c.v == d.v
    else { return false }
    @inline(__always) func ok(_ v: Vertex) -> Bool {
      abs(v.x) < limit && abs(v.y) < limit && v.u.isFinite && v.v.isFinite
    }
    guard ok(a), ok(c) else { return false }
    @inline(__always) func fx(_ f: Float) -> Int64 { snap(f) }
    let (xl, yt, xr, yb) = (fx(a.x), fx(a.y), fx(c.x), fx(c.y))
    guard xl != xr, yt != yb else { return false }
    let s = 1 / Float(one)
    let tw = Float(texture.width)
    let th = Float(texture.height)
    let udx = (c.u - a.u) * tw / (Float(xr - xl) * s)
    let vdy = (c.v - a.v) * th / (Float(yb - yt) * s)
    let dV = fixed24(vdy)
    let dU = fixed24(udx)
    guard a.color.a != 0 else { return true }
    if abs(dU &- (1 << 24)) <= stepSlack, abs(dV &- (1 << 24)) <= stepSlack, (xl | yt | xr | yb) & (one - 1) == 0 {
      // At its own size on whole pixels: on whole texels too, it is a copy of texel rows.
      let tu = snapTexel(fixed24(a.u * tw))
      let tv = snapTexel(fixed24(a.v * th))
      if tu & 0xFF_FFFF == 0, tv & 0xFF_FFFF == 0 {
        return copyQuad(
          pixels: PixelRect(
            x0: Int(xl >> subpixelBits), y0: Int(yt >> subpixelBits), x1: Int(xr >> subpixelBits),
            y1: Int(yb >> subpixelBits)),
          texel: (tu >> 24, tv >> 24), clip: clip, target: target, texture: texture, tint: premultiply(a.color))
      }
    }
    // Otherwise its triangles sample each pixel as exactly as this could.
    guard dU != 1 << 24 || dV != 1 << 24 else { return false }
    guard var ca = Coverage(xl, yt, xr, yt, xr, yb, clip: clip) else {
      guard Coverage(xl, yt, xr, yb, xl, yb, clip: clip) != nil else { return true }
      return false
    }
    guard var cb = Coverage(xl, yt, xr, yb, xl, yb, clip: clip) else { return false }
    let col0 = min(ca.minX, cb.minX)
    let cols = Int(max(ca.maxX, cb.maxX) - col0) + 1
    let tint = premultiply(a.color)
    let white = tint == 0xFFFF_FFFF
    let store = white && texture.opaque
    let texels = texture.texels
    let w = texture.width
    let maxTX = texture.width - 1
    let maxTY = texture.height - 1
    let ox = Float(xl) * s
    let oy = Float(yt) * s
    let u0 = fixed24(a.u * tw + (0.5 - ox) * udx - 0.5)
    /// The row's pixels: the union of the two triangles' spans on it, or nil.
    @inline(__always) func span(_ py: Int64) -> (Int64, Int64)? {
      var (loA, hiA) = (col0, col0 + Int64(cols) - 1)
      var (loB, hiB) = (loA, hiA)
      ca.span(py, &loA, &hiA)
      cb.span(py, &loB, &hiB)
      let (lo, hi) = loA > hiA ? (loB, hiB) : (loB > hiB ? (loA, hiA) : (min(loA, loB), max(hiA, hiB)))
      return lo <= hi ? (lo, hi) : nil
    }
    if !texture.smooth {
      // Nearest texel (GIF frames, pixel art): one texel column per pixel column, looked up
      // once per quad, and one texel row per pixel row; opaque and untinted, a plain store.
      let half = 1 << 23
      withUnsafeTemporaryAllocation(of: Int.self, capacity: cols) { columns in
        guard let column = columns.baseAddress else { return }
        for i in 0..<cols {
          let tx = (u0 &+ dU &* (Int(col0) + i) &+ half) >> 24
          column[i] = tx < 0 ? 0 : (tx > maxTX ? maxTX : tx)
        }
        var dst = target.pixels + Int(min(ca.minY, cb.minY)) * target.stride
        // The last row stored, to copy when the next samples the same texel row over the
        // same pixels (a magnified picture repeats each row).
        var previous: (texelRow: Int, lo: Int64, hi: Int64, pixels: UnsafeMutablePointer<UInt32>)?
        for py in min(ca.minY, cb.minY)...max(ca.maxY, cb.maxY) {
          defer { dst += target.stride }
          guard let (lo, hi) = span(py) else { continue }
          var ty = (fixed24(a.v * th + (Float(py) + 0.5 - oy) * vdy - 0.5) &+ half) >> 24
          ty = ty < 0 ? 0 : (ty > maxTY ? maxTY : ty)
          let row = texels + ty * w
          let first = Int(lo - col0)
          let out = dst + Int(lo)
          if store {
            if let p = previous, p.texelRow == ty, p.lo == lo, p.hi == hi {
              out.update(from: p.pixels, count: Int(hi - lo) + 1)
              continue
            }
            previous = (ty, lo, hi, out)
          }
          // One loop per case, not a branch per pixel: whether the optimizer unswitched that
          // loop moved with unrelated code in this module (a third of a GIF frame's time).
          let picks = column + first
          if store {
            for i in 0...Int(hi - lo) { out[i] = row[picks[i]] }
          } else if white {
            for i in 0...Int(hi - lo) { place(row[picks[i]], at: out + i) }
          } else {
            for i in 0...Int(hi - lo) { place(modulate(row[picks[i]], tint), at: out + i) }
          }
        }
      }
      return true
    }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 5 * cols) { scratch in
      guard let base = scratch.baseAddress else { return }
      // Per column: the two texels it blends and the weight, the same for every texel row.
      let left = base
      let right = base + cols
      let weight = base + 2 * cols
      var upper = base + 3 * cols
      var lower = base + 4 * cols
      for i in 0..<cols {
        let u = u0 &+ dU &* (Int(col0) + i)
        let ix = u >> 24
        left[i] = UInt32(ix < 0 ? 0 : (ix > maxTX ? maxTX : ix))
        right[i] = UInt32(ix + 1 < 0 ? 0 : (ix + 1 > maxTX ? maxTX : ix + 1))
        weight[i] = UInt32(truncatingIfNeeded: (u >> 16) & 255)
      }
      @inline(__always) func filterRow(_ ty: Int, into out: UnsafeMutablePointer<UInt32>) {
        let row = texels + ty * w
        var i = 0
        // Four pixels at a time in 16-bit lanes, as `lerpRows`, with a weight per pixel.
        while i + 4 <= cols {
          let l = SIMD4<UInt32>(row[Int(left[i])], row[Int(left[i + 1])], row[Int(left[i + 2])], row[Int(left[i + 3])])
          let r = SIMD4<UInt32>(
            row[Int(right[i])], row[Int(right[i + 1])], row[Int(right[i + 2])], row[Int(right[i + 3])])
          let wv = UnsafeRawPointer(weight + i).loadUnaligned(as: SIMD4<UInt32>.self)
          let mixed = blend(l, r, wv &* 0x0001_0001)
          UnsafeMutableRawPointer(out + i).storeBytes(of: mixed, as: SIMD4<UInt32>.self)
          i += 4
        }
        while i < cols {
          out[i] = lerpUnbranched(row[Int(left[i])], row[Int(right[i])], weight[i])
          i += 1
        }
      }
      var upperRow = -1
      var lowerRow = -1
      var dst = target.pixels + Int(min(ca.minY, cb.minY)) * target.stride
      for py in min(ca.minY, cb.minY)...max(ca.maxY, cb.maxY) {
        defer { dst += target.stride }
        guard let (lo, hi) = span(py) else { continue }
        let v = fixed24(a.v * th + (Float(py) + 0.5 - oy) * vdy - 0.5)
        let ty = v >> 24
        let r0 = ty < 0 ? 0 : (ty > maxTY ? maxTY : ty)
        let r1 = ty + 1 < 0 ? 0 : (ty + 1 > maxTY ? maxTY : ty + 1)
        let wy = r0 == r1 ? 0 : UInt32(truncatingIfNeeded: (v >> 16) & 255)
        if upperRow != r0 {
          if lowerRow == r0 {
            swap(&upper, &lower)
            swap(&upperRow, &lowerRow)
          } else {
            filterRow(r0, into: upper)
            upperRow = r0
          }
        }
        if wy != 0 && lowerRow != r1 {
          filterRow(r1, into: lower)
          lowerRow = r1
        }
        let first = Int(lo - col0)
        let count = Int(hi - lo) + 1
        let out = dst + Int(lo)
        let top = upper + first
        let bottom = lower + first
        if store {
          if wy == 0 {
            out.update(from: top, count: count)
          } else {
            lerpRows(out, top, bottom, count: count, weight: wy)
          }
          continue
        }
        // Translucent or tinted (emoji, glyphs): blended, tinted and composited four at a time.
        let weights = SIMD4<UInt32>(repeating: wy &* 0x0001_0001)
        let tints = SIMD4<UInt32>(repeating: tint)
        var i = 0
        while i + 4 <= count {
          var t = UnsafeRawPointer(top + i).loadUnaligned(as: SIMD4<UInt32>.self)
          if wy != 0 {
            let b = UnsafeRawPointer(bottom + i).loadUnaligned(as: SIMD4<UInt32>.self)
            // Clear above and below (an emoji's corners): nothing to blend or lay down.
            if t | b == .zero {
              i += 4
              continue
            }
            t = blend(t, b, weights)
          }
          if !white { t = modulate(t, tints) }
          place(t, at: out + i)
          i += 4
        }
        while i < count {
          var t = wy == 0 ? top[i] : lerpUnbranched(top[i], bottom[i], wy)
          if !white { t = modulate(t, tint) }
          place(t, at: out + i)
          i += 1
        }
      }
    }
    return true
  }

  /// A quad at its own size on whole pixels and whole texels (text, and images drawn 1:1):
  /// each row is its texel row, tinted and composited, with no edges to walk and no
  /// coordinates to step. These are the pixels its two triangles give, whose samples land on
  /// texel centers. `false` when its texels leave the texture (the triangles clamp those).
  static func copyQuad(
    pixels q: PixelRect, texel: (x: Int, y: Int), clip: PixelRect, target: RasterTarget, texture: RasterTexture,
    tint: UInt32
  ) -> Bool {
    guard q.x0 < q.x1, q.y0 < q.y1, texel.x >= 0, texel.y >= 0, texel.x <= texture.width - (q.x1 - q.x0),
      texel.y <= texture.height - (q.y1 - q.y0)
    else { return false }
    let area = q.intersection(clip)
    guard !area.isEmpty else { return true }
    let count = area.x1 - area.x0
    let store = tint == 0xFFFF_FFFF && texture.opaque
    var row = target.pixels + area.y0 * target.stride + area.x0
    var src = texture.texels + (texel.y + area.y0 - q.y0) * texture.width + texel.x + area.x0 - q.x0
    for _ in area.y0..<area.y1 {
      if store {
        row.update(from: src, count: count)
      } else {
        copyRow(row, src, count, tint: tint)
      }
      row += target.stride
      src += texture.width
    }
    return true
  }

  /// Composites `count` texels over `dst`, tinted by `tint` (premultiplied; white leaves
  /// them as they are): four at a time, skipping empty ones before tinting, since most of a
  /// glyph's box is empty.
  @inline(__always)
  static func copyRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, tint: UInt32) {
    let white = tint == 0xFFFF_FFFF
    let tints = SIMD4<UInt32>(repeating: tint)
    var i = 0
    while i + 4 <= count {
      var t = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<UInt32>.self)
      if t != .zero {
        if !white { t = modulate(t, tints) }
        place(t, at: dst + i)
      }
      i += 4
    }
    while i < count {
      place(white ? src[i] : modulate(src[i], tint), at: dst + i)
      i += 1
    }
  }
}
