import FoundationEssentials
import Graphics

/// What partial redraw needs beyond the damage tracker: regions grown around scaled SDL blits,
/// and whether an opaque backdrop makes painting the background pointless.
extension SDLRenderer {
  /// Grows regions to take in whole every scaled image they touch: a scaled blit clipped to
  /// part of its rectangle samples differently from the whole one, which would leave a seam.
  /// Nil when the regions grow to most of the target.
  func coverScaledBlits(_ input: [Rect], _ list: DrawList, _ target: Rect, damage: DamageTracker) -> [Rect]? {
    var regions = input
    let scaled = list.primitives.filter { p in
      switch p.texture {
      // Geometry over the mask samples the same texels however a region clips it.
      case .none, .coverageMask: return false
      case .atlas: return isScaled(p, list, atlas.image.width, atlas.image.height)
      case .image(let id):
        guard let img = list.images[id] else { return false }
        return isScaled(p, list, img.width, img.height)
      }
    }
    guard !scaled.isEmpty else { return regions }
    for _ in 0..<8 {
      var grew = false
      for i in regions.indices {
        for p in scaled where p.bounds.touches(regions[i]) {
          let whole = DamageTracker.snap(p.bounds.insetBy(dx: -1, dy: -1), in: target).intersection(target)
          let u = regions[i].union(whole)
          if u != regions[i] {
            regions[i] = u
            grew = true
          }
        }
      }
      regions = DamageTracker.merge(regions, limit: damage.maxRects)
      if !grew { break }
    }
    let area = regions.reduce(0) { $0 + $1.width * $1.height }
    return area > damage.fullThreshold * target.width * target.height ? nil : regions
  }

  /// Whether a textured primitive is drawn at a size other than its texels'.
  func isScaled(_ p: Primitive, _ list: DrawList, _ tw: Int, _ th: Int) -> Bool {
    var u0 = Float.infinity
    var u1 = -Float.infinity
    var v0 = Float.infinity
    var v1 = -Float.infinity
    for k in p.indexOffset..<(p.indexOffset + p.indexCount) {
      let v = list.vertices[Int(list.indices[k])]
      u0 = min(u0, v.u)
      u1 = max(u1, v.u)
      v0 = min(v0, v.v)
      v1 = max(v1, v.v)
    }
    let texW = Double(u1 - u0) * Double(tw)
    let texH = Double(v1 - v0) * Double(th)
    return abs(texW - p.bounds.width) > 0.5 || abs(texH - p.bounds.height) > 0.5
  }
}

extension DrawList {
  /// Whether the first primitive drawn in `region` is an opaque image or ramp covering all of
  /// it, or has an opaque interior that does, so the background under it need not be painted
  /// (SDL's fill costs up to 8 ns a pixel; on a GPU it is a full pass over the pixels).
  func opaqueBackdropCovers(_ region: Rect) -> Bool {
    guard let first = primitives.first(where: { $0.bounds.touches(region) }) else { return false }
    // An interior is the tessellator's word for its own triangles; an image quad's also needs
    // the image, as drawn now, to be opaque (a missing or re-registered one may not be).
    let interiorHolds: Bool
    switch first.texture {
    case .none: interiorHolds = true
    case .image(let id): interiorHolds = images[id]?.opaque == true
    case .atlas, .coverageMask: interiorHolds = false
    }
    if interiorHolds, let o = first.opaqueInterior?.rect,
      o.minX <= region.minX, o.minY <= region.minY, o.maxX >= region.maxX, o.maxY >= region.maxY
    {
      return true
    }
    guard commands[first.command].clip == nil else { return false }
    switch (first.shape, first.texture) {
    case (.ditheredRamp, _):
      let corners = indices[first.indexOffset..<(first.indexOffset + first.indexCount)]
      guard corners.allSatisfy({ vertices[Int($0)].color.a == 255 }) else { return false }
    case (_, .image(let id)):
      guard images[id]?.opaque == true else { return false }
    default:
      return false
    }
    let b = first.bounds
    return b.minX <= region.minX && b.minY <= region.minY && b.maxX >= region.maxX && b.maxY >= region.maxY
  }
}
