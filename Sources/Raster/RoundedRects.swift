// Stage: upright rounded rectangles shaded per pixel from their distance to the outline.

import Graphics

extension Rasterizer {
  /// Draws a `PrimitiveShape.roundedRect` from its four vertices at `q`, within `clip`.
  ///
  /// A polygon's fringe puts a pixel's alpha at ½ − d, where d is its signed distance to the
  /// outline (positive outside): here d is computed directly. Along a straight side it is the
  /// distance to that side; around a corner, to the corner's circle (the polygon's chords lie
  /// at most a tenth of a pixel inside it); at a square corner, the larger of the two sides'
  /// distances, as a fringe's mitred corner gives. Each row is one color, graded from the
  /// top's to the bottom's in premultiplied channels as a triangle interpolates them. The run of
  /// a row whose distance does not depend on x (between the corners, or where the top or bottom
  /// side is the nearer) is filled at once; only pixels near the left and right sides are
  /// shaded one by one.
  static func roundedRect(_ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget) {
    let v0 = q[0]
    let v2 = q[2]
    guard abs(v0.x) < limit, abs(v0.y) < limit, abs(v2.x) < limit, abs(v2.y) < limit, v0.u >= 0, v0.u.isFinite
    else { return }
    // The outline, half a pixel in from the quad on every side.
    let (x0, y0, x1, y1) = (v0.x + 0.5, v0.y + 0.5, v2.x - 0.5, v2.y - 0.5)
    guard x1 > x0, y1 > y0 else { return }
    let hw = (x1 - x0) * 0.5
    let hh = (y1 - y0) * 0.5
    let r = min(v0.u, hw, hh)
    let (cx, cy) = (x0 + hw, y0 + hh)
    let top = channels(premultiply(v0.color))
    let grade = (channels(premultiply(q[3].color)) - top) / (y1 - y0)
    // Pixels whose centres lie less than half a pixel outside the outline.
    let firstRow = max(Int(clip.y0), Int((y0 - 1).rounded(.down)) + 1)
    let lastRow = min(Int(clip.y1) - 1, Int(y1.rounded(.up)) - 1)
    let firstColumn = max(Int(clip.x0), Int((x0 - 1).rounded(.down)) + 1)
    let lastColumn = min(Int(clip.x1) - 1, Int(x1.rounded(.up)) - 1)
    guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
    var row = target.pixels + firstRow * target.stride
    for y in firstRow...lastRow {
      defer { row += target.stride }
      let py = Float(y) + 0.5
      let color = top + grade * (min(max(py, y0), y1) - y0)
      // The signed distance to the top or bottom side's line, and to the corners' centre line.
      let vertical = abs(py - cy) - hh
      let qy = vertical + r
      let rowCoverage = 0.5 - vertical
      guard rowCoverage > 0 else { continue }
      let rowPixel = rowCoverage >= 1 ? pack(color) : pack(color * rowCoverage)
      let inCorners = qy > 0 && r > 0
      // Pixels with |px − cx| ≤ flat have the row's coverage whatever their column: those at
      // distance `vertical` (between the corners' centres, or where the top or bottom side is
      // the nearer), and, in a row that is solid, those more than half a pixel inside.
      var flat = hw + max(vertical, -0.5)
      if inCorners {
        let inset = r - 0.5
        flat = hw - r + (vertical <= -0.5 && qy < inset ? (inset * inset - qy * qy).squareRoot() : 0)
      }
      var flatStart = Int((cx - 0.5).rounded(.up))
      var flatEnd = flatStart - 1
      if flat >= 0 {
        flatStart = Int((cx - flat - 0.5).rounded(.up))
        flatEnd = Int((cx + flat - 0.5).rounded(.down))
      }
      let runStart = max(flatStart, firstColumn)
      let runEnd = min(flatEnd, lastColumn)
      if runStart <= runEnd { constantSpan(row + runStart, count: runEnd - runStart + 1, pixel: rowPixel) }
      @inline(__always) func shade(_ x: Int) {
        let ax = abs(Float(x) + 0.5 - cx)
        let d: Float
        if inCorners {
          let qx = ax - (hw - r)
          d = qx > 0 ? (qx * qx + qy * qy).squareRoot() - r : vertical
        } else {
          d = max(ax - hw, vertical)
        }
        let coverage = 0.5 - d
        if coverage <= 0 { return }
        place(coverage >= 1 ? pack(color) : pack(color * coverage), at: row + x)
      }
      let leftEnd = min(flatStart - 1, lastColumn)
      if firstColumn <= leftEnd { for x in firstColumn...leftEnd { shade(x) } }
      let rightStart = max(flatEnd + 1, firstColumn)
      if rightStart <= lastColumn { for x in rightStart...lastColumn { shade(x) } }
    }
  }
}
