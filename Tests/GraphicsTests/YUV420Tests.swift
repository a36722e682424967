import Graphics
import Testing

@Suite struct YUV420Tests {
  /// The planes of a picture given as rows of `0xAARRGGBB`, `stride` pixels apart.
  func planes(_ pixels: [UInt32], width: Int, height: Int, stride: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: YUV420.byteCount(width: width, height: height))
    pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer {
        YUV420.convert(src.baseAddress!, width: width, height: height, stride: stride, into: $0.baseAddress!)
      }
    }
    return out
  }

  /// Rec. 709's limited-range values for black, white and the primaries, as any reference
  /// table gives them.
  @Test func primariesHaveRec709Values() {
    let cases: [(UInt32, [UInt8])] = [
      (0xFF00_0000, [16, 128, 128]), (0xFFFF_FFFF, [235, 128, 128]), (0xFFFF_0000, [63, 102, 240]),
      (0xFF00_FF00, [173, 42, 26]), (0xFF00_00FF, [32, 240, 118]),
    ]
    for (pixel, yuv) in cases {
      let out = planes([UInt32](repeating: pixel, count: 4), width: 2, height: 2, stride: 2)
      #expect(out == [yuv[0], yuv[0], yuv[0], yuv[0], yuv[1], yuv[2]], "\(String(pixel, radix: 16))")
    }
  }

  /// Chroma is each 2×2 block's mean; odd sides repeat their last row or column into the block,
  /// and padding past `width` in a row is never read.
  @Test func chromaIsTheBlockMeanAndOddSidesRoundUp() {
    #expect(YUV420.byteCount(width: 3, height: 3) == 9 + 2 * 4)
    let (red, blue, pad): (UInt32, UInt32, UInt32) = (0xFFFF_0000, 0xFF00_00FF, 0x1234_5678)
    let rows: [UInt32] = [red, blue, red, pad, blue, red, blue, pad, red, red, red, pad]
    let out = planes(rows, width: 3, height: 3, stride: 4)
    #expect(Array(out[0..<9]) == [63, 32, 63, 32, 63, 32, 63, 63, 63])
    // Two red and two blue: halfway between their chroma.
    #expect(out[9] == 171 && out[13] == 179)
    // The right column's block is red above blue, each twice; the corner is all red.
    #expect(out[10] == 171 && out[14] == 179)
    #expect(out[12] == 102 && out[16] == 240)
  }

  /// The vector path (sixteen pixels at a time) and the edges agree with the formula applied
  /// pixel by pixel, at sizes that use both and with rows padded past their width.
  @Test(arguments: [(64, 8, 64), (37, 23, 40), (33, 4, 48), (1, 1, 1)])
  func everyPixelFollowsTheFormula(_ size: (Int, Int, Int)) {
    let (w, h, stride) = size
    var rng = SplitMix64(state: 7)
    let pixels = (0..<(stride * h)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
    let out = planes(pixels, width: w, height: h, stride: stride)
    func c(_ p: UInt32, _ s: UInt32) -> Int { Int((p >> s) & 0xFF) }
    let (cw, ch) = ((w + 1) / 2, (h + 1) / 2)
    for y in 0..<h {
      for x in 0..<w {
        let p = pixels[y * stride + x]
        let luma = 16 + ((11_966 * c(p, 16) + 40_254 * c(p, 8) + 4064 * c(p, 0) + 32_768) >> 16)
        #expect(Int(out[y * w + x]) == luma, "Y at \(x),\(y)")
      }
    }
    for by in 0..<ch {
      for bx in 0..<cw {
        let xs = [2 * bx, min(2 * bx + 1, w - 1)]
        let ys = [2 * by, min(2 * by + 1, h - 1)]
        let quad = ys.flatMap { y in xs.map { pixels[y * stride + $0] } }
        let (r, g, b) = (
          quad.map { c($0, 16) }.reduce(0, +), quad.map { c($0, 8) }.reduce(0, +), quad.map { c($0, 0) }.reduce(0, +)
        )
        let u = 128 + ((-6596 * r - 22_188 * g + 28_784 * b + 131_072) >> 18)
        let v = 128 + ((28_784 * r - 26_145 * g - 2639 * b + 131_072) >> 18)
        #expect(Int(out[w * h + by * cw + bx]) == u && Int(out[w * h + cw * ch + by * cw + bx]) == v, "\(bx),\(by)")
      }
    }
  }
}
