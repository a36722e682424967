import Foundation
import Scenes
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

/// The window's own overlays, drawn through the same runtime as the scenes.
@Suite struct OverlayTests {
  func frame(pausedMark: Bool) -> FrameOutput {
    let size = Size(width: 640, height: 360)
    let context = SceneContext(size: size, start: FrameBenchmark.start)
    let root = AppRoot(
      context: context, scene: Clock(), grid: nil, selection: 0, hud: nil, help: false, assets: SceneAssets(),
      pausedMark: pausedMark)
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    return rt.frame({ root }, input: FrameInput(now: FrameBenchmark.start, time: 0, size: size))
  }

  @Test("while paused without the HUD, a small mark sits in the top-right corner")
  func pausedMark() throws {
    let mark = try #require(frame(pausedMark: true).items.first { $0.text == "❚❚ paused" })
    #expect(mark.bounds.maxX <= 640 && mark.bounds.minX > 480)
    #expect(mark.bounds.minY >= 0 && mark.bounds.maxY < 50)
    #expect(!frame(pausedMark: false).items.contains { $0.text == "❚❚ paused" })
  }
}
