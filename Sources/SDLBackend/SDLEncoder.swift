internal import CSDL2
import FoundationEssentials
import Graphics

/// Encoding a draw list as SDL calls.
extension SDLRenderer {
  /// Issues the SDL calls for `list`, restricted to `region` when one is given.
  func encode(_ list: DrawList, within region: Rect?) {
    guard !list.vertices.isEmpty else { return }
    let colorOffset = MemoryLayout<Vertex>.offset(of: \Vertex.color)!
    let uvOffset = MemoryLayout<Vertex>.offset(of: \Vertex.u)!
    let stride = Int32(MemoryLayout<Vertex>.stride)
    var clipSet = false
    var rebased: [Int32] = []
    // Within a region, only the primitives that reach it are drawn: SDL sets up every
    // triangle it is given, clipped away or not.
    var runs: [[Range<Int>]] = []
    if let region {
      runs = Array(repeating: [], count: list.commands.count)
      let reach = region.insetBy(dx: -1, dy: -1)
      for p in list.primitives where p.command < runs.count && p.bounds.touches(reach) {
        let r = p.indexOffset..<(p.indexOffset + p.indexCount)
        // Across a short gap, one call where a GPU would otherwise be given two (glyph and
        // image blits are one call each anyway).
        let gap = drawsAcrossGaps && list.commands[p.command].texture.isGeometry ? Self.largestGap : 0
        if let last = runs[p.command].last, r.lowerBound - last.upperBound <= gap {
          runs[p.command][runs[p.command].count - 1] = last.lowerBound..<r.upperBound
        } else {
          runs[p.command].append(r)
        }
      }
    }
    list.vertices.withUnsafeBytes { vraw in
      guard let base = vraw.baseAddress else { return }
      let xy = base.assumingMemoryBound(to: Float.self)
      let col = (base + colorOffset).assumingMemoryBound(to: SDL_Color.self)
      let uv = (base + uvOffset).assumingMemoryBound(to: Float.self)
      list.indices.withUnsafeBytes { iraw in
        guard let ibase = iraw.baseAddress else { return }
        for (ci, cmd) in list.commands.enumerated() where cmd.indexCount > 0 {
          let ranges = region == nil ? [cmd.indexOffset..<(cmd.indexOffset + cmd.indexCount)] : runs[ci]
          if ranges.isEmpty { continue }
          let texture: OpaquePointer?
          switch cmd.texture {
          case .none: texture = nil
          case .atlas: texture = prepareAtlas()
          case .coverageMask:
            // Without its mask, each shape would be a solid square.
            guard let mask = prepareCoverageMask() else { continue }
            texture = mask
          case .image(let id):
            guard let img = list.images[id] else { continue }
            texture = prepareImage(id, img)
          }
          if let clip = region.map({ cmd.clip?.intersection($0) ?? $0 }) ?? cmd.clip {
            if clip.isEmpty { continue }
            // A clip from a scene can be any size (or NaN, from a hostile frame): SDL's
            // rectangle is 32-bit, so it is bounded before the conversion.
            @inline(__always) func bounded(_ v: Double) -> Int32 { v.isNaN ? 0 : Int32(max(-1e9, min(1e9, v))) }
            let x0 = bounded(clip.minX.rounded(.down))
            let y0 = bounded(clip.minY.rounded(.down))
            var r = SDL_Rect(
              x: x0, y: y0, w: max(0, bounded(clip.maxX.rounded(.up)) - x0),
              h: max(0, bounded(clip.maxY.rounded(.up)) - y0))
            SDL_RenderSetClipRect(handle, &r)
            clipSet = true
          } else if clipSet {
            SDL_RenderSetClipRect(handle, nil)
            clipSet = false
          }
          for range in ranges {
            var part = cmd
            part.indexOffset = range.lowerBound
            part.indexCount = range.count
            if let texture, !cmd.texture.isGeometry, copyQuads(list, part, texture) { continue }
            func geometry(_ offset: Int, _ count: Int) {
              frame.stats.lastDrawCalls += 1
              func whole() {
                SDL_RenderGeometryRaw(
                  handle, texture, xy, stride, col, stride, uv, stride, Int32(list.vertices.count),
                  ibase + offset * 4, Int32(count), 4)
              }
              guard texture != nil else { return whole() }
              // SDL checks the texture coordinates of every vertex a textured call is handed,
              // whichever its indices name: a glyph's or a masked shape's call is handed only
              // the vertices its indices reach, not the whole list's.
              let range = offset..<(offset + count)
              let window = VertexWindow(list.indices, range)
              guard window.isWorthIt(of: list.vertices.count) else {
                frame.stats.lastTexturedVertices += list.vertices.count
                return whole()
              }
              frame.stats.lastTexturedVertices += Int(window.count)
              window.rebase(list.indices, range, into: &rebased)
              let skip = base + Int(window.first) * Int(stride)
              rebased.withUnsafeBytes { rraw in
                _ = SDL_RenderGeometryRaw(
                  handle, texture, skip.assumingMemoryBound(to: Float.self), stride,
                  (skip + colorOffset).assumingMemoryBound(to: SDL_Color.self), stride,
                  (skip + uvOffset).assumingMemoryBound(to: Float.self), stride, window.count,
                  rraw.baseAddress, Int32(count), 4)
              }
            }
            if texture != nil {
              geometry(part.indexOffset, part.indexCount)
              continue
            }
            // SDL's software renderer draws every blended triangle into a scratch surface the
            // size of its bounding box and blends that back; opaque triangles drawn unblended
            // are written straight to the target. A fill's interior is opaque and its fringe is
            // not, so each fill becomes two runs, kept in order.
            guard splitsFillsByOpacity else {
              geometry(part.indexOffset, part.indexCount)
              continue
            }
            for run in Self.opacityRuns(list, part.indexOffset..<(part.indexOffset + part.indexCount)) {
              SDL_SetRenderDrawBlendMode(handle, run.opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
              geometry(run.range.lowerBound, run.range.count)
            }
            SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
          }
        }
      }
    }
    if clipSet { SDL_RenderSetClipRect(handle, nil) }
  }

  /// The most indices a call takes in that do not reach its region, where
  /// `drawsAcrossGaps`: about what a call costs SDL and the driver beyond its vertices
  /// (measured on an H200: 16 quads; 0, 4 and 64 quads each cost more somewhere).
  static var largestGap: Int { 96 }

  /// Splits a range of whole triangles into maximal runs that are all opaque (every vertex
  /// at full alpha) or all not, in order.
  static func opacityRuns(_ list: DrawList, _ range: Range<Int>) -> [(range: Range<Int>, opaque: Bool)] {
    var runs: [(range: Range<Int>, opaque: Bool)] = []
    var k = range.lowerBound
    while k + 2 < range.upperBound {
      let opaque =
        list.vertices[Int(list.indices[k])].color.a == 255 && list.vertices[Int(list.indices[k + 1])].color.a == 255
        && list.vertices[Int(list.indices[k + 2])].color.a == 255
      if let last = runs.last, last.opaque == opaque {
        runs[runs.count - 1].range = last.range.lowerBound..<(k + 3)
      } else {
        runs.append((k..<(k + 3), opaque))
      }
      k += 3
    }
    return runs
  }

  /// Draws a textured command made only of axis-aligned, untinted-per-vertex quads (glyphs,
  /// images) as `SDL_RenderCopyF` blits; false, having drawn nothing, if any quad is not one.
  ///
  /// SDL's software renderer blits a rectangle ~2.4× faster than it rasterizes the same two
  /// textured triangles, and text is made of little else.
  func copyQuads(_ list: DrawList, _ cmd: DrawCommand, _ texture: OpaquePointer) -> Bool {
    guard cmd.indexCount % 6 == 0 else { return false }
    let end = cmd.indexOffset + cmd.indexCount
    var quads: [(src: SDL_Rect, dst: SDL_FRect, color: RGBA8)] = []
    quads.reserveCapacity(cmd.indexCount / 6)
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_QueryTexture(texture, nil, nil, &w, &h)
    let tw = Float(w)
    let th = Float(h)
    var k = cmd.indexOffset
    while k < end {
      // The layout `addImageQuad` writes: corners clockwise from the top left, two triangles.
      let b = list.indices[k]
      guard list.indices[k + 1] == b + 1, list.indices[k + 2] == b + 2, list.indices[k + 3] == b,
        list.indices[k + 4] == b + 2, list.indices[k + 5] == b + 3
      else { return false }
      let i = Int(b)
      let v0 = list.vertices[i]
      let v1 = list.vertices[i + 1]
      let v2 = list.vertices[i + 2]
      let v3 = list.vertices[i + 3]
      guard v0.y == v1.y, v2.y == v3.y, v0.x == v3.x, v1.x == v2.x, v0.x < v1.x, v0.y < v3.y,
        v0.u == v3.u, v1.u == v2.u, v0.v == v1.v, v2.v == v3.v, v0.u < v1.u, v0.v < v3.v,
        v0.color == v1.color, v0.color == v2.color, v0.color == v3.color
      else { return false }
      // A blit's source is whole texels: a quad whose UVs fall between texels (a half-texel
      // inset, say) would be shifted by the rounding, so it is drawn as geometry instead.
      // Far-off coordinates (a `Canvas` can make any) are geometry too: they would not fit
      // the blit's 32-bit rectangle.
      let edges = [v0.u * tw, v1.u * tw, v0.v * th, v3.v * th]
      guard edges.allSatisfy({ abs($0) < 1e7 && abs($0 - $0.rounded()) < 1e-3 }) else { return false }
      let src = SDL_Rect(
        x: Int32((v0.u * tw).rounded()), y: Int32((v0.v * th).rounded()),
        w: Int32(((v1.u - v0.u) * tw).rounded()), h: Int32(((v3.v - v0.v) * th).rounded()))
      quads.append((src, SDL_FRect(x: v0.x, y: v0.y, w: v1.x - v0.x, h: v3.y - v0.y), v0.color))
      k += 6
    }
    var current: RGBA8?
    for var q in quads {
      if current != q.color {
        SDL_SetTextureColorMod(texture, q.color.r, q.color.g, q.color.b)
        SDL_SetTextureAlphaMod(texture, q.color.a)
        current = q.color
      }
      SDL_RenderCopyF(handle, texture, &q.src, &q.dst)
    }
    // Geometry reads tint from the vertices; leave the texture unmodulated for it.
    SDL_SetTextureColorMod(texture, 255, 255, 255)
    SDL_SetTextureAlphaMod(texture, 255)
    frame.stats.lastDrawCalls += quads.count
    return true
  }
}

extension TextureRef {
  /// Whether a command with this texture is always drawn as triangles: untextured fills and
  /// shapes over the coverage mask. Glyphs and images may be blits, one call each.
  fileprivate var isGeometry: Bool { self == .none || self == .coverageMask }
}

/// The vertices a run of indices reaches: from its smallest index to its largest.
struct VertexWindow {
  var first: Int32
  var last: Int32

  init(_ indices: [Int32], _ range: Range<Int>) {
    var lo = Int32.max
    var hi = Int32.min
    for k in range {
      lo = min(lo, indices[k])
      hi = max(hi, indices[k])
    }
    (first, last) = (lo, hi)
  }

  /// How many vertices it spans.
  var count: Int32 { last >= first ? last - first + 1 : 0 }

  /// Whether handing SDL this window instead of all `total` vertices saves more than copying
  /// the indices costs.
  func isWorthIt(of total: Int) -> Bool {
    count > 0 && Int(count) * 2 < total
  }

  /// The indices of `range`, counted from the window's first vertex.
  func rebase(_ indices: [Int32], _ range: Range<Int>, into out: inout [Int32]) {
    out.removeAll(keepingCapacity: true)
    for k in range { out.append(indices[k] - first) }
  }
}
