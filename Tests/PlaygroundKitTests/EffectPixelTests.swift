import FoundationEssentials
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// The layer effects (blur, shadow, colour matrices, masks, compositing groups) rasterized,
  /// judged by their pixels, and drawn alike by the CPU renderer and OpenGL.
  @Suite struct EffectPixelTests {
    static let size = 200

    /// `view` over black in a 200 × 200 frame, lowered once and drawn by `renderer`.
    func render<V: View>(_ view: V, renderer: RendererChoice = .cpu, atlas: GlyphAtlas? = nil) throws -> ImageBuffer {
      let target = try OffscreenTarget(width: Self.size, height: Self.size, atlas: atlas, renderer: renderer)
      let runtime = SceneRuntime(textEngine: target.renderer.atlas)
      target.renderer.atlas.beginFrame()
      let out = runtime.frame(
        { view.frame(width: Double(Self.size), height: Double(Self.size)) },
        input: FrameInput(
          now: FrameBenchmark.start, time: 0, size: Size(width: Double(Self.size), height: Double(Self.size))))
      target.renderer.clear(.black)
      target.renderer.submit(out.drawList)
      return try target.renderer.readPixels()
    }

    /// Red, green and blue at `(x, y)`.
    func rgb(_ img: ImageBuffer, _ x: Int, _ y: Int) -> [Int] {
      let p = img.pixels[y * img.width + x]
      return [Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF)]
    }

    /// The sum of the red channel over the image.
    func redSum(_ img: ImageBuffer) -> Int { img.pixels.reduce(0) { $0 + Int($1 & 0xFF) } }

    @Test("blur(radius:) spreads a square's edge over about three standard deviations and keeps its light")
    func blurSpreads() throws {
      let square = Rectangle().fill(Color.white).frame(width: 60, height: 60)
      let sharp = try render(square)
      let blurred = try render(square.blur(radius: 12))
      // The square spans 70…130. Six points outside its edge: dark when sharp, lit when blurred.
      #expect(rgb(sharp, 64, 100) == [0, 0, 0])
      #expect(rgb(blurred, 64, 100)[0] > 40, "\(rgb(blurred, 64, 100))")
      // Twenty points out (over three σ of 6 away) it has faded to almost nothing.
      #expect(rgb(blurred, 50, 100)[0] < 12, "\(rgb(blurred, 50, 100))")
      #expect(rgb(blurred, 100, 100)[0] > 240)
      // The edge itself is half lit, as a Gaussian across a step is.
      #expect(abs(rgb(blurred, 70, 100)[0] - 128) < 20, "\(rgb(blurred, 70, 100))")
      let ratio = Double(redSum(blurred)) / Double(redSum(sharp))
      #expect(abs(ratio - 1) < 0.03, "light kept: \(ratio)")
    }

    @Test("shadow(color:radius:x:y:) draws the view's silhouette under it, offset and softened")
    func shadowFallsBelowAndRight() throws {
      let dot = Circle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 60, height: 60)
      let hard = try render(dot.shadow(color: .white, radius: 0, x: 30, y: 30))
      // Under the circle: red. At the offset circle's centre, outside the circle: white.
      #expect(rgb(hard, 100, 100) == [255, 0, 0])
      #expect(rgb(hard, 140, 140) == [255, 255, 255])
      #expect(rgb(hard, 60, 60) == [0, 0, 0])
      let soft = try render(dot.shadow(color: .white, radius: 16, x: 30, y: 30))
      // Softened: the shadow's edge (the offset circle's rim at 160, 130) is partly lit.
      let rim = rgb(soft, 160, 130)[1]
      #expect(rim > 60 && rim < 200, "rim \(rim)")
      #expect(rgb(soft, 100, 100)[0] == 255 && rgb(soft, 100, 100)[1] < 5)
    }

    @Test("colour effects are the documented matrices over each pixel")
    func colorEffects() throws {
      let red = Color(red: 1, green: 0, blue: 0)
      let block = Rectangle().fill(red).frame(width: 100, height: 100)
      #expect(rgb(try render(Rectangle().fill(Color.white).colorMultiply(red)), 100, 100) == [255, 0, 0])
      // Rec. 709 luminance of pure red: 0.2126.
      for gray in [try render(block.grayscale(1)), try render(block.saturation(0))] {
        let c = rgb(gray, 100, 100)
        #expect(c.allSatisfy { abs($0 - 54) <= 1 }, "\(c)")
      }
      let turned = rgb(try render(block.hueRotation(.degrees(120))), 100, 100)
      #expect(turned[1] > turned[0] && turned[1] > turned[2], "\(turned)")
      let bright = rgb(try render(Rectangle().fill(Color.black).brightness(0.5)), 100, 100)
      #expect(bright.allSatisfy { abs($0 - 128) <= 1 }, "\(bright)")
      let flat = rgb(try render(block.contrast(0)), 100, 100)
      #expect(flat.allSatisfy { abs($0 - 128) <= 1 }, "\(flat)")
      #expect(rgb(try render(block.colorInvert()), 100, 100) == [0, 255, 255])
    }

    @Test("mask and clipShape keep the view where the mask is opaque, with smooth edges")
    func masks() throws {
      let square = Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 100, height: 100)
      let clipped = try render(square.clipShape(Circle()))
      #expect(rgb(clipped, 100, 100) == [255, 0, 0])
      // The square's corner is outside the circle.
      #expect(rgb(clipped, 55, 55) == [0, 0, 0])
      // Along the circle's edge some pixels are partly covered.
      let edge = (0..<200).map { rgb(clipped, $0, 100)[0] }.filter { $0 > 0 && $0 < 255 }
      #expect(!edge.isEmpty && edge.count <= 4, "\(edge)")
      let masked = try render(square.mask { Rectangle().fill(Color.white.opacity(0.5)).frame(width: 50, height: 100) })
      #expect(abs(rgb(masked, 100, 100)[0] - 128) <= 1)
      #expect(rgb(masked, 60, 100) == [0, 0, 0])
    }

    @Test("cornerRadius clips the view to a rounded rectangle of its frame")
    func cornerRadiusRoundsTheCorners() throws {
      let square = Rectangle().fill(Color(red: 1, green: 0, blue: 0)).frame(width: 100, height: 100)
      let rounded = try render(square.cornerRadius(20))
      #expect(rgb(rounded, 100, 100) == [255, 0, 0])
      // The corner pixel is 20 points from each edge's arc: outside it; the edge's middle is in.
      #expect(rgb(rounded, 51, 51) == [0, 0, 0] && rgb(rounded, 148, 148) == [0, 0, 0])
      #expect(rgb(rounded, 51, 100) == [255, 0, 0] && rgb(rounded, 100, 51) == [255, 0, 0])
      // The same pixels as clipShape(RoundedRectangle(cornerRadius:)).
      let clipped = try render(square.clipShape(RoundedRectangle(cornerRadius: 20)))
      #expect(rounded.pixels == clipped.pixels)
      #expect(rounded.pixels != (try render(square)).pixels)
    }

    @Test("compositingGroup fades overlapping parts as one picture")
    func compositingGroupFadesAsOne() throws {
      let pair = ZStack {
        Rectangle().fill(Color.white).frame(width: 80, height: 80).offset(x: -20)
        Rectangle().fill(Color.white).frame(width: 80, height: 80).offset(x: 20)
      }
      let apart = try render(pair.opacity(0.5))
      let group = try render(pair.compositingGroup().opacity(0.5))
      // Where the squares overlap: 0.5 over 0.5 is 0.75 piece by piece, 0.5 as one group.
      #expect(abs(rgb(apart, 100, 100)[0] - 191) <= 1)
      #expect(abs(rgb(group, 100, 100)[0] - 128) <= 1)
      #expect(abs(rgb(group, 70, 100)[0] - 128) <= 1)
    }

    @Test("OpenGL draws the same layers as the CPU renderer")
    func layersMatchOpenGL() throws {
      let view = ZStack {
        Circle().fill(Color(red: 0.2, green: 0.5, blue: 1)).frame(width: 80, height: 80)
          .shadow(color: .white, radius: 10, x: 10, y: 12)
        Text("blur").font(.system(size: 40)).foregroundStyle(Color.white).blur(radius: 4).offset(y: 60)
        Rectangle().fill(Color.red).frame(width: 50, height: 50).grayscale(0.5).clipShape(Circle()).offset(x: 60)
      }
      let cpu = try OffscreenTarget(width: Self.size, height: Self.size, renderer: .cpu)
      let a = try render(view, atlas: cpu.renderer.atlas)
      let b: ImageBuffer
      do {
        b = try render(view, renderer: .accelerated, atlas: cpu.renderer.atlas)
      } catch {
        Issue.record("no OpenGL through EGL (\(error)); `make test-deps` installs libegl-mesa0 and libgl1-mesa-dri")
        return
      }
      let (mean, within) = RendererParityTests.compare(a, b)
      #expect(mean <= 1 && within >= 0.99, "mean \(mean), within 3 levels \(within)")
      #expect(redSum(a) > 0)
    }

    /// A 100 × 100 square of `source` composited by `mode` over a mid-grey backdrop.
    func blended(_ mode: BlendMode, _ source: Color, renderer: RendererChoice = .cpu, atlas: GlyphAtlas? = nil)
      throws -> ImageBuffer
    {
      try render(
        ZStack {
          Color(red: 0.5, green: 0.5, blue: 0.5)
          Rectangle().fill(source).frame(width: 100, height: 100).blendMode(mode)
        }, renderer: renderer, atlas: atlas)
    }

    @Test("blendMode composites by the W3C formulas: multiply, screen, difference, plusLighter, overlay")
    func blendModes() throws {
      let orange = Color(red: 1, green: 0.5, blue: 0)
      let cases: [(BlendMode, [Int])] = [
        (.normal, [255, 128, 0]), (.multiply, [128, 64, 0]), (.screen, [255, 191, 128]),
        (.difference, [127, 0, 128]), (.plusLighter, [255, 255, 128]), (.darken, [128, 128, 0]),
        (.lighten, [255, 128, 128]), (.overlay, [255, 128, 0]),
      ]
      for (mode, expected) in cases {
        let c = rgb(try blended(mode, orange), 100, 100)
        #expect(zip(c, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(mode): \(c), expected \(expected)")
        // Outside the square the backdrop is untouched.
        #expect(rgb(try blended(mode, orange), 20, 20) == [128, 128, 128])
      }
    }

    @Test("OpenGL draws multiply, screen and plusLighter as the CPU does")
    func blendModesMatchOpenGL() throws {
      let cpu = try OffscreenTarget(width: Self.size, height: Self.size, renderer: .cpu)
      for mode in [BlendMode.multiply, .screen, .plusLighter] {
        let source = Color(red: 0.9, green: 0.3, blue: 0.6, opacity: 0.8)
        let a = try blended(mode, source, atlas: cpu.renderer.atlas)
        let b: ImageBuffer
        do {
          b = try blended(mode, source, renderer: .accelerated, atlas: cpu.renderer.atlas)
        } catch {
          Issue.record("no OpenGL through EGL (\(error))")
          return
        }
        let (mean, within) = RendererParityTests.compare(a, b)
        #expect(mean <= 1, "\(mode): mean \(mean), cpu \(rgb(a, 100, 100)) gl \(rgb(b, 100, 100))")
        #expect(within >= 0.99, "\(mode): within 3 levels \(within)")
      }
    }

    /// `.red` here is SwiftUI's system red, (255, 59, 48).
    @Test("a canvas's addFilter and clipToLayer apply to what it draws next")
    func canvasFiltersAndLayerClips() throws {
      let square = CGRect(x: 70, y: 70, width: 60, height: 60)
      let blurred = try render(
        Canvas { context, _ in
          context.addFilter(.blur(radius: 12))
          context.fill(Path(square), with: .color(.white))
        })
      #expect(rgb(blurred, 64, 100)[0] > 40 && rgb(blurred, 100, 100)[0] > 240)
      let shadowed = try render(
        Canvas { context, _ in
          context.addFilter(.shadow(color: .white, radius: 0, x: 40, y: 0))
          context.fill(Path(square), with: .color(.red))
        })
      #expect(rgb(shadowed, 100, 100) == [255, 59, 48])
      #expect(rgb(shadowed, 150, 100) == [255, 255, 255])
      let tinted = try render(
        Canvas { context, _ in
          context.addFilter(.colorMultiply(Color(red: 0, green: 1, blue: 0)))
          context.fill(Path(square), with: .color(.white))
        })
      #expect(rgb(tinted, 100, 100) == [0, 255, 0])
      let clipped = try render(
        Canvas { context, size in
          context.clipToLayer { mask in
            mask.fill(Path(ellipseIn: CGRect(x: 50, y: 50, width: 100, height: 100)), with: .color(.black))
          }
          context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.red))
        })
      #expect(rgb(clipped, 100, 100) == [255, 59, 48])
      #expect(rgb(clipped, 55, 55) == [0, 0, 0])
      #expect(rgb(clipped, 10, 100) == [0, 0, 0])
      let multiplied = try render(
        ZStack {
          Color(red: 0.5, green: 0.5, blue: 0.5)
          Canvas { context, _ in
            context.blendMode = .multiply
            context.fill(Path(square), with: .color(Color(red: 1, green: 0.5, blue: 0)))
          }
        })
      #expect(rgb(multiplied, 100, 100) == [128, 64, 0])
    }
  }
}
