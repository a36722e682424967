import Foundation
import Graphics
import Testing

@testable import Raster

/// The CPU rasterizer, pixel by pixel, without SDL.
@Suite struct RasterizerTests {
  /// A `w × h` buffer cleared to opaque black, drawn into by `body`, then returned.
  func render(_ w: Int, _ h: Int, _ body: (RasterTarget) -> Void) -> [UInt32] {
    var pixels = [UInt32](repeating: 0xFF00_0000, count: w * h)
    pixels.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      body(RasterTarget(pixels: base, width: w, height: h))
    }
    return pixels
  }

  func draw(_ list: DrawList, _ w: Int, _ h: Int, region: PixelRect? = nil, textures: [ImageID: RasterTexture] = [:])
    -> [UInt32]
  {
    render(w, h) { t in
      Rasterizer.draw(list, into: t, region: region) { ref in
        if case .image(let id) = ref { return textures[id] }
        return nil
      }
    }
  }

  func red(_ p: UInt32) -> Int { Int((p >> 16) & 0xFF) }

  @Test("drawing only a region's candidates from the primitive index gives the pixels of drawing all")
  func candidatesDrawWhatTheWholeListDraws() {
    var rng = SplitMix64(state: 41)
    func unit() -> Double { Double(rng.below(1 << 16)) / 65_536 }
    for trial in 0..<60 {
      var list = DrawList()
      for _ in 0..<(20 + rng.below(60)) {
        let color = RGBA8(
          r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: UInt8(rng.below(256)), a: [255, 128][rng.below(2)])
        switch rng.below(3) {
        case 0:
          list.fillRect(
            Rect(x: unit() * 120 - 10, y: unit() * 90 - 10, width: unit() * 40, height: unit() * 30), color: color)
        case 1:
          list.fillCircle(center: Point(x: unit() * 120, y: unit() * 90), radius: 1 + unit() * 12, color: color)
        default:
          // A clip that cuts some primitives, and one with no indices at all.
          list.pushClip(Rect(x: unit() * 60, y: unit() * 40, width: 20 + unit() * 60, height: 20 + unit() * 40))
          list.fillCircle(center: Point(x: unit() * 120, y: unit() * 90), radius: 2 + unit() * 20, color: color)
          list.popClip()
          list.fillRect(Rect(x: 5, y: 5, width: 0, height: 0), color: color)
        }
      }
      let index = Rasterizer.PrimitiveIndex(list)
      // A buffer reused from region to region holds each region's candidates alone.
      var reused = [list.primitives.count + 7]
      for _ in 0..<4 {
        let (x0, y0) = (rng.below(100), rng.below(70))
        let r = PixelRect(x0: x0, y0: y0, x1: x0 + 1 + rng.below(40), y1: y0 + 1 + rng.below(30))
        let reach = Rasterizer.reach(of: r)
        let candidates = index.touching(reach)
        index.touching(reach, into: &reused)
        #expect(reused == candidates)
        // Every primitive that reaches the region is a candidate.
        for (i, p) in list.primitives.enumerated() where p.indexCount > 0 && p.bounds.touches(reach) {
          #expect(candidates.contains(i), "trial \(trial): primitive \(i) missed")
        }
        let split = rng.below(list.primitives.count + 1)
        let all = render(120, 90) { t in
          Rasterizer.draw(list, into: t, region: r, primitives: 0..<split) { _ in nil }
          Rasterizer.draw(list, into: t, region: r, primitives: split..<list.primitives.count) { _ in nil }
        }
        let some = render(120, 90) { t in
          Rasterizer.draw(list, into: t, region: r, primitives: 0..<split, candidates: candidates) { _ in nil }
          Rasterizer.draw(
            list, into: t, region: r, primitives: split..<list.primitives.count, candidates: candidates
          ) { _ in nil }
        }
        guard all == some else {
          Issue.record("trial \(trial), region \(r): \(zip(all, some).filter { $0 != $1 }.count) pixels differ")
          return
        }
        #expect(candidates.count < list.primitives.count || list.primitives.count < 5)
      }
    }
  }

  @Test func pixelCentersOnLeftAndTopEdgesAreInsideOnRightAndBottomOutside() {
    var list = DrawList()
    list.antiAliased = false
    let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
    // Centers at x.5: the square's left and top edges pass through centers.
    list.fillRect(Rect(x: 0.5, y: 0.5, width: 2, height: 2), color: white)
    let px = draw(list, 4, 4)
    let lit = (0..<16).filter { red(px[$0]) == 255 }.map { ($0 % 4, $0 / 4) }
    #expect(lit.map { "\($0.0),\($0.1)" } == ["0,0", "1,0", "0,1", "1,1"])
    #expect((0..<16).allSatisfy { red(px[$0]) == 0 || red(px[$0]) == 255 })
  }

  @Test func trianglesSharingEdgesBlendEachPixelExactlyOnce() {
    // Fans of translucent triangles around random centers: any pixel blended twice comes out
    // brighter than one blend (128), any gap darker.
    var rng = SplitMix64(state: 7)
    for _ in 0..<20 {
      var list = DrawList()
      list.antiAliased = false
      let c = Point(
        x: 20 + Double.random(in: 0..<1, using: &rng) * 24, y: 20 + Double.random(in: 0..<1, using: &rng) * 24)
      let n = 3 + Int(rng.next() % 9)
      let phase = Double.random(in: 0..<1, using: &rng) * 6
      let ring = (0..<n).map { i -> Point in
        let a = phase + Double(i) / Double(n) * 2 * .pi
        return Point(x: c.x + cos(a) * 17.3, y: c.y + sin(a) * 17.3)
      }
      var verts = [Vertex(x: Float(c.x), y: Float(c.y), color: RGBA8(r: 255, g: 255, b: 255, a: 128))]
      verts += ring.map { Vertex(x: Float($0.x), y: Float($0.y), color: RGBA8(r: 255, g: 255, b: 255, a: 128)) }
      var idx: [Int32] = []
      for i in 0..<n { idx += [0, Int32(1 + i), Int32(1 + (i + 1) % n)] }
      list.addTriangles(verts, indices: idx)
      let px = draw(list, 64, 64)
      // Every pixel well inside the polygon (inscribed radius minus a margin) is exactly one blend.
      let inner = 17.3 * cos(Double.pi / Double(n)) - 1.5
      for y in 0..<64 {
        for x in 0..<64 {
          let d = hypot(Double(x) + 0.5 - c.x, Double(y) + 0.5 - c.y)
          if d < inner { #expect(red(px[y * 64 + x]) == 128, "pixel \(x),\(y) of a \(n)-fan") }
          if d > 17.3 + 0.5 { #expect(red(px[y * 64 + x]) == 0) }
        }
      }
    }
  }

  @Test func theFringeCoversADiagonalEdgeAsItsAreaDoes() {
    // A large white triangle whose hypotenuse runs at about 30°: each edge pixel's shade should
    // follow the share of the pixel the exact shape covers.
    var list = DrawList()
    let a = Point(x: 4.3, y: 60.2)
    let b = Point(x: 120.7, y: 60.2)
    let c = Point(x: 120.7, y: 60.2 - 116.4 * tan(Double.pi / 6))
    list.fillConvexPolygon([a, c, b], color: RGBA8(r: 255, g: 255, b: 255, a: 255))
    let px = draw(list, 128, 64)
    func coverage(_ x: Int, _ y: Int) -> Double {
      // 16×16 samples of the exact triangle.
      var n = 0
      for sy in 0..<16 {
        for sx in 0..<16 {
          let p = Point(x: Double(x) + (Double(sx) + 0.5) / 16, y: Double(y) + (Double(sy) + 0.5) / 16)
          let s = (c.x - a.x) * (p.y - a.y) - (c.y - a.y) * (p.x - a.x)
          if s >= 0 && p.x <= b.x && p.y <= a.y { n += 1 }
        }
      }
      return Double(n) / 256
    }
    var worst = 0.0
    var sum = 0.0
    var count = 0
    for y in 2..<58 {
      for x in 10..<115 {
        let cov = coverage(x, y)
        guard cov > 0.02, cov < 0.98 else { continue }
        let e = abs(Double(red(px[y * 128 + x])) / 255 - cov)
        worst = max(worst, e)
        sum += e
        count += 1
      }
    }
    #expect(count > 100, "edge pixels found: \(count)")
    #expect(worst < 0.25, "worst edge pixel is off by \(worst)")
    #expect(sum / Double(count) < 0.08, "mean error \(sum / Double(count))")
  }

  @Test func aPixelIsTheSameWhateverRegionItIsDrawnIn() {
    var list = DrawList()
    list.fillConvexPolygon(
      [Point(x: 3.2, y: 5.7), Point(x: 60.1, y: 9.3), Point(x: 40.8, y: 61.9)],
      colors: [RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 255, b: 0, a: 200), RGBA8(r: 0, g: 0, b: 255, a: 90)])
    var image = ImageBuffer(width: 7, height: 5, smooth: true)
    var rng = SplitMix64(state: 3)
    for i in image.pixels.indices { image.pixels[i] = UInt32(truncatingIfNeeded: rng.next()) | 0x8000_0000 }
    let tex = RasterTexture(image)
    list.images[ImageID(1)] = image
    let t = Transform2D.rotation(.degrees(23)).concatenating(.translation(33, 30))
    let corners = [Point(x: -20, y: -14), Point(x: 20, y: -14), Point(x: 20, y: 14), Point(x: -20, y: 14)].map(t.apply)
    list.addImageQuad(corners, uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(1)))
    let whole = draw(list, 64, 64, textures: [ImageID(1): tex])
    let pieces = render(64, 64) { target in
      for r in [
        PixelRect(x0: 0, y0: 0, x1: 17, y1: 64), PixelRect(x0: 17, y0: 0, x1: 64, y1: 29),
        PixelRect(x0: 17, y0: 29, x1: 41, y1: 64), PixelRect(x0: 41, y0: 29, x1: 64, y1: 64),
      ] {
        Rasterizer.draw(list, into: target, region: r) { _ in tex }
      }
    }
    #expect(whole == pieces)
    #expect(Set(whole).count > 200, "the test draws something varied")
  }

  @Test func anImageAtItsOwnSizeOnWholePixelsIsCopiedExactly() {
    var image = ImageBuffer(width: 9, height: 6, smooth: true)
    var rng = SplitMix64(state: 11)
    for i in image.pixels.indices { image.pixels[i] = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
    let tex = RasterTexture(image)
    var list = DrawList()
    list.images[ImageID(2)] = image
    list.addImageQuad(
      [Point(x: 3, y: 2), Point(x: 12, y: 2), Point(x: 12, y: 8), Point(x: 3, y: 8)],
      uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(2)))
    let px = draw(list, 16, 16, textures: [ImageID(2): tex])
    for y in 0..<6 {
      for x in 0..<9 {
        let s = image.pixels[y * 9 + x]
        // Straight RGBA bytes in, ARGB out.
        let expected = 0xFF00_0000 | (s & 0xFF) << 16 | (s & 0xFF00) | (s >> 16) & 0xFF
        #expect(px[(y + 2) * 16 + x + 3] == expected)
      }
    }
    #expect(px[0] == 0xFF00_0000 && px[16 * 16 - 1] == 0xFF00_0000)
  }

  @Test("a cell of a big texture at its own size is copied texel for texel, however wide and wherever it sits")
  func atlasCellsAtTheirOwnSizeAreExactCopies() {
    // An atlas-like texture and cells of it at their own size, as glyphs are drawn: as an image
    // quad (the row copy) and as two plain textured triangles (the span sampler). The plane
    // setup multiplies by a Float reciprocal of the area, so for many widths the per-pixel step
    // comes out one unit of 2⁻²⁴ short of a texel, and far to the right the row's start is off
    // by more; neither may carry a pixel onto a blend of two texels, for opaque texels or tinted
    // translucent ones.
    let (tw, th, ch, W, H) = (512, 512, 108, 1280, 410)
    for translucent in [false, true] {
      var image = ImageBuffer(width: tw, height: th, smooth: true)
      var rng = SplitMix64(state: translucent ? 5 : 6)
      for i in image.pixels.indices {
        let r = UInt32(truncatingIfNeeded: rng.next())
        image.pixels[i] = translucent ? r : r | 0xFF00_0000
      }
      let tex = RasterTexture(image)
      let tint = translucent ? RGBA8(r: 40, g: 200, b: 90, a: 230) : RGBA8(r: 255, g: 255, b: 255, a: 255)
      var wrong: [String] = []
      for cw in stride(from: 60, through: 340, by: 4) {
        for x0 in [227 + cw % 5, W - 3 - cw - cw % 7] {
          let (x, y, w, h) = (Double(x0), 300.0, Double(cw), Double(ch))
          let uv = Rect(x: 152 / Double(tw), y: 98 / Double(th), width: w / Double(tw), height: h / Double(th))
          var list = DrawList()
          list.images[ImageID(1)] = image
          list.addImageQuad(
            [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)],
            uv: uv, texture: .image(ImageID(1)), tint: tint)
          let px = draw(list, W, H, textures: [ImageID(1): tex])
          let corners = list.vertices
          let walked = render(W, H) { t in
            Rasterizer.triangle(corners[0], corners[1], corners[2], clip: t.bounds, target: t, texture: tex)
            Rasterizer.triangle(corners[0], corners[2], corners[3], clip: t.bounds, target: t, texture: tex)
          }
          var bad = 0
          for row in 0..<ch {
            for col in 0..<cw {
              var t = tex.texels[(row + 98) * tw + 152 + col]
              if translucent { t = Rasterizer.modulate(t, Rasterizer.premultiply(tint)) }
              let expected = t >> 24 == 255 ? t : (t >> 24 == 0 ? 0xFF00_0000 : Rasterizer.over(t, 0xFF00_0000))
              let i = (row + 300) * W + x0 + col
              if px[i] != expected || walked[i] != expected { bad += 1 }
            }
          }
          // Clipped to a damage region, the same pixels inside it and none outside.
          let region = PixelRect(x0: x0 + 5, y0: 310, x1: x0 + cw - 3, y1: 300 + ch - 7)
          let clipped = draw(list, W, H, region: region, textures: [ImageID(1): tex])
          for y in 290..<H {
            for x in (x0 - 2)..<(x0 + cw + 2)
            where clipped[y * W + x]
              != ((region.x0..<region.x1).contains(x) && (region.y0..<region.y1).contains(y)
                ? px[y * W + x] : 0xFF00_0000)
            {
              bad += 1
            }
          }
          if bad > 0 { wrong.append("\(cw) wide at \(x0): \(bad)") }
        }
      }
      #expect(wrong.isEmpty, "translucent: \(translucent)")
    }
  }

  @Test("texture coordinates decide nothing for an untextured triangle, and NaN ones drop a textured one")
  func textureCoordinatesOnlyMatterWithATexture() {
    let c = RGBA8(r: 200, g: 100, b: 50, a: 255)
    func triangle(u: Float, textured: Bool) -> [UInt32] {
      var list = DrawList()
      list.addTriangles(
        [
          Vertex(x: 2, y: 2, color: c, u: u, v: u), Vertex(x: 30, y: 4, color: c, u: 0, v: 0),
          Vertex(x: 10, y: 28, color: c, u: 1, v: 1),
        ], indices: [0, 1, 2])
      var px = [UInt32](repeating: 0xFF00_0000, count: 32 * 32)
      let texture = RasterTexture(ImageBuffer(width: 2, height: 2))
      px.withUnsafeMutableBufferPointer { buf in
        Rasterizer.triangle(
          list.vertices[0], list.vertices[1], list.vertices[2], clip: PixelRect(x0: 0, y0: 0, x1: 32, y1: 32),
          target: RasterTarget(pixels: buf.baseAddress!, width: 32, height: 32), texture: textured ? texture : nil)
      }
      return px
    }
    let plain = triangle(u: 0, textured: false)
    #expect(plain.contains { $0 != 0xFF00_0000 })
    #expect(triangle(u: .nan, textured: false) == plain)
    #expect(triangle(u: .infinity, textured: false) == plain)
    #expect(triangle(u: .nan, textured: true).allSatisfy { $0 == 0xFF00_0000 })
  }

  @Test func hostileVerticesDrawNothingOutsideTheirClipAndNeverTrap() {
    var list = DrawList()
    let c = RGBA8(r: 255, g: 255, b: 255, a: 255)
    let bad: [Float] = [.nan, .infinity, -.infinity, 1e30, -1e30, 3e6, Float.greatestFiniteMagnitude]
    for (i, v) in bad.enumerated() {
      list.addTriangles(
        [
          Vertex(x: v, y: 10, color: c), Vertex(x: 20, y: v, color: c),
          Vertex(x: Float(i), y: 30, color: c, u: v, v: v),
        ],
        indices: [0, 1, 2])
    }
    // Indices past the vertices are skipped too.
    list.addTriangles([Vertex(x: 0, y: 0, color: c)], indices: [0, 5, 9])
    list.pushClip(Rect(x: 8, y: 8, width: 16, height: 16))
    list.addTriangles(
      [Vertex(x: -1e5, y: -1e5, color: c), Vertex(x: 1e5, y: -1e5, color: c), Vertex(x: 0, y: 1e5, color: c)],
      indices: [0, 1, 2])
    list.popClip()
    let px = draw(list, 32, 32)
    for y in 0..<32 {
      for x in 0..<32 where !(8..<24).contains(x) || !(8..<24).contains(y) {
        #expect(px[y * 32 + x] == 0xFF00_0000, "pixel \(x),\(y) outside the clip")
      }
    }
    #expect(px[16 * 32 + 16] == 0xFFFF_FFFF)
  }

  @Test("the branch-free lerp of the image fast path equals the reference lerp for every weight")
  func unbranchedLerpMatches() {
    var rng = SplitMix64(state: 42)
    for _ in 0..<2000 {
      let a = UInt32(truncatingIfNeeded: rng.next())
      // Equal neighbours and one-channel differences are where an early exit would matter.
      let b = rng.below(4) == 0 ? a : (rng.below(2) == 0 ? a ^ 0x0000_0100 : UInt32(truncatingIfNeeded: rng.next()))
      for w in UInt32(0)...255 {
        #expect(Rasterizer.lerpUnbranched(a, b, w) == Rasterizer.lerp(a, b, w))
      }
    }
  }
}

/// The row walk against the division per edge per row that it stands for.
@Suite struct EdgeWalkTests {
  @Test("walking an edge down the rows gives the same column bounds as dividing on every row")
  func walkMatchesDivision() {
    var rng = SplitMix64(state: 99)
    for trial in 0..<3000 {
      // Endpoints in 1/256 pixel, from tiny to far off, steep, shallow, horizontal, vertical.
      let span: Int64 = trial % 3 == 0 ? 1 << 14 : (trial % 3 == 1 ? 1 << 20 : 1 << 27)
      func coordinate() -> Int64 { Int64(rng.below(Int(2 * span))) - span }
      let px = coordinate()
      let py = coordinate()
      let qx = trial % 7 == 0 ? px : coordinate()
      let qy = trial % 5 == 0 ? py : coordinate()
      guard px != qx || py != qy else { continue }
      let e = Rasterizer.Edge(px, py, qx, qy)
      let firstRow = Int64(rng.below(4096)) - 2048
      var walk = Rasterizer.Walk(e, firstRow: firstRow * Rasterizer.one + Rasterizer.one / 2)
      for row in firstRow..<(firstRow + 300) {
        var (lo1, hi1): (Int64, Int64) = (-1 << 40, 1 << 40)
        var (lo2, hi2) = (lo1, hi1)
        e.narrow(&lo1, &hi1, yc: row * Rasterizer.one + Rasterizer.one / 2)
        walk.narrow(&lo2, &hi2)
        if lo1 != lo2 || hi1 != hi2 {
          Issue.record("edge \(px),\(py)→\(qx),\(qy) row \(row): \(lo1)…\(hi1) by division, \(lo2)…\(hi2) walked")
          return
        }
        walk.step()
      }
    }
  }
}

@Suite struct SnapTests {
  @Test("snapping to 1/256 pixel rounds as Float.rounded() does, ties included")
  func snapMatchesRounded() {
    var rng = SplitMix64(state: 5)
    var values: [Float] = [0, -0, 0.5 / 256, -0.5 / 256, 1.5 / 256, -1.5 / 256, 1_048_575.998, -1_048_575.998]
    for _ in 0..<100_000 {
      let magnitude = Float(rng.below(1 << 20)) + Float(rng.below(1 << 16)) / 65_536
      // Ties: a whole number of 1/512 pixels.
      let tie = Float(rng.below(1 << 28)) / 512
      values += [magnitude, -magnitude, tie, -tie]
    }
    for f in values where f.magnitude < Rasterizer.limit {
      let expected = Int64((f * Float(Rasterizer.one)).rounded())
      if Rasterizer.snap(f) != expected {
        Issue.record("\(f): \(Rasterizer.snap(f)), rounded() gives \(expected)")
        return
      }
    }
  }
}

@Suite struct FloorDivModTests {
  @Test("the Double-estimated floor division is exact, near ties and past 2^53 too")
  func floorDivModIsExact() {
    var rng = SplitMix64(state: 21)
    for trial in 0..<200_000 {
      let b = Int64(1 + rng.below(trial % 2 == 0 ? 1 << 30 : 300))
      var a = Int64(bitPattern: rng.next()) >> Int64(rng.below(40))
      // Multiples and their neighbours, where a rounded estimate is off by one.
      if trial % 3 == 0 { a = (a / b) * b + Int64(rng.below(3)) - 1 }
      let (q, r) = Rasterizer.floorDivMod(a, b)
      if q != Rasterizer.floorDiv(a, b) || r != a - Rasterizer.floorDiv(a, b) * b || r < 0 || r >= b {
        Issue.record("\(a) / \(b): \(q) remainder \(r)")
        return
      }
    }
  }
}

/// Dithered ramps: gradient backdrops filled by the rasterizer with a 4×4 ordered pattern.
@Suite struct DitheredRampTests {
  func draw(_ list: DrawList, _ w: Int, _ h: Int, region: PixelRect? = nil, into pixels: inout [UInt32]) {
    pixels.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      Rasterizer.draw(list, into: RasterTarget(pixels: base, width: w, height: h), region: region) { _ in nil }
    }
  }

  @Test("a ramp's pixels follow the Bayer pattern, average to the exact ramp, and do not depend on the region")
  func rampIsDitheredExactly() {
    var list = DrawList()
    let (w, h) = (64, 256)
    // Black to 64 gray over 256 rows: a quarter level a row, banded every 4 rows undithered.
    list.fillDitheredRamp(
      Rect(x: 0, y: 0, width: Double(w), height: Double(h)), top: RGBA8(r: 0, g: 0, b: 0, a: 255),
      bottom: RGBA8(r: 64, g: 64, b: 64, a: 255))
    #expect(list.primitives.first?.shape == .ditheredRamp)
    var whole = [UInt32](repeating: 0, count: w * h)
    draw(list, w, h, into: &whole)
    var pieces = [UInt32](repeating: 0, count: w * h)
    for r in [
      PixelRect(x0: 0, y0: 0, x1: 13, y1: 256), PixelRect(x0: 13, y0: 0, x1: 64, y1: 101),
      PixelRect(x0: 13, y0: 101, x1: 64, y1: 256),
    ] {
      draw(list, w, h, region: r, into: &pieces)
    }
    #expect(whole == pieces)
    for y in 0..<h {
      let exact = 64 * (Double(y) + 0.5) / Double(h)
      for x in 0..<w {
        let p = whole[y * w + x]
        let g = Double(p & 0xFF)
        let d = Double(Bayer.row(y)[x & 3])
        #expect(p >> 24 == 255 && (p >> 8) & 0xFF == p & 0xFF)
        #expect(abs(g - (exact + d).rounded()) <= 1, "pixel \(x),\(y): \(g) for \(exact) + \(d)")
      }
      // Each 4×4 block's mean is the ramp within a tenth of a level, so no band shows.
      if y % 4 == 0 && y + 4 <= h {
        let block = (0..<4).flatMap { dy in (0..<4).map { Double(whole[(y + dy) * w + $0] & 0xFF) } }
        let mean = block.reduce(0, +) / 16
        let ideal = 64 * (Double(y) + 2) / Double(h)
        #expect(abs(mean - ideal) < 0.3, "rows \(y)…\(y + 3): mean \(mean) for \(ideal)")
      }
    }
    // Without dithering the same quad shows only whole levels, one per band of rows.
    var plain = DrawList()
    plain.addTriangles(list.vertices, indices: [0, 1, 2, 0, 2, 3])
    var banded = [UInt32](repeating: 0, count: w * h)
    draw(plain, w, h, into: &banded)
    #expect(Set((0..<w).map { banded[102 * w + $0] }).count == 1)
    #expect(Set((0..<w).map { whole[102 * w + $0] }).count == 2)
  }

  @Test("a ramp's rows, with the offsets rotated once for their first column, equal dithering each span")
  func rampRowsMatchDitheredSpans() {
    var rng = SplitMix64(state: 23)
    func unit() -> Float { Float(rng.below(1 << 16)) / 65_536 }
    for trial in 0..<2_000 {
      // Opaque and translucent; fully transparent spans would compare equal whatever the offsets.
      let alpha: Float = [255, 1 + unit() * 254][trial % 2]
      let color = SIMD4<Float>(unit() * 255, unit() * 255, unit() * 255, alpha)
      let dy = SIMD4<Float>(unit() - 0.5, unit() - 0.5, unit() - 0.5, 0)
      let (start, count, oy) = (rng.below(40), rng.below(60), unit() * 8)
      let ramp = Rasterizer.RampDitherFill(color: color, dy: dy, oy: oy, start: start)
      let span = Rasterizer.DitherFill(color: color, dy: dy, oy: oy)
      let background = randomPremultipliedRow(&rng)
      for y in Int64(0)..<8 {
        var (a, b) = (background, background)
        a.withUnsafeMutableBufferPointer { ramp.fill($0.baseAddress!, y, start, count) }
        b.withUnsafeMutableBufferPointer { span.fill($0.baseAddress!, y, start, count) }
        guard a == b else {
          Issue.record("trial \(trial), row \(y): \(zip(a, b).filter { $0 != $1 }.count) pixels differ")
          return
        }
      }
    }
  }

  @Test("a translucent ramp blends over what is there")
  func translucentRampBlends() {
    var list = DrawList()
    list.fillDitheredRamp(
      Rect(x: 0, y: 0, width: 8, height: 8), top: RGBA8(r: 255, g: 255, b: 255, a: 128),
      bottom: RGBA8(r: 255, g: 255, b: 255, a: 128))
    var px = [UInt32](repeating: 0xFF00_0000, count: 64)
    draw(list, 8, 8, into: &px)
    #expect(px.allSatisfy { $0 >> 24 == 255 && abs(Int($0 & 0xFF) - 128) <= 1 })
  }
}
