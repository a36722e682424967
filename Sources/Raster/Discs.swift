// Stage: small circles shaded per pixel from their distance to the circle's polygon.

import Glibc
import Graphics

extension Rasterizer {
  /// The outward unit normals of the sides of the regular `n`-gon whose corners are at angles
  /// 2πi/n (as `DrawList.circlePoints` places them): side i faces 2π(i + ½)/n. Indexed by n.
  static let discNormals: [[SIMD2<Float>]] = (0...64).map { n in
    (0..<n).map { i in
      let a = (Double(i) + 0.5) / Double(n) * 2 * .pi
      return SIMD2(Float(cos(a)), Float(sin(a)))
    }
  }

  /// Draws a `PrimitiveShape.disc` from its four vertices at `q`, within `clip`.
  ///
  /// The polygon and fringe a GPU is given put a pixel's alpha at ½ − d, where d is its signed
  /// distance to the nearest side's line (the fringe's rings are the sides pushed half a pixel
  /// in and out, and its quads meet on the corners' bisectors, which for a regular polygon run
  /// through the centre). Here d is computed directly: max over the sides of n·(p − c), less
  /// the apothem. Pixels within the inner ring's inscribed circle skip it (they are solid),
  /// as do rows and columns outside the outer ring's circumscribed one.
  static func disc(_ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget) {
    let v0 = q[0]
    let v2 = q[2]
    let n = Int(exactly: v0.v) ?? 0
    let radius = v0.u
    guard n >= 3, n < discNormals.count, radius > 0, radius.isFinite, abs(v0.x) < limit, abs(v0.y) < limit,
      abs(v2.x) < limit, abs(v2.y) < limit
    else { return }
    let color = premultiply(v0.color)
    guard color >> 24 != 0 else { return }
    let cx = (v0.x + v2.x) * 0.5
    let cy = (v0.y + v2.y) * 0.5
    let cosHalf = Float(cos(Double.pi / Double(n)))
    let apothem = radius * cosHalf
    let solid = apothem - 0.5
    let solid2 = solid > 0 ? solid * solid : -1
    let reach = (apothem + 0.5) / cosHalf
    let reach2 = reach * reach
    let y0 = max(Int(clip.y0), Int((cy - reach - 0.5).rounded(.up)))
    let y1 = min(Int(clip.y1) - 1, Int((cy + reach - 0.5).rounded(.down)))
    guard y0 <= y1 else { return }
    let f = SIMD4<Float>(
      Float(color >> 16 & 0xFF), Float(color >> 8 & 0xFF), Float(color & 0xFF), Float(color >> 24))
    discNormals[n].withUnsafeBufferPointer { normals in
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
        for x in x0...x1 {
          let dx = Float(x) + 0.5 - cx
          if dx * dx + dy2 <= solid2 {
            place(color, at: row + x)
            continue
          }
          var d = -Float.infinity
          for k in 0..<n { d = max(d, normals[k].x * dx + normals[k].y * dy) }
          let coverage = 0.5 - (d - apothem)
          if coverage <= 0 { continue }
          place(coverage >= 1 ? color : pack(f * coverage), at: row + x)
        }
      }
    }
  }
}
