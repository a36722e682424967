import Foundation
import Graphics
import Testing

@testable import SDLBackend

extension SDLSuites {
  /// Font matching through libfontconfig and shaping through HarfBuzz, against the DejaVu and
  /// Noto faces `make test` installs.
  @Suite struct FontTests {
    func file(_ font: Font) -> String? {
      FontLocator.match(FontLocator.request(for: font)).map { ($0.path as NSString).lastPathComponent }
    }

    @Test("weight, slant and design pick the matching DejaVu face")
    func weightSlantAndDesign() {
      #expect(file(.system(size: 12)) == "DejaVuSans.ttf")
      #expect(file(.system(size: 12, weight: .light)) == "DejaVuSans-ExtraLight.ttf")
      #expect(file(.system(size: 12, weight: .ultraLight)) == "DejaVuSans-ExtraLight.ttf")
      #expect(file(.system(size: 12, weight: .bold)) == "DejaVuSans-Bold.ttf")
      #expect(file(.system(size: 12, weight: .black)) == "DejaVuSans-Bold.ttf")
      #expect(file(.system(size: 12).italic()) == "DejaVuSans-Oblique.ttf")
      #expect(file(.system(size: 12, weight: .bold).italic()) == "DejaVuSans-BoldOblique.ttf")
      #expect(file(.system(size: 12, design: .monospaced)) == "DejaVuSansMono.ttf")
      #expect(file(.system(size: 12, weight: .bold, design: .serif)) == "DejaVuSerif-Bold.ttf")
      // No rounded family is installed here: the request falls through to DejaVu Sans, at the
      // asked weight.
      #expect(file(.system(size: 12, weight: .light, design: .rounded)) == "DejaVuSans-ExtraLight.ttf")
      let light = FontLocator.match(FontLocator.request(for: .system(size: 12, weight: .light)))
      #expect(light?.family.contains("DejaVu Sans") == true)
      #expect(light?.weight == 40)
    }

    @Test("a character the face lacks comes from the nearest face that has it")
    func perGlyphFallback() throws {
      // DejaVu Sans Mono has no Hebrew; DejaVu Sans has.
      let mono = FontLocator.request(for: .system(size: 20, design: .monospaced))
      let alef: UInt32 = 0x05D0
      let fallback = try #require(FontLocator.fallback(for: alef, like: mono))
      // DejaVu Sans where it is the only face with Hebrew; a monospaced one (GNU FreeMono,
      // which pygame's packages bring) is nearer where it is installed.
      #expect(fallback.family != "DejaVu Sans Mono")
      #expect(fallback.family.contains("DejaVu Sans") || fallback.family.contains("FreeMono"))
      // A character no installed font has gets no fallback (and the answer is remembered).
      #expect(FontLocator.fallback(for: 0x10FFFD, like: mono) == nil)
      let asked = FontLocator.questionsAsked
      #expect(FontLocator.fallback(for: 0x10FFFD, like: mono) == nil)
      #expect(FontLocator.questionsAsked == asked)

      let atlas = try GlyphAtlas()
      let run = atlas.layout("a\u{05D0}b", font: .system(size: 20, design: .monospaced), pixelSize: 20)
      #expect(run.glyphs.count == 3)
      #expect(run.glyphs.allSatisfy { $0.rect.width > 2 && !$0.isColor })
    }

    @Test("HarfBuzz kerns pairs; tabular digits are not kerned")
    func kerning() throws {
      let atlas = try GlyphAtlas()
      let font = Font.system(size: 40)
      func width(_ s: String, _ f: Font = font) -> Double { atlas.layout(s, font: f, pixelSize: 40).size.width }
      // DejaVu Sans kerns A and V together by about a tenth of an em.
      let kerned = width("AV")
      let apart = width("A") + width("V")
      #expect(kerned < apart - 2, "AV \(kerned) vs A + V \(apart)")
      // The glyphs follow the pen: V starts where A's kerned advance ends.
      let run = atlas.layout("AV", font: font, pixelSize: 40)
      #expect(run.glyphs.count == 2)
      #expect(run.glyphs[1].rect.minX < width("A") - 2)
      let tabular = font.monospacedDigit()
      #expect(width("AV", tabular) == width("A", tabular) + width("V", tabular))
      // Every digit takes the same cell, so a ticking clock's colons never move.
      #expect(width("10:11", tabular) == width("88:88", tabular))
    }

    @Test("tracking adds its points, scaled to the pixel size, after every character, spaces included")
    func tracking() throws {
      let atlas = try GlyphAtlas()
      var tracked = Font.system(size: 20)
      tracked.tracking = 3
      let plain = atlas.layout("a b", font: .system(size: 20), pixelSize: 40)
      let run = atlas.layout("a b", font: tracked, pixelSize: 40)
      // Drawn at twice its size: 6 pixels after each of the three characters.
      #expect(abs(run.size.width - plain.size.width - 18) < 1e-9)
      // "b" follows two tracked characters.
      let (b, plainB) = (try #require(run.glyphs.last), try #require(plain.glyphs.last))
      #expect(abs(b.rect.minX - plainB.rect.minX - 12) < 1e-9)
    }

    @Test("text at 60 sizes keeps one SDL_ttf font per file, and each size still measures as its own")
    func oneFontPerFile() throws {
      let atlas = try GlyphAtlas(emojiFontPath: "")
      let font = Font.system(size: 10)
      var heights: [Double] = []
      for px in stride(from: 6.0, to: 126, by: 2) {
        heights.append(atlas.layout("Hg \(px)", font: font, pixelSize: px).size.height)
      }
      #expect(atlas.openFonts == 1)
      // Line heights grow with the size: the shared font really was resized for each.
      #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 })
      #expect((heights.last ?? 0) > 10 * (heights.first ?? 1))
      // Asking for a small size after a large one gives the small size's glyphs again.
      let small = atlas.layout("Hg", font: font, pixelSize: 12).glyphs.map(\.rect.height).max() ?? 0
      #expect(small > 6 && small < 20, "\(small)")
    }

    @Test("the light face draws thinner strokes than the regular one")
    func lightIsThinner() throws {
      func ink(_ weight: Font.Weight) throws -> Int {
        let target = try OffscreenTarget(width: 200, height: 60)
        var list = DrawList()
        let run = target.renderer.atlas.layout("Hello", font: .system(size: 40, weight: weight), pixelSize: 40)
        for g in run.glyphs {
          let r = g.rect
          let corners = [
            Point(x: r.minX + 10, y: r.minY + 5), Point(x: r.maxX + 10, y: r.minY + 5),
            Point(x: r.maxX + 10, y: r.maxY + 5), Point(x: r.minX + 10, y: r.maxY + 5),
          ]
          list.addImageQuad(corners, uv: g.uv, texture: .atlas)
        }
        target.renderer.clear(.black)
        target.renderer.submit(list)
        let img = try target.renderer.readPixels()
        return img.pixels.reduce(0) { $0 + Int($1 & 0xFF) }
      }
      let light = try ink(.light)
      let regular = try ink(.regular)
      let bold = try ink(.bold)
      #expect(light > 0)
      #expect(Double(light) < Double(regular) * 0.75, "light \(light) regular \(regular)")
      #expect(Double(bold) > Double(regular) * 1.2, "bold \(bold) regular \(regular)")
    }
  }
}
