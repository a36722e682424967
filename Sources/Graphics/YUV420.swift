/// Converts drawn pixels to the Y′CbCr 4:2:0 planes video encoders take (I420: a Y plane, then
/// Cb, then Cr), with Rec. 709's coefficients and limited range, as HD video is tagged.
///
/// `record` converts here rather than in ffmpeg: swscale spent as long on this as x264 spent
/// encoding, on the encoder's side of a two-core machine, and the planes are 1.5 bytes a pixel
/// against 4 through the pipe. Chroma is the mean of each 2×2 block (centre-sited), computed
/// from the block's mean colour, which is the same thing since the transform is linear.
public enum YUV420 {
  /// Bytes of the three planes for a `width × height` picture; odd sides round the chroma up.
  public static func byteCount(width: Int, height: Int) -> Int {
    width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
  }

  // 16.16 fixed point: Kr = 0.2126, Kb = 0.0722; luma scaled by 219/255, chroma by 224/255.
  private static let yr = 11_966, yg = 40_254, yb = 4064
  private static let ur = -6_596, ug = -22_188, ub = 28_784
  private static let vr = 28_784, vg = -26_145, vb = -2_639
  private static let half = 1 << 15

  /// Writes the planes of `height` rows of `width` pixels, `stride` pixels apart, each
  /// `0xAARRGGBB` and taken as opaque (premultiplied colour is the picture over black), into
  /// `out`, which holds `byteCount(width:height:)` bytes.
  public static func convert(
    _ pixels: UnsafePointer<UInt32>, width: Int, height: Int, stride: Int, into out: UnsafeMutablePointer<UInt8>
  ) {
    let cw = (width + 1) / 2
    let ch = (height + 1) / 2
    let planes = Planes(y: out, u: out + width * height, v: out + width * height + cw * ch, width: width, cw: cw)
    for by in 0..<ch {
      let y0 = 2 * by
      let y1 = min(y0 + 1, height - 1)
      var bx = 0
      // Eight blocks (sixteen pixels of two rows) at a time, where both rows are whole.
      if y1 > y0 {
        while 2 * bx + 16 <= width {
          eightBlocks(
            pixels + y0 * stride + 2 * bx, pixels + y1 * stride + 2 * bx, planes, row: y0, x: 2 * bx,
            block: by * cw + bx)
          bx += 8
        }
      }
      while bx < cw {
        block(
          pixels, stride: stride, planes, y0: y0, y1: y1, x0: 2 * bx, x1: min(2 * bx + 1, width - 1), c: by * cw + bx)
        bx += 1
      }
    }
  }

  /// Where the three planes start, and their row lengths.
  private struct Planes {
    var y, u, v: UnsafeMutablePointer<UInt8>
    var width, cw: Int
  }

  /// One 2×2 block (a side may repeat its pixel at an odd edge), pixel by pixel.
  @inline(__always)
  private static func block(
    _ pixels: UnsafePointer<UInt32>, stride: Int, _ p: Planes, y0: Int, y1: Int, x0: Int, x1: Int, c: Int
  ) {
    let (q0, q1) = (pixels[y0 * stride + x0], pixels[y0 * stride + x1])
    let (q2, q3) = (pixels[y1 * stride + x0], pixels[y1 * stride + x1])
    p.y[y0 * p.width + x0] = luma(q0)
    p.y[y0 * p.width + x1] = luma(q1)
    p.y[y1 * p.width + x0] = luma(q2)
    p.y[y1 * p.width + x1] = luma(q3)
    // Sums of four: the chroma coefficients take them with two more bits of scale.
    let r = channel(q0, 16) + channel(q1, 16) + channel(q2, 16) + channel(q3, 16)
    let g = channel(q0, 8) + channel(q1, 8) + channel(q2, 8) + channel(q3, 8)
    let b = channel(q0, 0) + channel(q1, 0) + channel(q2, 0) + channel(q3, 0)
    p.u[c] = UInt8(truncatingIfNeeded: 128 + ((ur * r + ug * g + ub * b + 4 * half) >> 18))
    p.v[c] = UInt8(truncatingIfNeeded: 128 + ((vr * r + vg * g + vb * b + 4 * half) >> 18))
  }

  /// Sixteen pixels of two rows at once: the same arithmetic as `block`, in vectors.
  @inline(__always)
  private static func eightBlocks(
    _ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>, _ p: Planes, row: Int, x: Int, block c: Int
  ) {
    let a = UnsafeRawPointer(top).loadUnaligned(as: SIMD16<UInt32>.self)
    let b = UnsafeRawPointer(bottom).loadUnaligned(as: SIMD16<UInt32>.self)
    let (ra, ga, ba) = channels(a)
    let (rb, gb, bb) = channels(b)
    UnsafeMutableRawPointer(p.y + row * p.width + x).storeBytes(of: luma(ra, ga, ba), as: SIMD16<UInt8>.self)
    UnsafeMutableRawPointer(p.y + (row + 1) * p.width + x).storeBytes(of: luma(rb, gb, bb), as: SIMD16<UInt8>.self)
    let r = ra.evenHalf &+ ra.oddHalf &+ rb.evenHalf &+ rb.oddHalf
    let g = ga.evenHalf &+ ga.oddHalf &+ gb.evenHalf &+ gb.oddHalf
    let bl = ba.evenHalf &+ ba.oddHalf &+ bb.evenHalf &+ bb.oddHalf
    let u = 128 &+ ((Int32(ur) &* r &+ Int32(ug) &* g &+ Int32(ub) &* bl &+ Int32(4 * half)) &>> 18)
    let v = 128 &+ ((Int32(vr) &* r &+ Int32(vg) &* g &+ Int32(vb) &* bl &+ Int32(4 * half)) &>> 18)
    UnsafeMutableRawPointer(p.u + c).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: u), as: SIMD8<UInt8>.self)
    UnsafeMutableRawPointer(p.v + c).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: v), as: SIMD8<UInt8>.self)
  }

  @inline(__always)
  private static func channels(_ p: SIMD16<UInt32>) -> (SIMD16<Int32>, SIMD16<Int32>, SIMD16<Int32>) {
    let mask = SIMD16<UInt32>(repeating: 0xFF)
    return (
      SIMD16<Int32>(truncatingIfNeeded: (p &>> 16) & mask), SIMD16<Int32>(truncatingIfNeeded: (p &>> 8) & mask),
      SIMD16<Int32>(truncatingIfNeeded: p & mask)
    )
  }

  @inline(__always)
  private static func luma(_ r: SIMD16<Int32>, _ g: SIMD16<Int32>, _ b: SIMD16<Int32>) -> SIMD16<UInt8> {
    SIMD16<UInt8>(
      truncatingIfNeeded: 16 &+ ((Int32(yr) &* r &+ Int32(yg) &* g &+ Int32(yb) &* b &+ Int32(half)) &>> 16))
  }

  @inline(__always)
  private static func channel(_ p: UInt32, _ shift: UInt32) -> Int { Int((p >> shift) & 0xFF) }

  @inline(__always)
  private static func luma(_ p: UInt32) -> UInt8 {
    UInt8(truncatingIfNeeded: 16 + ((yr * channel(p, 16) + yg * channel(p, 8) + yb * channel(p, 0) + half) >> 16))
  }
}
