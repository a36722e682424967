// Stage: four and eight pixels at a time in SIMD lanes, with the one-pixel functions' rounding.

import Graphics

extension Rasterizer {
  /// Four pixels seen as eight 16-bit lanes (a free reinterpretation): after masking with
  /// `0x00FF_00FF`, each lane holds one channel with room above it for a product.
  @inline(__always)
  static func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v, to: SIMD8<UInt16>.self) }

  /// Four premultiplied pixels laid over the four at `p`, in place.
  @inline(__always)
  static func composite(_ t: SIMD4<UInt32>, over p: UnsafeMutablePointer<UInt32>) {
    let d = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
    UnsafeMutableRawPointer(p).storeBytes(of: over(t, d), as: SIMD4<UInt32>.self)
  }

  /// `over` for four pixels: the destination scaled by each source's remaining alpha in
  /// 16-bit lanes (`d·(255 − α) + 128` fits), divided by 255 with `over`'s exact rounding.
  @inline(__always)
  static func over(_ src: SIMD4<UInt32>, _ dst: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let inv = lanes((SIMD4<UInt32>(repeating: 255) &- (src &>> 24)) &* 0x0001_0001)
    let half = SIMD8<UInt16>(repeating: 128)
    var rb = lanes(dst & m) &* inv &+ half
    rb = (rb &+ (rb &>> 8)) &>> 8
    var ag = lanes((dst &>> 8) & m) &* inv &+ half
    ag = (ag &+ (ag &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
    return src &+ (unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self))
  }

  /// `modulate` for four pixels, each channel times the matching channel of `c` over 255.
  @inline(__always)
  static func modulate(_ p: SIMD4<UInt32>, _ c: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let half = SIMD8<UInt16>(repeating: 128)
    var rb = lanes(p & m) &* lanes(c & m) &+ half
    rb = (rb &+ (rb &>> 8)) &>> 8
    var ag = lanes((p &>> 8) & m) &* lanes((c &>> 8) & m) &+ half
    ag = (ag &+ (ag &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
    return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self)
  }

  /// `place` for four pixels: stored when all four are opaque (an emoji's or a glyph's
  /// inside, with no destination to read), nothing when all are clear, laid over otherwise.
  @inline(__always)
  static func place(_ t: SIMD4<UInt32>, at p: UnsafeMutablePointer<UInt32>) {
    let a = t &>> 24
    if a == SIMD4(repeating: 255) {
      UnsafeMutableRawPointer(p).storeBytes(of: t, as: SIMD4<UInt32>.self)
    } else if a != .zero {
      composite(t, over: p)
    }
  }

  /// `lerp` for four pixels at once. Each pixel's red and blue (and, shifted, its green and
  /// alpha) sit in 16-bit lanes with zero above them, where `a·(256 − w) + b·w + 128` fits,
  /// so one 16-bit multiply serves each channel and the result is exactly `lerp`'s. `w` holds
  /// each pixel's weight twice, as `w · 0x0001_0001`.
  @inline(__always)
  static func blend(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ w: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let w16 = lanes(w)
    let iw = SIMD8<UInt16>(repeating: 256) &- w16
    let half = SIMD8<UInt16>(repeating: 128)
    let rb = lanes(a & m) &* iw &+ lanes(b & m) &* w16 &+ half
    let ag = lanes((a &>> 8) & m) &* iw &+ lanes((b &>> 8) & m) &* w16 &+ half
    let low = unsafeBitCast(rb &>> 8, to: SIMD4<UInt32>.self)
    let high = unsafeBitCast(ag, to: SIMD4<UInt32>.self) & SIMD4<UInt32>(repeating: 0xFF00_FF00)
    return low | high
  }

  /// `blend` for eight pixels: one 256-bit register per step where the machine has AVX2.
  @inline(__always)
  static func blend(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>, _ w: SIMD8<UInt32>) -> SIMD8<UInt32> {
    @inline(__always) func lanes16(_ v: SIMD8<UInt32>) -> SIMD16<UInt16> { unsafeBitCast(v, to: SIMD16<UInt16>.self) }
    let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
    let w16 = lanes16(w)
    let iw = SIMD16<UInt16>(repeating: 256) &- w16
    let half = SIMD16<UInt16>(repeating: 128)
    let rb = lanes16(a & m) &* iw &+ lanes16(b & m) &* w16 &+ half
    let ag = lanes16((a &>> 8) & m) &* iw &+ lanes16((b &>> 8) & m) &* w16 &+ half
    let low = unsafeBitCast(rb &>> 8, to: SIMD8<UInt32>.self)
    let high = unsafeBitCast(ag, to: SIMD8<UInt32>.self) & SIMD8<UInt32>(repeating: 0xFF00_FF00)
    return low | high
  }

  /// `out[i] = lerp(a[i], b[i], weight)` for a row of pixels, eight and then four at a time.
  @inline(__always)
  static func lerpRows(
    _ out: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
    weight: UInt32
  ) {
    let w = SIMD4<UInt32>(repeating: weight &* 0x0001_0001)
    let w8 = SIMD8<UInt32>(repeating: weight &* 0x0001_0001)
    var i = 0
    while i + 8 <= count {
      let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<UInt32>.self)
      let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<UInt32>.self)
      UnsafeMutableRawPointer(out + i).storeBytes(of: blend(x, y, w8), as: SIMD8<UInt32>.self)
      i += 8
    }
    while i + 4 <= count {
      let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD4<UInt32>.self)
      let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD4<UInt32>.self)
      UnsafeMutableRawPointer(out + i).storeBytes(of: blend(x, y, w), as: SIMD4<UInt32>.self)
      i += 4
    }
    while i < count {
      out[i] = lerpUnbranched(a[i], b[i], weight)
      i += 1
    }
  }

  /// `pack` for four pixels whose channels are given lane by lane, with the same arithmetic
  /// lane for lane, so each result is `pack(SIMD4(r[i], g[i], b[i], a[i]))` bit for bit.
  @inline(__always)
  static func packLanes(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a alpha: SIMD4<Float>) -> SIMD4<UInt32> {
    let magic = SIMD4<Float>(repeating: Self.magic)
    let low = SIMD4<UInt32>(repeating: 0xFF)
    @inline(__always) func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
      unsafeBitCast(v + magic, to: SIMD4<UInt32>.self) & low
    }
    var a = alpha
    a.replace(with: 0, where: alpha .< 0)
    a.replace(with: 255, where: alpha .> 255)
    @inline(__always) func channel(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
      var q = v
      q.replace(with: 0, where: v .< 0)
      q.replace(with: a, where: v .> a)
      return bits(q)
    }
    return bits(a) &<< 24 | channel(r) &<< 16 | channel(g) &<< 8 | channel(b)
  }
  /// `packLanes` for eight pixels, as two groups of four.
  @inline(__always)
  static func packLanes(r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>, a alpha: SIMD8<Float>) -> SIMD8<UInt32> {
    SIMD8(
      lowHalf: packLanes(r: r.lowHalf, g: g.lowHalf, b: b.lowHalf, a: alpha.lowHalf),
      highHalf: packLanes(r: r.highHalf, g: g.highHalf, b: b.highHalf, a: alpha.highHalf))
  }
}
