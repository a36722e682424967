import FoundationEssentials
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// Radial, elliptical and angular gradients and `Color.gradient`, as views and as the fills
  /// and strokes of shapes, judged by their pixels on the CPU renderer and OpenGL.
  @Suite struct GradientPixelTests {
    static let size = 200
    let red = Color(red: 1, green: 0, blue: 0)
    let green = Color(red: 0, green: 1, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

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

    /// Whether `a` is within `tolerance` of `b` in every channel.
    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 8) -> Bool {
      zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("an angular gradient runs clockwise from 3 o'clock: red there, green at 9, blue-green at 12")
    func angularCircle() throws {
      let wheel = AngularGradient(
        gradient: Gradient(colors: [red, green, blue]), center: .center, startAngle: .zero, endAngle: .degrees(360))
      let img = try render(Circle().fill(wheel).frame(width: 160, height: 160))
      // The circle spans 20…180 about (100, 100).
      #expect(near(rgb(img, 170, 101), [255, 0, 0], 12), "\(rgb(img, 170, 101))")
      #expect(near(rgb(img, 30, 100), [0, 255, 0]), "\(rgb(img, 30, 100))")
      #expect(near(rgb(img, 100, 30), [0, 128, 128]), "\(rgb(img, 100, 30))")
      #expect(near(rgb(img, 100, 170), [128, 128, 0]), "\(rgb(img, 100, 170))")
      // Just above 3 o'clock the turn is nearly done: blue. Outside the circle: black.
      #expect(rgb(img, 170, 97)[2] > 200, "\(rgb(img, 170, 97))")
      #expect(rgb(img, 5, 5) == [0, 0, 0])
    }

    @Test("an angular gradient's angle turns its start; a half turn leaves the rest to its end colors")
    func angularStartAndSpan() throws {
      let turned = try render(AngularGradient(colors: [red, green], center: .center, angle: .degrees(90)))
      #expect(near(rgb(turned, 99, 180), [255, 0, 0], 12), "\(rgb(turned, 99, 180))")
      #expect(near(rgb(turned, 100, 20), [128, 128, 0]), "\(rgb(turned, 100, 20))")
      let half = try render(
        Rectangle().fill(
          AngularGradient(colors: [red, green, blue], center: .center, startAngle: .zero, endAngle: .degrees(180))))
      #expect(near(rgb(half, 100, 180), [0, 255, 0]), "\(rgb(half, 100, 180))")
      // Past the end: blue for the first quarter turn, red for the second.
      #expect(near(rgb(half, 30, 80), [0, 0, 255]), "\(rgb(half, 30, 80))")
      #expect(near(rgb(half, 170, 80), [255, 0, 0]), "\(rgb(half, 170, 80))")
    }

    @Test("a radial gradient is its start color at the center and its end color past the end radius")
    func radial() throws {
      let img = try render(RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 50))
      #expect(near(rgb(img, 100, 100), [255, 255, 255], 12), "\(rgb(img, 100, 100))")
      #expect(near(rgb(img, 125, 100), [128, 128, 128]), "\(rgb(img, 125, 100))")
      #expect(near(rgb(img, 100, 75), [128, 128, 128]), "\(rgb(img, 100, 75))")
      #expect(rgb(img, 160, 100) == [0, 0, 0])
      // As a shape's style, inside the shape only.
      let dot = try render(
        Circle().fill(.radialGradient(colors: [red, blue], center: .center, startRadius: 0, endRadius: 40)).frame(
          width: 80, height: 80))
      #expect(near(rgb(dot, 100, 100), [255, 0, 0], 12))
      #expect(near(rgb(dot, 100, 137), [0, 0, 255], 24), "\(rgb(dot, 100, 137))")
      #expect(rgb(dot, 100, 150) == [0, 0, 0])
    }

    @Test("an elliptical gradient is stretched to its frame: half way out on each axis is the same color")
    func elliptical() throws {
      let img = try render(EllipticalGradient(colors: [.white, .black]).frame(width: 200, height: 100))
      // The frame spans y 50…150; 0.5 of it reaches the edges.
      #expect(near(rgb(img, 100, 100), [255, 255, 255], 12))
      #expect(near(rgb(img, 150, 100), [128, 128, 128]), "\(rgb(img, 150, 100))")
      #expect(near(rgb(img, 100, 125), [128, 128, 128]), "\(rgb(img, 100, 125))")
      #expect(near(rgb(img, 150, 100), rgb(img, 100, 125), 3))
      #expect(rgb(img, 100, 40) == [0, 0, 0])
    }

    @Test("Color.gradient runs from a lighter top to the color itself at the bottom")
    func colorGradient() throws {
      let img = try render(Rectangle().fill(Color.blue.gradient))
      let (top, bottom) = (rgb(img, 100, 1), rgb(img, 100, 198))
      let base = Color.blue.rgba8
      #expect(near(bottom, [Int(base.r), Int(base.g), Int(base.b)], 4), "\(bottom)")
      let lighter = zip(top, bottom).map { $0 - $1 }
      #expect(
        lighter.allSatisfy { $0 >= 0 } && lighter.contains { $0 >= 10 } && lighter.allSatisfy { $0 < 90 },
        "\(top) \(bottom)")
    }

    @Test("a gradient stroke paints only the outline, in the gradient's colors")
    func angularStroke() throws {
      let ring = AngularGradient(
        gradient: Gradient(colors: [red, green, blue]), center: .center, startAngle: .zero, endAngle: .degrees(360))
      let img = try render(Circle().stroke(ring, lineWidth: 10).frame(width: 160, height: 160))
      #expect(near(rgb(img, 20, 100), [0, 255, 0], 16), "\(rgb(img, 20, 100))")
      #expect(rgb(img, 100, 100) == [0, 0, 0])
      #expect(rgb(img, 40, 100) == [0, 0, 0])
    }

    @Test("the styles' static names draw as their types do, with AngularGradient(gradient:center:) a full turn")
    func styleNames() throws {
      let colors = [red, green, blue]
      let typed = try render(Circle().fill(AngularGradient(colors: colors, center: .center)))
      #expect(try render(Circle().fill(.conicGradient(colors: colors, center: .center))).pixels == typed.pixels)
      #expect(
        try render(Circle().fill(AngularGradient(gradient: Gradient(colors: colors), center: .center))).pixels
          == typed.pixels)
      let elliptical = try render(Rectangle().foregroundStyle(EllipticalGradient(colors: colors)))
      #expect(try render(Rectangle().fill(.ellipticalGradient(colors: colors))).pixels == elliptical.pixels)
    }

    @Test("OpenGL draws the gradients as the CPU renderer does")
    func gradientsMatchOpenGL() throws {
      let view = ZStack {
        RadialGradient(colors: [.yellow, .purple], center: .topLeading, startRadius: 10, endRadius: 200)
        Circle().fill(AngularGradient(colors: [red, green, blue, red], center: .center)).frame(width: 120, height: 120)
        Capsule().fill(EllipticalGradient(colors: [.white, .clear])).frame(width: 160, height: 40).offset(y: 70)
        Rectangle().fill(Color.orange.gradient).frame(width: 40, height: 40).offset(x: -70, y: -70)
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
    }
  }
}
