import FoundationEssentials
import Glibc

/// What the loop should do next.
public enum PumpDecision: Equatable, Sendable {
  /// Render a frame now.
  case render
  /// Nothing is due before this wall-clock date; block until then (or until input).
  case sleep(until: Date)
  /// Nothing will ever be due without input; block on events alone.
  case sleepIndefinitely
}

/// Why the pump asked for a frame, so traces can show what each frame was for.
public enum RenderReason: Equatable, Sendable {
  /// Input, a resize, a restore or a scene switch invalidated the picture.
  case invalidated
  /// An implicit animation or a display-linked timeline wants every display frame.
  case animation
  /// A schedule entry dated `scheduled` came due.
  case scheduleEntry(scheduled: Date)
}

/// Decides, across every timeline on screen, whether to render now and how long to sleep.
///
/// There is no fixed-rate timer: a periodic clock wakes once per interval, a paused scene
/// never, and display-linked timelines or in-flight animations once per display frame.
public final class FramePump {
  private let clock: any TimelineClock
  private var drivers: [TimelineDriver] = []
  private var invalidated = false
  private var lastOffset: Double?

  /// The display's refresh period.
  public var displayPeriod: Double
  /// Normal while visible; low-frequency while minimized.
  public var mode: TimelineScheduleMode = .normal
  /// The cadence timelines are delivered at.
  public var cadence: Cadence = .live
  /// Whether an implicit animation is moving; frames then follow the display.
  public var animationsInFlight = false
  /// The user paused: nothing is due unless invalidated.
  public var isPaused = false
  /// Times `decide()` was asked: each is one trip of the loop, one wake-up.
  public private(set) var wakeups = 0
  /// Wall-clock jumps seen (the system time set back or forward by more than a second).
  public private(set) var clockJumps = 0
  /// Why the latest `.render` decision was made.
  public private(set) var lastRenderReason: RenderReason?

  /// Creates a pump reading `clock`.
  public init(clock: any TimelineClock, displayPeriod: Double = 1.0 / 60.0) {
    self.clock = clock
    self.displayPeriod = displayPeriod
  }

  /// Adds a timeline that is on screen.
  public func register(_ driver: TimelineDriver) {
    driver.displayPeriod = displayPeriod
    drivers.append(driver)
  }

  /// Forgets every timeline.
  public func removeAll() { drivers.removeAll(keepingCapacity: true) }

  /// Asks for one frame whatever the schedules say (input, expose, resize, restore).
  public func invalidate() { invalidated = true }

  /// The earliest date any timeline needs a frame, or nil.
  public func nextDeadline() -> Date? { earliestDeadline()?.date }

  /// The earliest deadline and whether it belongs to a display-linked timeline.
  private func earliestDeadline() -> (date: Date, linked: Bool)? {
    let now = clock.now
    var earliest: (date: Date, linked: Bool)?
    for d in drivers {
      if let t = d.nextDeadline(after: now, mode: mode, cadence: cadence), t < (earliest?.date ?? .distantFuture) {
        earliest = (t, d.isDisplayLinked)
      }
    }
    return earliest
  }

  /// Renders now, or sleeps until the earliest timeline deadline.
  public func decide() -> PumpDecision {
    wakeups += 1
    detectClockJump()
    if invalidated {
      invalidated = false
      lastRenderReason = .invalidated
      return .render
    }
    if isPaused { return .sleepIndefinitely }
    if animationsInFlight && mode == .normal {
      lastRenderReason = .animation
      return .render
    }
    guard let earliest = earliestDeadline() else { return .sleepIndefinitely }
    if earliest.date <= clock.now {
      // Display-linked timelines are due every frame; only real schedule entries carry a date.
      lastRenderReason = earliest.linked ? .animation : .scheduleEntry(scheduled: earliest.date)
      return .render
    }
    return .sleep(until: earliest.date)
  }

  private func detectClockJump() {
    let offset = clock.now.timeIntervalSince1970 - clock.uptime
    defer { lastOffset = offset }
    guard let last = lastOffset, abs(offset - last) > 1 else { return }
    clockJumps += 1
    let now = clock.now
    for d in drivers { d.realign(to: now) }
  }
}

/// Waits for a deadline on the monotonic clock precisely, spinning for microseconds at most.
///
/// SDL's event waits are millisecond-grained and wake up to 1.5 ms early, so the pacer waits
/// on events until ~5 ms before the deadline (staying responsive to input; on two busy cores
/// that wait has been seen to overshoot by 3 ms), then sleeps with an absolute
/// `clock_nanosleep` and spins whatever is left.
///
/// The sleep aims early by the kernel's wake-up lateness, learned from the pacer's own sleeps
/// (`wakeLateness`, their running median). Aiming early by a fixed `spinWindow` spun through
/// the whole gap between that window and the lateness on every frame: on the 2-core VM a
/// sleep wakes 30–100 µs late (median 60 µs), so a 150 µs window spun about 90 µs a frame,
/// 5 % of the visualizer's CPU in a window. Aimed at the median, half the wake-ups land a
/// few microseconds early and spin that long, and the other half are late by at most the
/// lateness's spread (about 40 µs at the 95th percentile there).
public struct DeadlinePacer: Sendable {
  /// How a wait ended.
  public enum Outcome: Sendable, Equatable {
    case reached
    /// The coarse wait reported an event before the deadline.
    case interrupted
  }

  /// The most a precise sleep aims early, and so the most the pacer spins for one wait.
  public var spinWindow: Double

  /// How late the pacer expects an absolute sleep to wake: the running median of the
  /// lateness its precise sleeps woke with, within `0...spinWindow`.
  public private(set) var wakeLateness: Double

  /// How far one sleep moves `wakeLateness` toward its lateness: a median estimate that
  /// settles in about 50 frames and is not thrown by one slow wake-up.
  static let learningStep = 0.000002

  /// Creates a pacer whose precise sleeps aim at most `spinWindow` seconds early; it starts
  /// by expecting the whole window as lateness and learns the real one from its sleeps.
  public init(spinWindow: Double = 0.0002) {
    self.spinWindow = max(0, spinWindow)
    wakeLateness = self.spinWindow
  }

  /// Takes the lateness of one precise sleep into `wakeLateness`.
  public mutating func learn(lateness: Double) {
    let step = Self.learningStep
    wakeLateness = min(spinWindow, max(0, wakeLateness + (lateness > wakeLateness ? step : -step)))
  }

  /// Blocks until `deadline` (monotonic seconds) or until `coarseWait` reports an event.
  ///
  /// `coarseWait(seconds)` should block for about that long and return true if an event
  /// arrived; it is called only while more than 6 ms remain. With `precise` false (nothing
  /// will be drawn, as while minimized) the last stretch is one absolute sleep to the
  /// deadline: it may end some tens of microseconds late, but it never spins.
  @discardableResult
  public mutating func wait(
    untilUptime deadline: Double, precise: Bool = true, coarseWait: (Double) -> Bool
  ) -> Outcome {
    while true {
      let remaining = deadline - monotonicSeconds()
      if remaining <= 0 { return .reached }
      if remaining > 0.006 {
        if coarseWait(remaining - 0.005) { return .interrupted }
        continue
      }
      if remaining > wakeLateness || !precise {
        let target = precise ? deadline - wakeLateness : deadline
        var ts = timespec()
        ts.tv_sec = Int(target.rounded(.down))
        ts.tv_nsec = Int((target - target.rounded(.down)) * 1e9)
        // Interrupted (a signal), or imprecise: the loop looks at what remains again.
        guard clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == 0, precise else { continue }
        learn(lateness: monotonicSeconds() - target)
      }
      // The last stretch, if the sleep woke before the deadline: spin, reading the clock.
      while monotonicSeconds() < deadline {}
      return .reached
    }
  }
}
