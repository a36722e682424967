// Stage: mesh gradient images: a Catmull-Rom surface diced into triangles, shaded and dithered.

import FoundationEssentials
import Graphics

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
  ///   - centersOnEdges: whether the unit square runs from the first texel's centre to the
  ///     last's (texel i holds the color at i/(w − 1)), as an image quad inset by half a texel
  ///     shows it; otherwise from the image's edge to its edge.
  public static func render(
    width: Int, height: Int, points: [Point], colors: [Color], into image: inout ImageBuffer,
    subdivisions: Int = 12, centersOnEdges: Bool = false
  ) {
    let w = image.width
    let h = image.height
    let n = Self.subdivisions(
      imageWidth: w, imageHeight: h, gridWidth: width, gridHeight: height, most: subdivisions)
    guard
      let surface = MeshGradientSurface(
        width: width, height: height, points: points, colors: colors, subdivisions: n)
    else { return }
    let (cols, rows) = (surface.columns, surface.rows)
    // A pixel's centre is at i + ½: with centersOnEdges, unit 0 lands on the first and unit 1
    // on the last.
    let (sx, sy, o) = centersOnEdges ? (Double(w - 1), Double(h - 1), 0.5) : (Double(w), Double(h), 0)
    // The surface's sums leave the border's samples a rounding error off 0 or 1 (0.99999999999999989):
    // those go exactly onto the first and last centres, so the rows and columns there, which
    // lie on the lattice's edge, are its flat edges rather than slivers beside them.
    @inline(__always) func snapped(_ v: Double, _ last: Double) -> Double {
      guard centersOnEdges else { return v }
      return abs(v - o) < 1e-9 ? o : (abs(v - last) < 1e-9 ? last : v)
    }
    let samplePos = surface.positions.map {
      Point(x: snapped($0.x * sx + o, sx + o), y: snapped($0.y * sy + o, sy + o))
    }
    let sampleCol = surface.colors
    // Colors in 8-bit units as Float: a pixel's color is stepped along its row in single
    // precision, which is ample for 8-bit output and half the work of double.
    let levels = sampleCol.map { SIMD4<Float>($0 * 255) }
    // The ordered dither's offsets for each row of the matrix (y mod 4), turned so that lane 0
    // is the first pixel's (x mod 4): a row's setup picks one instead of building it.
    var dither: [SIMD4<Float>] = []
    dither.reserveCapacity(16)
    for y in 0..<4 {
      let offsets = Bayer.row(y)
      for s in 0..<4 {
        dither.append(SIMD4(offsets[s], offsets[(s + 1) & 3], offsets[(s + 2) & 3], offsets[(s + 3) & 3]))
      }
    }
    // One buffer access for all the triangles, not one uniqueness check and closure each.
    image.pixels.withUnsafeMutableBufferPointer { px in
      dither.withUnsafeBufferPointer { dither in
        for gy in 0..<(rows - 1) {
          for gx in 0..<(cols - 1) {
            let i00 = gy * cols + gx
            let i10 = i00 + 1
            let i01 = i00 + cols
            let i11 = i01 + 1
            rasterize(
              samplePos[i00], samplePos[i10], samplePos[i11], levels[i00], levels[i10], levels[i11], px, w, h, dither)
            rasterize(
              samplePos[i00], samplePos[i11], samplePos[i01], levels[i00], levels[i11], levels[i01], px, w, h, dither)
          }
        }
      }
    }
    image.generation &+= 1
  }

  /// The sub-cells per cell side for an image of `imageWidth × imageHeight` pixels: `most`,
  /// or fewer where they would be smaller than about 3.5 pixels, down to 2.
  ///
  /// Smaller sub-cells add triangles, not smoothness: a small image (the overview's mesh
  /// cell is about 40×22) would otherwise take ~1,150 sub-pixel triangles a frame. A
  /// window-sized image (160×90 at 1280×720) keeps all 12.
  public static func subdivisions(imageWidth: Int, imageHeight: Int, gridWidth: Int, gridHeight: Int, most: Int = 12)
    -> Int
  {
    let fit =
      min(Double(imageWidth) / Double(max(1, gridWidth - 1)), Double(imageHeight) / Double(max(1, gridHeight - 1)))
      / 3.5
    // At most 1,024, as `MeshGradientSurface` takes.
    return max(1, min(most, 1024, fit >= 2 ? Int(min(fit, 1024)) : 2))
  }

  /// Fills the pixels whose centers are inside triangle `a b c` with the colors `ca cb cc`
  /// (in 8-bit levels) interpolated across it, ordered-dithered and packed RGBA.
  ///
  /// Rows are walked between the triangle's edges: each row's run of pixels comes from where
  /// its center line crosses two edges, and the color steps by a constant along it. A center
  /// within a hair of an edge counts as inside, and an edge shared by two triangles is
  /// computed the same way for both (from its upper end), so shared edges leave no gap.
  private static func rasterize(
    _ a: Point, _ b: Point, _ c: Point, _ ca: SIMD4<Float>, _ cb: SIMD4<Float>, _ cc: SIMD4<Float>,
    _ px: UnsafeMutableBufferPointer<UInt32>, _ w: Int, _ h: Int, _ dither: UnsafeBufferPointer<SIMD4<Float>>
  ) {
    let area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    // Non-finite points (a scene's division by zero) draw nothing rather than trap below.
    guard area.isFinite, abs(area) >= 1e-12, px.count >= w * h, let base = px.baseAddress else { return }
    // The color plane: color(x, y) = ca + gx·(x − a.x) + gy·(y − a.y).
    let inv = 1 / area
    let (bx, by, cx, cy) = (
      Float((b.x - a.x) * inv), Float((b.y - a.y) * inv), Float((c.x - a.x) * inv), Float((c.y - a.y) * inv)
    )
    let gx = (cb - ca) * cy - (cc - ca) * by
    let gy = (cc - ca) * bx - (cb - ca) * cx
    // Vertices from top to bottom; each edge is taken from its upper end.
    @inline(__always) func above(_ p: Point, _ q: Point) -> Bool { p.y < q.y || (p.y == q.y && p.x < q.x) }
    var (top, mid, bottom) = (a, b, c)
    if above(mid, top) { swap(&top, &mid) }
    if above(bottom, mid) { swap(&mid, &bottom) }
    if above(mid, top) { swap(&top, &mid) }
    /// The edge from `p` down to `q` as its upper end and its step in x per row, worked out
    /// once per triangle: a division per edge rather than per row. Both triangles on either
    /// side of an edge take it from its upper end, so they agree on every row.
    @inline(__always) func edge(_ p: Point, _ q: Point) -> (x: Double, y: Double, step: Double, flat: Double) {
      q.y > p.y ? (p.x, p.y, (q.x - p.x) / (q.y - p.y), .nan) : (p.x, p.y, 0, min(p.x, q.x))
    }
    /// Where an edge crosses the horizontal line at `y`.
    @inline(__always) func edgeX(_ e: (x: Double, y: Double, step: Double, flat: Double), _ y: Double) -> Double {
      e.flat.isNaN ? e.x + (y - e.y) * e.step : e.flat
    }
    let longEdge = edge(top, bottom)
    let upperEdge = edge(top, mid)
    let lowerEdge = edge(mid, bottom)
    /// `v` rounded up (or down) to a whole number, as an Int clamped into `lo − 1 ... hi + 1`,
    /// so far-off or non-finite edges cannot trap; callers clamp it the rest of the way.
    ///
    /// Clamped first, to bounds that are whole numbers, and then rounded, which gives the same
    /// number: rounding by conversion costs no call into libm, as `rounded(.up)` does on a
    /// processor without SSE4.1's rounding instruction. NaN becomes `hi + 1`.
    @inline(__always) func clampedCeiling(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
      let c = max(Double(lo) - 1, min(Double(hi) + 1, v))
      let i = Int(c)
      return Double(i) < c ? i + 1 : i
    }
    @inline(__always) func clampedFloor(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
      let c = max(Double(lo) - 1, min(Double(hi) + 1, v))
      let i = Int(c)
      return Double(i) > c ? i - 1 : i
    }
    let slack = 1e-9
    let firstRow = max(0, clampedCeiling(top.y - 0.5 - slack, 0, h))
    let lastRow = min(h - 1, clampedFloor(bottom.y - 0.5 + slack, -1, h - 1))
    guard firstRow <= lastRow else { return }
    // Locals, not static lets: a static is a lazy global, checked on every use.
    let zero = SIMD4<Float>.zero
    let most = SIMD4<Float>(repeating: 255)
    // Adding 1.5·2²³ to a Float in [0, 2²²) leaves its nearest integer in the low mantissa bits.
    let magic = SIMD4<Float>(repeating: 12_582_912)
    for y in firstRow...lastRow {
      let py = Double(y) + 0.5
      let long = edgeX(longEdge, py)
      // A row exactly on a flat bottom edge (the image's last row, with `centersOnEdges`) is
      // that edge: from the upper edge's end to the long edge's.
      let short = py < mid.y || (py == mid.y && mid.y == bottom.y) ? edgeX(upperEdge, py) : edgeX(lowerEdge, py)
      let (left, right) = long < short ? (long, short) : (short, long)
      let x0 = max(0, clampedCeiling(left - 0.5 - slack, 0, w))
      let x1 = min(w - 1, clampedFloor(right - 0.5 + slack, -1, w - 1))
      guard x0 <= x1 else { continue }
      var color = ca + gx * Float(Double(x0) + 0.5 - a.x) + gy * Float(py - a.y)
      let row = base + y * w
      // This row of the ordered dither (it hides 8-bit banding when the image is scaled up),
      // turned so that lane 0 is this pixel's, and turned again after each pixel: indexing the
      // offsets by x & 3 went through memory every pixel.
      var d = dither[(y & 3) << 2 | x0 & 3]
      for x in x0...x1 {
        let v = pointwiseMin(pointwiseMax(color + SIMD4(repeating: d[0]), zero), most)
        d = SIMD4(d[1], d[2], d[3], d[0])
        // Each lane's low byte is its level; lane 0 is the pixel's lowest byte (R in memory).
        let q = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(v + magic, to: SIMD4<UInt32>.self))
        row[x] = unsafeBitCast(q, to: UInt32.self)
        color += gx
      }
    }
  }
}
