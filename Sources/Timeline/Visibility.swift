import FoundationEssentials

/// Whether anyone can see the window, and the cadence and mode that follow from it.
///
/// Minimized (or hidden) means visibility pausing — nothing is drawn and display-linked
/// timelines stop — and a cadence downgrade: `.seconds` at once, `.minutes` once the window has
/// stayed minimized for `grace` seconds. Restoring brings `.live` back (or the cadence the user
/// forced). Times are monotonic seconds, so tests drive it with a manual clock.
public final class VisibilityController {
  /// What the window manager says about the window.
  public enum State: String, Sendable {
    case visible, minimized
  }

  public private(set) var state = State.visible
  /// Seconds minimized before `.seconds` drops to `.minutes`.
  public var grace: Double
  /// A cadence the user forced while visible (`--cadence`, the C key); nil means automatic.
  public var forcedCadence: Cadence?
  private var minimizedSince: Double?
  /// How often each state was entered.
  public private(set) var minimizations = 0
  public private(set) var restorations = 0

  /// Creates a controller for a visible window.
  public init(grace: Double = 60, forcedCadence: Cadence? = nil) {
    self.grace = grace
    self.forcedCadence = forcedCadence
  }

  /// Records that the window was minimized or hidden; returns whether that is news.
  @discardableResult
  public func minimize(at uptime: Double) -> Bool {
    guard state == .visible else { return false }
    state = .minimized
    minimizedSince = uptime
    minimizations += 1
    return true
  }

  /// Records that the window can be seen again; returns whether that is news.
  @discardableResult
  public func restore(at uptime: Double) -> Bool {
    guard state == .minimized else { return false }
    state = .visible
    minimizedSince = nil
    restorations += 1
    return true
  }

  /// The schedule mode for timelines now.
  public var mode: TimelineScheduleMode { state == .visible ? .normal : .lowFrequency }

  /// The cadence timelines are delivered at, at monotonic time `uptime`.
  public func cadence(at uptime: Double) -> Cadence {
    guard state == .minimized, let since = minimizedSince else { return forcedCadence ?? .live }
    return uptime - since >= grace ? .minutes : .seconds
  }

  /// Whether frames may be drawn and presented.
  public var drawsFrames: Bool { state == .visible }
}
