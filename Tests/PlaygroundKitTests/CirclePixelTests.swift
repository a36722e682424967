import FoundationEssentials
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// Circles shaded from their distance to the outline by the CPU renderer, judged by pixels.
  @Suite struct CirclePixelTests {
    let effects = EffectPixelTests()

    /// `view` over black in a 200 × 200 frame on the CPU renderer, lowered as that renderer
    /// prefers (circles as quads) or, with `analytic` false, as polygons.
    func render<V: View>(_ view: V, analytic: Bool) throws -> (ImageBuffer, DrawList) {
      let target = try OffscreenTarget(width: 200, height: 200, renderer: .cpu)
      let runtime = SceneRuntime(textEngine: target.renderer.atlas)
      if analytic { runtime.tessellation = target.renderer.preferredTessellation }
      target.renderer.atlas.beginFrame()
      let out = runtime.frame(
        { view.frame(width: 200, height: 200) },
        input: FrameInput(now: FrameBenchmark.start, time: 0, size: Size(width: 200, height: 200)))
      target.renderer.clear(.black)
      target.renderer.submit(out.drawList)
      return (try target.renderer.readPixels(), out.drawList)
    }

    @Test("a solid circle is one quad that covers π r² of light, is round, and is empty outside its radius")
    func solidCircle() throws {
      let (img, list) = try render(Circle().fill(Color.white).frame(width: 120, height: 100), analytic: true)
      #expect(list.primitives.map(\.shape) == [.roundedRect])
      // The circle is the 100-point square centered in the frame: radius 50 around (100, 100).
      let light = Double(effects.redSum(img)) / 255
      #expect(abs(light - Double.pi * 2500) < 0.002 * Double.pi * 2500, "\(light)")
      #expect(effects.rgb(img, 100, 100) == [255, 255, 255])
      #expect(effects.rgb(img, 100, 51) == [255, 255, 255])
      #expect(effects.rgb(img, 100, 48) == [0, 0, 0])
      // The corners of its box lie outside it, and the frame's extra width stays empty.
      #expect(effects.rgb(img, 52, 52) == [0, 0, 0])
      #expect(effects.rgb(img, 45, 100) == [0, 0, 0])
      // Mirror images across both axes and the diagonal through the center match.
      var asymmetric: [String] = []
      for y in 48..<100 {
        for x in 48..<100 {
          let p = effects.rgb(img, x, y)
          if p != effects.rgb(img, 199 - x, y) || p != effects.rgb(img, x, 199 - y) || p != effects.rgb(img, y, x) {
            asymmetric.append("\(x),\(y)")
          }
        }
      }
      #expect(asymmetric.isEmpty, "\(asymmetric.prefix(8))")
    }

    @Test("the quad and the polygon a GPU gets differ only along the edge, by little")
    func quadMatchesPolygon() throws {
      let view = Circle().fill(Color(red: 1, green: 0.2, blue: 0.2).opacity(0.6)).frame(width: 90, height: 90)
      let (quad, _) = try render(view, analytic: true)
      let (polygon, list) = try render(view, analytic: false)
      #expect(!list.primitives.contains { $0.shape == .roundedRect })
      var worst = 0
      for y in 0..<200 {
        for x in 0..<200 {
          let d = abs(effects.rgb(quad, x, y)[0] - effects.rgb(polygon, x, y)[0])
          // Inside the circle's edge band the two are the same color.
          let r =
            ((Double(x) + 0.5 - 100) * (Double(x) + 0.5 - 100) + (Double(y) + 0.5 - 100) * (Double(y) + 0.5 - 100))
            .squareRoot()
          if abs(r - 45) > 1.5 { #expect(d <= 1, "at \(x), \(y)") }
          worst = max(worst, d)
        }
      }
      // A polygon's fringe is linear across each chord; the quad's coverage follows the arc.
      #expect(worst > 0 && worst <= 48, "\(worst)")
    }
  }
}
