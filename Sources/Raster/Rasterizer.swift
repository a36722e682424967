// Stage: the entry: a draw list's primitives in order, each sent to its fast path or its triangles.

import Graphics

/// The project's own rasterizer for its draw lists: subpixel-precise triangles with a top-left
/// fill rule, interpolated color and texture coordinates, bilinear sampling and premultiplied
/// source-over blending.
///
/// It draws exactly the triangles a GPU is given, so an anti-aliasing fringe (outer vertices at
/// alpha 0) gives real coverage instead of SDL's whole-pixel stair steps. Vertex positions are
/// snapped to 1/256 pixel; a pixel belongs to a triangle when its center does, and a center
/// exactly on an edge belongs to the triangle left of or below the edge only, so two triangles
/// sharing an edge never both blend a pixel.
///
/// Each stage of the pipeline is a file of this module:
/// - `Rasterizer.swift`: `draw`, which takes a list's primitives in order and sends each to a
///   fast path (`ramp`, `imageQuad`, `disc`, `roundedRect`) or to `triangle`;
/// - `PrimitiveIndex.swift`: which primitives can reach a damaged region;
/// - `Edges.swift`: positions in 1/256 pixel and the edge functions, walked or probed by row;
/// - `Triangle.swift`: a triangle's set-up, its attribute planes and its row loop;
/// - `SpanFills.swift`: what a row loop writes along a span (flat, graded, textured);
/// - `Ramps.swift`: vertically graded rectangles and the ordered dither (`Bayer`);
/// - `ImageQuads.swift`: upright image quads, filtered separably or copied;
/// - `Discs.swift`: small circles shaded from their distance to their polygon's sides;
/// - `RoundedRects.swift`: upright rounded rectangles shaded from their distance to the outline;
/// - `BlendModes.swift`: a layer's image quad composited by its blend mode;
/// - `Sampling.swift` and `TurnedSampling.swift`: texel coordinates, nearest and bilinear samples;
/// - `PixelMath.swift` and `SIMDLanes.swift`: premultiplied pixel arithmetic, one pixel and
///   four or eight at a time, rounded alike;
/// - `RasterTarget.swift`: the target, textures converted for sampling, and rectangle fills.
///
/// Images for the other renderers are made here too: `GradientRaster`, `MeshGradientRaster`,
/// the `AreaFilter`, and layers with their filters (`LayerFilters.swift`).
public enum Rasterizer {
  /// Fractional bits of vertex positions.
  static let subpixelBits: Int64 = 8
  static let one: Int64 = 1 << subpixelBits
  /// Coordinates beyond ±2²⁰ pixels are not drawn: the edge arithmetic must fit 64 bits.
  /// The draw list knows the same bound, to record only what is drawn.
  @inline(__always)
  static var limit: Float { DrawList.rasterLimit }

  /// Draws the triangles of `list` that reach `region`, touching no pixel outside it.
  ///
  /// `texture` returns the converted texture for a command's `TextureRef`; a command whose
  /// texture is missing is skipped, as a GPU backend skips an image it could not upload.
  /// `primitives` limits the drawing to a range of the list's primitives (all by default).
  /// `candidates`, ascending primitive indices that include every primitive reaching
  /// `region` (from `PrimitiveIndex.touching`), spares looking at the others.
  public static func draw(
    _ list: DrawList, into target: RasterTarget, region: PixelRect? = nil, primitives: Range<Int>? = nil,
    candidates: [Int]? = nil, texture: (TextureRef) -> RasterTexture?
  ) {
    let area = region.map { $0.intersection(target.bounds) } ?? target.bounds
    guard !area.isEmpty, !list.indices.isEmpty else { return }
    let reach = reach(of: area)
    var lastCommand = -1
    var clip = area
    var tex: RasterTexture?
    var skip = false
    list.vertices.withUnsafeBufferPointer { vs in
      list.indices.withUnsafeBufferPointer { ix in
        let range = (primitives ?? list.primitives.indices).clamped(to: list.primitives.indices)
        // The candidates in range (ascending: those before it are skipped, and the first past
        // it ends the loop), or the whole range.
        var next = 0
        var position = range.lowerBound
        while true {
          let index: Int
          if let candidates {
            while next < candidates.count, candidates[next] < range.lowerBound { next += 1 }
            guard next < candidates.count, candidates[next] < range.upperBound else { break }
            index = candidates[next]
            next += 1
          } else {
            guard position < range.upperBound else { break }
            index = position
            position += 1
          }
          let p = list.primitives[index]
          guard p.indexCount > 0, p.bounds.touches(reach) else { continue }
          if p.command != lastCommand {
            lastCommand = p.command
            let cmd = list.commands[p.command]
            clip = cmd.clip.map { PixelRect(covering: $0).intersection(area) } ?? area
            switch cmd.texture {
            case .none: tex = nil
            default: tex = texture(cmd.texture)
            }
            skip = clip.isEmpty || (cmd.texture != .none && tex == nil)
          }
          if skip { continue }
          if p.shape == .ditheredRamp, tex == nil, p.indexCount == 6, p.indexOffset + 6 <= ix.count {
            let i0 = Int(ix[p.indexOffset])
            if i0 >= 0, i0 + 4 <= vs.count, let q = vs.baseAddress, ramp(q + i0, clip: clip, target: target) {
              continue
            }
          }
          if p.shape == .disc {
            let i0 = p.indexCount == 6 && p.indexOffset + 6 <= ix.count ? Int(ix[p.indexOffset]) : -1
            if tex == nil, i0 >= 0, i0 + 4 <= vs.count, let q = vs.baseAddress {
              disc(q + i0, clip: clip, target: target)
            }
            continue
          }
          if p.shape == .roundedRect {
            let i0 = p.indexCount == 6 && p.indexOffset + 6 <= ix.count ? Int(ix[p.indexOffset]) : -1
            if tex == nil, i0 >= 0, i0 + 4 <= vs.count, let q = vs.baseAddress {
              roundedRect(q + i0, clip: clip, target: target)
            }
            continue
          }
          if p.shape == .imageQuad, let tex, p.indexCount == 6, p.indexOffset + 6 <= ix.count {
            let i0 = Int(ix[p.indexOffset])
            if i0 >= 0, i0 + 4 <= vs.count, let q = vs.baseAddress,
              imageQuad(q + i0, clip: clip, target: target, texture: tex)
            {
              continue
            }
          }
          var k = p.indexOffset
          let end = min(ix.count, p.indexOffset + p.indexCount)
          let dither = p.shape == .ditheredRamp
          while k + 2 < end {
            let i0 = Int(ix[k])
            let i1 = Int(ix[k + 1])
            let i2 = Int(ix[k + 2])
            k += 3
            guard i0 >= 0, i1 >= 0, i2 >= 0, i0 < vs.count, i1 < vs.count, i2 < vs.count else { continue }
            // Two triangles (a b c), (a c d) that make an axis-aligned rectangle graded only
            // along y (the straight middle of a rounded bar's strip): one fill per row instead
            // of walking both triangles' edges, with the same pixels.
            if tex == nil, k + 2 < end, Int(ix[k]) == i0, Int(ix[k + 1]) == i2 {
              let i3 = Int(ix[k + 2])
              if i3 >= 0, i3 < vs.count,
                ramp(vs[i0], vs[i1], vs[i2], vs[i3], clip: clip, target: target, dither: dither)
              {
                k += 3
                continue
              }
            }
            triangle(vs[i0], vs[i1], vs[i2], clip: clip, target: target, texture: tex, dither: dither)
          }
        }
      }
    }
  }
}
