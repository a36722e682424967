extension DrawList {
  /// Adds a lattice of `columns × rows` colored vertices, row by row, as two triangles per
  /// cell: how a mesh gradient reaches a renderer that interpolates vertex colors itself.
  ///
  /// Its border is left without an anti-aliasing fringe, as an image quad's is. An opaque
  /// grid whose border runs along its bounding rectangle covers every pixel inside it, so it
  /// records those pixels as its opaque interior: the background under it is not painted,
  /// which a GPU would otherwise fill in a pass of its own.
  public mutating func addVertexGrid(_ positions: [Point], colors: [RGBA8], columns: Int, rows: Int) {
    let (count, overflow) = columns.multipliedReportingOverflow(by: rows)
    guard columns >= 2, rows >= 2, !overflow, positions.count == count, colors.count == count,
      count <= Int(Int32.max) - vertices.count, case let bounds = Self.bounds(of: positions), isVisible(bounds)
    else { return }
    let base = prepare(texture: .none)
    vertices.reserveCapacity(vertices.count + count)
    for i in 0..<count {
      vertices.append(Vertex(x: Float(positions[i].x), y: Float(positions[i].y), color: colors[i]))
    }
    indices.reserveCapacity(indices.count + (columns - 1) * (rows - 1) * 6)
    for gy in 0..<(rows - 1) {
      for gx in 0..<(columns - 1) {
        let i00 = base &+ Int32(gy * columns + gx)
        let i01 = i00 &+ Int32(columns)
        appendTriangle(i00, i00 &+ 1, i01 &+ 1)
        appendTriangle(i00, i01 &+ 1, i01)
      }
    }
    closeIndices(added: (columns - 1) * (rows - 1) * 6)
    if colors.allSatisfy({ $0.a == 255 }) {
      recordGridInterior(positions, bounds: bounds, columns: columns, rows: rows)
    }
  }

  /// Records the pixels inside a grid's bounds as its opaque interior when its border
  /// vertices lie on those bounds: the triangles then tile the rectangle (however the inner
  /// vertices fold, every point inside is wound once more than it is unwound).
  ///
  /// The border is computed, so it may stray from the bounds by rounding (10⁻⁶ px is allowed);
  /// a pixel counts when its center, where a GPU samples it, is a quarter pixel inside.
  private mutating func recordGridInterior(_ positions: [Point], bounds b: Rect, columns: Int, rows: Int) {
    // A vertex the rasterizers drop (NaN, or past the drawable range) would leave a hole.
    guard positions.allSatisfy({ abs($0.x) < Self.drawableLimit && abs($0.y) < Self.drawableLimit }) else { return }
    @inline(__always) func on(_ v: Double, _ edge: Double) -> Bool { abs(v - edge) <= 1e-6 }
    for i in 0..<columns {
      guard on(positions[i].y, b.minY), on(positions[(rows - 1) * columns + i].y, b.maxY) else { return }
    }
    for j in 0..<rows {
      guard on(positions[j * columns].x, b.minX), on(positions[j * columns + columns - 1].x, b.maxX) else { return }
    }
    var inner = b
    if let clip = clipStack.last { inner = inner.intersection(clip) }
    let o = PixelRect(
      x0: Self.wholePixel((inner.minX - 0.25).rounded(.up)), y0: Self.wholePixel((inner.minY - 0.25).rounded(.up)),
      x1: Self.wholePixel((inner.maxX + 0.25).rounded(.down)), y1: Self.wholePixel((inner.maxY + 0.25).rounded(.down)))
    if !o.isEmpty { primitives[primitives.count - 1].opaqueInterior = o }
  }
}
