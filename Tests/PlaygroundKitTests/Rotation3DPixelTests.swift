import FoundationEssentials
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// `rotation3DEffect` rasterized: a square turned 45° about its vertical axis, judged by its
  /// pixels, and drawn alike by the CPU renderer and SDL's.
  @Suite struct Rotation3DPixelTests {
    static let size = 200

    /// A white 100-point square, turned, over black in a 200 × 200 frame, drawn by `renderer`.
    /// OpenGL gets the list cut for it (the rounded square over the coverage mask, then mapped).
    func render(_ renderer: RendererChoice) throws -> ImageBuffer {
      let target = try OffscreenTarget(width: Self.size, height: Self.size, atlas: nil, renderer: renderer)
      let runtime = SceneRuntime(textEngine: target.renderer.atlas)
      if renderer == .accelerated { runtime.tessellation = target.renderer.preferredTessellation }
      target.renderer.atlas.beginFrame()
      let out = runtime.frame(
        {
          RoundedRectangle(cornerRadius: 8).fill(Color.white).frame(width: 100, height: 100)
            .rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0))
            .frame(width: Double(Self.size), height: Double(Self.size))
        },
        input: FrameInput(
          now: FrameBenchmark.start, time: 0, size: Size(width: Double(Self.size), height: Double(Self.size))))
      target.renderer.clear(.black)
      target.renderer.submit(out.drawList)
      return try target.renderer.readPixels()
    }

    func red(_ img: ImageBuffer, _ x: Int, _ y: Int) -> Int { Int(img.pixels[y * img.width + x] & 0xFF) }

    @Test(
      "the near edge grows past the square, the far edge shrinks inside it",
      arguments: [
        RendererChoice.cpu, .sdlSoftware, .accelerated,
      ])
    func nearAndFarEdges(_ renderer: RendererChoice) throws {
      let img = try render(renderer)
      // Turned about x = 100: the left edge lands at x ≈ 45 spanning y ≈ 23…177, the right at
      // x ≈ 126 spanning y ≈ 63…137 (the square itself spans 50…150 both ways).
      #expect(red(img, 52, 30) == 255, "near edge above the square")
      #expect(red(img, 52, 170) == 255, "near edge below the square")
      #expect(red(img, 40, 100) == 0, "left of the near edge")
      #expect(red(img, 120, 100) == 255)
      #expect(red(img, 140, 100) == 0, "the square's right part, now beyond the far edge")
      #expect(red(img, 122, 55) == 0, "above the far edge, inside the square's old corner")
      #expect(red(img, 100, 40) == 0, "the middle column keeps the square's height")
      #expect(red(img, 100, 60) == 255)
    }

    @Test("the CPU renderer and SDL's draw the turned square alike, but for how their edges are smoothed")
    func renderersAgree() throws {
      let a = try render(.cpu)
      let b = try render(.sdlSoftware)
      var inside = 0
      for y in 0..<Self.size {
        for x in 0..<Self.size where abs(red(a, x, y) - red(b, x, y)) > 64 {
          // Within two pixels of an edge: both black and white lie in the 5 × 5 square around it.
          let near = (max(0, y - 2)...min(Self.size - 1, y + 2)).flatMap { yy in
            (max(0, x - 2)...min(Self.size - 1, x + 2)).map { red(a, $0, yy) }
          }
          if !(near.contains { $0 < 32 } && near.contains { $0 > 223 }) { inside += 1 }
        }
      }
      #expect(inside == 0, "\(inside) pixels away from the edges differ")
      let lit = (a.pixels.filter { $0 & 0xFF > 127 }.count, b.pixels.filter { $0 & 0xFF > 127 }.count)
      // The same area, to a 2 % share of it (about a fifth of a pixel along its outline).
      #expect(abs(lit.0 - lit.1) * 50 < lit.0, "lit pixels \(lit)")
    }
  }
}
