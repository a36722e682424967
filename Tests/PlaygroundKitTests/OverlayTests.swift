import Foundation
import SDLBackend
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

  @Test("a click on a grid cell reaches that cell's onTapGesture through the runtime")
  func gridCellsTakeClicks() {
    let size = Size(width: 640, height: 360)
    let context = SceneContext(size: size, start: FrameBenchmark.start)
    final class Opened: @unchecked Sendable { var index: Int? }
    let opened = Opened()
    let root = AppRoot(
      context: context, scene: Clock(), grid: SceneCatalog.all.map { $0.init() }, selection: 0, hud: nil,
      help: false, open: Overlays.OpenScene { opened.index = $0 }, assets: SceneAssets())
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    _ = rt.frame({ root }, input: FrameInput(now: FrameBenchmark.start, time: 0, size: size))
    // 13 scenes in a 4×4 grid with 6-point gaps: cells are 152.5 × 82.5.
    #expect(rt.tap(at: Point(x: 6 + 158.5 + 76, y: 6 + 88.5 + 41)))
    #expect(opened.index == 5)
    #expect(rt.tap(at: Point(x: 6 + 3 * 158.5 + 10, y: 6 + 3 * 88.5 - 10)))
    #expect(opened.index == 11)
    // The gaps, and the empty cells after the thirteenth, take nothing.
    opened.index = nil
    #expect(!rt.tap(at: Point(x: 3, y: 3)))
    #expect(!rt.tap(at: Point(x: 6 + 2 * 158.5 + 50, y: 6 + 3 * 88.5 + 40)))
    #expect(opened.index == nil)
  }

  @Test("while paused without the HUD, a small mark sits in the top-right corner")
  func pausedMark() throws {
    let mark = try #require(frame(pausedMark: true).items.first { $0.text == "❚❚ paused" })
    #expect(mark.bounds.maxX <= 640 && mark.bounds.minX > 480)
    #expect(mark.bounds.minY >= 0 && mark.bounds.maxY < 50)
    #expect(!frame(pausedMark: false).items.contains { $0.text == "❚❚ paused" })
  }
}

extension RenderingSuites {
  /// The HUD and help, laid out with the real fonts, stay inside windows from 320×200 to 4K.
  @Suite struct OverlayFitTests {
    @Test(arguments: [(320.0, 200.0), (640.0, 360.0), (1280.0, 720.0), (3840.0, 2160.0)])
    func overlaysStayInsideTheWindow(_ width: Double, _ height: Double) throws {
      let atlas = try GlyphAtlas()
      let size = Size(width: width, height: height)
      let context = SceneContext(size: size, start: FrameBenchmark.start)
      // The longest lines the HUD shows: emoji-wave's schedule, a loop warning, a file problem.
      let info = HUDInfo(
        scene: "emoji-wave", schedule: EmojiWave.scheduleSummary, cadence: .live, forced: true,
        visibility: "visible", paused: true, framesPresented: 123_456, wakeups: 654_321, evaluationsMinimized: 0,
        fps: 60, renderer: "software",
        loopWarning: "update loop: ExampleView._flag set by onChange(of: Date) ×8 per frame",
        assetProblems: ["Assets/params/metronome.json:2: bpm must be between 20 and 300, got 900.0"])
      for (hud, help) in [(true, false), (false, true)] {
        let root = AppRoot(
          context: context, scene: EmojiWave(), grid: nil, selection: 0,
          hud: hud ? Overlays.HUD(info: info, timings: [], window: size) : nil, help: help, assets: SceneAssets())
        let rt = SceneRuntime(textEngine: atlas)
        let out = rt.frame({ root }, input: FrameInput(now: FrameBenchmark.start, time: 0, size: size))
        let overlay = out.items.filter { $0.kind == .text && !(EmojiWave.emoji.contains($0.text ?? "")) }
          .filter { !($0.text ?? "").hasPrefix(".explicit(reveal)") }
        #expect(!overlay.isEmpty)
        for item in overlay {
          let b = item.bounds
          #expect(
            b.minX >= -0.5 && b.minY >= -0.5 && b.maxX <= width + 0.5 && b.maxY <= height + 0.5,
            "\(hud ? "HUD" : "help") at \(Int(width))×\(Int(height)): '\(item.text ?? "")' at \(b)")
        }
        // Legible: no overlay text under 6 px tall, and on a big window no smaller than at 720p.
        let smallest = overlay.map(\.bounds.height).min() ?? 0
        #expect(smallest >= 6, "\(hud ? "HUD" : "help") at \(Int(width))×\(Int(height)): \(smallest) px text")
      }
    }
  }
}
