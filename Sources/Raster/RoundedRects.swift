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
  ///
  /// Most rows of a tall bar are straight and solid (between the corners, a whole pixel in from
  /// the top and bottom): in those, where the run starts and ends and how much of each side
  /// pixel is covered are the same in every row, so they are worked out once and each such row
  /// costs its color, its run and its two or three side pixels (`straightRows` false works
  /// every row out anew; the tests compare the two).
  ///
  /// In a row through the corners, only the pixels near the corners' outer edge are shaded:
  /// beyond it nothing is covered, and before this bound (`cornerReach` false shades every
  /// column up to the row's run; the tests compare the two) a corner row of a bar 17 pixels
  /// in radius took a square root for each of its 17 pixels a side to find two with coverage.
  static func roundedRect(
    _ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget, straightRows: Bool = true,
    cornerReach: Bool = true
  ) {
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
    // A straight solid row's run and side pixels, from the first such row on.
    var straight: StraightRow?
    for y in firstRow...lastRow {
      defer { row += target.stride }
      let py = Float(y) + 0.5
      let color = top + grade * (min(max(py, y0), y1) - y0)
      // The signed distance to the top or bottom side's line, and to the corners' centre line.
      let vertical = abs(py - cy) - hh
      let qy = vertical + r
      let rowCoverage = 0.5 - vertical
      guard rowCoverage > 0 else { continue }
      let inCorners = qy > 0 && r > 0
      if straightRows, !inCorners, vertical <= -0.5 {
        if straight == nil {
          straight = StraightRow(
            cx: cx, hw: hw, flat: hw + max(vertical, -0.5), firstColumn: firstColumn, lastColumn: lastColumn)
        }
        straight.unsafelyUnwrapped.draw(color: color, into: row)
        continue
      }
      let rowPixel = rowCoverage >= 1 ? pack(color) : pack(color * rowCoverage)
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
      // Columns whose centres lie further than `reach` from the centre line are past the
      // corner's circle grown by half a pixel, with a pixel to spare for rounding: uncovered.
      var (reachStart, reachEnd) = (firstColumn, lastColumn)
      if cornerReach, inCorners {
        let outer = r + 0.5
        let reach = hw - r + (qy < outer ? (outer * outer - qy * qy).squareRoot() : 0) + 1
        reachStart = max(firstColumn, Int((cx - reach - 0.5).rounded(.down)))
        reachEnd = min(lastColumn, Int((cx + reach - 0.5).rounded(.up)))
      }
      let leftEnd = min(flatStart - 1, reachEnd)
      if reachStart <= leftEnd { for x in reachStart...leftEnd { shade(x) } }
      let rightStart = max(flatEnd + 1, reachStart)
      if rightStart <= reachEnd { for x in rightStart...reachEnd { shade(x) } }
    }
  }
}

/// What every straight solid row of one rounded rectangle shares: the run the row's color fills
/// and the side pixels shaded from their distance to the side, which does not depend on the row.
///
/// A row is straight and solid when it lies between the corners' centres and at least half a
/// pixel inside the top and bottom sides: there the distance of a side pixel is its distance
/// to its side, larger than the row's own (negative) one, so its coverage is ½ − (|x − cx| − hw)
/// in every such row, as the general loop computes it.
private struct StraightRow {
  var runStart: Int
  var runEnd: Int
  /// The side columns (left, then right) and their coverage; at most four are kept, which is
  /// plenty: a side's fringe spans at most two.
  var columns: SIMD4<Int32> = .zero
  var coverage: SIMD4<Float> = .zero
  var count = 0
  /// Whether more side pixels than `columns` holds were found: then each row shades them anew.
  var overflow: (cx: Float, hw: Float, left: ClosedRange<Int>?, right: ClosedRange<Int>?)?

  init(cx: Float, hw: Float, flat: Float, firstColumn: Int, lastColumn: Int) {
    var flatStart = Int((cx - 0.5).rounded(.up))
    var flatEnd = flatStart - 1
    if flat >= 0 {
      flatStart = Int((cx - flat - 0.5).rounded(.up))
      flatEnd = Int((cx + flat - 0.5).rounded(.down))
    }
    runStart = max(flatStart, firstColumn)
    runEnd = min(flatEnd, lastColumn)
    let leftEnd = min(flatStart - 1, lastColumn)
    let rightStart = max(flatEnd + 1, firstColumn)
    let left = firstColumn <= leftEnd ? firstColumn...leftEnd : nil
    let right = rightStart <= lastColumn ? rightStart...lastColumn : nil
    if (left?.count ?? 0) + (right?.count ?? 0) > 4 {
      overflow = (cx, hw, left, right)
      return
    }
    func keep(_ range: ClosedRange<Int>?) {
      guard let range else { return }
      for x in range {
        let coverage = 0.5 - (abs(Float(x) + 0.5 - cx) - hw)
        guard coverage > 0 else { continue }
        columns[count] = Int32(x)
        self.coverage[count] = coverage
        count += 1
      }
    }
    keep(left)
    keep(right)
  }

  /// Draws one straight solid row of `color` (premultiplied channels) into `row`.
  @inline(__always)
  func draw(color: SIMD4<Float>, into row: UnsafeMutablePointer<UInt32>) {
    let pixel = Rasterizer.pack(color)
    if runStart <= runEnd { Rasterizer.constantSpan(row + runStart, count: runEnd - runStart + 1, pixel: pixel) }
    if let overflow {
      func shade(_ range: ClosedRange<Int>?) {
        guard let range else { return }
        for x in range {
          let coverage = 0.5 - (abs(Float(x) + 0.5 - overflow.cx) - overflow.hw)
          if coverage <= 0 { continue }
          Rasterizer.place(coverage >= 1 ? pixel : Rasterizer.pack(color * coverage), at: row + x)
        }
      }
      shade(overflow.left)
      shade(overflow.right)
      return
    }
    guard count > 0 else { return }
    // The side pixels at once, lane i packed as `pack(color · coverage)` with a coverage of 1
    // or more taken as 1 (the row's own pixel), then blended over what is there: `over` with
    // an opaque source gives the source and with a clear one the destination, as `place` does.
    let c = coverage.replacing(with: 1, where: coverage .>= 1)
    let shaded = Rasterizer.packLanes(
      r: SIMD4(repeating: color[0]) * c, g: SIMD4(repeating: color[1]) * c, b: SIMD4(repeating: color[2]) * c,
      a: SIMD4(repeating: color[3]) * c)
    var under = SIMD4<UInt32>()
    for i in 0..<count { under[i] = row[Int(columns[i])] }
    let blended = Rasterizer.over(shaded, under)
    for i in 0..<count { row[Int(columns[i])] = blended[i] }
  }
}
