import FoundationEssentials

/// Rasterizes a SwiftUI-style mesh gradient into an `ImageBuffer` on the CPU.
///
/// The grid of control points and colors is interpolated by a tensor-product Catmull-Rom
/// surface, which passes through every control point and is C¹ across cell borders, so no
/// seams show where cells meet. Each cell is diced into small triangles that are shaded with
/// barycentric color interpolation, and an ordered dither hides 8-bit banding when the
/// low-resolution image is scaled up. Rendering at reduced resolution and letting the GPU
/// (or SDL's scaler) filter it up is far cheaper than covering the window with triangles.
public enum MeshGradientRaster {
  /// Renders the mesh into `image`, whose pixels are overwritten.
  ///
  /// - Parameters:
  ///   - width: control points per row.
  ///   - height: control points per column.
  ///   - points: `width × height` positions in unit coordinates (0…1), row by row.
  ///   - colors: one color per point.
  ///   - subdivisions: triangles per cell side at most; 12 is smooth at any window size, and a
  ///     small image uses fewer, down to 2, keeping sub-cells about 3.5 pixels or larger.
  public static func render(
    width: Int, height: Int, points: [Point], colors: [Color], into image: inout ImageBuffer,
    subdivisions: Int = 12
  ) {
    guard width >= 2, height >= 2, points.count == width * height, colors.count == points.count
    else { return }
    let w = image.width
    let h = image.height
    let sx = Double(w)
    let sy = Double(h)
    // Sub-cells smaller than about 3.5 pixels add triangles, not smoothness: a small image (the
    // overview's mesh cell is about 40×22) would otherwise take ~1,150 sub-pixel triangles a
    // frame. A window-sized image (160×90 at 1280×720) keeps all 12.
    let fit = min(Double(w) / Double(width - 1), Double(h) / Double(height - 1)) / 3.5
    let n = max(1, min(subdivisions, fit >= 2 ? Int(fit) : 2))
    let cols = (width - 1) * n + 1
    let rows = (height - 1) * n + 1
    var samplePos = [Point](repeating: .zero, count: cols * rows)
    var sampleCol = [SIMD4<Double>](repeating: .zero, count: cols * rows)
    let cvec = colors.map { SIMD4<Double>($0.red, $0.green, $0.blue, $0.opacity) }

    @inline(__always) func idx(_ i: Int, _ j: Int) -> Int {
      min(max(j, 0), height - 1) * width + min(max(i, 0), width - 1)
    }
    // Catmull-Rom tangent at a grid index, one-sided at the border.
    @inline(__always) func crWeights(_ t: Double) -> (Double, Double, Double, Double) {
      let t2 = t * t
      let t3 = t2 * t
      return (
        -0.5 * t3 + t2 - 0.5 * t,
        1.5 * t3 - 2.5 * t2 + 1,
        -1.5 * t3 + 2 * t2 + 0.5 * t,
        0.5 * t3 - 0.5 * t2
      )
    }
    for gy in 0..<rows {
      let cellY = min(gy / n, height - 2)
      let ty = Double(gy - cellY * n) / Double(n)
      let wy = crWeights(ty)
      let wys = SIMD4<Double>(wy.0, wy.1, wy.2, wy.3)
      for gx in 0..<cols {
        let cellX = min(gx / n, width - 2)
        let tx = Double(gx - cellX * n) / Double(n)
        let wx = crWeights(tx)
        let wxs = SIMD4<Double>(wx.0, wx.1, wx.2, wx.3)
        var p = Point.zero
        var c = SIMD4<Double>.zero
        for b in 0..<4 {
          let jy = cellY - 1 + b
          for a in 0..<4 {
            let ix = cellX - 1 + a
            let k = wxs[a] * wys[b]
            let src = idx(ix, jy)
            // Mirror across the border instead of clamping so the edge tangent is the
            // one-sided difference and the border stays straight.
            var q = points[src]
            if ix < 0 || ix >= width || jy < 0 || jy >= height {
              let inner = idx(
                ix < 0 ? 1 : (ix >= width ? width - 2 : ix), jy < 0 ? 1 : (jy >= height ? height - 2 : jy))
              let edge = idx(ix, jy)
              q = points[edge] * 2 - points[inner]
            }
            p = p + q * k
            c += cvec[src] * k
          }
        }
        samplePos[gy * cols + gx] = Point(x: p.x * sx, y: p.y * sy)
        sampleCol[gy * cols + gx] = c
      }
    }
    // One buffer access for all the triangles, not one uniqueness check and closure each.
    image.pixels.withUnsafeMutableBufferPointer { px in
      for gy in 0..<(rows - 1) {
        for gx in 0..<(cols - 1) {
          let i00 = gy * cols + gx
          let i10 = i00 + 1
          let i01 = i00 + cols
          let i11 = i01 + 1
          rasterize(
            samplePos[i00], samplePos[i10], samplePos[i11], sampleCol[i00], sampleCol[i10], sampleCol[i11], px, w, h)
          rasterize(
            samplePos[i00], samplePos[i11], samplePos[i01], sampleCol[i00], sampleCol[i11], sampleCol[i01], px, w, h)
        }
      }
    }
    image.generation &+= 1
  }

  /// 4×4 Bayer thresholds in −0.5…0.5 of one 8-bit step, plus the 0.5 that rounds; a vector
  /// rather than an array, so a lookup has no bounds check or lazy global behind it.
  private static let bayer =
    SIMD16<Double>(0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5) / 16
    + SIMD16<Double>(repeating: 0.5 / 16 - 0.5 + 0.5)

  private static func rasterize(
    _ a: Point, _ b: Point, _ c: Point, _ ca: SIMD4<Double>, _ cb: SIMD4<Double>, _ cc: SIMD4<Double>,
    _ px: UnsafeMutableBufferPointer<UInt32>, _ w: Int, _ h: Int
  ) {
    let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    if abs(area) < 1e-12 { return }
    guard px.count >= w * h else { return }
    let minX = max(0, Int((min(a.x, b.x, c.x) - 0.5).rounded(.down)))
    let maxX = min(w - 1, Int((max(a.x, b.x, c.x) - 0.5).rounded(.up)))
    let minY = max(0, Int((min(a.y, b.y, c.y) - 0.5).rounded(.down)))
    let maxY = min(h - 1, Int((max(a.y, b.y, c.y) - 0.5).rounded(.up)))
    if minX > maxX || minY > maxY { return }
    let inv = 1 / area
    // A hair of slack so pixel centers exactly on a shared edge belong to both triangles.
    let eps = -1e-9
    // Edge functions are affine in x, so each row steps them by a constant per pixel.
    let d0 = -(c.y - b.y) * inv
    let d1 = -(a.y - c.y) * inv
    let bayer = Self.bayer
    do {
      for y in minY...maxY {
        let py = Double(y) + 0.5
        let x0 = Double(minX) + 0.5
        var w0 = ((b.x - x0) * (c.y - py) - (b.y - py) * (c.x - x0)) * inv
        var w1 = ((c.x - x0) * (a.y - py) - (c.y - py) * (a.x - x0)) * inv
        let row = y * w
        let brow = (y & 3) * 4
        for x in minX...maxX {
          let w2 = 1 - w0 - w1
          if w0 >= eps && w1 >= eps && w2 >= eps {
            let col = (ca * w0 + cb * w1 + cc * w2) * 255
            let d = bayer[brow + (x & 3)]
            @inline(__always) func q(_ v: Double) -> UInt32 {
              UInt32(max(0, min(255, v + d)))
            }
            px[row + x] = q(col.x) | (q(col.y) << 8) | (q(col.z) << 16) | (q(col.w) << 24)
          }
          w0 += d0
          w1 += d1
        }
      }
    }
  }
}
