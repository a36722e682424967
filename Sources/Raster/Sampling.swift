// Stage: texture sampling: texel coordinates in fixed point, nearest or bilinear along a span.

import Graphics

extension Rasterizer {
  /// How far, in units of 2⁻²⁴ texel, a position may be from a whole texel and still count as
  /// one: Float plane setup errs by well under that across a 1280-pixel row (tested out to x = 1277),
  /// and 8-bit weights resolve 2¹⁶.
  static let texelSlack = 1 << 12

  /// How far a per-pixel step may be from one texel and still count as one: over a 4096-pixel
  /// span the drift stays under 2¹⁶, a weight step.
  static let stepSlack = 16

  /// `u` (40.24 fixed point) moved onto the nearest whole texel when it is within
  /// `texelSlack` of one; otherwise unchanged.
  @inline(__always)
  static func snapTexel(_ u: Int) -> Int {
    let r = (u &+ (1 << 23)) & ~0xFF_FFFF
    return abs(u &- r) <= texelSlack ? r : u
  }

  /// A texture coordinate in 40.24 fixed point; far-off and non-finite values are clamped
  /// (the texel index is clamped again where it is used).
  @inline(__always)
  static func fixed24(_ v: Float) -> Int {
    let c: Float = v.isNaN ? 0 : (v < -1e9 ? -1e9 : (v > 1e9 ? 1e9 : v))
    return Int(Double(c) * 16_777_216)
  }

  /// A span of a textured triangle: texture coordinates interpolated per pixel, sampled
  /// bilinearly (or nearest) in premultiplied space, tinted by the vertex colors.
  ///
  /// Coordinates step in 40.24 fixed point from the row's value at x = 0, so a pixel's sample
  /// does not depend on where its span was cut (by a clip or a damage region). An upright quad
  /// (images, glyphs, gradients) blends its two texel rows once per texel, not once per pixel,
  /// and one drawn at its own size on whole texels is a copy.
  @inline(__always)
  static func texturedSpan(
    _ row: UnsafeMutablePointer<UInt32>, from start: Int, count: Int, uv: TexelPlanes,
    x0: Float, cy: Float, flat: Bool, c0: UInt32,
    f0: SIMD4<Float>, cdx: SIMD4<Float>, cdy: SIMD4<Float>, texture: RasterTexture
  ) {
    let (udx, udy, vdx, vdy) = (uv.udx, uv.udy, uv.vdx, uv.vdy)
    // Texel centers sit at half-integers.
    var dU = fixed24(udx)
    let dV = fixed24(vdx)
    // The row's coordinates at x = 0.
    var u = fixed24(uv.u0 + udx * x0 + udy * cy - 0.5)
    var v = fixed24(uv.v0 + vdx * x0 + vdy * cy - 0.5)
    if dV == 0, abs(dU &- (1 << 24)) <= stepSlack {
      // A quad at its own size whose plane came out a few units of 2⁻²⁴ off in Float (a glyph
      // at some x): exactly on whole texels, so it takes the copy below instead of blending two
      // texels with a weight of 0 or 255/256, which is the same texel to within one level. The
      // step is corrected before it is taken `start` times.
      dU = 1 << 24
      u = snapTexel(u)
      v = snapTexel(v)
    }
    u &+= dU &* start
    v &+= dV &* start
    let c0row = f0 + cdx * x0 + cdy * cy
    let white = c0 == 0xFFFF_FFFF && flat
    let texels = texture.texels
    let w = texture.width
    let maxX = texture.width - 1
    let maxY = texture.height - 1
    let smooth = texture.smooth
    @inline(__always) func clampX(_ i: Int) -> Int { i < 0 ? 0 : (i > maxX ? maxX : i) }
    @inline(__always) func clampY(_ i: Int) -> Int { i < 0 ? 0 : (i > maxY ? maxY : i) }
    @inline(__always) func put(_ p: UnsafeMutablePointer<UInt32>, _ texel: UInt32, _ x: Int) {
      var t = texel
      if !white { t = modulate(t, flat ? c0 : pack(c0row + cdx * Float(x))) }
      place(t, at: p)
    }
    let half = 1 << 23
    var p = row + start
    let end = start + count
    if !smooth {
      for x in start..<end {
        put(p, texels[clampY((v &+ half) >> 24) * w + clampX((u &+ half) >> 24)], x)
        p += 1
        u &+= dU
        v &+= dV
      }
      return
    }
    if dV == 0 {
      // Upright: the same two texel rows for the whole span.
      let wy = UInt32((v >> 16) & 255)
      let r0 = texels + clampY(v >> 24) * w
      let r1 = texels + clampY((v >> 24) + 1) * w
      if dU == 1 << 24, (u >> 16) & 255 == 0, wy == 0 {
        // At its own size on whole texels: a copy, a memory copy when untinted and opaque
        // (window-sized gradient backdrops).
        var ix = u >> 24
        if white && texture.opaque && ix >= 0 && ix + count <= w {
          p.update(from: r0 + ix, count: count)
          return
        }
        if flat, ix >= 0, ix + count <= w {
          copyRow(p, r0 + ix, count, tint: c0)
          return
        }
        var x = start
        while x < end {
          put(p, r0[clampX(ix)], x)
          p += 1
          ix += 1
          x += 1
        }
        return
      }
      // The texels between the span's ends, blended once each below; every pixel's lie
      // between its ends' unless the far end overflows (a hostile step of up to 2⁵⁴), when
      // the whole row is blended.
      let (reach, far) = dU.multipliedReportingOverflow(by: count - 1)
      let (uLast, past) = u.addingReportingOverflow(reach)
      let (lo, hi) =
        far || past ? (0, maxX) : (clampX(min(u, uLast) >> 24), clampX((max(u, uLast) >> 24) + 1))
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: hi - lo + 1) { blended in
        guard let b = blended.baseAddress else { return }
        for i in lo...hi { b[i - lo] = lerp(r0[i], r1[i], wy) }
        if white && texture.opaque {
          // Untinted and opaque (images, mesh gradients): a plain store per pixel, with no
          // branch on the texels (neighbours in a gradient are equal at random) and wrapping
          // arithmetic (the indices are clamped, so they cannot overflow).
          for _ in start..<end {
            let ix = u >> 24
            let i0 = clampX(ix) &- lo
            let i1 = clampX(ix &+ 1) &- lo
            p.pointee = lerpUnbranched(b[i0], b[i1], UInt32(truncatingIfNeeded: (u >> 16) & 255))
            p += 1
            u &+= dU
          }
          return
        }
        for x in start..<end {
          let ix = u >> 24
          put(p, lerp(b[clampX(ix) - lo], b[clampX(ix + 1) - lo], UInt32((u >> 16) & 255)), x)
          p += 1
          u &+= dU
        }
      }
      return
    }
    var x = start
    if flat {
      // Turned or sheared (rotating emoji): four pixels at a time, their texels gathered one
      // by one and blended, tinted and composited in 16-bit lanes, with the same rounding as
      // the scalar loop below.
      let tint = SIMD4<UInt32>(repeating: c0)
      // When the groups' texel pairs all lie in the texture, the eight clamps a pixel would
      // need are left out, and each texel pair is one load.
      if pairsInside(u: u, v: v, dU: dU, dV: dV, last: (end - x) / 4 * 4 - 1, maxX: maxX, maxY: maxY) {
        let groups = (end - x) / 4
        turnedGroups(
          p, groups: groups, texels: texels, width: w, u: u, v: v, dU: dU, dV: dV, tint: white ? nil : c0)
        p += 4 * groups
        x += 4 * groups
        u &+= dU &* (4 * groups)
        v &+= dV &* (4 * groups)
      } else {
        while x + 4 <= end {
          // One pixel's four texels and two weights; built as whole vectors below, since
          // setting vector lanes one at a time goes through memory and stalls.
          @inline(__always) func sample() -> (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) {
            let ix = u >> 24
            let iy = v >> 24
            let xa = clampX(ix)
            let xb = clampX(ix &+ 1)
            let ra = texels + clampY(iy) * w
            let rb = texels + clampY(iy &+ 1) * w
            defer {
              u &+= dU
              v &+= dV
            }
            return (
              ra[xa], ra[xb], rb[xa], rb[xb], UInt32(truncatingIfNeeded: (u >> 16) & 255),
              UInt32(truncatingIfNeeded: (v >> 16) & 255)
            )
          }
          let s0 = sample()
          let s1 = sample()
          let s2 = sample()
          let s3 = sample()
          let tl = SIMD4(s0.0, s1.0, s2.0, s3.0)
          let tr = SIMD4(s0.1, s1.1, s2.1, s3.1)
          let bl = SIMD4(s0.2, s1.2, s2.2, s3.2)
          let br = SIMD4(s0.3, s1.3, s2.3, s3.3)
          let wx = SIMD4(s0.4, s1.4, s2.4, s3.4)
          let wy = SIMD4(s0.5, s1.5, s2.5, s3.5)
          let wy2 = wy &* 0x0001_0001
          var t = blend(blend(tl, bl, wy2), blend(tr, br, wy2), wx &* 0x0001_0001)
          if !white { t = modulate(t, tint) }
          place(t, at: p)
          p += 4
          x += 4
        }
      }
    }
    while x < end {
      let ix = u >> 24
      let iy = v >> 24
      let xa = clampX(ix)
      let xb = clampX(ix + 1)
      let ra = texels + clampY(iy) * w
      let rb = texels + clampY(iy + 1) * w
      let wy = UInt32((v >> 16) & 255)
      put(p, lerp(lerp(ra[xa], rb[xa], wy), lerp(ra[xb], rb[xb], wy), UInt32((u >> 16) & 255)), x)
      p += 1
      x += 1
      u &+= dU
      v &+= dV
    }
  }
}
