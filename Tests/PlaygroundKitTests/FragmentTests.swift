import Foundation
import Graphics
import SDLBackend
import Scenes
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// Replaying kept draw-list fragments must give exactly the draw list that tessellating
  /// every node afresh gives.
  @Suite struct FragmentTests {
    /// Every scene and the overview, as the damage tests take them.
    static var scenes: [any PlaygroundScene] { DamageTests.scenes }

    @Test(arguments: 0..<DamageTests.scenes.count)
    func replayedFragmentsEqualFreshLowering(_ index: Int) throws {
      let scene = Self.scenes[index]
      let name = type(of: scene).name
      let size = Size(width: 640, height: 360)
      // Each with its own glyph atlas, so the one that replays keeps an atlas history of its own.
      let target = try OffscreenTarget(width: 640, height: 360)
      let other = try OffscreenTarget(width: 640, height: 360)
      let kept = Replay(scene: scene, start: FrameBenchmark.start, size: size, textEngine: target.renderer.atlas)
      let fresh = Replay(scene: scene, start: FrameBenchmark.start, size: size, textEngine: other.renderer.atlas)
      for replay in [kept, fresh] { replay.runtime.tessellation = target.renderer.preferredTessellation }
      fresh.runtime.keepsFragments = false
      var replayed = 0
      var recorded = 0
      // 2.5 s at 60 Hz crosses clock ticks, emoji reveals and keyframe segments.
      for i in 0..<150 {
        target.renderer.atlas.beginFrame()
        other.renderer.atlas.beginFrame()
        let a = kept.nextFrame()
        let b = fresh.nextFrame()
        #expect(b.fragmentsReplayed == 0 && b.fragmentsRecorded == 0)
        replayed += a.fragmentsReplayed
        recorded += a.fragmentsRecorded
        let (x, y) = (a.drawList, b.drawList)
        guard
          x.vertices == y.vertices && x.indices == y.indices && x.commands == y.commands
            && x.primitives == y.primitives && a.items == b.items
            && x.images.mapValues(\.generation) == y.images.mapValues(\.generation)
        else {
          let counts =
            "\(x.vertices.count) vs \(y.vertices.count) vertices, \(x.commands.count) vs \(y.commands.count) "
            + "commands, \(x.primitives.count) vs \(y.primitives.count) primitives"
          Issue.record("\(name) frame \(i): the draw list with fragments differs (\(counts))")
          return
        }
      }
      // Every scene has text or shapes that stay put (captions, faces, dials).
      #expect(replayed > 0, "\(name): no fragment was ever replayed")
    }
  }
}
