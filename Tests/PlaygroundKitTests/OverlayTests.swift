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

  @Test("the root is the same input until its scene, revision, grid or overlays change")
  func rootComparesScenesByTypeAndRevision() {
    let size = Size(width: 640, height: 360)
    let context = SceneContext(size: size, start: FrameBenchmark.start)
    func root(
      _ scene: any PlaygroundScene = Clock(), revision: Int = 3, grid: [any PlaygroundScene]? = nil, help: Bool = false
    ) -> AppRoot {
      AppRoot(
        open: Overlays.OpenScene { _ in }, context: context, scene: scene, sceneRevision: revision, grid: grid,
        selection: 0, hud: nil, help: help, assets: SceneAssets())
    }
    // A new `open` closure each frame is the same action.
    #expect(root() == root())
    #expect(root() != root(revision: 4))
    #expect(root() != root(EmojiWave()))
    #expect(root() != root(help: true))
    #expect(root(grid: [Clock(), EmojiWave()]) == root(grid: [Clock(), EmojiWave()]))
    #expect(root(grid: [Clock(), EmojiWave()]) != root(grid: [EmojiWave(), Clock()]))
    #expect(root(grid: [Clock()]) != root())
    // In the runtime: an equal root keeps its body; a new revision runs it again.
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func frame(_ r: AppRoot) -> Int {
      let before = rt.totalEvaluations
      _ = rt.frame({ r }, input: FrameInput(now: FrameBenchmark.start, time: 0, size: size))
      return rt.totalEvaluations - before
    }
    _ = frame(root())
    #expect(frame(root()) == 0)
    #expect(frame(root(revision: 4)) >= 1)
  }

  @Test("a click on a grid cell reaches that cell's onTapGesture through the runtime")
  func gridCellsTakeClicks() {
    let size = Size(width: 640, height: 360)
    let context = SceneContext(size: size, start: FrameBenchmark.start)
    final class Opened: @unchecked Sendable { var index: Int? }
    let opened = Opened()
    let root = AppRoot(
      open: Overlays.OpenScene { opened.index = $0 }, context: context, scene: Clock(),
      grid: SceneCatalog.all.map { $0.init() }, selection: 0, hud: nil, help: false, assets: SceneAssets())
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    _ = rt.frame({ root }, input: FrameInput(now: FrameBenchmark.start, time: 0, size: size))
    // 15 scenes in a 4×4 grid with 6-point gaps: cells are 152.5 × 82.5.
    #expect(rt.tap(at: Point(x: 6 + 158.5 + 76, y: 6 + 88.5 + 41)))
    #expect(opened.index == 5)
    #expect(rt.tap(at: Point(x: 6 + 3 * 158.5 + 10, y: 6 + 3 * 88.5 - 10)))
    #expect(opened.index == 11)
    // The last row's three cells are centred: x from 85.25, 243.75 and 402.25, each 152.5 wide.
    #expect(rt.tap(at: Point(x: 100, y: 6 + 3 * 88.5 + 40)))
    #expect(opened.index == 12)
    #expect(rt.tap(at: Point(x: 320, y: 6 + 3 * 88.5 + 40)))
    #expect(opened.index == 13)
    // The gaps, and the room beside the last row's cells, take nothing.
    opened.index = nil
    #expect(!rt.tap(at: Point(x: 3, y: 3)))
    #expect(!rt.tap(at: Point(x: 80, y: 6 + 3 * 88.5 + 40)))
    #expect(!rt.tap(at: Point(x: 560, y: 6 + 3 * 88.5 + 40)))
    #expect(opened.index == nil)
  }

  @Test("arrows move through the grid as drawn, cell by cell")
  func gridArrows() {
    typealias G = Overlays.Grid
    let n = 13
    // Rows of four: 0–3, 4–7, 8–11, and 12 alone, centred under the gap between 9 and 10.
    #expect((0..<n).map { G.neighbor(of: $0, .right, count: n) } == Array(1..<n) + [0])
    #expect((0..<n).map { G.neighbor(of: $0, .left, count: n) } == [12] + Array(0..<12))
    #expect((0..<n).map { G.neighbor(of: $0, .down, count: n) } == [4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 12, 12, 1])
    #expect((0..<n).map { G.neighbor(of: $0, .up, count: n) } == [12, 12, 12, 12, 0, 1, 2, 3, 4, 5, 6, 7, 9])
    // Up then down returns to the cell for every full-row cell below the top row.
    for i in 4..<12 { #expect(G.neighbor(of: G.neighbor(of: i, .up, count: n), .down, count: n) == i) }
    // A full square (9 cells) wraps by columns.
    #expect((0..<9).map { G.neighbor(of: $0, .down, count: 9) } == [3, 4, 5, 6, 7, 8, 0, 1, 2])
    #expect(G.neighbor(of: 0, .down, count: 1) == 0)
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

extension RenderingSuites {
  /// The HUD docks in the corner each scene leaves free.
  @Suite struct HUDDockTests {
    /// Area of the intersection of two rectangles.
    static func overlap(_ a: Rect, _ b: Rect) -> Double {
      max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) * max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// The HUD's panel when docked at `corner`: the union of what it draws.
    static func panel(_ hud: Overlays.HUD, _ corner: Alignment, _ size: Size, _ atlas: GlyphAtlas) throws -> Rect {
      let out = SceneRuntime(textEngine: atlas).frame(
        { hud.frame(width: size.width, height: size.height, alignment: corner) },
        input: FrameInput(now: FrameBenchmark.start, time: 0, size: size))
      return out.items.map(\.bounds).reduce(try #require(out.items.first).bounds) { r, b in
        let x0 = min(r.minX, b.minX)
        let y0 = min(r.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(r.maxX, b.maxX) - x0, height: max(r.maxY, b.maxY) - y0)
      }
    }

    @Test("at 1280×720 each scene docks the HUD in its emptiest corner; the clock's face stays clear")
    func hudDocksWhereTheSceneLeavesRoom() throws {
      AnimatedImage.decoder = { try GIFDecoder.load($0) }
      let atlas = try GlyphAtlas()
      let size = Size(width: 1280, height: 720)
      let corners = [Alignment.topLeading, .topTrailing, .bottomLeading, .bottomTrailing]
      for type in SceneCatalog.all {
        let info = HUDInfo(
          scene: type.name, schedule: type.scheduleSummary, cadence: .live, forced: false, visibility: "visible",
          paused: false, framesPresented: 1234, wakeups: 1234, evaluationsMinimized: 0, fps: 60, renderer: "cpu (auto)")
        let hud = Overlays.HUD(info: info, timings: [], window: size)
        let replay = Replay(scene: type.init(), start: FrameBenchmark.start, size: size, textEngine: atlas)
        let items = replay.frame(at: 1.3).items.filter {
          // Backdrops fill the window; the HUD is meant to sit on them.
          $0.bounds.width * $0.bounds.height < 0.4 * size.width * size.height
        }
        func covered(_ corner: Alignment) throws -> (area: Double, panel: Rect) {
          let p = try Self.panel(hud, corner, size, atlas)
          return (items.reduce(0) { $0 + Self.overlap($1.bounds, p) }, p)
        }
        let chosen = try covered(type.hudCorner)
        let best = try corners.map { try covered($0).area }.min() ?? 0
        #expect(chosen.area <= best + 1, "\(type.name): \(Int(chosen.area)) px² covered where \(Int(best)) is possible")
        // Compact: a third of the window's width at most, and a tenth of it over the scene.
        #expect(chosen.panel.width <= size.width / 3, "\(type.name): panel \(chosen.panel)")
        #expect(chosen.area < 0.1 * chosen.panel.width * chosen.panel.height, "\(type.name): \(Int(chosen.area)) px²")
        if type == Clock.self { #expect(chosen.area == 0) }
      }
    }
  }
}
