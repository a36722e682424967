import FoundationEssentials
import Glibc
import Graphics
import SceneGraph
import Timeline

/// Drives a scene on a simulated clock exactly as the live loop would, without waiting.
///
/// Snapshots and the headless benchmark use it: schedule ticks, state changes and
/// animations replay from the scene's start, so a given time always gives the same frame.
final class Replay {
  let clock: ManualClock
  let session: FrameSession
  var pump: FramePump { session.pump }
  var runtime: SceneRuntime { session.runtime }
  let scene: any PlaygroundScene
  let context: SceneContext
  let period: Double
  let start: Date
  var cadence: Cadence
  /// Frames evaluated so far, final one included.
  private(set) var evaluations = 0

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
    let out = session.frame({ SceneView(scene: scene, context: context) }, input: input(pixelScale: pixelScale))
    evaluations += 1
    return out
  }

  /// How much of a long replay is stepped frame by frame, in seconds.
  static let catchUpHorizon = 10.0

  /// Advances to `seconds` after the start, rendering every frame the live loop would have,
  /// and returns the frame at exactly that time.
  func frame(at seconds: Double, pixelScale: Double = 1) -> FrameOutput {
    let target = start.addingTimeInterval(seconds)
    pump.cadence = cadence
    if evaluations == 0 { pump.invalidate() }
    var guardSteps = 0
    while clock.now < target && guardSteps < 10_000_000 {
      guardSteps += 1
      // A time far past the start replays its last ten seconds only, as if the machine had slept
      // until then: a day of 60 Hz frames would take the replay most of an hour.
      let remaining = target.timeIntervalSince(clock.now)
      if evaluations > 0, remaining > Self.catchUpHorizon * 2 {
        clock.advance(by: remaining - Self.catchUpHorizon)
      }
      switch pump.decide() {
      case .render:
        evaluate(pixelScale: pixelScale)
        // Animation frames arrive one display period apart.
        let next = min(target.timeIntervalSince(clock.now), period)
        if next > 0 { clock.advance(by: next) }
      case .sleep(let until):
        let step = min(until, target).timeIntervalSince(clock.now)
        clock.advance(by: max(step, 1e-6))
      case .sleepIndefinitely:
        clock.advance(by: target.timeIntervalSince(clock.now))
      }
    }
    return evaluate(pixelScale: pixelScale)
  }

  /// Renders the next frame the live loop would render: one display period later while
  /// something animates, otherwise at the next schedule entry (on the display's frame grid).
  /// The clock's frames are therefore a second apart, as in the window.
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

  /// Renders the next frame one display period later, as a steady animation would.
  func nextFrame(pixelScale: Double = 1) -> FrameOutput {
    clock.advance(by: period)
    return evaluate(pixelScale: pixelScale)
  }
}
