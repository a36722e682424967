import Foundation
import Graphics
import Scenes
import Testing

@testable import PlaygroundKit
@testable import SDLBackend
@testable import SceneGraph

extension RenderingSuites {
  /// OpenGL's partial redraws leave the pixels its full redraws would, and a mesh covering the
  /// target is drawn without the background pass under it (OpenGL through EGL, headless).
  @Suite struct AcceleratedRedrawTests {
    static let scenes: [any PlaygroundScene] = [
      Visualizer(), Clock(), QuipsScene(), ParticleFieldScene(), OverviewScene(),
    ]

    /// How many of `renderer`'s pixels differ from `list` drawn whole over black on `reference`.
    static func pixelsDiffering(
      _ renderer: any Renderer, fromAFullRedrawOf list: DrawList, on reference: OffscreenTarget
    ) throws -> Int {
      reference.renderer.clear(.black)
      reference.renderer.submit(list)
      let a = try renderer.readPixels()
      let b = try reference.renderer.readPixels()
      return zip(a.pixels, b.pixels).filter { $0 != $1 }.count
    }

    @Test(arguments: 0..<scenes.count)
    func partialRedrawsMatchAFullRedraw(_ index: Int) throws {
      let scene = Self.scenes[index]
      let name = type(of: scene).name
      guard let (cpu, gl) = try RendererParityTests.targets(width: 640, height: 360),
        let renderer = gl.renderer as? SDLRenderer
      else { return }
      let reference = try OffscreenTarget(width: 640, height: 360, atlas: cpu.renderer.atlas, renderer: .accelerated)
      let replay = Replay(
        scene: scene, start: FrameBenchmark.start, size: Size(width: 640, height: 360),
        textEngine: cpu.renderer.atlas)
      replay.runtime.tessellation = renderer.preferredTessellation
      var partialFrames = 0
      for i in 0..<90 {
        cpu.renderer.atlas.beginFrame()
        let out = replay.nextFrame()
        renderer.draw(out.drawList, background: .black)
        if renderer.lastRedrawFraction < 1 { partialFrames += 1 }
        guard i % 30 == 29 else { continue }
        let differing = try Self.pixelsDiffering(renderer, fromAFullRedrawOf: out.drawList, on: reference)
        #expect(differing == 0, "\(name) frame \(i): \(differing) pixels differ from a full redraw")
      }
      #expect(partialFrames > 45, "\(name): only \(partialFrames) partial frames")
    }

    @Test("a partial redraw gives a GPU the particles in a call or two per region, gaps and all, not one per run")
    func particlesAcrossGaps() throws {
      guard let (cpu, gl) = try RendererParityTests.targets(width: 640, height: 360),
        let renderer = gl.renderer as? SDLRenderer
      else { return }
      #expect(renderer.drawsAcrossGaps)
      let replay = Replay(
        scene: ParticleFieldScene(), start: FrameBenchmark.start, size: Size(width: 640, height: 360),
        textEngine: cpu.renderer.atlas)
      replay.runtime.tessellation = renderer.preferredTessellation
      var calls: [Int] = []
      for _ in 0..<30 {
        cpu.renderer.atlas.beginFrame()
        renderer.draw(replay.nextFrame().drawList, background: .black)
        if renderer.lastRedrawFraction < 1 { calls.append(renderer.stats.lastDrawCalls) }
      }
      // 500 discs in one command, a few dozen in each region: drawn as runs, 360 calls a frame.
      #expect(calls.count > 20)
      #expect(calls.allSatisfy { $0 <= 40 }, "calls per frame: \(calls)")
    }

    @Test(
      "an opaque mesh over the whole target is drawn without painting the background first, and nothing of it shows")
    func meshCoversTheBackground() throws {
      guard let (cpu, gl) = try RendererParityTests.targets(width: 640, height: 360),
        let renderer = gl.renderer as? SDLRenderer
      else { return }
      let reference = try OffscreenTarget(width: 640, height: 360, atlas: cpu.renderer.atlas, renderer: .accelerated)
      let replay = Replay(
        scene: MeshGradientScene(), start: FrameBenchmark.start, size: Size(width: 640, height: 360),
        textEngine: cpu.renderer.atlas)
      replay.runtime.tessellation = renderer.preferredTessellation
      // Red wherever the mesh would leave a pixel uncovered: the background is not painted.
      renderer.clear(Color(red: 1, green: 0, blue: 0))
      for i in 0..<3 {
        cpu.renderer.atlas.beginFrame()
        let out = replay.nextFrame()
        #expect(out.drawList.opaqueBackdropCovers(Rect(x: 0, y: 0, width: 640, height: 360)))
        renderer.draw(out.drawList, background: Color(red: 1, green: 0, blue: 0))
        let differing = try Self.pixelsDiffering(renderer, fromAFullRedrawOf: out.drawList, on: reference)
        #expect(differing == 0, "frame \(i): \(differing) pixels differ")
      }
    }

    @Test(
      "a GPU gets a fill in one call, its opaque interior and blended fringe together, and draws it as the CPU does")
    func aFillIsOneCall() throws {
      guard let (cpu, gl) = try RendererParityTests.targets(width: 200, height: 120) else { return }
      let software = try OffscreenTarget(width: 200, height: 120, atlas: cpu.renderer.atlas, renderer: .sdlSoftware)
      var list = DrawList()
      list.fillConvexPolygon(
        [Point(x: 20.3, y: 10.6), Point(x: 170.2, y: 30.1), Point(x: 120.7, y: 100.4)],
        color: RGBA8(r: 200, g: 120, b: 40, a: 255))
      #expect(list.commands.count == 1)
      for target in [cpu, gl, software] {
        target.renderer.clear(.black)
        target.renderer.submit(list)
      }
      #expect(gl.renderer.lastDrawCalls == 1)
      // SDL's software renderer writes the opaque interior unblended: two calls.
      #expect(software.renderer.lastDrawCalls == 2)
      let (mean, within) = RendererParityTests.compare(try cpu.renderer.readPixels(), try gl.renderer.readPixels())
      #expect(mean <= 1 && within >= 0.99, "mean \(mean), within \(within)")
    }

    @Test("a shape over the mask after thousands of other vertices is handed to SDL with its own vertices alone")
    func texturedCallsGetTheirOwnVertices() throws {
      guard let (_, gl) = try RendererParityTests.targets(width: 200, height: 120),
        let renderer = gl.renderer as? SDLRenderer
      else { return }
      func list(behind dots: Int) -> DrawList {
        var l = DrawList()
        l.coverageMasks = true
        // Untextured dots along the bottom rows, drawn before the shape.
        for i in 0..<dots {
          l.fillRect(Rect(x: Double(i % 200), y: 110, width: 1, height: 1), color: RGBA8(r: 0, g: 90, b: 40, a: 255))
        }
        let drawn = l.fillRoundedRect(
          Rect(x: 20.5, y: 10.25, width: 130, height: 70), radius: 14,
          top: RGBA8(r: 230, g: 60, b: 40, a: 255), bottom: RGBA8(r: 40, g: 90, b: 230, a: 255))
        #expect(drawn)
        return l
      }
      let alone = list(behind: 0)
      let crowded = list(behind: 2000)
      #expect(crowded.vertices.count >= alone.vertices.count + 8000)
      #expect(crowded.commands.contains { $0.texture == .coverageMask })
      renderer.clear(.black)
      renderer.submit(alone)
      let expected = try renderer.readPixels()
      #expect(renderer.stats.lastTexturedVertices == alone.vertices.count)
      renderer.clear(.black)
      renderer.submit(crowded)
      #expect(renderer.stats.lastTexturedVertices == alone.vertices.count)
      let drawn = try renderer.readPixels()
      // Above the dots, the shape's pixels are the ones it has drawn alone.
      let rows = 0..<(100 * 200)
      #expect(expected.pixels[rows].contains { $0 != expected.pixels[0] })
      #expect(Array(drawn.pixels[rows]) == Array(expected.pixels[rows]))
    }
  }
}
