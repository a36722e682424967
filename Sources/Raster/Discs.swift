// Stage: small circles shaded per pixel from their distance to the circle's polygon.

import Glibc
import Graphics

extension Rasterizer {
  /// For the regular `n`-gon (n even) whose corners are at angles 2πi/n, as
  /// `DrawList.circlePoints` places them: the outward unit normals of its sides that face
  /// into the first quadrant (side i faces 2π(i + ½)/n), x components then y, padded by
  /// repeating the last; then cos(π/n), the apothem of the polygon on the unit circle. Indexed
  /// by n, up to 16 corners (never more than four such sides).
  ///
  /// An even-cornered regular polygon is symmetric about both axes, so a point's distance to
  /// it is the distance of (|x|, |y|), and the side nearest a first-quadrant point faces the
  /// first quadrant (or is the mirror image of one that does).
  static let discNormals: [(x: SIMD4<Float>, y: SIMD4<Float>, apothem: Float)] = (0...16).map { n in
    guard n >= 4, n % 2 == 0 else { return (.zero, .zero, 0) }
    let step = 2 * Double.pi / Double(n)
    let quarter = Double.pi / 2 + 1e-9
    let angles: [Double] = (0..<n).map { (Double($0) + 0.5) * step }.filter { $0 <= quarter }
    var x = SIMD4<Float>()
    var y = SIMD4<Float>()
    for lane in 0..<4 {
      let a = angles[min(lane, angles.count - 1)]
      (x[lane], y[lane]) = (Float(cos(a)), Float(sin(a)))
    }
    return (x, y, Float(cos(Double.pi / Double(n))))
  }

  /// Draws a `PrimitiveShape.disc` from its four vertices at `q`, within `clip`.
  ///
  /// The polygon and fringe a GPU is given put a pixel's alpha at ½ − d, where d is its signed
  /// distance to the nearest side's line (the fringe's rings are the sides pushed half a pixel
  /// in and out, and its quads meet on the corners' bisectors, which for a regular polygon run
  /// through the centre). Here d is computed directly: max over the sides of n·(p − c), less
  /// the apothem, over the sides facing the first quadrant with p − c folded into it. Pixels
  /// within the inner ring's inscribed circle skip it (they are solid), as do rows and columns
  /// outside the outer ring's circumscribed one.
  ///
  /// Four pixels of a row are shaded at once (`lanes` false shades them one by one; the tests
  /// compare the two): each lane's distance, coverage and packing are the one-pixel path's
  /// operations in the same order, so the pixels are the same bit for bit.
  static func disc(_ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget, lanes: Bool = true) {
    let v0 = q[0]
    let v2 = q[2]
    let n = Int(exactly: v0.v) ?? 0
    let radius = v0.u
    // `fillCircle` makes discs of 12 pixels at most; any radius past 64 is not one of its, and
    // its bounds would not fit the conversions below.
    guard n >= 4, n % 2 == 0, n < discNormals.count, radius > 0, radius <= 64, abs(v0.x) < limit, abs(v0.y) < limit,
      abs(v2.x) < limit, abs(v2.y) < limit
    else { return }
    let color = premultiply(v0.color)
    guard color >> 24 != 0 else { return }
    let cx = (v0.x + v2.x) * 0.5
    let cy = (v0.y + v2.y) * 0.5
    let (nx, ny, cosHalf) = discNormals[n]
    let apothem = radius * cosHalf
    let solid = apothem - 0.5
    let solid2 = solid > 0 ? solid * solid : -1
    // Under half a pixel's apothem, the pyramid `DrawList.dotPeak` describes: the fringe's
    // slope scaled so its peak is that height.
    let slope = apothem >= 0.5 ? 1 : Float(DrawList.dotPeak(apothem: Double(apothem))) / (apothem + 0.5)
    let reach = (apothem + 0.5) / cosHalf
    let reach2 = reach * reach
    let y0 = max(Int(clip.y0), Int((cy - reach - 0.5).rounded(.up)))
    let y1 = min(Int(clip.y1) - 1, Int((cy + reach - 0.5).rounded(.down)))
    guard y0 <= y1 else { return }
    let f = channels(color)
    var row = target.pixels + y0 * target.stride
    for y in y0...y1 {
      defer { row += target.stride }
      let dy = Float(y) + 0.5 - cy
      let dy2 = dy * dy
      guard dy2 < reach2 else { continue }
      let half = (reach2 - dy2).squareRoot()
      let x0 = max(Int(clip.x0), Int((cx - half - 0.5).rounded(.up)))
      let x1 = min(Int(clip.x1) - 1, Int((cx + half - 0.5).rounded(.down)))
      guard x0 <= x1 else { continue }
      let across = ny * abs(dy)
      var start = x0
      if lanes {
        let (a0, a1, a2, a3) = (across[0], across[1], across[2], across[3])
        let (n0, n1, n2, n3) = (nx[0], nx[1], nx[2], nx[3])
        while start + 3 <= x1 {
          let columns = SIMD4<Float>(Float(start), Float(start + 1), Float(start + 2), Float(start + 3))
          let dx = columns + 0.5 - cx
          // |dx|: the sign bit cleared, as `abs` does.
          let adx = unsafeBitCast(
            unsafeBitCast(dx, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
          // The nearest side's distance, as `(nx * |dx| + across).max()` for each lane.
          // `pointwiseMax` is not inlined here; a select is the same for these finite values.
          var m = n0 * adx + a0
          let (d1, d2, d3) = (n1 * adx + a1, n2 * adx + a2, n3 * adx + a3)
          m.replace(with: d1, where: d1 .> m)
          m.replace(with: d2, where: d2 .> m)
          m.replace(with: d3, where: d3 .> m)
          let coverage = (0.5 + apothem - m) * slope
          var t = packLanes(r: f[0] * coverage, g: f[1] * coverage, b: f[2] * coverage, a: f[3] * coverage)
          t.replace(with: 0, where: coverage .<= 0)
          t.replace(with: color, where: (coverage .>= 1) .| (dx * dx + dy2 .<= solid2))
          if t != .zero { composite(t, over: row + start) }
          start += 4
        }
      }
      guard start <= x1 else { continue }
      for x in start...x1 {
        let dx = Float(x) + 0.5 - cx
        if dx * dx + dy2 <= solid2 {
          place(color, at: row + x)
          continue
        }
        let coverage = (0.5 + apothem - (nx * abs(dx) + across).max()) * slope
        if coverage <= 0 { continue }
        place(coverage >= 1 ? color : pack(f * coverage), at: row + x)
      }
    }
  }
}
