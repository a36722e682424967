// Tessellation stage: another list's triangles carried through a projective map (a view turned
// in space by `rotation3DEffect`, or any `GeometryEffect` with a perspective row).
import FoundationEssentials

/// A projective map of the plane, in the row-vector convention of `Transform2D`: a point
/// (x, y, 1) times the matrix gives (x′, y′, w), and the point lands at (x′/w, y′/w).
public struct Homography: Hashable, Sendable {
  public var m11: Double, m12: Double, m13: Double
  public var m21: Double, m22: Double, m23: Double
  public var m31: Double, m32: Double, m33: Double

  /// Creates a map from its nine coefficients.
  public init(
    m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double,
    m33: Double
  ) {
    (self.m11, self.m12, self.m13) = (m11, m12, m13)
    (self.m21, self.m22, self.m23) = (m21, m22, m23)
    (self.m31, self.m32, self.m33) = (m31, m32, m33)
  }

  /// An affine transform as a projective map.
  public init(_ t: Transform2D) {
    self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
  }

  /// Whether the map has no perspective: it is then an affine transform.
  public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

  /// Applies `self` first, then `o`.
  public func concatenating(_ o: Homography) -> Homography {
    Homography(
      m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
      m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
      m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
      m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
      m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
      m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
  }

  /// Where (x, y) lands, with its w: a point with w at or below `minimumW` is at or behind
  /// the eye and has no place on the screen.
  @inline(__always)
  public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
    let w = m13 * x + m23 * y + m33
    return ((m11 * x + m21 * y + m31) / w, (m12 * x + m22 * y + m32) / w, w)
  }

  /// The smallest w a drawn point may have: content closer to the eye than this (fifty times
  /// magnified) is cut away, as a camera's near plane cuts it.
  public static let minimumW = 0.02
}

extension DrawList {
  /// Appends the triangles of `other` with every vertex moved by `h`, inside the current clip.
  ///
  /// Triangles map to triangles: colours and texture coordinates are interpolated on the
  /// screen, not in perspective, so a textured triangle whose w varies is first cut into
  /// smaller ones (up to 16 a side) for its image not to bend along the diagonal. A clip
  /// inside `other` is a rectangle before the map and a quadrilateral after it: triangles are
  /// cut to it before they are mapped, as they are to the plane `Homography.minimumW` in
  /// front of the eye. `other` must hold plain triangles: lowered without analytic discs,
  /// rounded rectangles, dithered ramps or opaque interiors, whose shapes come from their
  /// rectangles rather than their vertices.
  public mutating func appendProjected(_ other: DrawList, through h: Homography) {
    for (id, image) in other.images { images[id] = image }
    for p in other.primitives {
      appendProjected(p, of: other, through: h, clip: other.commands[p.command].clip)
    }
  }

  /// The box, before `h`, whose image covers `target` when every corner of `target` comes
  /// from in front of the eye; nil otherwise (or when `h` cannot be undone).
  public static func preimage(of target: Rect, under h: Homography) -> Rect? {
    // The adjugate undoes a projective map up to scale, which the division by w removes.
    let inverse = Homography(
      m11: h.m22 * h.m33 - h.m23 * h.m32, m12: h.m13 * h.m32 - h.m12 * h.m33, m13: h.m12 * h.m23 - h.m13 * h.m22,
      m21: h.m23 * h.m31 - h.m21 * h.m33, m22: h.m11 * h.m33 - h.m13 * h.m31, m23: h.m13 * h.m21 - h.m11 * h.m23,
      m31: h.m21 * h.m32 - h.m22 * h.m31, m32: h.m12 * h.m31 - h.m11 * h.m32, m33: h.m11 * h.m22 - h.m12 * h.m21)
    var points: [Point] = []
    for (x, y) in [
      (target.minX, target.minY), (target.maxX, target.minY), (target.maxX, target.maxY),
      (target.minX, target.maxY),
    ] {
      let m = inverse.apply(x, y)
      // The corner's source point, checked the right way round: it must land back in front.
      guard m.x.isFinite, m.y.isFinite, h.apply(m.x, m.y).w > Homography.minimumW else { return nil }
      points.append(Point(x: m.x, y: m.y))
    }
    return bounds(of: points)
  }

  /// Appends primitive `p` of `other` mapped by `h` as a primitive of its own, cut to `clip`
  /// (in `other`'s coordinates) when there is one.
  private mutating func appendProjected(_ p: Primitive, of other: DrawList, through h: Homography, clip: Rect?) {
    if let clip { return appendCutToPlanes(p, of: other, through: h, clip: clip) }
    let ids = other.indices[p.indexOffset..<(p.indexOffset + p.indexCount)]
    guard let low = ids.min(), let high = ids.max() else { return }
    let source = other.vertices[Int(low)...Int(high)]
    var mapped: [Vertex] = []
    mapped.reserveCapacity(source.count)
    var (wMin, wMax) = (Double.infinity, -Double.infinity)
    for v in source {
      let m = h.apply(Double(v.x), Double(v.y))
      guard m.w > Homography.minimumW else { return appendCutToPlanes(p, of: other, through: h, clip: nil) }
      guard m.x.isFinite, m.y.isFinite else { return }
      (wMin, wMax) = (min(wMin, m.w), max(wMax, m.w))
      mapped.append(Vertex(x: Float(m.x), y: Float(m.y), color: v.color, u: v.u, v: v.v))
    }
    guard isVisible(Self.bounds(of: mapped.map { Point(x: Double($0.x), y: Double($0.y)) })) else { return }
    let base = prepare(texture: p.texture)
    // Flat enough in depth, or untextured: the mapped corners are the triangles.
    if p.texture == .none || wMax / wMin < 1.01 {
      vertices.append(contentsOf: mapped)
      for i in ids { indices.append(base + (i - low)) }
      closeIndices(added: ids.count)
      return
    }
    var added = 0
    var k = p.indexOffset
    while k + 2 < p.indexOffset + p.indexCount {
      let (a, b, c) = (
        other.vertices[Int(other.indices[k])], other.vertices[Int(other.indices[k + 1])],
        other.vertices[Int(other.indices[k + 2])]
      )
      added += appendCut(a, b, c, through: h)
      k += 3
    }
    closeIndices(added: added)
  }

  /// Appends primitive `p` of `other` with each triangle cut, before the map, to the part in
  /// front of the plane where w is `minimumW` and inside `clip`.
  private mutating func appendCutToPlanes(_ p: Primitive, of other: DrawList, through h: Homography, clip: Rect?) {
    // Each cut keeps the side where its function is positive; all are affine in x and y, so
    // Sutherland–Hodgman clips exactly, one plane after another.
    var planes: [(Double, Double, Double)] = [(h.m13, h.m23, h.m33 - Homography.minimumW)]
    if let c = clip {
      planes += [(1, 0, -c.minX), (-1, 0, c.maxX), (0, 1, -c.minY), (0, -1, c.maxY)]
    }
    var kept: [(Vertex, Vertex, Vertex)] = []
    var polygon: [Vertex] = []
    var next: [Vertex] = []
    var k = p.indexOffset
    while k + 2 < p.indexOffset + p.indexCount {
      polygon.removeAll(keepingCapacity: true)
      for j in 0..<3 { polygon.append(other.vertices[Int(other.indices[k + j])]) }
      k += 3
      for (a, b, c) in planes where polygon.count >= 3 {
        @inline(__always) func side(_ v: Vertex) -> Double { a * Double(v.x) + b * Double(v.y) + c }
        next.removeAll(keepingCapacity: true)
        for i in polygon.indices {
          let (u, v) = (polygon[i], polygon[(i + 1) % polygon.count])
          let (su, sv) = (side(u), side(v))
          if su > 0 { next.append(u) }
          if (su > 0) != (sv > 0) {
            let f = Float(su / (su - sv))
            next.append(Self.blend(u, v, v, 1 - f, f, 0))
          }
        }
        swap(&polygon, &next)
      }
      guard polygon.count >= 3 else { continue }
      for i in 1..<(polygon.count - 1) { kept.append((polygon[0], polygon[i], polygon[i + 1])) }
    }
    guard !kept.isEmpty else { return }
    _ = prepare(texture: p.texture)
    var added = 0
    for (a, b, c) in kept { added += appendCut(a, b, c, through: h, cuts: p.texture != .none) }
    closeIndices(added: added)
  }

  /// The vertex at weights `r`, `s`, `t` (summing to 1) of `a`, `b` and `c`, every attribute
  /// interpolated: a point on an edge (`t` = 0) or inside a triangle.
  private static func blend(_ a: Vertex, _ b: Vertex, _ c: Vertex, _ r: Float, _ s: Float, _ t: Float) -> Vertex {
    @inline(__always) func mix(_ x: Float, _ y: Float, _ z: Float) -> Float { r * x + s * y + t * z }
    @inline(__always) func mixByte(_ x: UInt8, _ y: UInt8, _ z: UInt8) -> UInt8 {
      UInt8(max(0, min(255, mix(Float(x), Float(y), Float(z)) + 0.5)))
    }
    return Vertex(
      x: mix(a.x, b.x, c.x), y: mix(a.y, b.y, c.y),
      color: RGBA8(
        r: mixByte(a.color.r, b.color.r, c.color.r), g: mixByte(a.color.g, b.color.g, c.color.g),
        b: mixByte(a.color.b, b.color.b, c.color.b), a: mixByte(a.color.a, b.color.a, c.color.a)),
      u: mix(a.u, b.u, c.u), v: mix(a.v, b.v, c.v))
  }

  /// Appends triangle `a b c` cut into n² smaller ones (n from its size after mapping; 1
  /// unless `cuts`) each mapped by `h`; returns the indices added.
  private mutating func appendCut(
    _ a: Vertex, _ b: Vertex, _ c: Vertex, through h: Homography, cuts: Bool = true
  ) -> Int {
    @inline(__always) func screen(_ v: Vertex) -> Point {
      let m = h.apply(Double(v.x), Double(v.y))
      return Point(x: m.x, y: m.y)
    }
    let (pa, pb, pc) = (screen(a), screen(b), screen(c))
    let longest = max((pb - pa).length, (pc - pb).length, (pa - pc).length)
    // Clamped before converting: a side of 10²¹ pixels must not trap.
    let n = cuts && longest.isFinite ? Int(max(1, min(16, (longest / 16).rounded(.up)))) : 1
    // The grid point i steps from a toward b and j toward c, interpolated before mapping.
    @inline(__always) func at(_ i: Int, _ j: Int) -> Vertex {
      let (s, t) = (Float(i) / Float(n), Float(j) / Float(n))
      var v = Self.blend(a, b, c, 1 - s - t, s, t)
      let m = h.apply(Double(v.x), Double(v.y))
      (v.x, v.y) = (Float(m.x), Float(m.y))
      return v
    }

    // Row j holds n − j + 1 points; `row[j]` is where it starts.
    var row: [Int32] = []
    let first = Int32(vertices.count)
    for j in 0...n {
      row.append(Int32(vertices.count) - first)
      for i in 0...(n - j) { vertices.append(at(i, j)) }
    }
    var added = 0
    for j in 0..<n {
      for i in 0..<(n - j) {
        let p00 = first + row[j] + Int32(i)
        let p10 = p00 + 1
        let p01 = first + row[j + 1] + Int32(i)
        appendTriangle(p00, p10, p01)
        added += 3
        if i + 1 < n - j {
          appendTriangle(p10, p01 + 1, p01)
          added += 3
        }
      }
    }
    return added
  }
}
