// Stage: one premultiplied pixel at a time: premultiplying, packing, compositing and blending.

import Graphics

extension Rasterizer {
  /// Premultiplies a straight color given as 0…255 components, packed as `0xAARRGGBB`.
  @inline(__always)
  public static func premultiply(r: UInt32, g: UInt32, b: UInt32, a: UInt32) -> UInt32 {
    @inline(__always) func m(_ c: UInt32) -> UInt32 {
      let t = c &* a &+ 128
      return (t &+ (t >> 8)) >> 8
    }
    return a << 24 | m(r) << 16 | m(g) << 8 | m(b)
  }

  /// The premultiplied pixel of a vertex color.
  @inline(__always)
  public static func premultiply(_ c: RGBA8) -> UInt32 {
    premultiply(r: UInt32(c.r), g: UInt32(c.g), b: UInt32(c.b), a: UInt32(c.a))
  }

  /// `src + dst·(1 − αsrc)` for premultiplied pixels, two channels per multiply, exactly rounded.
  @inline(__always)
  static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let inv = 255 - (src >> 24)
    var rb = (dst & 0x00FF_00FF) &* inv &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((dst >> 8) & 0x00FF_00FF) &* inv &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return src &+ (rb | ag)
  }

  /// Each channel of `p` times `c`/255 (premultiplied modulation), rounded.
  @inline(__always)
  static func modulate(_ p: UInt32, _ c: UInt32) -> UInt32 {
    @inline(__always) func mul(_ shift: UInt32) -> UInt32 {
      let t = ((p >> shift) & 0xFF) &* ((c >> shift) & 0xFF) &+ 128
      return ((t &+ (t >> 8)) >> 8) << shift
    }
    return mul(24) | mul(16) | mul(8) | mul(0)
  }

  /// Puts one premultiplied pixel at `p`: stored when opaque, laid over when translucent,
  /// nothing when clear.
  @inline(__always)
  static func place(_ t: UInt32, at p: UnsafeMutablePointer<UInt32>) {
    let a = t >> 24
    if a == 255 {
      p.pointee = t
    } else if a != 0 {
      p.pointee = over(t, p.pointee)
    }
  }

  /// `a + (b − a)·w/256` per channel.
  @inline(__always)
  static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    if w == 0 || a == b { return a }
    let iw = 256 - w
    let arb: UInt32 = a & 0x00FF_00FF
    let brb: UInt32 = b & 0x00FF_00FF
    let aag: UInt32 = (a >> 8) & 0x00FF_00FF
    let bag: UInt32 = (b >> 8) & 0x00FF_00FF
    let rb: UInt32 = ((arb &* iw &+ brb &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag: UInt32 = ((aag &* iw &+ bag &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    return rb | ag << 8
  }

  /// `lerp` without its early exits, for loops where they would be mispredicted: the same
  /// result for every input (w = 0 and a = b both give a exactly).
  @inline(__always)
  static func lerpUnbranched(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb: UInt32 = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag: UInt32 =
      ((((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8)
      & 0x00FF_00FF
    return rb | ag << 8
  }

  /// Adding 1.5·2²³ to a Float in [0, 2²²) leaves its nearest integer in the low mantissa bits:
  /// a rounding with no conversion instruction and no trap.
  static let magic: Float = 12_582_912
  static let magicBits: UInt32 = 0x4B40_0000

  /// The nearest integer to `v`, for `v` in [0, 2²²); any other input (NaN included) gives some
  /// value callers clamp, never a trap.
  @inline(__always)
  static func roundedBits(_ v: Float) -> Int32 {
    Int32(bitPattern: (v + magic).bitPattern &- magicBits)
  }

  /// A premultiplied pixel's channels as R, G, B, A floats: what `pack` takes back.
  @inline(__always)
  static func channels(_ p: UInt32) -> SIMD4<Float> {
    SIMD4(Float(p >> 16 & 0xFF), Float(p >> 8 & 0xFF), Float(p & 0xFF), Float(p >> 24))
  }

  /// Packs interpolated premultiplied channels (R, G, B, A), rounded and kept premultiplied.
  @inline(__always)
  static func pack(_ c: SIMD4<Float>) -> UInt32 {
    // `min` and `max` become branch-free `minss`/`maxss`: a fringe's alpha changes every
    // pixel, so branches would be mispredicted. Same results as `v < 0 ? 0 : (v > a ? a : v)`.
    let a = min(max(c[3], 0), 255)
    @inline(__always) func q(_ v: Float) -> UInt32 {
      (min(max(v, 0), a) + magic).bitPattern & 0xFF
    }
    return q(a) << 24 | q(c[0]) << 16 | q(c[1]) << 8 | q(c[2])
  }
}
