import FoundationEssentials
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// `Image(systemName:)` drawn with real glyphs of the Material Icons font, judged by pixels.
  @Suite struct SymbolPixelTests {
    static let size = 200

    /// `view` centered in a black 200 × 200 frame on the CPU renderer, and the target it drew on.
    func render<V: View>(_ view: V) throws -> (ImageBuffer, OffscreenTarget, FrameOutput) {
      let target = try OffscreenTarget(width: Self.size, height: Self.size, renderer: .cpu)
      let runtime = SceneRuntime(textEngine: target.renderer.atlas)
      runtime.warn = { _ in }
      target.renderer.atlas.beginFrame()
      let out = runtime.frame(
        { view },
        input: FrameInput(
          now: FrameBenchmark.start, time: 0, size: Size(width: Double(Self.size), height: Double(Self.size))))
      target.renderer.clear(.black)
      target.renderer.submit(out.drawList)
      return (try target.renderer.readPixels(), target, out)
    }

    /// The pixel at `(x, y)` as red, green and blue levels.
    func rgb(_ img: ImageBuffer, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
      let p = img.pixels[y * img.width + x]
      return (Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF))
    }

    /// How many pixels of the square of half-side `r` around `(x, y)` are brighter than 128 in
    /// any channel.
    func lit(_ img: ImageBuffer, around x: Int, _ y: Int, radius r: Int) -> Int {
      var n = 0
      for py in y - r...y + r {
        for px in x - r...x + r {
          let c = rgb(img, px, py)
          if max(c.r, c.g, c.b) > 128 { n += 1 }
        }
      }
      return n
    }

    @Test("Font.custom asks fontconfig for its family first and finds the icon font; system fonts ask as before")
    func customFamilyMatches() throws {
      #expect(FontLocator.request(for: .system(size: 12)).families == ["DejaVu Sans", "sans-serif"])
      let request = FontLocator.request(for: .custom("Material Icons", size: 12))
      #expect(request.families == ["Material Icons", "DejaVu Sans", "sans-serif"])
      let match = try #require(FontLocator.match(request))
      #expect(match.family == "Material Icons", "fonts-material-design-icons-iconfont is not installed")
    }

    @Test("heart.fill at size 64 in red fills its middle and leaves the corners of its frame black")
    func heartIsRed() throws {
      let (img, _, _) = try render(
        Image(systemName: "heart.fill").font(.system(size: 64)).foregroundStyle(.red))
      let c = rgb(img, 100, 100)
      #expect(c.r > 200 && c.g < 80 && c.b < 80, "middle: \(c)")
      // The frame is 76.8 points square, centered: 61.6 to 138.4 on both axes.
      for (x, y) in [(63, 63), (136, 63), (63, 136), (136, 136)] {
        let p = rgb(img, x, y)
        #expect(p.r + p.g + p.b == 0, "corner (\(x), \(y)): \(p)")
      }
      // The heart spans most of the frame's width.
      let row = (0..<Self.size).filter { rgb(img, $0, 90).r > 128 }
      #expect((row.first ?? 0) < 72 && (row.last ?? 0) > 128, "row 90 lit from \(row.first ?? -1) to \(row.last ?? -1)")
    }

    @Test("star leaves its middle empty, star.fill fills it; both draw their points")
    func outlineAndFill() throws {
      let (outline, _, _) = try render(Image(systemName: "star").font(.system(size: 100)).foregroundStyle(.white))
      let (filled, _, _) = try render(
        Image(systemName: "star.fill").font(.system(size: 100)).foregroundStyle(.white))
      // The star's middle is a little below the frame's.
      #expect(lit(outline, around: 100, 104, radius: 4) == 0)
      #expect(lit(filled, around: 100, 104, radius: 4) == 81)
      // The top point is drawn in both (the frame runs from 40 to 160; the point starts at 50).
      #expect(lit(outline, around: 100, 56, radius: 2) > 10 && lit(filled, around: 100, 56, radius: 2) > 10)
    }

    @Test("an unknown name draws a dashed box with a question mark in the foreground style")
    func placeholderIsVisible() throws {
      let (img, _, _) = try render(
        Image(systemName: "no.such.symbol.for.pixel.tests").font(.system(size: 100)).foregroundStyle(.white))
      // The box's edges lie 0.08 of the 120-point side in from the frame (40 to 160): near 50.
      let top = (40..<160).filter { lit(img, around: $0, 51, radius: 1) > 0 }.count
      #expect(top > 40 && top < 100, "the top edge is dashed: \(top) of 120 columns lit")
      // The question mark is in the middle, and the space between it and the box is empty.
      #expect(lit(img, around: 100, 100, radius: 20) > 40)
      #expect(lit(img, around: 66, 100, radius: 3) == 0)
    }

    @Test("a canvas draws a symbol in its font's size and foreground style, and stretches it into a rectangle")
    func drawnInCanvas() throws {
      let sizes = Sizes()
      let (img, _, _) = try render(
        Canvas { context, size in
          let heart = context.resolve(Image(systemName: "heart.fill"))
          sizes.side = heart.size.width
          context.draw(heart, at: CGPoint(x: size.width / 2, y: size.height / 2))
          context.draw(Image(systemName: "star.fill"), in: CGRect(x: 0, y: 0, width: 60, height: 30))
        }
        .font(.system(size: 64)).foregroundStyle(.red))
      #expect(abs(sizes.side - 64 * 1.2) < 1e-9)
      let c = rgb(img, 100, 100)
      #expect(c.r > 200 && c.g < 80 && c.b < 80, "middle: \(c)")
      #expect(rgb(img, 63, 63).r == 0)
      // The star is twice as wide as it is tall: its middle is lit, and nothing below the rectangle.
      #expect(rgb(img, 30, 16).r > 200)
      #expect((0..<60).allSatisfy { rgb(img, $0, 32).r == 0 })
    }

    /// What a canvas's renderer measured.
    final class Sizes: @unchecked Sendable {
      var side = 0.0
    }

    @Test("symbols draw alike on the CPU and OpenGL renderers")
    func cpuMatchesOpenGL() throws {
      let view = HStack {
        Image(systemName: "heart.fill").foregroundStyle(.red)
        Image(systemName: "star").font(.title)
        Image(systemName: "gearshape.fill").imageScale(.large).foregroundStyle(.orange)
        Image(systemName: "no.such.symbol.for.parity")
        Image(systemName: "trash").resizable().scaledToFit().frame(width: 40, height: 60)
      }
      .foregroundStyle(.white)
      let (reference, cpu, out) = try render(view)
      let gl: OffscreenTarget
      do {
        gl = try OffscreenTarget(
          width: Self.size, height: Self.size, atlas: cpu.renderer.atlas, renderer: .accelerated)
      } catch {
        Issue.record("no OpenGL through EGL (\(error)); `make test-deps` installs libegl-mesa0 and libgl1-mesa-dri")
        return
      }
      gl.renderer.clear(.black)
      gl.renderer.submit(out.drawList)
      let (mean, within) = RendererParityTests.compare(reference, try gl.renderer.readPixels())
      #expect(mean <= 1, "mean difference \(mean) levels")
      #expect(within >= 0.99, "only \(within * 100) % of pixels within 3 levels")
    }
  }
}
