// Stage: area down-scaling: each pixel of a smaller copy averages the source pixels under it.

import Graphics

/// Shrinks a picture by averaging, for each pixel of the copy, every whole source pixel under
/// it, each counted once. Bilinear sampling of a picture drawn much smaller than its pixels
/// skips most of them and shimmers as it moves; this is what a mipmap or a box filter avoids.
///
/// Images (`ImageBuffer.areaDownscaled`) and the glyph atlas's shrunk emoji both go through
/// `average`. Each says which source pixels lie under a pixel of the copy and how it sums
/// them: an image sums exact integers, and a glyph the `Float` premultiplied colors that its
/// path for enlarging filters too.
public enum AreaFilter {
  /// Calls `store(x, y, sum, count)` for each pixel of a `width × height` copy, with the sum of
  /// the source pixels under it and how many they are. The pixels under column `x` and row `y`
  /// are `columns(x) × rows(y)`; each is added with `add(&sum, sourceX, sourceY)`, row by row,
  /// starting from `zero`.
  @inlinable
  public static func average<Sum>(
    width: Int, height: Int, columns: (Int) -> Range<Int>, rows: (Int) -> Range<Int>, zero: Sum,
    add: (inout Sum, Int, Int) -> Void, store: (Int, Int, Sum, Int) -> Void
  ) {
    guard width > 0, height > 0 else { return }
    for y in 0..<height {
      let ys = rows(y)
      for x in 0..<width {
        let xs = columns(x)
        var sum = zero
        for sy in ys {
          for sx in xs { add(&sum, sx, sy) }
        }
        store(x, y, sum, xs.count * ys.count)
      }
    }
  }

  /// The source pixels under pixel `i` of `count` along an axis of `length` source pixels: from
  /// `i·length/count` to `(i + 1)·length/count` in whole pixels, and at least one.
  @inlinable
  public static func footprint(_ i: Int, of count: Int, in length: Int) -> Range<Int> {
    let start = i * length / count
    return start..<max(start + 1, (i + 1) * length / count)
  }
}

extension ImageBuffer {
  /// A copy shrunk to `width × height` by the area filter: each new pixel averages, in
  /// premultiplied alpha, every source pixel under it (whole pixels; each source pixel counts
  /// once), so a picture drawn much smaller than its pixels does not shimmer as it moves.
  /// Transparent pixels of the copy are bled, for renderers that filter in straight alpha.
  ///
  /// Returns the image itself when the size is not smaller in both directions.
  public func areaDownscaled(width tw: Int, height th: Int) -> ImageBuffer {
    guard tw >= 1, th >= 1, tw <= width, th <= height, tw < width || th < height,
      pixels.count >= width * height
    else { return self }
    var out = ImageBuffer(width: tw, height: th, smooth: smooth)
    let (sw, sh) = (width, height)
    pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        AreaFilter.average(
          width: tw, height: th, columns: { AreaFilter.footprint($0, of: tw, in: sw) },
          rows: { AreaFilter.footprint($0, of: th, in: sh) }, zero: (r: 0, g: 0, b: 0, a: 0),
          add: { sum, x, y in
            let p = src[y * sw + x]
            let pa = Int(p >> 24)
            sum.r += Int(p & 0xFF) * pa
            sum.g += Int((p >> 8) & 0xFF) * pa
            sum.b += Int((p >> 16) & 0xFF) * pa
            sum.a += pa
          },
          store: { x, y, sum, n in
            let a = sum.a
            guard a > 0 else { return }
            // Straight color is Σ(c·α)/Σα; alpha is the mean, rounded.
            let ch = { (v: Int) -> UInt32 in UInt32(min(255, (v + a / 2) / a)) }
            dst[y * tw + x] = ch(sum.r) | ch(sum.g) << 8 | ch(sum.b) << 16 | UInt32(min(255, (a + n / 2) / n)) << 24
          })
      }
    }
    out.opaque = opaque
    if !opaque { out.bleedTransparentColors(x: 0, y: 0, width: tw, height: th) }
    return out
  }
}
