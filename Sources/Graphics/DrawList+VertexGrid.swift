extension DrawList {
  /// Adds a lattice of `columns × rows` colored vertices, row by row, as two triangles per
  /// cell: how a mesh gradient reaches a renderer that interpolates vertex colors itself.
  ///
  /// Its border is left without an anti-aliasing fringe, as an image quad's is.
  public mutating func addVertexGrid(_ positions: [Point], colors: [RGBA8], columns: Int, rows: Int) {
    let (count, overflow) = columns.multipliedReportingOverflow(by: rows)
    guard columns >= 2, rows >= 2, !overflow, positions.count == count, colors.count == count,
      count <= Int(Int32.max) - vertices.count, isVisible(Self.bounds(of: positions))
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
  }
}
