import Foundation
import Scenes
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

@Suite struct ReplayTests {
  let start = Date(timeIntervalSince1970: 1_767_263_670)

  func emojiMidY(_ out: FrameOutput, _ emoji: String) -> Double? {
    out.items.first { $0.text == emoji }?.bounds.midY
  }

  /// The replay reproduces the live timeline: at 1.55 s the first emoji (revealed at 0.3 s,
  /// keyframe ticks at 0.5, 0.9, 1.4 s) is 0.15 s into the easeIn segment from y −80 to −20.
  @Test func snapshotReplayShowsTheEmojiMidSegment() {
    let size = Size(width: 1280, height: 720)
    func replayed(_ t: Double) -> FrameOutput {
      Replay(scene: EmojiWave(), start: start, size: size, textEngine: FixedAdvanceTextEngine()).frame(at: t)
    }
    let atTick = replayed(1.4)
    let mid = replayed(1.55)
    let k = SceneContext(size: size, start: start).fitScale(Size(width: 560, height: 360), fill: 0.85)
    // The segment's animation starts at the first display frame at or after the 1.4 s tick,
    // so 0.15 s later it has run between 0.15 − 1/60 and 0.15 s of its easeIn curve.
    let early = 60 * k * Animation.easeIn(duration: 0.4).fraction(at: 0.15 - 1.0 / 60)
    let late = 60 * k * Animation.easeIn(duration: 0.4).fraction(at: 0.15)
    let a = try! #require(emojiMidY(atTick, "😃"))
    let b = try! #require(emojiMidY(mid, "😃"))
    // Earlier segments finish on the frame grid too, so allow the curve a frame or two of lag;
    // the emoji is well inside the segment from −80 to −20, not at either keyframe.
    #expect(b - a >= early * 0.85 && b - a <= late + 0.01)
    #expect(b - a > 1 && b - a < 60 * k - 1)
    // The same time gives the same frame.
    let again = replayed(1.55)
    #expect(again.items == mid.items)
    #expect(again.drawList.vertices == mid.drawList.vertices)
  }

  @Test func emojiAppearAtTheRevealDates() {
    let replay = Replay(
      scene: EmojiWave(), start: start, size: Size(width: 800, height: 600), textEngine: FixedAdvanceTextEngine())
    let counts = [0.29, 0.31, 0.61, 0.91].map { t in
      replay.frame(at: t).items.filter { EmojiWave.emoji.contains($0.text ?? "") }.count
    }
    #expect(counts == [0, 1, 2, 3])
  }

  /// The stepping rule `snapshot` and `record` share: one replay stepped through increasing
  /// times gives, at each, what a fresh replay to that time gives, and costs no more frames than
  /// the fresh replay to the last time. The scenes count presented frames (timer-vs-timeline),
  /// trip the update guard (update-trap), or start animations on schedule entries, so an
  /// evaluation that leaked state, or a frame off the grid, would show.
  @Test(arguments: ["timer-vs-timeline", "update-trap", "heart", "emoji-wave", "metronome", "gif", "quips"])
  func steppingThroughTimesMatchesFreshReplays(_ name: String) throws {
    let type = try #require(SceneCatalog.scene(named: name))
    let size = Size(width: 640, height: 360)
    func replay() -> Replay {
      Replay(scene: type.init(), start: start, size: size, textEngine: FixedAdvanceTextEngine())
    }
    let stepped = replay()
    // Rates that do and do not divide 60, a repeat, and the edge of a frame.
    let times = (0..<40).map { 0.05 + Double($0) * 0.083 } + [3.4, 3.4, 3.45, 3.5 + 1e-9]
    var fresh: Replay?
    for t in times {
      let a = stepped.frame(at: t)
      let f = replay()
      let b = f.frame(at: t)
      #expect(a.items == b.items, "\(name) at \(t) s")
      #expect(a.drawList.vertices == b.drawList.vertices, "\(name) at \(t) s")
      fresh = f
    }
    #expect(stepped.evaluations == fresh?.evaluations)
  }

  /// Past 20 s a replay resumes 10–20 s before the time asked for; the windows are fixed, so a
  /// replay stepped across one still matches fresh replays on both sides.
  @Test func steppingAcrossACatchUpWindowMatchesFreshReplays() throws {
    let size = Size(width: 320, height: 180)
    func replay() -> Replay {
      Replay(scene: TimerVsTimelineScene(), start: start, size: size, textEngine: FixedAdvanceTextEngine())
    }
    let stepped = replay()
    for t in [19.9, 20.0, 20.05, 29.99, 30.01, 95.5] {
      let a = stepped.frame(at: t)
      let b = replay().frame(at: t)
      #expect(a.items == b.items, "at \(t) s")
    }
    #expect(Replay.anchorIndex(at: 20, period: 1.0 / 60) == 0)
    #expect(Replay.anchorIndex(at: 20.01, period: 1.0 / 60) == 600)
    #expect(Replay.anchorIndex(at: 95.5, period: 1.0 / 60) == 4800)
  }

  /// A time names the display frame at or before it, even where division rounds it just below.
  @Test func timesLandOnTheFrameTheyName() {
    let p = 1.0 / 60
    #expect(Replay.gridIndex(at: 0.3, period: p) == 18)
    #expect(Replay.gridIndex(at: 1.55, period: p) == 93)
    #expect(Replay.gridIndex(at: 1.2 + 5 / 12.5, period: p) == 96)
    #expect(Replay.gridIndex(at: 0.0166, period: p) == 0)
    #expect(Replay.gridIndex(at: -1, period: p) == 0)
  }

  /// A spring that has settled stops asking for frames: the heart's spring between beats.
  @Test func settledSpringLetsThePumpSleep() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var scale = 1.0
    let spring = Animation.spring(response: 0.10, dampingFraction: 0.24, blendDuration: 0.2)
    func frame(_ t: Double) -> FrameOutput {
      rt.frame(
        { Rectangle().frame(width: 10, height: 10).scaleEffect(scale).animation(spring, value: scale) },
        input: FrameInput(now: start.addingTimeInterval(t), time: t, size: Size(width: 100, height: 100)))
    }
    _ = frame(0)
    scale = 2
    #expect(frame(0.01).animationsInFlight)
    // It overshoots past 2 before settling.
    let peak = stride(from: 0.02, through: 0.3, by: 0.01).map { frame($0).items[0].bounds.width }.max()!
    #expect(peak > 20.5)
    let settled = frame(spring.duration + 0.02)
    #expect(!settled.animationsInFlight)
    #expect(abs(settled.items[0].bounds.width - 20) < 1e-9)
  }
}
