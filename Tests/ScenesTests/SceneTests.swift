import Foundation
import Testing

@testable import SceneGraph
@testable import Scenes

let start = Date(timeIntervalSince1970: 1_767_263_670)  // 2026-01-01T10:34:30Z

func frame(
  _ scene: some PlaygroundScene, at seconds: Double, size: Size = Size(width: 1280, height: 720),
  cadence: Cadence = .live, runtime: SceneRuntime? = nil
) -> FrameOutput {
  let rt = runtime ?? SceneRuntime(textEngine: FixedAdvanceTextEngine())
  let ctx = SceneContext(size: size, start: start)
  return rt.frame(
    { SceneView(scene: scene, context: ctx) },
    input: FrameInput(now: start.addingTimeInterval(seconds), time: seconds, size: size, cadence: cadence))
}

@Suite struct SceneTests {
  @Test func catalogOrderAndNames() {
    #expect(
      SceneCatalog.names == [
        "visualizer", "live-indicator", "mesh-gradient", "clock", "emoji-wave", "metronome", "heart", "many-faces",
        "quips", "world-clock", "gif", "update-trap", "timer-vs-timeline", "particles", "keyframes",
      ])
    #expect(SceneCatalog.keyLabel(9) == "0" && SceneCatalog.keyLabel(10) == nil)
    #expect(SceneCatalog.index(forDigit: 0) == 9 && SceneCatalog.index(forDigit: 1) == 0)
    #expect(SceneCatalog.scene(named: "clock") == Clock.self)
    #expect(SceneCatalog.scene(named: "nope") == nil)
  }

  @Test func visualizerBarHeightsFollowTheSeedsFormula() {
    let out = frame(Visualizer(), at: 0)
    let t = start.timeIntervalSinceReferenceDate
    // The first eight shapes after the backdrop are the bars.
    let bars = Array(out.items.filter { $0.kind == .shape }.dropFirst().prefix(8))
    #expect(bars.count == 8)
    let unit = bars[0].bounds.height / Visualizer.level(index: 0, time: t)
    for (i, bar) in bars.enumerated() {
      #expect(abs(bar.bounds.height - unit * Visualizer.level(index: i, time: t)) < 1e-6)
    }
    #expect(abs(Visualizer.level(index: 0, time: 0) - 0.3) < 1e-12)
    #expect(abs(Visualizer.level(index: 2, time: 0) - (0.3 + 0.7 * sin(0.8))) < 1e-12)
  }

  @Test func liveIndicatorRingDiameter() {
    #expect(LiveIndicatorScene.ringDiameter(time: 0) == 28)
    #expect(abs(LiveIndicatorScene.ringDiameter(time: .pi / 4) - 32) < 1e-12)
    let out = frame(LiveIndicatorScene(), at: 0)
    let circles = out.items.filter {
      $0.kind == .shape && abs($0.bounds.width - $0.bounds.height) < 1 && $0.bounds.width < 400
    }
    // Ring and dot keep the articles' ratio: ring / dot = diameter / 10.
    let t = start.timeIntervalSinceReferenceDate
    let ratio = circles[0].bounds.width / circles[1].bounds.width
    #expect(abs(ratio - LiveIndicatorScene.ringDiameter(time: t) / 10) < 0.02)
  }

  @Test func meshCenterPoint() {
    let c = MeshGradientScene.center(time: 0)
    #expect(c == Point(x: 0.5, y: 0.7))
    let out = frame(MeshGradientScene(), at: 0)
    #expect(out.items.first?.kind == .mesh)
    #expect(out.items.first?.bounds == Rect(x: 0, y: 0, width: 1280, height: 720))
  }

  @Test func clockTextInBothCadences() {
    let utc = ZoneInfo.utc
    #expect(Clock.timeText(start, cadence: .live, timeZone: utc) == "10:34:30")
    #expect(Clock.timeText(start, cadence: .seconds, timeZone: utc) == "10:34:30")
    #expect(Clock.timeText(start, cadence: .minutes, timeZone: utc) == "10:34")
    let live = frame(Clock(timeZone: utc), at: 2.5)
    #expect(live.items.contains { $0.text == "10:34:32" })
    let minutes = frame(Clock(timeZone: utc), at: 2.5, cadence: .minutes)
    #expect(minutes.items.contains { $0.text == "10:34" })
    #expect(Clock(timeZone: utc).titleDetail(date: start, cadence: .minutes) == "10:34")
  }

  @Test func clockHands() {
    let a = Clock.handAngles(start, timeZone: .utc)
    #expect(a.second == 180)
    #expect(abs(a.minute - 34.5 * 6) < 1e-9)
  }

  @Test func emojiWaveRevealsOneByOne() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let scene = EmojiWave()
    let counts = [0.0, 0.3, 0.6, 0.9].map { t in
      frame(scene, at: t, runtime: rt).items.filter { $0.kind == .text && EmojiWave.emoji.contains($0.text ?? "") }
        .count
    }
    #expect(counts == [0, 1, 2, 3])
  }

  @Test func emojiKeyframeIndexAdvancesAndSkipsTheInitialRow() {
    #expect(EmojiWave.advance(0) == 1)
    #expect(EmojiWave.advance(7) == 8)
    #expect(EmojiWave.advance(8) == 1)
    #expect(EmojiWave.offsets == [0.2, 0.4, 0.5, 0.4, 0.2, 0.4, 0.5, 0.4])
  }

  /// The articles' timing: each `HappyEmoji` advances its keyframe index only on its own cyclic
  /// schedule's entries (reveal date + 0.2, + 0.6, + 1.1, …), whatever its parent's state does.
  @Test func emojiWaveFollowsEachCyclicSchedule() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let scene = EmojiWave()
    var idxAt: [Double: [Int]] = [:]
    var spinStarts: [Int: Double] = [:]
    var frameIndex = 0
    while frameIndex <= 120 {
      let t = Double(frameIndex) / 60
      _ = frame(scene, at: t, runtime: rt)
      let idx = rt.viewRecords().filter { $0.type == "HappyEmoji" }.compactMap { r -> Int? in
        if case .int(let i) = r.state.first?.value { return i }
        return nil
      }
      for (i, v) in idx.enumerated() where v == 3 && spinStarts[i] == nil { spinStarts[i] = t }
      idxAt[(t * 100).rounded() / 100] = idx
      frameIndex += 1
    }
    // What each emoji's cyclic schedule gives: revealed at 0.3, 0.6, 0.9 s (index 1), then
    // index 2 at +0.2 s, 3 (the spin) at +0.6 s, 4 at +1.1 s.
    #expect(idxAt[0.35] == [1])
    #expect(idxAt[0.55] == [2])
    #expect(idxAt[0.95] == [3, 2, 1])
    #expect(idxAt[1.25] == [3, 3, 2])
    #expect(idxAt[1.85] == [5, 4, 3])
    // No spin starts before its row's date.
    for (i, reveal) in EmojiWave.revealDelays.enumerated() {
      let due = reveal + 0.6
      #expect(spinStarts[i].map { $0 >= due - 1e-9 && $0 < due + 1.0 / 30 } == true)
    }
  }
}
