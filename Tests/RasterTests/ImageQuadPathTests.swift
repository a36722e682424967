import Foundation
import Graphics
import Testing

@testable import Raster

/// Upright image quads drawn scaled take a separable path of their own; it must cover
/// the pixels their two triangles cover and sample as they do.
@Suite struct ImageQuadPathTests {
  func render(_ list: DrawList, _ w: Int, _ h: Int, _ tex: RasterTexture, region: PixelRect? = nil) -> [UInt32] {
    // A background no drawn pixel can have (alpha 1), to tell untouched pixels apart.
    var pixels = [UInt32](repeating: 0x0100_0000, count: w * h)
    pixels.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      Rasterizer.draw(list, into: RasterTarget(pixels: base, width: w, height: h), region: region) { _ in tex }
    }
    return pixels
  }

  /// A random image: opaque, or with alpha, straight RGBA.
  func image(_ w: Int, _ h: Int, seed: UInt64, opaque: Bool) -> ImageBuffer {
    var img = ImageBuffer(width: w, height: h, smooth: true)
    var rng = SplitMix64(state: seed)
    for i in img.pixels.indices {
      let p = UInt32(truncatingIfNeeded: rng.next())
      img.pixels[i] = opaque ? p | 0xFF00_0000 : p
    }
    img.opaque = opaque
    return img
  }

  /// The quad as `addImageQuad` records it, and the same vertices as plain triangles.
  func lists(_ corners: [Point], uv: Rect, tint: RGBA8, image: ImageBuffer) -> (quad: DrawList, triangles: DrawList) {
    var quad = DrawList()
    quad.images[ImageID(5)] = image
    quad.addImageQuad(corners, uv: uv, texture: .image(ImageID(5)), tint: tint)
    var triangles = DrawList()
    triangles.images[ImageID(5)] = image
    triangles.addTriangles(quad.vertices, indices: [0, 1, 2, 0, 2, 3], texture: .image(ImageID(5)))
    #expect(quad.primitives.first?.shape == .imageQuad)
    #expect(triangles.primitives.first?.shape == .triangles)
    return (quad, triangles)
  }

  @Test(
    "a scaled upright quad covers exactly its triangles' pixels, each within two levels",
    arguments: [(true, UInt8(255)), (false, UInt8(255)), (true, UInt8(140))])
  func quadMatchesTriangles(opaque: Bool, tintAlpha: UInt8) throws {
    var rng = SplitMix64(state: 17)
    var separable = 0
    for trial in 0..<40 {
      let tw = 2 + rng.below(12)
      let th = 2 + rng.below(9)
      let img = image(tw, th, seed: UInt64(trial), opaque: opaque)
      // Fractional corners, magnified 2–12× vertically; some mirrored across.
      let x0 = Double(rng.below(4000)) / 256
      let y0 = Double(rng.below(4000)) / 256
      let width = 8 + Double(rng.below(15_000)) / 256
      // Magnified 2–11× or shrunk to 40–90 % vertically (an emoji squashed in its jump).
      let height = Double(th) * (trial % 4 == 3 ? 0.4 + Double(rng.below(6)) / 10 : 2 + Double(rng.below(10)))
      let flip = trial % 5 == 4
      let (l, r) = flip ? (x0 + width, x0) : (x0, x0 + width)
      let corners = [Point(x: l, y: y0), Point(x: r, y: y0), Point(x: r, y: y0 + height), Point(x: l, y: y0 + height)]
      let tint = RGBA8(r: 255, g: tintAlpha == 255 ? 255 : 200, b: 255, a: tintAlpha)
      let (quad, triangles) = lists(
        corners,
        uv: Rect(x: 0.5 / Double(tw), y: 0.5 / Double(th), width: 1 - 1 / Double(tw), height: 1 - 1 / Double(th)),
        tint: tint, image: img)
      let tex = RasterTexture(img)
      let size = 96
      let a = render(quad, size, size, tex)
      let b = render(triangles, size, size, tex)
      var worst = 0
      var total = 0
      for i in a.indices {
        #expect(
          (a[i] == 0x0100_0000) == (b[i] == 0x0100_0000), "pixel \(i % size),\(i / size) covered by one path only")
        for shift: UInt32 in [0, 8, 16, 24] {
          let d = abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF))
          worst = max(worst, d)
          total += d
        }
      }
      // Filtering across then down rounds in another order than down then across, and each
      // triangle's own texture-coordinate plane can shift a weight by 1/256.
      #expect(worst <= 2, "trial \(trial): a channel differs by \(worst)")
      #expect(Double(total) / Double(4 * a.count) < 0.25, "trial \(trial): mean difference")
      if a != b { separable += 1 }
    }
    // Rounding in the other order differs somewhere: the separable path was really taken.
    #expect(separable > 10)
  }

  @Test(
    "a nearest-texel upright quad covers exactly its triangles' pixels with their texels",
    arguments: [(true, UInt8(255)), (false, UInt8(255)), (true, UInt8(140))])
  func nearestQuadMatchesTriangles(opaque: Bool, tintAlpha: UInt8) {
    var rng = SplitMix64(state: 29)
    var differing = 0
    var covered = 0
    for trial in 0..<60 {
      let (tw, th) = (2 + rng.below(12), 2 + rng.below(9))
      var img = image(tw, th, seed: UInt64(trial), opaque: opaque)
      img.smooth = false
      // Fractional corners, magnified 1.3–12× or shrunk; some mirrored across.
      let x0 = Double(rng.below(4000)) / 256
      let y0 = Double(rng.below(4000)) / 256
      let width = 8 + Double(rng.below(15_000)) / 256
      let height = Double(th) * (trial % 4 == 3 ? 0.4 + Double(rng.below(6)) / 10 : 1.3 + Double(rng.below(100)) / 10)
      let flip = trial % 5 == 4
      let (l, r) = flip ? (x0 + width, x0) : (x0, x0 + width)
      let corners = [Point(x: l, y: y0), Point(x: r, y: y0), Point(x: r, y: y0 + height), Point(x: l, y: y0 + height)]
      let tint = RGBA8(r: 255, g: tintAlpha == 255 ? 255 : 200, b: 255, a: tintAlpha)
      let (quad, triangles) = lists(
        corners, uv: Rect(x: 0, y: 0, width: 1, height: 1), tint: tint, image: img)
      let tex = RasterTexture(img)
      // The quad path itself takes it (rather than handing it back to the triangles).
      var scratch = [UInt32](repeating: 0, count: 96 * 96)
      let taken = scratch.withUnsafeMutableBufferPointer { px in
        quad.vertices.withUnsafeBufferPointer { v in
          Rasterizer.imageQuad(
            v.baseAddress!, clip: PixelRect(x0: 0, y0: 0, x1: 96, y1: 96),
            target: RasterTarget(pixels: px.baseAddress!, width: 96, height: 96), texture: tex)
        }
      }
      #expect(taken, "trial \(trial)")
      let a = render(quad, 96, 96, tex)
      let b = render(triangles, 96, 96, tex)
      for i in a.indices {
        #expect((a[i] == 0x0100_0000) == (b[i] == 0x0100_0000), "trial \(trial): pixel \(i) covered by one path only")
        if b[i] != 0x0100_0000 { covered += 1 }
        if a[i] != b[i] { differing += 1 }
      }
    }
    // Each path computes texture coordinates with its own Float plane, so a pixel whose
    // center falls within rounding of a texel edge may take the neighbour: a handful at most.
    #expect(covered > 20_000)
    #expect(Double(differing) / Double(covered) < 0.002, "\(differing) of \(covered) pixels differ")
  }

  @Test("a magnified quad's pixel is the same whatever region it is drawn in")
  func regionIndependent() {
    let img = image(9, 7, seed: 4, opaque: true)
    var list = DrawList()
    list.images[ImageID(5)] = img
    list.addImageQuad(
      [Point(x: 3.3, y: 2.7), Point(x: 60.9, y: 2.7), Point(x: 60.9, y: 61.1), Point(x: 3.3, y: 61.1)],
      uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(5)))
    let tex = RasterTexture(img)
    let whole = render(list, 64, 64, tex)
    var pieces = [UInt32](repeating: 0x0100_0000, count: 64 * 64)
    pieces.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      for r in [
        PixelRect(x0: 0, y0: 0, x1: 17, y1: 64), PixelRect(x0: 17, y0: 0, x1: 64, y1: 29),
        PixelRect(x0: 17, y0: 29, x1: 41, y1: 64), PixelRect(x0: 41, y0: 29, x1: 64, y1: 64),
      ] {
        Rasterizer.draw(list, into: RasterTarget(pixels: base, width: 64, height: 64), region: r) { _ in tex }
      }
    }
    #expect(whole == pieces)
    #expect(Set(whole).count > 500, "the test draws a varied magnification")
  }

  @Test("four-pixel over and modulate equal the scalar ones on premultiplied pixels")
  func vectorCompositingMatches() {
    var rng = SplitMix64(state: 12)
    func premultiplied() -> UInt32 {
      let a = UInt32(rng.below(4) == 0 ? [0, 255][rng.below(2)] : rng.below(256))
      return Rasterizer.premultiply(
        r: UInt32(rng.below(256)), g: UInt32(rng.below(256)), b: UInt32(rng.below(256)), a: a)
    }
    for _ in 0..<50_000 {
      let src = SIMD4(premultiplied(), premultiplied(), premultiplied(), premultiplied())
      let dst = SIMD4(premultiplied(), premultiplied(), premultiplied(), premultiplied())
      let tint = SIMD4<UInt32>((0..<4).map { _ in UInt32(truncatingIfNeeded: rng.next()) })
      let o = Rasterizer.over(src, dst)
      let m = Rasterizer.modulate(src, tint)
      for k in 0..<4 {
        guard o[k] == Rasterizer.over(src[k], dst[k]), m[k] == Rasterizer.modulate(src[k], tint[k]) else {
          Issue.record("lane \(k): over \(o[k]) for \(Rasterizer.over(src[k], dst[k])), modulate \(m[k])")
          return
        }
      }
    }
  }

  @Test("placing four pixels equals placing each: opaque groups stored, clear ones skipped, others laid over")
  func placingFourEqualsPlacingEach() {
    var rng = SplitMix64(state: 33)
    for trial in 0..<2_000 {
      var src = randomPremultipliedRow(&rng)
      // Groups that are all opaque or all clear, as inside and outside an emoji.
      for g in stride(from: 0, to: src.count, by: 4) where trial % 3 != 0 {
        let kind = rng.below(3)
        for k in g..<(g + 4) { src[k] = kind == 0 ? src[k] | 0xFF00_0000 : (kind == 1 ? 0 : src[k]) }
      }
      let dst = randomPremultipliedRow(&rng)
      var got = dst
      var expected = dst
      got.withUnsafeMutableBufferPointer { out in
        for g in stride(from: 0, to: src.count, by: 4) {
          let t = SIMD4(src[g], src[g + 1], src[g + 2], src[g + 3])
          Rasterizer.place(t, at: out.baseAddress! + g)
        }
      }
      expected.withUnsafeMutableBufferPointer { out in
        for k in src.indices { Rasterizer.place(src[k], at: out.baseAddress! + k) }
      }
      guard got == expected else {
        Issue.record("trial \(trial) differs")
        return
      }
    }
  }

  @Test("a graded span, eight or four pixels at a time, equals packing and blending each pixel")
  func gradientSpanMatchesPerPixel() {
    var rng = SplitMix64(state: 21)
    func unit() -> Float { Float(rng.below(1 << 16)) / 65_536 }
    for trial in 0..<3_000 {
      // Colors that overshoot 0…255 and alpha, so every clamp is exercised.
      let c = SIMD4<Float>(unit() * 300 - 20, unit() * 300 - 20, unit() * 300 - 20, unit() * 320 - 30)
      let dx = SIMD4<Float>(unit() * 8 - 4, unit() * 8 - 4, unit() * 8 - 4, trial % 3 == 0 ? 0 : unit() * 8 - 4)
      let start = rng.below(40)
      let count = 1 + rng.below(60)
      let background = randomPremultipliedRow(&rng)
      var got = background
      got.withUnsafeMutableBufferPointer {
        Rasterizer.gradientSpan($0.baseAddress!, from: start, count: count, color: c, dx: dx)
      }
      var expected = background
      for x in start..<(start + count) {
        let px = Rasterizer.pack(c + dx * Float(x))
        expected[x] = px >> 24 == 255 ? px : Rasterizer.over(px, expected[x])
      }
      guard got == expected else {
        Issue.record("trial \(trial): span \(start)+\(count) differs")
        return
      }
    }
  }

  @Test(
    "a ramp drawn as a rectangle equals its two triangles, pixel for pixel, dithered or not",
    arguments: [true, false])
  func rampMatchesTriangles(dither: Bool) {
    var rng = SplitMix64(state: 33)
    func coordinate(_ range: Int) -> Float { Float(rng.below(range * 64)) / 64 - 8 }
    func color() -> RGBA8 {
      RGBA8(
        r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: UInt8(rng.below(256)),
        a: UInt8([0, 255, 128, rng.below(256)][rng.below(4)]))
    }
    for trial in 0..<2_000 {
      let (x0, y0) = (coordinate(40), coordinate(40))
      let (x1, y1) = (x0 + coordinate(40) + 8.5, y0 + coordinate(40) + 8.5)
      let top = color()
      let bottom = trial % 5 == 0 ? top : color()
      let quad = [
        Vertex(x: x0, y: y0, color: top), Vertex(x: x1, y: y0, color: top), Vertex(x: x1, y: y1, color: bottom),
        Vertex(x: x0, y: y1, color: bottom),
      ]
      let clip = PixelRect(x0: rng.below(20), y0: rng.below(20), x1: 30 + rng.below(34), y1: 30 + rng.below(34))
      let background = (0..<(64 * 64)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
      var viaRamp = background
      var viaTriangles = background
      let drew = viaRamp.withUnsafeMutableBufferPointer { px in
        Rasterizer.ramp(
          quad[0], quad[1], quad[2], quad[3], clip: clip,
          target: RasterTarget(pixels: px.baseAddress!, width: 64, height: 64), dither: dither)
      }
      viaTriangles.withUnsafeMutableBufferPointer { px in
        let t = RasterTarget(pixels: px.baseAddress!, width: 64, height: 64)
        Rasterizer.triangle(quad[0], quad[1], quad[2], clip: clip, target: t, texture: nil, dither: dither)
        Rasterizer.triangle(quad[0], quad[2], quad[3], clip: clip, target: t, texture: nil, dither: dither)
      }
      guard drew, viaRamp == viaTriangles else {
        Issue.record(
          "trial \(trial): drew \(drew), \(zip(viaRamp, viaTriangles).filter { $0 != $1 }.count) pixels differ")
        return
      }
    }
  }

  /// The straight middle of a graded rounded bar is drawn as a rectangle by `draw`; the list
  /// drawn triangle by triangle must give the same pixels, for bars of any size and place.
  @Test func gradedConvexFillsDrawTheSameAsTheirTriangles() {
    var rng = SplitMix64(state: 91)
    for trial in 0..<300 {
      var list = DrawList()
      let x = Double(rng.below(4000)) / 100
      let y = Double(rng.below(4000)) / 100
      let w = 4 + Double(rng.below(3000)) / 100
      let h = 4 + Double(rng.below(5000)) / 100
      let r = min(w, h) / 2 * Double(rng.below(100)) / 100
      let top = RGBA8(r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: 200, a: [255, 180][rng.below(2)])
      let bottom = RGBA8(r: 10, g: UInt8(rng.below(256)), b: UInt8(rng.below(256)), a: top.a)
      var pts: [Point] = []
      // A clockwise rounded rectangle, its arcs in 6 steps.
      let corners = [
        (x + w - r, y + r, -90.0), (x + w - r, y + h - r, 0.0), (x + r, y + h - r, 90.0), (x + r, y + r, 180.0),
      ]
      for (cx, cy, start) in corners {
        for k in 0...6 {
          let a = (start + Double(k) * 15) * .pi / 180
          pts.append(Point(x: cx + r * cos(a), y: cy + r * sin(a)))
        }
      }
      let colors = pts.map { p -> RGBA8 in
        let t = (p.y - y) / h
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
        return RGBA8(r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: top.a)
      }
      list.fillConvexPolygon(pts, colors: colors)
      let clip = PixelRect(x0: rng.below(20), y0: rng.below(20), x1: 44 + rng.below(36), y1: 44 + rng.below(36))
      var viaDraw = [UInt32](repeating: 0xFF20_3040, count: 80 * 100)
      var viaTriangles = viaDraw
      viaDraw.withUnsafeMutableBufferPointer { px in
        Rasterizer.draw(
          list, into: RasterTarget(pixels: px.baseAddress!, width: 80, height: 100), region: clip
        ) { _ in nil }
      }
      viaTriangles.withUnsafeMutableBufferPointer { px in
        let t = RasterTarget(pixels: px.baseAddress!, width: 80, height: 100)
        var k = 0
        while k + 2 < list.indices.count {
          let (a, b, c) = (Int(list.indices[k]), Int(list.indices[k + 1]), Int(list.indices[k + 2]))
          Rasterizer.triangle(
            list.vertices[a], list.vertices[b], list.vertices[c], clip: clip, target: t, texture: nil)
          k += 3
        }
      }
      guard viaDraw == viaTriangles else {
        Issue.record("trial \(trial): \(zip(viaDraw, viaTriangles).filter { $0 != $1 }.count) pixels differ")
        return
      }
    }
  }

  @Test("a dithered span equals packing each pixel with its Bayer offset, over what is there")
  func ditheredSpanMatchesPerPixel() {
    var rng = SplitMix64(state: 17)
    func unit() -> Float { Float(rng.below(1 << 16)) / 65_536 }
    let offsets: [Float] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { $0 / 16 + 0.5 / 16 - 0.5 }
    for trial in 0..<3_000 {
      let alpha: Float = [255, 0, unit() * 255, unit() * 300 - 20][trial % 4]
      let c = SIMD4<Float>(unit() * 300 - 20, unit() * 300 - 20, unit() * 300 - 20, alpha)
      let (start, count, y) = (rng.below(40), rng.below(60), rng.below(100))
      let background = randomPremultipliedRow(&rng)
      var got = background
      got.withUnsafeMutableBufferPointer {
        Rasterizer.ditheredSpan($0.baseAddress!, from: start, count: count, color: c, y: y)
      }
      var expected = background
      for x in start..<(start + count) {
        let d = offsets[(y & 3) * 4 + (x & 3)]
        let px = Rasterizer.pack(c + SIMD4(d, d, d, 0))
        expected[x] = px >> 24 == 255 ? px : Rasterizer.over(px, expected[x])
      }
      guard got == expected else {
        Issue.record("trial \(trial): span \(start)+\(count) on row \(y) differs")
        return
      }
    }
  }

  @Test("triangles cover exactly the pixels all three edge tests admit, slivers and vertex-row ties included")
  func twoEdgeRowsMatchThreeEdgeCoverage() {
    var rng = SplitMix64(state: 77)
    // Coordinates on a 1/256 grid, often on pixel centers (ties with a row) or shared between
    // vertices (horizontal edges), and thin one-pixel slivers like a fringe's.
    func coordinate() -> Float {
      switch rng.below(4) {
      case 0: return Float(rng.below(48)) + 0.5
      case 1: return Float(rng.below(48 * 4)) / 4
      default: return Float(rng.below(48 * 256)) / 256
      }
    }
    for trial in 0..<20_000 {
      var p = (0..<3).map { _ in (coordinate(), coordinate()) }
      if trial % 4 == 0 { p[1] = (p[0].0 + 1, p[2].1) }
      if trial % 7 == 0 { p[2].1 = p[rng.below(2)].1 }
      let clip = PixelRect(x0: rng.below(8), y0: rng.below(8), x1: 40 + rng.below(9), y1: 40 + rng.below(9))
      var pixels = [UInt32](repeating: 0, count: 48 * 48)
      pixels.withUnsafeMutableBufferPointer { px in
        let t = RasterTarget(pixels: px.baseAddress!, width: 48, height: 48)
        let c = RGBA8(r: 255, g: 255, b: 255, a: 255)
        Rasterizer.triangle(
          Vertex(x: p[0].0, y: p[0].1, color: c), Vertex(x: p[1].0, y: p[1].1, color: c),
          Vertex(x: p[2].0, y: p[2].1, color: c), clip: clip, target: t, texture: nil)
      }
      var expected = [UInt32](repeating: 0, count: 48 * 48)
      let f = p.map { (Rasterizer.snap($0.0), Rasterizer.snap($0.1)) }
      if var cover = Rasterizer.Coverage(f[0].0, f[0].1, f[1].0, f[1].1, f[2].0, f[2].1, clip: clip) {
        for y in Int64(0)..<48 {
          var lo: Int64 = 0
          var hi: Int64 = 47
          guard y >= cover.minY else { continue }
          cover.span(y, &lo, &hi)
          if lo <= hi { for x in lo...hi { expected[Int(y) * 48 + Int(x)] = 0xFFFF_FFFF } }
        }
      }
      guard pixels == expected else {
        let differing = zip(pixels, expected).filter { $0 != $1 }.count
        Issue.record("trial \(trial): \(p) in \(clip): \(differing) pixels differ")
        return
      }
    }
  }

  @Test("probing a small triangle's pixel centers gives the spans its walked edges give")
  func probeMatchesWalk() {
    var rng = SplitMix64(state: 31)
    var probed = 0
    for trial in 0..<30_000 {
      // A fringe's triangles: a few pixels across, often on pixel centers or quarter pixels
      // (ties with a row or column), sometimes one pixel wide and tall.
      let origin = (Float(rng.below(20)), Float(rng.below(20)))
      let size: Float = trial % 3 == 0 ? 1.5 : (trial % 3 == 1 ? 4 : 9)
      func coordinate(_ o: Float) -> Float {
        switch rng.below(3) {
        case 0: return o + Float(rng.below(Int(size))) + 0.5
        case 1: return o + Float(rng.below(Int(size * 4))) / 4
        default: return o + Float(rng.below(Int(size * 256))) / 256
        }
      }
      var p = (0..<3).map { _ in (Rasterizer.snap(coordinate(origin.0)), Rasterizer.snap(coordinate(origin.1))) }
      if trial % 5 == 0 { p[2].1 = p[rng.below(2)].1 }
      let clip = PixelRect(x0: rng.below(22), y0: rng.below(22), x1: 22 + rng.below(10), y1: 22 + rng.below(10))
      guard var walk = Rasterizer.Coverage(p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1, clip: clip) else {
        continue
      }
      guard Rasterizer.probes(columns: walk.maxX - walk.minX + 1, rows: walk.maxY - walk.minY + 1) else { continue }
      probed += 1
      // Counter-clockwise, as `triangle` and `Coverage` order the vertices.
      let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[2].0 - p[0].0) * (p[1].1 - p[0].1)
      if area < 0 { p.swapAt(1, 2) }
      let e = (
        Rasterizer.Edge(p[1].0, p[1].1, p[2].0, p[2].1), Rasterizer.Edge(p[2].0, p[2].1, p[0].0, p[0].1),
        Rasterizer.Edge(p[0].0, p[0].1, p[1].0, p[1].1)
      )
      let half = Rasterizer.one / 2
      var probe = Rasterizer.Probe(
        e.0, e.1, e.2, x: walk.minX * Rasterizer.one + half, y: walk.minY * Rasterizer.one + half)
      for y in walk.minY...walk.maxY {
        var (lo1, hi1) = (walk.minX, walk.maxX)
        var (lo2, hi2) = (lo1, hi1)
        walk.span(y, &lo1, &hi1)
        probe.span(&lo2, &hi2)
        // Empty spans may be written differently; non-empty ones must be the same columns.
        let same = lo1 > hi1 ? lo2 > hi2 : (lo1 == lo2 && hi1 == hi2)
        guard same else {
          Issue.record("trial \(trial): \(p) row \(y): walked \(lo1)…\(hi1), probed \(lo2)…\(hi2)")
          return
        }
      }
    }
    // The test means nothing unless most trials took the probe's path.
    #expect(probed > 8_000)
  }

  @Test("pack clamps alpha to 0…255 and each channel to 0…alpha, rounding to nearest")
  func packClamps() {
    #expect(Rasterizer.pack(SIMD4(-3, 300, 100.4, 200)) == 0xC8_00_C8_64)
    #expect(Rasterizer.pack(SIMD4(10.5, 11.5, 12.49, 400)) == 0xFF_0A_0C_0C)
    #expect(Rasterizer.pack(SIMD4(50, 50, 50, -1)) == 0)
  }

  @Test("two bilinear samples from pair loads equal lerping each pixel's four texels, down then across")
  func pairedBilinearMatchesLerps() {
    var rng = SplitMix64(state: 12)
    // Two rows of texels with a stride wider than a row, as in a texture.
    let stride = 7
    var texels = (0..<(2 * stride)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
    for trial in 0..<40_000 {
      if trial % 1_000 == 0 { texels = (0..<(2 * stride)).map { _ in UInt32(truncatingIfNeeded: rng.next()) } }
      let (i, j) = (rng.below(stride - 1), rng.below(stride - 1))
      let wx = (UInt64(rng.below(256)), UInt64(rng.below(256)))
      let wy = (UInt64(rng.below(256)), UInt64(rng.below(256)))
      let got = texels.withUnsafeBufferPointer { t in
        Rasterizer.bilinear(t.baseAddress! + i, t.baseAddress! + j, stride: stride, wx: wx, wy: wy)
      }
      for (k, (at, x, y)) in [(i, wx.0, wy.0), (j, wx.1, wy.1)].enumerated() {
        let (tl, tr, bl, br) = (texels[at], texels[at + 1], texels[at + stride], texels[at + stride + 1])
        let expected = Rasterizer.lerp(
          Rasterizer.lerp(tl, bl, UInt32(y)), Rasterizer.lerp(tr, br, UInt32(y)), UInt32(x))
        guard got[k] == expected else {
          Issue.record("trial \(trial), pixel \(k): \(got[k]) for \(expected), weights \(x), \(y)")
          return
        }
      }
    }
  }

  @Test(
    "a turned textured span, drawn whole, equals drawing it one pixel at a time",
    arguments: [(true, UInt32(0xFFFF_FFFF)), (false, UInt32(0xFFFF_FFFF)), (false, UInt32(0xC0B0_8040))])
  func turnedSpanMatchesPixels(smooth: Bool, tint: UInt32) {
    var rng = SplitMix64(state: 41)
    func unit() -> Float { Float(rng.below(1 << 16)) / 65_536 }
    var img = image(40, 30, seed: 3, opaque: false)
    img.smooth = smooth
    // Clear texels, as around an emoji: some groups blend only those.
    for i in img.pixels.indices where rng.below(4) == 0 { img.pixels[i] = 0 }
    let texture = RasterTexture(img)
    var inside = 0
    for trial in 0..<3_000 {
      // Turned by any angle, magnified or shrunk; starting inside the texture, near an edge,
      // or off it (then the clamped loop draws the groups).
      let angle = unit() * 2 * .pi
      let scale = 0.3 + unit() * 1.5
      let uv = Rasterizer.TexelPlanes(
        u0: unit() * 43 - 1.5, udx: cos(angle) * scale, udy: -sin(angle) * scale,
        v0: unit() * 33 - 1.5, vdx: sin(angle) * scale, vdy: cos(angle) * scale)
      let (start, count) = (rng.below(20), rng.below(40))
      let cy = Float(rng.below(8)) + 0.5
      // Whether the span's groups lie wholly inside, as the fast loop asks.
      let (dU, dV) = (Rasterizer.fixed24(uv.udx), Rasterizer.fixed24(uv.vdx))
      let u = Rasterizer.fixed24(uv.u0 + uv.udx * 0 + uv.udy * cy - 0.5) &+ dU &* start
      let v = Rasterizer.fixed24(uv.v0 + uv.vdx * 0 + uv.vdy * cy - 0.5) &+ dV &* start
      let last = count / 4 * 4 - 1
      let (uEnd, vEnd) = (u &+ dU &* last, v &+ dV &* last)
      if last >= 0, min(u, uEnd) >= 0, min(v, vEnd) >= 0, max(u, uEnd) >> 24 < 39, max(v, vEnd) >> 24 < 29 {
        inside += 1
      }
      let background = randomPremultipliedRow(&rng)
      func span(_ row: UnsafeMutablePointer<UInt32>, _ from: Int, _ n: Int) {
        Rasterizer.texturedSpan(
          row, from: from, count: n, uv: uv, x0: 0, cy: cy, flat: true, c0: tint, f0: .zero, cdx: .zero,
          cdy: .zero, texture: texture)
      }
      var whole = background
      whole.withUnsafeMutableBufferPointer { span($0.baseAddress!, start, count) }
      var single = background
      single.withUnsafeMutableBufferPointer { row in
        for x in start..<(start + count) { span(row.baseAddress!, x, 1) }
      }
      guard whole == single else {
        let first = zip(whole, single).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
        Issue.record("trial \(trial): pixel \(first) is \(whole[first]), one at a time \(single[first])")
        return
      }
    }
    // The fast loop for spans wholly inside the texture was really taken.
    #expect(inside > 300)
  }

  @Test("a turned span's texel pairs count as inside only when every pixel's are, even where the step wraps")
  func pairsInsideRefusesWrappedSteps() {
    // A step that, taken `last` times, wraps around 2⁶⁴ to land the far end inside a wide
    // texture (an atlas) while the pixels between read far outside: found by search.
    let (maxX, maxY) = (4095, 3)
    let u = 100 << 24
    var found: (dU: Int, last: Int)?
    search: for last in stride(from: 4_095, through: 1_023, by: -4) {
      for j in 1...200 {
        // dU·last ≡ j·2²⁷ (mod 2⁶⁴): dU = j·2²⁷·last⁻¹, the inverse of an odd number mod 2⁶⁴.
        var inverse = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- last &* inverse) }
        let dU = (j << 27) &* inverse
        if dU > 1 << 30, dU < 1 << 53 {
          found = (dU, last)
          break search
        }
      }
    }
    guard let (dU, last) = found else {
      Issue.record("no wrapping step found to test with")
      return
    }
    let wrappedEnd = u &+ dU &* last
    #expect(wrappedEnd >= 0 && wrappedEnd >> 24 < maxX, "the wrapped end lands inside")
    #expect(!Rasterizer.pairsInside(u: u, v: 0, dU: dU, dV: 0, last: last, maxX: maxX, maxY: maxY))
    // Ordinary spans: inside when both ends are, outside when either end is not.
    #expect(Rasterizer.pairsInside(u: u, v: 1 << 24, dU: 3 << 22, dV: -(1 << 16), last: 99, maxX: maxX, maxY: maxY))
    #expect(!Rasterizer.pairsInside(u: u, v: 0, dU: -(2 << 24), dV: 0, last: 99, maxX: maxX, maxY: maxY))
    #expect(!Rasterizer.pairsInside(u: u, v: 0, dU: 0, dV: 1 << 24, last: 3, maxX: maxX, maxY: maxY))
  }

  @Test("an upright span whose texel step overflows draws what drawing each pixel draws")
  func overflowingUprightStepMatchesPixels() {
    // u from −10⁹ texels, a step of 10⁹ texels a pixel (both clamped there from ±10³⁰): the
    // span's far end overflows 2⁶³, and the texels blended once for the span must still
    // cover every pixel's.
    let texture = RasterTexture(image(256, 256, seed: 5, opaque: false))
    let uv = Rasterizer.TexelPlanes(u0: -1e30, udx: 8.5e29, udy: 0, v0: 100, vdx: 0, vdy: 0)
    let count = 597
    func span(_ row: UnsafeMutablePointer<UInt32>, _ from: Int, _ n: Int) {
      Rasterizer.texturedSpan(
        row, from: from, count: n, uv: uv, x0: 0, cy: 0.5, flat: true, c0: 0xFFFF_FFFF, f0: .zero, cdx: .zero,
        cdy: .zero, texture: texture)
    }
    var whole = [UInt32](repeating: 0xFF00_0000, count: count)
    whole.withUnsafeMutableBufferPointer { span($0.baseAddress!, 0, count) }
    var single = [UInt32](repeating: 0xFF00_0000, count: count)
    single.withUnsafeMutableBufferPointer { row in
      for x in 0..<count { span(row.baseAddress!, x, 1) }
    }
    #expect(whole == single)
  }

  @Test("an image whose size was set to zero or less is a one-texel texture, drawn without trapping")
  func emptyImageSizeBecomesOneTexel() {
    for (w, h) in [(0, 4), (4, 0), (-1, -1), (0, 0)] {
      // One opaque color everywhere (straight RGBA), so any texel sampled gives it.
      var img = image(2, 2, seed: 6, opaque: true)
      img.pixels = [UInt32](repeating: 0xFF33_6699, count: 4)
      (img.width, img.height) = (w, h)
      let tex = RasterTexture(img)
      #expect((tex.width, tex.height) == (max(1, w), max(1, h)))
      let texel = tex.texels[0]
      #expect(texel == 0xFF99_6633)
      // Magnified and turned: the separable quad path and the turned span path.
      let upright = [Point(x: 2, y: 2), Point(x: 30, y: 2), Point(x: 30, y: 40), Point(x: 2, y: 40)]
      let turned = [Point(x: 20, y: 1), Point(x: 39, y: 20), Point(x: 20, y: 39), Point(x: 1, y: 20)]
      for corners in [upright, turned] {
        let (quad, triangles) = lists(
          corners, uv: Rect(x: 0, y: 0, width: 1, height: 1), tint: RGBA8(r: 255, g: 255, b: 255, a: 255), image: img)
        for list in [quad, triangles] {
          let out = render(list, 42, 42, tex)
          // Every covered pixel is the one color, and some are covered.
          #expect(out.allSatisfy { $0 == 0x0100_0000 || $0 == texel }, "size \(w)×\(h)")
          #expect(out.contains(texel))
        }
      }
    }
  }

  @Test("the four-pixel blend equals the reference lerp for every weight")
  func blendMatchesLerp() {
    var rng = SplitMix64(state: 8)
    for _ in 0..<500 {
      let a = SIMD4<UInt32>((0..<4).map { _ in UInt32(truncatingIfNeeded: rng.next()) })
      let b = SIMD4<UInt32>((0..<4).map { _ in UInt32(truncatingIfNeeded: rng.next()) })
      for w in UInt32(0)...255 {
        let got = Rasterizer.blend(a, b, SIMD4(repeating: w &* 0x0001_0001))
        for k in 0..<4 where got[k] != Rasterizer.lerp(a[k], b[k], w) {
          Issue.record("lane \(k): \(got[k]) for lerp \(Rasterizer.lerp(a[k], b[k], w)), weight \(w)")
          return
        }
      }
    }
  }

  @Test("rows blended eight, four and one pixel at a time equal the reference lerp, whatever the length")
  func lerpRowsMatchesLerp() {
    var rng = SplitMix64(state: 21)
    for count in [0, 1, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 31, 64, 67] {
      let a = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
      let b = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
      for w in [UInt32(0), 1, 77, 128, 200, 255] {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
        a.withUnsafeBufferPointer { pa in
          b.withUnsafeBufferPointer { pb in
            out.withUnsafeMutableBufferPointer { po in
              guard let o = po.baseAddress else { return }
              // Even an empty row needs pointers to pass; nothing is read through them then.
              Rasterizer.lerpRows(
                o, pa.baseAddress ?? UnsafePointer(o), pb.baseAddress ?? UnsafePointer(o), count: count, weight: w)
            }
          }
        }
        for i in 0..<count where out[i] != Rasterizer.lerp(a[i], b[i], w) {
          Issue.record("pixel \(i) of \(count), weight \(w): \(out[i]) for \(Rasterizer.lerp(a[i], b[i], w))")
          return
        }
        #expect(out[count] == 0xDEAD_BEEF, "nothing written past the row")
      }
    }
  }

  @Test("an opaque pattern span repeats its four pixels exactly, whatever its length")
  func patternSpanRepeats() {
    let pattern = SIMD4<UInt32>(0xFF11_2233, 0xFF44_5566, 0xFF77_8899, 0xFFAA_BBCC)
    for count in 0..<40 {
      var row = [UInt32](repeating: 0x1234_5678, count: count + 1)
      row.withUnsafeMutableBufferPointer { Rasterizer.patternSpan($0.baseAddress!, count: count, pattern: pattern) }
      #expect((0..<count).allSatisfy { row[$0] == pattern[$0 & 3] }, "count \(count)")
      #expect(row[count] == 0x1234_5678, "nothing written past \(count)")
    }
  }
}

/// 128 random premultiplied pixels, for span tests to draw over.
func randomPremultipliedRow(_ rng: inout SplitMix64) -> [UInt32] {
  (0..<128).map { _ in
    Rasterizer.premultiply(
      r: UInt32(rng.below(256)), g: UInt32(rng.below(256)), b: UInt32(rng.below(256)), a: UInt32(rng.below(256)))
  }
}
