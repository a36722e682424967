import Foundation
import Graphics
import Testing

@testable import SDLBackend

/// Every test that touches SDL, SDL_ttf or FreeType: those libraries keep global state and are
/// not thread-safe, and swift-testing runs suites in parallel, so they all run one at a time.
@Suite(.serialized) enum SDLSuites {}

extension SDLSuites {
  /// Renders draw lists offscreen (the CPU rasterizer unless a test names another) and reads
  /// the pixels back.
  @Suite struct PixelTests {
    struct RGBA: Equatable {
      var r, g, b, a: Int
    }

    func pixel(_ img: ImageBuffer, _ x: Int, _ y: Int) -> RGBA {
      let p = img.pixels[y * img.width + x]
      return RGBA(r: Int(p & 0xFF), g: Int((p >> 8) & 0xFF), b: Int((p >> 16) & 0xFF), a: Int(p >> 24))
    }

    func render(
      _ w: Int, _ h: Int, atlas: GlyphAtlas? = nil, renderer: RendererChoice = .cpu,
      _ build: (inout DrawList, GlyphAtlas) -> Void
    ) throws -> ImageBuffer {
      let target = try OffscreenTarget(width: w, height: h, atlas: atlas, renderer: renderer)
      var list = DrawList()
      build(&list, target.renderer.atlas)
      target.renderer.clear(.black)
      target.renderer.submit(list)
      return try target.renderer.readPixels()
    }

    @Test("each renderer asks for the tessellation its capabilities call for")
    func preferredTessellation() throws {
      let cpu = try OffscreenTarget(width: 8, height: 8, renderer: .cpu).renderer
      #expect(cpu.capabilities == [.ditheredRamps, .opaqueInteriors, .analyticDiscs, .analyticRoundedRects])
      #expect(
        cpu.preferredTessellation
          == DrawList.Tessellation(
            maxEdgeLength: .infinity, triangulation: .strip, ditheredRamps: true, opaqueInteriors: true,
            analyticDiscs: true, analyticRoundedRects: true))
      let software = try OffscreenTarget(width: 8, height: 8, renderer: .sdlSoftware).renderer
      #expect(software.capabilities == [.boundingBoxWalk])
      #expect(software.preferredTessellation == DrawList.Tessellation(maxEdgeLength: 48, triangulation: .strip))
    }

    @Test("every registered renderer is named by its own choice, and only auto is not one")
    func registryNamesEachRendererOnce() {
      #expect(RendererChoice.allCases.map(\.rawValue) == ["auto", "cpu", "sdl-software", "accelerated"])
      #expect(RendererChoice.renderers.map { $0.rendererType.choice } == RendererChoice.renderers)
      #expect(RendererChoice(rawValue: "sdl-software") == .sdlSoftware)
      #expect(RendererChoice(rawValue: "opengl") == nil)
      #expect(RendererSelection(kind: .accelerated, driver: "opengl", reason: "").label == "accelerated (opengl)")
      #expect(RendererSelection(kind: .sdlSoftware, driver: "software", reason: "").label == "sdl-software")
    }

    @Test("an image quad with far-off texture coordinates is drawn as geometry, not a trapping blit")
    func farOffTextureCoordinatesDoNotTrap() throws {
      let img = try render(16, 16, renderer: .sdlSoftware) { list, _ in
        var image = ImageBuffer(width: 2, height: 2, smooth: false)
        image.pixels = [UInt32](repeating: 0xFF00_FF00, count: 4)
        list.images[ImageID(9)] = image
        let c = RGBA8(r: 255, g: 255, b: 255, a: 255)
        // The layout addImageQuad writes, from a Canvas, with texel edges past Int32's range.
        list.addTriangles(
          [
            Vertex(x: 2, y: 2, color: c, u: 1e12, v: 0), Vertex(x: 14, y: 2, color: c, u: 2e12, v: 0),
            Vertex(x: 14, y: 14, color: c, u: 2e12, v: 1), Vertex(x: 2, y: 14, color: c, u: 1e12, v: 1),
          ], indices: [0, 1, 2, 0, 2, 3], texture: .image(ImageID(9)))
      }
      // SDL may sample such coordinates any way it likes; what matters is that the process
      // lives (a blit's Int32 conversion trapped) and nothing lands outside the quad.
      #expect(pixel(img, 0, 0) == RGBA(r: 0, g: 0, b: 0, a: 255))
      #expect(pixel(img, 15, 15) == RGBA(r: 0, g: 0, b: 0, a: 255))
    }

    @Test("a clip far past 32 bits or NaN is bounded before it becomes SDL's rectangle", arguments: [1e12, Double.nan])
    func hugeClipDoesNotTrap(size: Double) throws {
      let img = try render(16, 16, renderer: .sdlSoftware) { list, _ in
        list.pushClip(Rect(x: 0, y: 0, width: size, height: size))
        list.fillRect(Rect(x: 4, y: 4, width: 8, height: 8), color: RGBA8(r: 255, g: 0, b: 0, a: 255))
        list.popClip()
      }
      #expect(pixel(img, 0, 0) == RGBA(r: 0, g: 0, b: 0, a: 255))
      if !size.isNaN { #expect(pixel(img, 8, 8) == RGBA(r: 255, g: 0, b: 0, a: 255)) }
    }

    @Test func redRectangleIsRedInsideAndBlackOutside() throws {
      let img = try render(64, 64) { list, _ in
        list.fillRect(Rect(x: 16, y: 16, width: 32, height: 32), color: Color(red: 1, green: 0, blue: 0).rgba8)
      }
      #expect(pixel(img, 32, 32) == RGBA(r: 255, g: 0, b: 0, a: 255))
      #expect(pixel(img, 17, 17).r == 255)
      #expect(pixel(img, 8, 8) == RGBA(r: 0, g: 0, b: 0, a: 255))
      #expect(pixel(img, 56, 32).r == 0)
      // The anti-aliased edge blends: the pixel straddling x = 16 is partly red.
      let edge = pixel(img, 15, 32).r
      #expect(edge < 255)
    }

    @Test func rotatedSquareCornersMove() throws {
      let square = [Point(x: -20, y: -20), Point(x: 20, y: -20), Point(x: 20, y: 20), Point(x: -20, y: 20)]
      let t = Transform2D.rotation(.degrees(45)).concatenating(.translation(50, 50))
      let img = try render(100, 100) { list, _ in
        list.fillConvexPolygon(square.map(t.apply), color: RGBA8(r: 255, g: 255, b: 255, a: 255))
      }
      // The unrotated corner (30, 30) is now outside; the diamond's tip (50, 50−28) is inside.
      #expect(pixel(img, 32, 32).r == 0)
      #expect(pixel(img, 50, 24).r == 255)
      #expect(pixel(img, 50, 50).r == 255)
    }

    @Test func textDrawsInsideItsMeasuredBounds() throws {
      var bounds = Rect.zero
      let img = try render(200, 60) { list, atlas in
        let run = atlas.layout("Hello 12", font: Font(size: 24), pixelSize: 24)
        bounds = Rect(x: 10, y: 10, width: run.size.width, height: run.size.height)
        for g in run.glyphs {
          let r = Rect(x: 10 + g.rect.minX, y: 10 + g.rect.minY, width: g.rect.width, height: g.rect.height)
          list.addImageQuad(
            [
              Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
              Point(x: r.minX, y: r.maxY),
            ],
            uv: g.uv, texture: .atlas)
        }
      }
      var inside = 0
      var outside = 0
      for y in 0..<60 {
        for x in 0..<200 where pixel(img, x, y).r > 128 {
          if bounds.insetBy(dx: -1, dy: -1).contains(Point(x: Double(x), y: Double(y))) {
            inside += 1
          } else {
            outside += 1
          }
        }
      }
      #expect(inside > 50)
      #expect(outside == 0)
      #expect(bounds.width > 60 && bounds.width < 160)
    }

    @Test func monospacedDigitsHaveEqualAdvances() throws {
      let target = try OffscreenTarget(width: 8, height: 8)
      let font = Font(size: 40, weight: .light, monospacedDigit: true)
      let ones = target.renderer.atlas.layout("11:11", font: font, pixelSize: 40).size.width
      let eights = target.renderer.atlas.layout("88:88", font: font, pixelSize: 40).size.width
      #expect(abs(ones - eights) < 0.001)
    }

    @Test func staticTextIsRasterizedAtItsSizeAndAnimatedSizesShareQuantizedOnes() throws {
      let atlas = try GlyphAtlas()
      let font = Font(size: 100, weight: .light)
      // A clock's 150 px digits: each glyph quad is exactly its texels, so it can be blitted 1:1.
      let digits = atlas.layout("0123", font: font, pixelSize: 149.8)
      let w = Double(atlas.image.width)
      let h = Double(atlas.image.height)
      for g in digits.glyphs {
        #expect(abs(g.rect.width - g.uv.width * w) < 0.001 && abs(g.rect.height - g.uv.height * h) < 0.001)
      }
      // Text whose size animates spends the exact-size budget, then reuses quantized sizes:
      // forty sizes between 100 and 140 px rasterize at most budget + 3 sizes' worth of glyphs.
      let before = atlas.rasterizedGlyphs
      for i in 0..<40 { _ = atlas.layout("8", font: font, pixelSize: 100 + Double(i)) }
      #expect(atlas.rasterizedGlyphs - before <= GlyphAtlas.exactSizeBudget + 3)
      // Sizes past the budget are scaled from a quantized rasterization.
      let scaled = try #require(atlas.layout("8", font: font, pixelSize: 137.3).glyphs.first)
      #expect(abs(scaled.rect.height - scaled.uv.height * h) > 0.5)
    }

    @Test func repeatedLayoutsAreReusedUntilTheGlyphsMove() throws {
      let atlas = try GlyphAtlas()
      let font = Font(size: 30)
      let first = atlas.layout("AB", font: font, pixelSize: 30)
      #expect(atlas.layout("AB", font: font, pixelSize: 30) == first)
      // After a clear, B is rasterized first and lands where A was: a stale run would point
      // its B at A's pixels.
      atlas.clear()
      let b = try #require(atlas.layout("B", font: font, pixelSize: 30).glyphs.first)
      let again = atlas.layout("AB", font: font, pixelSize: 30)
      #expect(again.glyphs.last?.uv == b.uv)
      #expect(again.glyphs.last?.uv != first.glyphs.last?.uv)
    }

    @Test("an atlas that doubles keeps every glyph on its texels, ASCII and beyond")
    func glyphsStayOnTheirTexelsAsTheAtlasGrows() throws {
      let atlas = try GlyphAtlas()
      let font = Font(size: 30)
      func texels(_ run: GlyphRun) -> [Rect] {
        let (w, h) = (Double(atlas.image.width), Double(atlas.image.height))
        return run.glyphs.map {
          Rect(x: $0.uv.minX * w, y: $0.uv.minY * h, width: $0.uv.width * w, height: $0.uv.height * h)
        }
      }
      // "é" and "ж" are kept apart from ASCII in their face's table.
      let before = texels(atlas.layout("Aé ж9", font: font, pixelSize: 30))
      let side = atlas.image.width
      let count = atlas.glyphCount
      // Large glyphs until the atlas doubles.
      var size = 120.0
      while atlas.image.width == side, size < 400 {
        _ = atlas.layout("QWERTYUIOPASDFGHJKLZXCVBNM", font: font, pixelSize: size)
        atlas.beginFrame()
        size += 1
      }
      try #require(atlas.image.width == 2 * side)
      #expect(atlas.glyphCount > count)
      let rasterized = atlas.rasterizedGlyphs
      let after = texels(atlas.layout("Aé ж9", font: font, pixelSize: 30))
      #expect(atlas.rasterizedGlyphs == rasterized, "the same glyphs, found again rather than drawn again")
      #expect(after.count == before.count && after.count >= 4)
      for (a, b) in zip(after, before) {
        #expect(
          abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
            && abs(a.height - b.height) < 1e-9)
      }
      // Cleared, the tables hold nothing, and the run's glyphs are drawn again.
      atlas.clear()
      #expect(atlas.glyphCount == 0)
      let again = atlas.layout("Aé ж9", font: font, pixelSize: 30)
      #expect(atlas.rasterizedGlyphs > rasterized && atlas.glyphCount >= again.glyphs.count)
      atlas.beginFrame()
      #expect(atlas.glyphCount >= again.glyphs.count)
      #expect(texels(atlas.layout("Aé ж9", font: font, pixelSize: 30)) == texels(again))
    }

    @Test func emojiBelowTheStrikeAreResampledAndDrawn1to1AboveItTheStrikeIsMagnified() throws {
      let atlas = try GlyphAtlas()
      try #require(atlas.hasEmojiFont, "fonts-noto-color-emoji is not installed")
      let w = Double(atlas.image.width)
      let h = Double(atlas.image.height)
      // Smaller than the 109 px strike: its quad is its texels, no scaling left for the renderer.
      let small = try #require(atlas.layout("😃", font: Font(size: 48), pixelSize: 48).glyphs.first)
      #expect(small.isColor)
      #expect(
        abs(small.rect.width - small.uv.width * w) < 0.001 && abs(small.rect.height - small.uv.height * h) < 0.001)
      #expect(small.rect.height > 48 && small.uv.height * h < 100)
      // Larger: the strike itself, magnified to the line height, so big emoji cost no atlas room.
      let pixelsBefore = atlas.pixelSize
      for size in [150.0, 300.0, 450.0] {
        let big = try #require(atlas.layout("😃", font: Font(size: size), pixelSize: size).glyphs.first)
        #expect(big.isColor)
        #expect(big.rect.height > size)
        let texels = big.uv.height * h
        #expect(texels > 100 && texels < 140, "the strike's own height")
        #expect(abs(big.rect.width / big.rect.height - (big.uv.width * w) / texels) < 0.01, "aspect kept")
      }
      #expect(atlas.pixelSize == pixelsBefore)
    }

    @Test func aMagnifiedEmojiIsCutToItsVisibleTexelsAndNothingVisibleIsLost() throws {
      let atlas = try GlyphAtlas()
      try #require(atlas.hasEmojiFont, "fonts-noto-color-emoji is not installed")
      let big = try #require(atlas.layout("😃", font: Font(size: 300), pixelSize: 300).glyphs.first)
      let v = big.visible
      // Noto pads its strike: the cut is a real saving, and stays inside the glyph.
      #expect(v.width * v.height < 0.95)
      #expect(v.minX >= 0 && v.minY >= 0 && v.maxX <= 1 && v.maxY <= 1)
      // Every texel with any alpha lies inside the cut, and the cut's outermost ring is clear.
      let img = atlas.image
      let x0 = Int((big.uv.minX * Double(img.width)).rounded())
      let y0 = Int((big.uv.minY * Double(img.height)).rounded())
      let gw = Int((big.uv.width * Double(img.width)).rounded())
      let gh = Int((big.uv.height * Double(img.height)).rounded())
      let cx0 = Int((v.minX * Double(gw)).rounded())
      let cy0 = Int((v.minY * Double(gh)).rounded())
      let cx1 = Int((v.maxX * Double(gw)).rounded())
      let cy1 = Int((v.maxY * Double(gh)).rounded())
      var outside = 0
      var inside = 0
      for y in 0..<gh {
        for x in 0..<gw where img.pixels[(y0 + y) * img.width + x0 + x] >> 24 != 0 {
          if x < cx0 || x >= cx1 || y < cy0 || y >= cy1 { outside += 1 } else { inside += 1 }
        }
      }
      #expect(outside == 0)
      #expect(inside > 5000)
      // Below the strike the copy is drawn whole, 1:1.
      let small = try #require(atlas.layout("😃", font: Font(size: 48), pixelSize: 48).glyphs.first)
      #expect(small.visible == Rect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func emojiRendersInColorWhenTheFontIsInstalled() throws {
      let atlas = try GlyphAtlas()
      try #require(atlas.hasEmojiFont, "fonts-noto-color-emoji is not installed")
      let img = try render(120, 120, atlas: atlas) { list, _ in
        let run = atlas.layout("😃", font: Font(size: 100), pixelSize: 100)
        #expect(run.glyphs.count == 1)
        #expect(run.glyphs.first?.isColor == true)
        for g in run.glyphs {
          let r = Rect(x: 5 + g.rect.minX, y: 5 + g.rect.minY, width: g.rect.width, height: g.rect.height)
          list.addImageQuad(
            [
              Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
              Point(x: r.minX, y: r.maxY),
            ],
            uv: g.uv, texture: .atlas)
        }
      }
      // Count strongly colored pixels: a yellow face has red ≫ blue.
      var colored = 0
      for y in 0..<120 {
        for x in 0..<120 {
          let p = pixel(img, x, y)
          if p.r > 150 && p.g > 100 && p.b < 80 { colored += 1 }
        }
      }
      #expect(colored > 500)
    }

    @Test func missingEmojiFontWarnsAndFallsBack() throws {
      let atlas = try GlyphAtlas(emojiFontPath: "")
      #expect(!atlas.hasEmojiFont)
      #expect(atlas.warnings.count == 1)
      #expect(atlas.warnings[0].contains("fonts-noto-color-emoji"))
      let run = atlas.layout("A😃", font: Font(size: 20), pixelSize: 20)
      #expect(run.glyphs.allSatisfy { !$0.isColor })
      #expect(run.size.width > 0)
    }

    @Test func meshImageIsScaledUpSmoothly() throws {
      var image = ImageBuffer(width: 4, height: 1, smooth: true)
      image.pixels = [0xFF00_0000, 0xFF55_5555, 0xFFAA_AAAA, 0xFFFF_FFFF]
      let img = try render(64, 16) { list, _ in
        list.images[ImageID(1)] = image
        list.addImageQuad(
          [Point(x: 0, y: 0), Point(x: 64, y: 0), Point(x: 64, y: 16), Point(x: 0, y: 16)],
          uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(1)))
      }
      let row = (0..<64).map { pixel(img, $0, 8).r }
      #expect(row.first! < 30 && row.last! > 225)
      // Linear filtering: more distinct levels than the four source texels.
      #expect(Set(row).count > 8)
    }

    @Test func axisAlignedQuadsAreBlittedWithTheirTintAndRotatedOnesRasterized() throws {
      var image = ImageBuffer(width: 2, height: 2, smooth: false)
      image.pixels = Array(repeating: 0xFFFF_FFFF, count: 4)
      let img = try render(64, 32) { list, _ in
        list.images[ImageID(7)] = image
        // Axis-aligned, so blitted with a red color mod…
        list.addImageQuad(
          [Point(x: 0, y: 0), Point(x: 32, y: 0), Point(x: 32, y: 32), Point(x: 0, y: 32)],
          uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(7)),
          tint: RGBA8(r: 255, g: 0, b: 0, a: 255))
        list.fillRect(Rect(x: 36, y: 4, width: 4, height: 4), color: RGBA8(r: 0, g: 0, b: 255, a: 255))
        // …while a rotated quad of the same image is rasterized as triangles and stays white.
        let t = Transform2D.rotation(.degrees(30)).concatenating(.translation(52, 16))
        let corners = [Point(x: -8, y: -8), Point(x: 8, y: -8), Point(x: 8, y: 8), Point(x: -8, y: 8)].map(t.apply)
        list.addImageQuad(corners, uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(7)))
      }
      #expect(pixel(img, 16, 16) == RGBA(r: 255, g: 0, b: 0, a: 255))
      #expect(pixel(img, 52, 16) == RGBA(r: 255, g: 255, b: 255, a: 255))
      #expect(pixel(img, 38, 6) == RGBA(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func scaledImagesHaveNoDarkRim() throws {
      // A red square with a transparent-black margin, drawn six times larger over white: every
      // mix of red and white has full red. SDL filters straight alpha, so unbled, the margin's
      // black darkens its edge; the CPU rasterizer filters premultiplied texels and needs no bleed.
      func redOverWhite(bleed: Bool, _ renderer: RendererChoice) throws -> Int {
        var image = ImageBuffer(width: 8, height: 8, smooth: true)
        for y in 2..<6 { for x in 2..<6 { image.pixels[y * 8 + x] = 0xFF00_00FF } }
        if bleed { image.bleedTransparentColors(x: 0, y: 0, width: 8, height: 8) }
        let img = try render(48, 48, renderer: renderer) { list, _ in
          // Past the target's edges, so its own anti-aliased fringe is off-screen.
          list.fillRect(Rect(x: -4, y: -4, width: 56, height: 56), color: RGBA8(r: 255, g: 255, b: 255, a: 255))
          list.images[ImageID(3)] = image
          list.addImageQuad(
            [Point(x: 0, y: 0), Point(x: 48, y: 0), Point(x: 48, y: 48), Point(x: 0, y: 48)],
            uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(3)))
        }
        return img.pixels.map { Int($0 & 0xFF) }.min() ?? 0
      }
      #expect(try redOverWhite(bleed: false, .sdlSoftware) < 230)
      #expect(try redOverWhite(bleed: true, .sdlSoftware) >= 253)
      #expect(try redOverWhite(bleed: false, .cpu) >= 253)
      #expect(try redOverWhite(bleed: true, .cpu) >= 253)
    }

    @Test("an image only said to be opaque does not hide what lies under it")
    func imageOpacityIsCheckedOnItsPixels() throws {
      let target = try OffscreenTarget(width: 64, height: 64, renderer: .cpu)
      var list = DrawList()
      list.recordsOpaqueInteriors = true
      list.fillRect(Rect(x: -4, y: -4, width: 72, height: 72), color: RGBA8(r: 255, g: 0, b: 0, a: 255))
      // Clear everywhere but one column, though lowering was told it is opaque.
      var image = ImageBuffer(width: 8, height: 8, smooth: false)
      for y in 0..<8 { image.pixels[y * 8] = 0xFFFF_0000 }
      list.images[ImageID(5)] = image
      list.addImageQuad(
        Quad(Rect(x: 0, y: 0, width: 64, height: 64)), uv: Rect(x: 0, y: 0, width: 1, height: 1),
        texture: .image(ImageID(5)), opaque: true)
      #expect(list.primitives.last?.opaqueInterior != nil)
      target.renderer.draw(list, background: .black)
      let img = try target.renderer.readPixels()
      #expect(pixel(img, 40, 40) == RGBA(r: 255, g: 0, b: 0, a: 255), "the red fill shows through")
      #expect(pixel(img, 2, 40) == RGBA(r: 0, g: 0, b: 255, a: 255), "the image's own column")
    }

    @Test func opaqueInteriorsAndTranslucentFringesAreSeparateRunsInOrder() {
      var list = DrawList()
      list.fillRect(Rect(x: 10, y: 10, width: 40, height: 20), color: RGBA8(r: 255, g: 0, b: 0, a: 255))
      list.fillRect(Rect(x: 60, y: 10, width: 40, height: 20), color: RGBA8(r: 0, g: 0, b: 255, a: 128))
      let runs = SDLRenderer.opacityRuns(list, 0..<list.indices.count)
      // Opaque interior, its fringe, then the translucent fill and its fringe as one run.
      #expect(runs.map(\.opaque) == [true, false])
      #expect(runs.first?.range.lowerBound == 0 && runs.last?.range.upperBound == list.indices.count)
      #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
      #expect(runs.allSatisfy { $0.range.count % 3 == 0 })
    }

    @Test func clippedShapesDrawInsideTheirClipOnly() throws {
      let img = try render(64, 64) { list, _ in
        list.fillRect(Rect(x: 0, y: 0, width: 64, height: 64), color: RGBA8(r: 0, g: 0, b: 80, a: 255))
        list.pushClip(Rect(x: 8, y: 8, width: 32, height: 32))
        list.fillRect(Rect(x: 0, y: 0, width: 64, height: 64), color: RGBA8(r: 255, g: 255, b: 255, a: 255))
        list.popClip()
      }
      #expect(pixel(img, 20, 20) == RGBA(r: 255, g: 255, b: 255, a: 255))
      #expect(pixel(img, 50, 50) == RGBA(r: 0, g: 0, b: 80, a: 255))
      #expect(pixel(img, 4, 20) == RGBA(r: 0, g: 0, b: 80, a: 255))
    }

    @Test func pngRoundTrip() throws {
      var image = ImageBuffer(width: 3, height: 2, smooth: false)
      image.pixels = [0xFF00_00FF, 0xFF00_FF00, 0xFFFF_0000, 0xFFFF_FFFF, 0xFF00_0000, 0x8040_2010]
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("tp-\(UUID()).png").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      try PNGWriter.write(image, to: path)
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      let back = try PNGWriter.read(path)
      #expect(back.width == 3 && back.height == 2)
      #expect(back.pixels == image.pixels)
    }

    @Test func pngToUnwritablePathFailsWithMessage() throws {
      let image = ImageBuffer(width: 1, height: 1)
      #expect(throws: BackendError.self) { try PNGWriter.write(image, to: "/nonexistent-dir/x.png") }
    }

    @Test func tinyAndHugeTargetsDoNotCrash() throws {
      let tiny = try render(1, 1) { list, _ in
        list.fillRect(Rect(x: -5, y: -5, width: 20, height: 20), color: RGBA8(r: 9, g: 9, b: 9, a: 255))
      }
      #expect(tiny.pixels.count == 1)
      let big = try render(3840, 2160) { list, _ in
        list.fillCircle(center: Point(x: 1920, y: 1080), radius: 1000, color: RGBA8(r: 0, g: 200, b: 0, a: 255))
      }
      #expect(pixel(big, 1920, 1080).g == 200)
    }
  }
}
