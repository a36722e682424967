import FoundationEssentials

/// How often a timeline may update: SwiftUI's `TimelineScheduleMode`.
public enum TimelineScheduleMode: Sendable, Hashable {
  /// The timeline is visible and may update as its schedule says.
  case normal
  /// The system asks for as few updates as possible (a minimized window here); animation
  /// schedules then produce no entries at all.
  case lowFrequency
}

/// A sequence of dates at which a timeline updates: SwiftUI's `TimelineSchedule`.
///
/// Write your own by returning any `Sequence` of dates; it works everywhere a built-in does.
public protocol TimelineSchedule {
  /// The dates, in increasing order.
  associatedtype Entries: Sequence where Entries.Element == Date
  /// The entries starting from `startDate`.
  func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

/// A schedule whose entries are the same in every mode.
///
/// A timeline keeps its place in such a schedule when the mode changes (the window is
/// minimized or restored) instead of asking it again and skipping what was already shown,
/// which for a long list of explicit dates would cost a pass over all of them.
public protocol ModeIndependentSchedule: TimelineSchedule {}

/// A schedule that follows the display's refresh rather than a list of dates.
///
/// The frame pump renders such a timeline at every display frame (no more often than
/// `minimumInterval`), with the frame's own date as the context date.
public protocol DisplayLinkedSchedule: TimelineSchedule {
  /// The least time between updates; nil lets the display decide.
  var minimumInterval: Double? { get }
  /// A paused schedule produces no updates.
  var paused: Bool { get }
}

/// Updates as fast as the display refreshes: SwiftUI's `AnimationTimelineSchedule`.
public struct AnimationTimelineSchedule: DisplayLinkedSchedule, Sendable, Hashable {
  public var minimumInterval: Double?
  public var paused: Bool

  /// Creates an animation schedule.
  public init(minimumInterval: Double? = nil, paused: Bool = false) {
    self.minimumInterval = minimumInterval
    self.paused = paused
  }

  /// Entries every `minimumInterval` (1/60 s when nil) from the start; none when paused or in
  /// low-frequency mode.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
    Entries(origin: startDate, step: minimumInterval ?? 1.0 / 60.0, finished: paused || mode == .lowFrequency)
  }

  /// The dates of an animation schedule.
  public struct Entries: Sequence, IteratorProtocol, Sendable {
    let origin: Date
    let step: Double
    var finished: Bool
    var index = 0.0

    init(origin: Date, step: Double, finished: Bool) {
      self.origin = origin
      self.step = Swift.max(step, 1e-6)
      self.finished = finished
    }

    public mutating func next() -> Date? {
      if finished { return nil }
      // Multiply rather than accumulate, so the millionth entry is still on the grid.
      let d = origin.addingTimeInterval(index * step)
      index += 1
      return d
    }
  }
}

/// Entries on a fixed grid: SwiftUI's `PeriodicTimelineSchedule`.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable, Hashable {
  public let start: Date
  public let interval: TimeInterval

  /// Creates a schedule with entries at `start + k·interval`; `interval` must be positive.
  public init(from start: Date, by interval: TimeInterval) {
    precondition(interval > 0 && interval.isFinite, "a periodic schedule needs a positive interval")
    self.start = start
    self.interval = interval
  }

  /// From the grid point at or before `startDate` (or `start` itself when `startDate` is
  /// earlier), every `interval` seconds.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
    let elapsed = startDate.timeIntervalSince(start)
    var k = 0.0
    if elapsed > 0 {
      k = (elapsed / interval).rounded(.down)
      // Floating point can land a hair short of an exact grid point; prefer the point itself.
      if start.addingTimeInterval((k + 1) * interval) <= startDate { k += 1 }
    }
    return Entries(start: start, interval: interval, k: k)
  }

  /// The dates of a periodic schedule.
  public struct Entries: Sequence, IteratorProtocol, Sendable {
    let start: Date
    let interval: TimeInterval
    var k: Double

    public mutating func next() -> Date? {
      let d = start.addingTimeInterval(k * interval)
      k += 1
      return d
    }
  }
}

/// Entries at the start of every minute: SwiftUI's `EveryMinuteTimelineSchedule`.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
  /// The zone whose minutes are counted (they differ from UTC's only in zones offset by
  /// seconds, as some were before 1900).
  public let timeZone: ZoneInfo

  /// Creates the schedule; minutes are those of `timeZone` (the process's by default).
  public init(timeZone: ZoneInfo = .local) { self.timeZone = timeZone }

  /// The start of the minute containing `startDate`, then each following minute.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
    let t = startDate.timeIntervalSince1970
    guard t.isFinite else { return Entries(first: startDate) }
    let offset = Double(timeZone.secondsFromGMT(for: startDate))
    let first = ((t + offset) / 60).rounded(.down) * 60 - offset
    return Entries(first: Date(timeIntervalSince1970: first))
  }

  /// The dates of an every-minute schedule.
  public struct Entries: Sequence, IteratorProtocol, Sendable {
    let first: Date
    var k = 0.0

    public mutating func next() -> Date? {
      let d = first.addingTimeInterval(k * 60)
      k += 1
      return d
    }
  }
}

/// Exactly the dates given: SwiftUI's `ExplicitTimelineSchedule`.
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
  public let dates: Dates

  /// Creates the schedule.
  public init(_ dates: Dates) { self.dates = dates }

  /// The dates, whatever the start and the mode.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Dates { dates }
}

/// Each entry is the previous one plus the next offset, cycling through the offsets.
///
/// The articles' custom schedule: offsets `[0.2, 0.2, 0.4]` from `t` give `t+0.2`, `t+0.4`,
/// `t+0.8`, `t+1.0`, … A `loopCount` of N stops after N passes; 0 cycles forever.
public struct CyclicTimelineSchedule: TimelineSchedule, Sendable, Hashable {
  public let loopCount: Int
  public let timeOffsets: [TimeInterval]

  /// Creates a cyclic schedule.
  public init(loopCount: Int = 0, timeOffsets: [TimeInterval]) {
    self.loopCount = max(0, loopCount)
    self.timeOffsets = timeOffsets
  }

  /// The entries from `startDate`; an empty offset list gives none.
  public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
    Entries(last: startDate, offsets: timeOffsets, loopCount: loopCount)
  }

  /// The dates of a cyclic schedule.
  public struct Entries: Sequence, IteratorProtocol, Sendable {
    var last: Date
    let offsets: [TimeInterval]
    let loopCount: Int
    var index = -1
    var loops = 0

    public mutating func next() -> Date? {
      guard !offsets.isEmpty else { return nil }
      index = (index + 1) % offsets.count
      if index == 0 { loops += 1 }
      if loopCount != 0 && loops > loopCount { return nil }
      last = last.addingTimeInterval(offsets[index])
      return last
    }
  }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
  /// Updates at the display's rate.
  public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }

  /// Updates at the display's rate, at most every `minimumInterval` seconds, or not at all
  /// while `paused`.
  public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
    AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
  }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
  /// Updates at `start + k·interval`.
  public static func periodic(from start: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
    PeriodicTimelineSchedule(from: start, by: interval)
  }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
  /// Updates at the start of every minute.
  public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
  /// Updates at exactly the given dates.
  public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S>
  where Self == ExplicitTimelineSchedule<S> {
    ExplicitTimelineSchedule(dates)
  }
}

extension TimelineSchedule where Self == CyclicTimelineSchedule {
  /// Cycles through `timeOffsets` forever.
  public static func cyclic(timeOffsets: [TimeInterval]) -> CyclicTimelineSchedule {
    CyclicTimelineSchedule(timeOffsets: timeOffsets)
  }

  /// Cycles through `timeOffsets` `loopCount` times (0 = forever).
  public static func cyclic(loopCount: Int, timeOffsets: [TimeInterval]) -> CyclicTimelineSchedule {
    CyclicTimelineSchedule(loopCount: loopCount, timeOffsets: timeOffsets)
  }
}

/// How often a timeline's content can expect updates; detail finer than this is wasted.
public enum Cadence: Int, Comparable, Sendable, CaseIterable {
  /// Continuous updates.
  case live
  /// About once a second.
  case seconds
  /// About once a minute.
  case minutes

  public static func < (a: Cadence, b: Cadence) -> Bool { a.rawValue < b.rawValue }

  /// The boundary updates are coalesced to, in seconds; nil for `.live`.
  public var unit: Double? {
    switch self {
    case .live: nil
    case .seconds: 1
    case .minutes: 60
    }
  }
}

/// What a timeline's content closure receives: SwiftUI's `TimelineView.Context`.
public struct TimelineContext: Sendable, Equatable {
  /// The date of the entry that triggered this update.
  public var date: Date
  /// The rate at which updates are arriving.
  public var cadence: Cadence

  /// Creates a context.
  public init(date: Date, cadence: Cadence) {
    self.date = date
    self.cadence = cadence
  }
}

extension Cadence {
  /// The name used on the command line, in JSON and on screen.
  public var name: String {
    switch self {
    case .live: "live"
    case .seconds: "seconds"
    case .minutes: "minutes"
    }
  }
}

extension PeriodicTimelineSchedule: ModeIndependentSchedule {}
extension EveryMinuteTimelineSchedule: ModeIndependentSchedule {}
extension ExplicitTimelineSchedule: ModeIndependentSchedule {}
extension CyclicTimelineSchedule: ModeIndependentSchedule {}
