import FoundationEssentials
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// A `GraphicsContext` canvas draws alike on every renderer: its gradients are textured
  /// triangles, which SDL draws only if every texture coordinate of the list is within 0…1.
  @Suite struct CanvasParityTests {
    /// Gradients (one of them clipped, so its shape runs past its image), a dashed stroke,
    /// rotated shapes and text.
    struct Gauge: View {
      var body: some View {
        Canvas { context, size in
          let center = CGPoint(x: size.width / 2, y: size.height / 2)
          context.fill(
            Path(ellipseIn: CGRect(x: center.x - 70, y: center.y - 70, width: 140, height: 140)),
            with: .radialGradient(
              Gradient(colors: [.yellow, .orange, .red]), center: center, startRadius: 0, endRadius: 70))
          var hand = context
          hand.translateBy(x: center.x, y: center.y)
          hand.rotate(by: .degrees(30))
          hand.stroke(
            Path(CGRect(x: 0, y: -3, width: 60, height: 6)), with: .color(.white),
            style: StrokeStyle(lineWidth: 2, dash: [6, 3]))
          context.draw(Text("Gauge"), at: CGPoint(x: center.x, y: size.height - 12))
          var band = context
          band.clip(to: Path(CGRect(x: 0, y: 0, width: size.width, height: 16)))
          band.fill(
            Path(CGRect(origin: .zero, size: size)),
            with: .linearGradient(
              Gradient(colors: [.blue, .purple]), startPoint: .zero, endPoint: CGPoint(x: size.width, y: 0)))
          // A small circle through a gradient: a GPU's own cut draws circles over a mask
          // texture, which the gradient's texture must not replace.
          context.fill(
            Path(ellipseIn: CGRect(x: size.width - 60, y: 30, width: 36, height: 36)),
            with: .linearGradient(
              Gradient(colors: [.green, .blue]), startPoint: CGPoint(x: size.width - 60, y: 30),
              endPoint: CGPoint(x: size.width - 24, y: 66)))
          context.stroke(
            Path(ellipseIn: CGRect(x: 20, y: 40, width: 50, height: 50)),
            with: .conicGradient(Gradient(colors: [.red, .green, .red]), center: CGPoint(x: 45, y: 65)), lineWidth: 4)
        }
        .foregroundStyle(Color.white)
      }
    }

    @Test("a canvas's gradients, strokes and text draw alike on cpu, OpenGL and SDL's software renderer")
    func canvasParity() throws {
      let (w, h) = (320, 200)
      let cpu = try OffscreenTarget(width: w, height: h, renderer: .cpu)
      /// The gauge's draw list, cut for `target`'s renderer.
      func drawn(for target: OffscreenTarget) -> DrawList {
        let runtime = SceneRuntime(textEngine: cpu.renderer.atlas)
        runtime.tessellation = target.renderer.preferredTessellation
        cpu.renderer.atlas.beginFrame()
        let list = runtime.frame(
          { Gauge() },
          input: FrameInput(now: FrameBenchmark.start, time: 0, size: Size(width: Double(w), height: Double(h)))
        ).drawList
        #expect(list.vertices.allSatisfy { (0...1).contains($0.u) && (0...1).contains($0.v) })
        return list
      }
      cpu.renderer.clear(.black)
      cpu.renderer.submit(drawn(for: cpu))
      let reference = try cpu.renderer.readPixels()
      // The radial gradient's middle is yellow: the drawing is there to compare.
      let middle = reference.pixels[(h / 2) * w + w / 2]
      #expect(middle & 0xFF > 200 && (middle >> 8) & 0xFF > 150)
      for choice in [RendererChoice.accelerated, .sdlSoftware] {
        let other: OffscreenTarget
        do {
          other = try OffscreenTarget(width: w, height: h, atlas: cpu.renderer.atlas, renderer: choice)
        } catch {
          Issue.record("no \(choice.rawValue) renderer offscreen (\(error))")
          continue
        }
        other.renderer.clear(.black)
        other.renderer.submit(drawn(for: other))
        let pixels = try other.renderer.readPixels()
        let (mean, within) = RendererParityTests.compare(reference, pixels)
        // Just inside the corner of the small circle's square: outside the circle, so black.
        let corner = pixels.pixels[33 * w + (w - 57)]
        #expect(
          corner & 0xFF_FFFF == 0, "\(choice.rawValue): the small circle's corner is \(String(corner, radix: 16))")
        // SDL's software renderer does not anti-alias, so its edges differ by more.
        let tolerance = choice == .sdlSoftware ? (mean: 3.0, within: 0.9) : (mean: 1.0, within: 0.99)
        #expect(mean <= tolerance.mean, "\(choice.rawValue): mean difference \(mean) levels")
        #expect(within >= tolerance.within, "\(choice.rawValue): only \(within * 100) % of pixels within 3 levels")
      }
    }
  }
}
