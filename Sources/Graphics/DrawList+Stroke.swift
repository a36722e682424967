extension DrawList {
  /// Strokes a polyline of the given pixel thickness with mitered joins and fringed edges.
  ///
  /// Each point gives four vertices (outer fringe, two core edges, inner fringe) and each
  /// segment 18 indices. Lines thinner than a pixel fade instead of thinning, as ImGui does.
  public mutating func strokePolyline(
    _ input: [Point], closed: Bool, color inputColor: RGBA8, thickness: Double
  ) {
    // A point repeated (a capsule's zero-length sides, a closed path ending where it began)
    // makes a segment with no direction, whose join would be drawn as a spike twice the
    // line's width: each point is kept once.
    var points = input
    // Copied only when there is a repeat to drop (a clock's ticks and hands have none).
    if input.indices.dropFirst().contains(where: { input[$0] == input[$0 - 1] }) {
      points = []
      points.reserveCapacity(input.count)
      for p in input where points.last != p { points.append(p) }
    }
    if closed, points.count > 1, points.first == points.last { points.removeLast() }
    // With no edge limit every segment is one piece: the points as they are.
    if points.count >= 2, maxEdgeLength.isFinite {
      // Split long segments so each quad's bounding box stays small (see maxEdgeLength).
      var out: [Point] = []
      let segments = closed ? points.count : points.count - 1
      for i in 0..<segments {
        let a = points[i]
        let b = points[(i + 1) % points.count]
        let pieces = Self.pieces(a, b, maxEdgeLength)
        for k in 0..<pieces { out.append(Point.lerp(a, b, Double(k) / Double(pieces))) }
      }
      if !closed { out.append(points[points.count - 1]) }
      points = out
    }
    let count = points.count
    guard count >= 2, inputColor.a > 0, thickness > 0 else { return }
    guard isVisible(Self.bounds(of: points).insetBy(dx: -thickness, dy: -thickness)) else { return }
    var color = inputColor
    var width = thickness
    if width < 1 {
      color = color.fading(width)
      width = 1
    }
    let segmentCount = closed ? count : count - 1
    var normals = [Point](repeating: .zero, count: count)
    for i in 0..<segmentCount {
      let d = points[(i + 1) % count] - points[i]
      let len = d.length
      normals[i] = len > 0 ? Point(x: d.y / len, y: -d.x / len) : .zero
    }
    if !closed { normals[count - 1] = normals[count - 2] }
    let aa = antiAliased ? fringeWidth : 0
    let halfCore = (width - aa) * 0.5
    let base = prepare(texture: .none)
    for i in 0..<count {
      let prev = (closed || i > 0) ? normals[(i + count - 1) % count] : normals[i]
      let dm = Self.miter(prev, normals[i])
      let p = points[i]
      let c0 = dm * (halfCore + aa)
      let c1 = dm * halfCore
      vertices.append(Vertex(x: Float(p.x + c0.x), y: Float(p.y + c0.y), color: color.transparent))
      vertices.append(Vertex(x: Float(p.x + c1.x), y: Float(p.y + c1.y), color: color))
      vertices.append(Vertex(x: Float(p.x - c1.x), y: Float(p.y - c1.y), color: color))
      vertices.append(Vertex(x: Float(p.x - c0.x), y: Float(p.y - c0.y), color: color.transparent))
    }
    for i in 0..<segmentCount {
      let a = base + Int32(i * 4)
      let b = base + Int32(((i + 1) % count) * 4)
      appendTriangle(b + 1, a + 1, a + 2)
      appendTriangle(a + 2, b + 2, b + 1)
      appendTriangle(b, a, a + 1)
      appendTriangle(a + 1, b + 1, b)
      appendTriangle(b + 2, a + 2, a + 3)
      appendTriangle(a + 3, b + 3, b + 2)
    }
    closeIndices(added: segmentCount * 18)
  }
}
