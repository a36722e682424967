import FoundationEssentials
import Glibc
import Graphics
import SceneGraph
import Timeline

/// Drives a scene on a simulated clock exactly as the live loop would, without waiting.
///
/// Snapshots, recordings and the headless benchmark use it: schedule ticks, state changes and
/// animations replay from the scene's start, so a given time always gives the same frame.
///
/// `frame(at:)` follows one stepping rule, which `snapshot` and `record` share:
/// - The loop's frames fall on the display grid, `k × period` after the start, counted from the
///   start (not from whichever frame came last). At each grid time the frame pump decides, as
///   in the window: render (an animation moves, an entry is due, the first frame), or sleep to
///   the first grid time at or after its next deadline. A schedule entry between two grid times
///   is therefore delivered in the frame after it, as a display refreshing at `1 / period`
///   shows it.
/// - The picture at a time `T` is the last frame the loop rendered at or before `T`: what the
///   display shows then. Nothing is evaluated at `T` itself, so asking for a picture changes no
///   state (no extra animation start, `onChange` or tick).
///
/// Hence stepping one replay through `t0 < t1 < …` evaluates exactly the frames that a fresh
/// replay to each `t` would, in the same order at the same clock readings, and returns the same
/// picture: a recording of N frames costs N frames' worth of loop, not N².
final class Replay {
  private(set) var clock: ManualClock
  private(set) var session: FrameSession
  var pump: FramePump { session.pump }
  var runtime: SceneRuntime { session.runtime }
  let scene: any PlaygroundScene
  let context: SceneContext
  let period: Double
  let start: Date
  var cadence: Cadence
  /// Frames evaluated so far (over restarts too): a picture that did not change leaves it as it was.
  private(set) var evaluations = 0
  /// Runs before every evaluation; the glyph atlas makes room there, as before a window frame.
  var willEvaluate: (() -> Void)?
  /// The last grid frame `frame(at:)` has reached (rendered or slept through); nil before the first.
  private var reached: Int?
  /// The grid frame the replay resumed at after its first frame (see `anchorIndex`).
  private var anchor = 0
  /// The frame last rendered by `frame(at:)`.
  private var latest: FrameOutput?

  init(
    scene: any PlaygroundScene, start: Date, size: Size, textEngine: TextEngine, cadence: Cadence = .live,
    period: Double = 1.0 / 60.0, assets: SceneAssets = SceneAssets()
  ) {
    clock = ManualClock(now: start, uptime: 0)
    session = FrameSession(textEngine: textEngine, clock: clock, displayPeriod: period, name: type(of: scene).name)
    self.scene = scene
    self.start = start
    self.period = period
    self.cadence = cadence
    context = SceneContext(size: size, start: start, assets: assets)
  }

  private func input(pixelScale: Double) -> FrameInput {
    FrameInput(now: clock.now, time: clock.uptime, size: context.size, pixelScale: pixelScale, cadence: cadence)
  }

  @discardableResult
  private func evaluate(pixelScale: Double) -> FrameOutput {
    willEvaluate?()
    let out = session.frame({ SceneView(scene: scene, context: context) }, input: input(pixelScale: pixelScale))
    evaluations += 1
    return out
  }

  /// How much of a long replay is stepped frame by frame, in seconds.
  static let catchUpHorizon = 10.0

  /// How far past a grid time a deadline may fall and still be delivered in that grid frame, in
  /// periods. Timelines keep their own grid by adding the period to a date again and again,
  /// and each addition rounds (a date has a resolution of about 0.1 µs): over a long replay
  /// that grid can land a few microseconds past the replay's own, which must not cost a frame.
  static let deadlineSlack = 0.01

  /// The grid frame shown at `seconds`: the last one at or before it. A time written in
  /// decimal (1.55 s) lands on the frame it names even where division rounds it just below.
  static func gridIndex(at seconds: Double, period: Double) -> Int {
    guard seconds > 0 else { return 0 }
    return Int((seconds / period + 1e-6).rounded(.down))
  }

  /// Where a replay to `seconds` resumes after its first frame, as a grid index.
  ///
  /// A day of 60 Hz frames would take a replay most of an hour, so a time more than twice the
  /// horizon past the start replays from the start of the horizon-long window before the one it
  /// falls in (10–20 s before it), as if the machine had slept until then. The windows are
  /// fixed, not counted back from the time asked for, so every time in one window resumes at the
  /// same frame and a replay stepped through the window matches a fresh one at each time.
  static func anchorIndex(at seconds: Double, period: Double) -> Int {
    let h = catchUpHorizon
    guard seconds > 2 * h else { return 0 }
    return Int((((seconds / h).rounded(.down) - 1) * h / period).rounded())
  }

  /// The time of grid frame `k`, in seconds after the start.
  private func gridTime(_ k: Int) -> Double { Double(k) * period }

  /// Puts the clock on grid frame `k`, exactly: the same reading however it was reached.
  private func moveClock(to k: Int) {
    clock.set(now: start.addingTimeInterval(gridTime(k)), uptime: gridTime(k))
  }

  /// Advances to `seconds` after the start along the display grid and returns the last frame
  /// rendered at or before it (see the type's notes). Going back in time, or into another
  /// catch-up window, starts the replay again, so any order of calls gives what a fresh replay
  /// to each time gives.
  func frame(at seconds: Double, pixelScale: Double = 1) -> FrameOutput {
    let target = Self.gridIndex(at: seconds, period: period)
    let anchor = Self.anchorIndex(at: seconds, period: period)
    if let reached, target < reached || anchor != self.anchor { restart() }
    pump.cadence = cadence
    guard var k = reached, let shown = latest else {
      // The window's first frame: everything is new, so it is drawn whatever the schedules say.
      moveClock(to: 0)
      pump.invalidate()
      _ = pump.decide()
      latest = evaluate(pixelScale: pixelScale)
      reached = max(0, anchor - 1)
      self.anchor = anchor
      return frame(at: seconds, pixelScale: pixelScale)
    }
    var picture = shown
    while k < target {
      k += 1
      moveClock(to: k)
      if let out = step(k, pixelScale: pixelScale) {
        picture = out
      } else if let until = pump.nextDeadline() {
        // Asleep: on to the frame before the first grid time at or after the deadline.
        let due = ((until.timeIntervalSince(start) / period) - Self.deadlineSlack).rounded(.up)
        k = max(k, Int(min(due, Double(target + 1))) - 1)
      } else {
        k = target
      }
    }
    reached = k
    latest = picture
    return picture
  }

  /// Lets the pump decide at grid frame `k` (the clock is on it) and renders if it asks to;
  /// nil when it sleeps instead.
  private func step(_ k: Int, pixelScale: Double) -> FrameOutput? {
    for _ in 0..<8 {
      switch pump.decide() {
      case .render:
        return evaluate(pixelScale: pixelScale)
      case .sleep(let until):
        // A deadline a hair past this frame (see `deadlineSlack`) is delivered in it: the wall
        // clock reads the deadline, while animations stay timed on the grid.
        guard until.timeIntervalSince(start) <= gridTime(k) + Self.deadlineSlack * period else { return nil }
        clock.set(now: until, uptime: gridTime(k))
      case .sleepIndefinitely:
        return nil
      }
    }
    return nil
  }

  /// Starts the scene afresh on a new clock, keeping the runtime's settings.
  private func restart() {
    let old = session.runtime
    clock = ManualClock(now: start, uptime: 0)
    session = FrameSession(textEngine: old.textEngine, clock: clock, displayPeriod: period, name: old.name)
    let runtime = session.runtime
    runtime.tessellation = old.tessellation
    runtime.keepsFragments = old.keepsFragments
    runtime.wallClockWithinFrame = old.wallClockWithinFrame
    runtime.maxPasses = old.maxPasses
    runtime.printChanges = old.printChanges
    runtime.warn = old.warn
    reached = nil
    latest = nil
  }

  /// Renders the next frame the live loop would render: one display period later while
  /// something animates, otherwise at the next schedule entry (on the display's frame grid).
  /// The clock's frames are therefore a second apart, as in the window. A stepping of its own,
  /// for the benchmark; not to be mixed with `frame(at:)`.
  func nextScheduledFrame(pixelScale: Double = 1) -> FrameOutput {
    pump.cadence = cadence
    if evaluations == 0 {
      pump.invalidate()
      _ = pump.decide()
      return evaluate(pixelScale: pixelScale)
    }
    clock.advance(by: period)
    switch pump.decide() {
    case .render, .sleepIndefinitely:
      break
    case .sleep(let until):
      let wait = until.timeIntervalSince(clock.now)
      if wait > 0 { clock.advance(by: (wait / period).rounded(.up) * period) }
      _ = pump.decide()
    }
    return evaluate(pixelScale: pixelScale)
  }

  /// Renders the next frame one display period later, as a steady animation would; not to be
  /// mixed with `frame(at:)`.
  func nextFrame(pixelScale: Double = 1) -> FrameOutput {
    clock.advance(by: period)
    return evaluate(pixelScale: pixelScale)
  }
}
