import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Where the frame pump reads time: the wall clock for schedule dates, a monotonic clock
/// for waiting. Tests substitute a `ManualClock`.
public protocol TimelineClock: AnyObject {
  /// The wall-clock date; it can jump when the user sets the system time.
  var now: Date { get }
  /// Seconds on a monotonic clock that never jumps.
  var uptime: Double { get }
}

/// Reads `CLOCK_MONOTONIC`, the clock `clock_nanosleep` waits on.
public func monotonicSeconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// The real clocks.
public final class SystemClock: TimelineClock, @unchecked Sendable {
  /// Creates the clock.
  public init() {}
  public var now: Date { Date() }
  public var uptime: Double { monotonicSeconds() }
}

/// A clock that moves only when told to, for tests, snapshots and headless benchmarks.
public final class ManualClock: TimelineClock, @unchecked Sendable {
  public private(set) var now: Date
  public private(set) var uptime: Double

  /// Creates a clock reading `now` and `uptime`.
  public init(now: Date, uptime: Double = 0) {
    self.now = now
    self.uptime = uptime
  }

  /// Moves both clocks forward.
  public func advance(by seconds: Double) {
    now = now.addingTimeInterval(seconds)
    uptime += seconds
  }

  /// Sets both clocks to exact readings, so a time reached by several steps reads the same as
  /// one reached by a single step (repeated additions round differently).
  public func set(now: Date, uptime: Double) {
    self.now = now
    self.uptime = uptime
  }

  /// Moves the wall clock alone, as when the user sets the system time.
  public func jumpWall(by seconds: Double) {
    now = now.addingTimeInterval(seconds)
  }
}
