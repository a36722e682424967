import Glibc
import SDLBackend
import Timeline

/// When the window loop's frames start and reach the display.
///
/// Animation frames are paced: they start on the display grid and are held to a steady
/// present time. Input-driven frames are not, so a key press is answered at once. A frame
/// whose update loop tripped the guard holds the next one back by a display period.
struct FramePacing {
  /// Waits for deadlines on the monotonic clock, spinning only for the last microseconds.
  var deadlines: DeadlinePacer
  /// Places paced frames on the display grid and holds them to a steady present time.
  private var presentPacer: PresentPacer
  /// Whether the latest frame was paced (an animation is running).
  private var lastFramePaced = false
  /// After a frame whose update loop tripped the guard, the next frame waits until this
  /// uptime: a view that changes its own schedule's input (the update trap) would otherwise
  /// ask for a new frame at once, forever, at thousands of frames a second. SwiftUI updates
  /// such a view once per display frame; so does this loop.
  private var runawayFrameNotBefore: Double?
  /// Set when input asked for the next frame; such frames skip the display pacing.
  var inputDriven = true

  /// Paces frames for a display refreshing every `period` seconds, waiting with `deadlines`.
  init(period: Double, deadlines: DeadlinePacer) {
    self.deadlines = deadlines
    presentPacer = PresentPacer(period: period)
  }

  /// A deadline pacer for this thread, after cutting its timer slack.
  ///
  /// With the kernel's timer slack cut from 50 µs to 1 µs, a sleep ends about 50 µs sooner
  /// (measured on the 2-core VM: median lateness 151 → 101 µs; with a 1 ms sleep, 60 µs), so
  /// the most a precise sleep aims early can be 150 µs, against 200 µs with the default slack.
  /// Only a paced frame's present hold sleeps precisely (the loop's other sleeps do not), and
  /// it learns the real lateness from there (`DeadlinePacer.wakeLateness`).
  static func tightenedDeadlines() -> DeadlinePacer {
    DeadlinePacer(spinWindow: Platform.tightenTimerSlack() ? 0.00015 : 0.0002)
  }

  /// The display period.
  var period: Double { presentPacer.period }

  /// Whether the coming frame is paced, remembered as the latest frame's.
  ///
  /// Animation-driven frames follow the display period, measured start to start so render
  /// time does not stretch the interval; an input-driven frame may come sooner.
  mutating func pacesFrame(for pump: FramePump) -> Bool {
    let paced = !inputDriven && (pump.animationsInFlight || pump.lastRenderReason == .animation)
    lastFramePaced = paced
    return paced
  }

  /// The start of the display slot a paced frame must wait for, if `now` is before it.
  func slotAhead(paced: Bool, at now: Double) -> Double? {
    guard paced, let earliest = presentPacer.nextStart, now < earliest else { return nil }
    return earliest
  }

  /// Starts a frame at `now`: its start time on the display grid, and when to present it.
  mutating func beginFrame(at now: Double, paced: Bool) -> PresentPacer.Slot {
    presentPacer.beginFrame(at: now, paced: paced)
  }

  /// Holds the next frame back by a display period after an update loop tripped the guard.
  mutating func frameUpdated(loopGuardTripped: Bool, slot: PresentPacer.Slot) {
    runawayFrameNotBefore = loopGuardTripped ? slot.start + period : nil
  }

  /// The uptime a frame after a runaway update must wait for, if `now` is before it.
  func runawayHold(at now: Double) -> Double? {
    guard let notBefore = runawayFrameNotBefore, now < notBefore else { return nil }
    return notBefore
  }

  /// Lets frames come again once the runaway hold has been waited out.
  mutating func endRunawayHold() {
    runawayFrameNotBefore = nil
  }

  /// Reports a paced frame's render time and sleeps until the slot's present time.
  mutating func holdUntilPresent(_ slot: PresentPacer.Slot, renderSeconds: Double) {
    presentPacer.rendered(seconds: renderSeconds)
    // Input waits until after the present; the hold is a few milliseconds at most.
    deadlines.wait(untilUptime: slot.presentAt) { seconds in
      usleep(useconds_t(seconds * 1e6))
      return false
    }
  }

  /// Where a sleep toward `deadline` should end.
  ///
  /// While frames are paced, one due before the next display slot would only wait for that
  /// slot after waking: the sleep goes straight to it, one wake-up per frame.
  func wakeUptime(forDeadline deadline: Double) -> Double {
    if lastFramePaced, let slot = presentPacer.nextStart, slot > deadline, slot - deadline < period {
      return slot
    }
    return deadline
  }
}
