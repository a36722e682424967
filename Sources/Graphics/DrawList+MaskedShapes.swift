// Tessellation of circles and upright rounded rectangles as quads over a coverage mask, for a GPU.

extension DrawList {
  /// Adds `rect` (in pixels) with circular corners of `radius` pixels as a grid of textured
  /// quads over `CoverageMask`: a disc's quarters for the corners, its middle row and column
  /// stretched along the sides, and its middle texel over the inside. The colors are `top`
  /// half a pixel above the outline and `bottom` half a pixel below, graded evenly between, as
  /// the CPU renderer shades `fillRoundedRect`'s quad. False, adding nothing, where the corner
  /// or the rectangle is too large for the mask's discs or too small for its corners.
  mutating func addMaskedRoundedRect(_ rect: Rect, radius: Double, top: RGBA8, bottom: RGBA8) -> Bool {
    guard let (cell, scale) = CoverageMask.cell(forRadius: radius) else { return false }
    let inset = cell.inset * scale
    let outset = (cell.extent - cell.inset) * scale
    // Corners that do not fit (a sub-pixel rectangle with a square corner) go to the polygon.
    guard rect.width >= 2 * inset - 1e-9, rect.height >= 2 * inset - 1e-9 else { return false }
    guard isVisible(rect.insetBy(dx: -outset, dy: -outset)) else { return true }
    let reach = cell.extent * CoverageMask.texelsPerUnit
    // Along each axis: the rim, the corner's end, the other corner's end and the other rim,
    // with the texel each samples. Where the corners meet, the middle two are one and the
    // texture runs evenly from rim to rim, so the grid keeps only the rims.
    let xs = SIMD4(rect.minX - outset, rect.minX + inset, rect.maxX - inset, rect.maxX + outset)
    let ys = SIMD4(rect.minY - outset, rect.minY + inset, rect.maxY - inset, rect.maxY + outset)
    let us = SIMD4(cell.centerX - reach, cell.centerX, cell.centerX, cell.centerX + reach) / CoverageMask.size.width
    let vs = SIMD4(cell.centerY - reach, cell.centerY, cell.centerY, cell.centerY + reach) / CoverageMask.size.height
    let columns = xs[2] - xs[1] < 1e-6 ? 2 : 4
    let rows = ys[2] - ys[1] < 1e-6 ? 2 : 4
    @inline(__always) func stop(_ i: Int, of count: Int) -> Int { count == 4 ? i : i * 3 }
    let base = prepare(texture: .coverageMask)
    for row in 0..<rows {
      let r = stop(row, of: rows)
      // The colors run from the fringe's outer edge, half a pixel out, as the CPU renderer's
      // shaded quad has them; the rims, a little further out, carry the ramp on (clamped to
      // what a channel holds) so the rows between stay on it.
      let t = (ys[r] - rect.minY + 0.5) / (rect.height + 1)
      @inline(__always) func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
        UInt8(max(0, min(255, Double(x) + (Double(y) - Double(x)) * t + 0.5)))
      }
      let color =
        top == bottom
        ? top
        : RGBA8(r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: mix(top.a, bottom.a))
      for column in 0..<columns {
        let c = stop(column, of: columns)
        vertices.append(Vertex(x: Float(xs[c]), y: Float(ys[r]), color: color, u: Float(us[c]), v: Float(vs[r])))
      }
    }
    let n = Int32(columns)
    for row in 0..<Int32(rows - 1) {
      for column in 0..<(n - 1) {
        let a = base + row * n + column
        appendTriangle(a, a + 1, a + n + 1)
        appendTriangle(a, a + n + 1, a + n)
      }
    }
    closeIndices(added: 6 * (columns - 1) * (rows - 1))
    return true
  }
}
