import Foundation
import Graphics
import SDLBackend
import Scenes
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

/// Every suite here that renders through SDL and SDL_ttf, one at a time: those libraries keep
/// global state, and swift-testing runs suites in parallel.
@Suite(.serialized) enum RenderingSuites {}

extension RenderingSuites {
  /// Damage-tracked drawing must leave exactly the pixels a full redraw would.
  @Suite struct DamageTests {
    static let scenes: [any PlaygroundScene] = SceneCatalog.all.map { $0.init() } + [OverviewScene()]

    @Test(arguments: 0..<scenes.count)
    func incrementalFramesMatchAFullRedraw(_ index: Int) throws {
      let scene = Self.scenes[index]
      let size = Size(width: 640, height: 360)
      let incremental = try OffscreenTarget(width: 640, height: 360)
      let reference = try OffscreenTarget(width: 640, height: 360, atlas: incremental.renderer.atlas)
      let replay = Replay(
        scene: scene, start: FrameBenchmark.start, size: size, textEngine: incremental.renderer.atlas)
      // The cpu renderer's own tessellation: dithered ramps, and opaque interiors whose
      // occluded pixels partial redraws skip.
      replay.runtime.tessellation = incremental.renderer.preferredTessellation
      var partialFrames = 0
      var occludedFrames = 0
      // 2.5 s at 60 Hz crosses clock ticks, emoji reveals and keyframe segments.
      for i in 0..<150 {
        incremental.renderer.atlas.beginFrame()
        let out = replay.nextFrame()
        if out.drawList.primitives.contains(where: { $0.opaqueInterior != nil }) { occludedFrames += 1 }
        incremental.renderer.draw(out.drawList, background: .black)
        if incremental.renderer.lastRedrawFraction < 1 { partialFrames += 1 }
        guard i % 30 == 29 else { continue }
        reference.renderer.clear(.black)
        reference.renderer.submit(out.drawList)
        let a = try incremental.renderer.readPixels()
        let b = try reference.renderer.readPixels()
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(type(of: scene).name) frame \(i): \(differing) pixels differ from a full redraw")
      }
      // Every scene but the mesh gradient (which moves everywhere) is drawn in part most of the time.
      if type(of: scene).name != MeshGradientScene.name {
        #expect(partialFrames > 75, "\(type(of: scene).name): only \(partialFrames) partial frames")
      }
      // The bars are opaque rounded rectangles, which record the interiors partial redraws may skip.
      if type(of: scene).name == Visualizer.name { #expect(occludedFrames == 150) }
    }
  }
}
