extension DrawList {
  /// Fills a simple (possibly concave) polygon by ear clipping, then outlines it with a
  /// one-pixel fringe so its edges match convex fills.
  public mutating func fillPolygon(_ input: [Point], color: RGBA8) {
    guard input.count >= 3, color.a > 0 else { return }
    if Self.isConvex(input) {
      fillConvexPolygon(input, color: color)
      return
    }
    guard isVisible(Self.bounds(of: input)) else { return }
    var points = input
    if Self.signedArea2(points) < 0 { points.reverse() }
    let base = prepare(texture: .none)
    for p in points { vertices.append(Vertex(x: Float(p.x), y: Float(p.y), color: color)) }
    var remaining = Array(0..<points.count)
    var added = 0
    var guardCount = 0
    while remaining.count > 3 && guardCount < points.count * points.count {
      guardCount += 1
      var clipped = false
      for k in 0..<remaining.count {
        let ia = remaining[(k + remaining.count - 1) % remaining.count]
        let ib = remaining[k]
        let ic = remaining[(k + 1) % remaining.count]
        let a = points[ia]
        let b = points[ib]
        let c = points[ic]
        if Self.cross(a, b, c) <= 0 { continue }
        var inside = false
        for j in remaining where j != ia && j != ib && j != ic {
          if Self.pointInTriangle(points[j], a, b, c) {
            inside = true
            break
          }
        }
        if inside { continue }
        appendTriangle(base + Int32(ia), base + Int32(ib), base + Int32(ic))
        added += 3
        remaining.remove(at: k)
        clipped = true
        break
      }
      if !clipped { break }
    }
    if remaining.count == 3 {
      indices.append(contentsOf: remaining.map { base + Int32($0) })
      added += 3
    }
    closeIndices(added: added)
    if antiAliased { strokePolyline(points, closed: true, color: color.fading(0.5), thickness: 1) }
  }

  /// Twice the signed area of triangle `a b c`: positive when it turns clockwise on screen.
  @inline(__always)
  private static func cross(_ a: Point, _ b: Point, _ c: Point) -> Double {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
  }

  /// Whether `p` is inside the clockwise triangle `a b c` or on its edge.
  private static func pointInTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
    cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0
  }

  /// Whether the polygon turns the same way at every corner.
  public static func isConvex(_ p: [Point]) -> Bool {
    guard p.count > 3 else { return true }
    var sign = 0.0
    for i in 0..<p.count {
      let c = cross(p[i], p[(i + 1) % p.count], p[(i + 2) % p.count])
      if c == 0 { continue }
      if sign == 0 {
        sign = c
      } else if (c > 0) != (sign > 0) {
        return false
      }
    }
    return true
  }
}
