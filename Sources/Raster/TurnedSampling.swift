// Stage: bilinear sampling of turned spans, two pixels at a time in 16-bit lanes.

import Graphics

extension Rasterizer {
  /// Whether the samples at `u + k·dU`, `v + k·dV` (40.24 fixed point) for k in 0...last all
  /// read texel pairs inside a texture whose last column and row are `maxX` and `maxY`. They
  /// do when both ends do, since the coordinates are linear in k, provided the far end is
  /// computed without wrapping: a wrapped end could land inside while the pixels between
  /// read far outside, so steps over 2¹⁶ texels a pixel and spans over 2²⁰ pixels (never
  /// drawn in practice) are refused first.
  @inline(__always)
  static func pairsInside(u: Int, v: Int, dU: Int, dV: Int, last: Int, maxX: Int, maxY: Int) -> Bool {
    let bound = 1 << 40
    guard last >= 0, last < 1 << 20, u >= 0, v >= 0, u < 1 << 60, v < 1 << 60, dU > -bound, dU < bound,
      dV > -bound, dV < bound
    else { return false }
    let uEnd = u &+ dU &* last
    let vEnd = v &+ dV &* last
    return uEnd >= 0 && vEnd >= 0 && max(u, uEnd) >> 24 < maxX && max(v, vEnd) >> 24 < maxY
  }

  /// Groups of four pixels of a turned span whose texel pairs all lie in the texture: sampled
  /// two at a time with `bilinear`, the four tinted by `tint` (none for white) and placed.
  /// Kept out of `texturedSpan`, whose many live values would otherwise crowd its registers.
  @inline(never)
  static func turnedGroups(
    _ start: UnsafeMutablePointer<UInt32>, groups: Int, texels: UnsafePointer<UInt32>, width w: Int,
    u u0: Int, v v0: Int, dU: Int, dV: Int, tint: UInt32?
  ) {
    var (u, v, p) = (u0, v0, start)
    @inline(__always) func samples() -> SIMD2<UInt32> {
      let (u1, v1) = (u &+ dU, v &+ dV)
      defer {
        u = u1 &+ dU
        v = v1 &+ dV
      }
      return bilinear(
        texels + ((v >> 24) &* w &+ (u >> 24)), texels + ((v1 >> 24) &* w &+ (u1 >> 24)), stride: w,
        wx: (UInt64(truncatingIfNeeded: (u >> 16) & 255), UInt64(truncatingIfNeeded: (u1 >> 16) & 255)),
        wy: (UInt64(truncatingIfNeeded: (v >> 16) & 255), UInt64(truncatingIfNeeded: (v1 >> 16) & 255)))
    }
    for _ in 0..<groups {
      let a = samples()
      let b = samples()
      var t = SIMD4(a[0], a[1], b[0], b[1])
      if let tint { t = modulate(t, SIMD4(repeating: tint)) }
      place(t, at: p)
      p += 4
    }
  }

  /// Bilinear samples for two pixels: for each, the texel pair at `p` (or `q`) blended with
  /// the pair one row below (`stride` texels on) by `wy` out of 256, then the left texel with
  /// the right by `wx`, each channel rounded as `lerp` rounds it. The result is
  /// `lerp(lerp(tl, bl, wy), lerp(tr, br, wy), wx)` exactly. All four pairs must lie in the
  /// texture.
  @inline(__always)
  static func bilinear(
    _ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, stride: Int, wx: (UInt64, UInt64), wy: (UInt64, UInt64)
  ) -> SIMD2<UInt32> {
    @inline(__always) func load(_ p: UnsafePointer<UInt32>) -> UInt64 {
      UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    }
    // Each pair, eight bytes, spread over eight 16-bit lanes: blue and red of both texels in
    // the low four, green and alpha in the high four. Two pixels fill a 256-bit register.
    let m = SIMD4<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
    let (t0, t1, b0, b1) = (load(p), load(q), load(p + stride), load(q + stride))
    let top = unsafeBitCast(SIMD4(t0, t0 >> 8, t1, t1 >> 8) & m, to: SIMD16<UInt16>.self)
    let bottom = unsafeBitCast(SIMD4(b0, b0 >> 8, b1, b1 >> 8) & m, to: SIMD16<UInt16>.self)
    let half = SIMD16<UInt16>(repeating: 128)
    // Each weight in every 16-bit lane of its pixel's half. Building the lanes from 64-bit
    // words vectorizes better than from 16-bit halves here.
    let k: UInt64 = 0x0001_0001_0001_0001
    let (y0, y1) = (wy.0 &* k, wy.1 &* k)
    let down = unsafeBitCast(SIMD4(y0, y0, y1, y1), to: SIMD16<UInt16>.self)
    // a·256 + (b − a)·w + 128 is lerp's a·(256 − w) + b·w + 128, below 2¹⁶ for w < 256, so the
    // wrapping difference and product come out exact.
    let pair = ((top &<< 8) &+ (bottom &- top) &* down &+ half) &>> 8
    // The right texel's channels moved under the left's.
    let right = unsafeBitCast(unsafeBitCast(pair, to: SIMD4<UInt64>.self) &>> 32, to: SIMD16<UInt16>.self)
    let (x0, x1) = (wx.0 &* k, wx.1 &* k)
    let across = unsafeBitCast(SIMD4(x0, x0, x1, x1), to: SIMD16<UInt16>.self)
    let mixed = unsafeBitCast(((pair &<< 8) &+ (right &- pair) &* across &+ half) &>> 8, to: SIMD4<UInt64>.self)
    // Blue and red sit in the low 32 bits of each pixel's first word, green and alpha in its second's.
    let low = SIMD2<UInt32>(truncatingIfNeeded: SIMD2(mixed[0], mixed[2]))
    let high = SIMD2<UInt32>(truncatingIfNeeded: SIMD2(mixed[1], mixed[3]))
    return low | high &<< 8
  }
}
