// Stage: linear gradient images: the ramp sampled into a table once, then dithered pixel by pixel.

import Graphics

/// Renders linear gradients into images, dithered with the `Bayer` matrix so that slow ramps
/// show no 8-bit bands: the picture every renderer draws for a gradient fill that is not a
/// vertical ramp it can dither itself.
public enum GradientRaster {
  /// Renders a linear gradient at `width × height` pixels.
  ///
  /// - Parameters:
  ///   - start: where the gradient line starts, in unit coordinates of the image (0…1).
  ///   - end: where the gradient line ends.
  ///   - opaque: whether every color of the gradient is opaque, which the image then says.
  ///   - color: the gradient's color at a parameter along its line, 0 at `start` and 1 at `end`.
  public static func render(
    from start: Point, to end: Point, width w: Int, height h: Int, opaque: Bool, color: (Double) -> Color
  ) -> ImageBuffer {
    var img = ImageBuffer(width: w, height: h, smooth: true)
    let d = Point(x: end.x - start.x, y: end.y - start.y)
    let len2 = max(1e-12, d.x * d.x + d.y * d.y)
    var ramp = DitheredRamp()
    // The same products as `((u - sx)·dx + (v - sy)·dy) / len²` per pixel, hoisted, so the
    // result is bit-identical to evaluating it in full.
    let uTerms = (0..<w).map { x in ((Double(x) + 0.5) / Double(w) - start.x) * d.x }
    let vertical = d.x == 0
    func index(_ uTerm: Double, _ vTerm: Double) -> Int {
      DitheredRamp.index(max(0, min(1, (uTerm + vTerm) / len2)))
    }
    var indices = [Int](repeating: 0, count: w)
    for y in 0..<h {
      let vTerm = ((Double(y) + 0.5) / Double(h) - start.y) * d.y
      for x in 0..<(vertical ? 1 : w) {
        let i = index(uTerms[x], vTerm)
        ramp.prepare(i, color)
        indices[x] = i
      }
      let row = (y & 3) * 4
      ramp.packed.withUnsafeBufferPointer { table in
        indices.withUnsafeBufferPointer { indices in
          img.pixels.withUnsafeMutableBufferPointer { px in
            for x in 0..<w {
              px[y * w + x] = table[(row + (x & 3)) * DitheredRamp.rowLength + indices[vertical ? 0 : x]]
            }
          }
        }
      }
    }
    img.generation = 1
    img.opaque = opaque
    return img
  }
}

/// A gradient's colors sampled at 4096 steps along its parameter, each step packed as an
/// 8-bit RGBA pixel once for each of the 16 offsets of the `Bayer` dither: the per-pixel work
/// of a gradient image is then two lookups.
///
/// 4096 steps are finer than 8-bit color. Steps are filled when first asked for, so a
/// window-high vertical ramp computes only as many as it has rows; that keeps a full-window
/// backdrop cheap even in a debug build, where it otherwise held up a window's first frame by
/// half a second.
struct DitheredRamp {
  /// The steps from parameter 0 to 1 (computed properties: a static stored one is a lazily
  /// initialized global, checked on every use).
  @inline(__always) static var steps: Int { 4096 }
  /// Entries per dither offset in `packed`.
  @inline(__always) static var rowLength: Int { steps + 1 }
  /// `packed[k * rowLength + i]`: step `i` with dither offset `k` (row `k / 4`, column `k % 4`).
  var packed = [UInt32](repeating: 0, count: 16 * rowLength)
  private var filled = [Bool](repeating: false, count: rowLength)

  /// The step nearest to parameter `t`, which must lie in 0…1.
  @inline(__always)
  static func index(_ t: Double) -> Int { Int((t * Double(steps)).rounded()) }

  /// Computes step `i` from `color` (the gradient's color at a parameter) unless it is
  /// computed already.
  @inline(__always)
  mutating func prepare(_ i: Int, _ color: (Double) -> Color) {
    if !filled[i] { fill(i, color) }
  }

  private mutating func fill(_ i: Int, _ color: (Double) -> Color) {
    filled[i] = true
    let c = color(Double(i) / Double(Self.steps))
    let (r, gr, b) = (c.red * 255, c.green * 255, c.blue * 255)
    let a = UInt32(max(0, min(255, (c.opacity * 255).rounded())))
    func channel(_ v: Double, _ dither: Double) -> UInt32 {
      UInt32(max(0, min(255, (v + dither).rounded())))
    }
    for k in 0..<16 {
      let dz = Double(Bayer.row(k >> 2)[k & 3])
      packed[k * Self.rowLength + i] = channel(r, dz) | channel(gr, dz) << 8 | channel(b, dz) << 16 | a << 24
    }
  }
}
