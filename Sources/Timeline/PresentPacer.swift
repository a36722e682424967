import FoundationEssentials

/// Schedules paced frames: when each starts, and when it is handed to the display.
///
/// Two things keep intervals even on a software renderer whose frame cost varies:
/// - frames start on a fixed grid (`period` apart) while they keep up, so a late wake-up is
///   never carried into the next deadline and the cadence cannot drift;
/// - each frame is drawn first and presented a fixed latency after its start, so the spread
///   of render times never reaches the screen. The latency follows the slowest recent
///   render: it rises at once after an overrun and falls at most once every `settleFrames`,
///   because every change stretches or shortens exactly one interval.
public struct PresentPacer: Sendable {
  /// One frame's times, in monotonic seconds.
  public struct Slot: Sendable, Equatable {
    /// The frame's start; its timeline date corresponds to this instant.
    public var start: Double
    /// When to present it.
    public var presentAt: Double
  }

  /// The display period.
  public let period: Double
  /// Frames between chances to lower the latency.
  public let settleFrames: Int
  /// Headroom added to measured render times.
  public let margin: Double
  /// How long after its start a paced frame is presented.
  public private(set) var latency: Double
  /// When the next paced frame should start, or nil before the first frame.
  public private(set) var nextStart: Double?
  private var slowest = 0.0
  private var framesSinceChange = 0

  /// Creates a pacer for a display refreshing every `period` seconds.
  public init(period: Double, initialLatency: Double = 0.006, margin: Double = 0.0015, settleFrames: Int = 60) {
    self.period = period
    self.margin = margin
    self.settleFrames = settleFrames
    latency = min(initialLatency, period * 0.75)
  }

  /// Starts a frame at `now`; an unpaced frame (input, first frame) starts and presents now.
  public mutating func beginFrame(at now: Double, paced: Bool) -> Slot {
    var start = now
    // Within half a period of its slot, a frame takes the slot's time; later, it re-anchors.
    if paced, let due = nextStart, now - due < period / 2, now >= due - period / 2 { start = due }
    nextStart = start + period
    return Slot(start: start, presentAt: start + (paced ? latency : 0))
  }

  /// Reports how long a paced frame took from start to a finished draw.
  public mutating func rendered(seconds: Double) {
    slowest = max(slowest, seconds)
    framesSinceChange += 1
    let cap = period * 0.75
    if seconds + margin > latency {
      latency = min(cap, seconds * 1.25 + margin)
      framesSinceChange = 0
      slowest = 0
    } else if framesSinceChange >= settleFrames {
      let fitted = min(cap, slowest * 1.25 + margin)
      // Small reductions are not worth a short interval.
      if fitted < latency - 0.001 { latency = fitted }
      framesSinceChange = 0
      slowest = 0
    }
  }
}
