import FoundationEssentials

/// The runtime state of one timeline on screen: where it is in its schedule.
///
/// The driver answers two questions for the frame pump: which context to render now, and
/// when the timeline next needs a frame. Missed entries are never replayed: after a stall
/// the latest due entry is delivered once.
public final class TimelineDriver {
  private var schedule: any TimelineSchedule
  private let linked: (minimumInterval: Double?, paused: Bool)?
  private let modeIndependent: Bool
  private var iterator: AnyIterator<Date>
  private var iteratorMode: TimelineScheduleMode = .normal
  /// The earliest entry not yet delivered.
  private var pending: Date?
  private var exhausted = false
  private var realigned = false
  /// The date the schedule was last re-read from after a clock jump, until the next update.
  private var realignedTo: Date?
  /// After a mode change, entries at or before this date are still to be skipped; the work
  /// is spread over frames so that a schedule which ignores its start date cannot stall one.
  private var catchUpThrough: Date?
  /// For display-linked schedules: when the next frame is due.
  private var nextFrame: Date?
  /// The context last handed to the content.
  public private(set) var lastContext: TimelineContext?
  /// The schedule's start date.
  public private(set) var start: Date
  /// The display's refresh period; display-linked timelines render at most this often.
  public var displayPeriod = 1.0 / 60.0

  /// The most entries skipped in one update before the driver re-queries the schedule from
  /// now; keeps a pathological schedule (tiny offsets after a long stall) from hanging.
  static let maxSkip = 1_000_000
  /// The most entries skipped in one call while catching up after a mode change; an instance
  /// property so tests can make it small.
  var catchUpChunk = 1_000_000

  /// Creates the driver of a timeline that appeared at `start`.
  public init<S: TimelineSchedule>(schedule: S, start: Date) {
    self.schedule = schedule
    self.start = start
    if let l = schedule as? any DisplayLinkedSchedule {
      linked = (l.minimumInterval, l.paused)
    } else {
      linked = nil
    }
    modeIndependent = schedule is any ModeIndependentSchedule
    iterator = Self.makeIterator(schedule, start, .normal)
  }

  private static func makeIterator<S: TimelineSchedule>(_ s: S, _ from: Date, _ mode: TimelineScheduleMode)
    -> AnyIterator<Date>
  {
    AnyIterator(s.entries(from: from, mode: mode).makeIterator())
  }

  /// Whether the timeline follows the display rather than a list of dates.
  public var isDisplayLinked: Bool { linked != nil }

  private func peek() -> Date? {
    if pending == nil && !exhausted {
      pending = iterator.next()
      if pending == nil { exhausted = true }
    }
    return pending
  }

  private func setMode(_ mode: TimelineScheduleMode) {
    guard linked == nil, mode != iteratorMode else { return }
    iteratorMode = mode
    if modeIndependent { return }
    // A custom schedule may answer differently per mode: ask it again from where we are, and
    // skip what was already shown.
    // Just after a clock jump, the last date shown no longer says where the timeline is:
    // read again from where the jump left it, with nothing to skip.
    let from = realignedTo ?? lastContext?.date ?? start
    iterator = Self.makeIterator(schedule, from, mode)
    pending = nil
    exhausted = false
    catchUpThrough = realignedTo == nil ? lastContext?.date : nil
  }

  /// Skips entries already shown, at most `catchUpChunk` of them; true once none are left.
  ///
  /// A schedule that honours its start date has few such entries. One that ignores it (a
  /// fixed list of dates in a custom type) may have millions, which are skipped a chunk per
  /// frame so the window stays responsive. One whose dates stop advancing would never
  /// catch up, and is treated as finished, as `update` does.
  private func catchUp() -> Bool {
    guard let through = catchUpThrough else { return true }
    var first: Date?
    var steps = 0
    while let p = peek(), p <= through {
      if first == nil { first = p }
      pending = nil
      steps += 1
      if steps >= catchUpChunk {
        if let first, let p = peek(), p <= first {
          exhausted = true
          pending = nil
          break
        }
        return false
      }
    }
    catchUpThrough = nil
    return true
  }

  /// Rounds `date` up to the cadence's boundary (whole seconds or minutes since 1970).
  static func coalesce(_ date: Date, _ cadence: Cadence) -> Date {
    guard let unit = cadence.unit else { return date }
    let t = date.timeIntervalSince1970
    let up = (t / unit).rounded(.up) * unit
    return Date(timeIntervalSince1970: up)
  }

  /// The context to render now, or nil when nothing changed since the last one.
  public func update(now: Date, mode: TimelineScheduleMode, cadence: Cadence) -> TimelineContext? {
    update(now: now, mode: mode, cadence: cadence, retried: false)
  }

  private func update(now: Date, mode: TimelineScheduleMode, cadence: Cadence, retried: Bool) -> TimelineContext? {
    setMode(mode)
    if let linked {
      return updateLinked(now: now, mode: mode, cadence: cadence, linked)
    }
    guard catchUp() else { return nil }
    let first = lastContext == nil || realigned
    guard let next = peek() else {
      if first {
        realigned = false
        realignedTo = nil
        lastContext = TimelineContext(date: lastContext?.date ?? now, cadence: cadence)
        return lastContext
      }
      return nil
    }
    if !first && now < Self.coalesce(next, cadence) { return nil }
    // Skip to the latest entry that is due, delivering it once.
    var latest: Date?
    var steps = 0
    while let p = peek(), p <= now {
      latest = p
      pending = nil
      steps += 1
      if steps >= Self.maxSkip {
        if retried {
          // Asked again from now, the schedule still has a million entries at or before
          // now (an interval below a date's resolution, or dates stuck at infinity): it can
          // never move forward, so it is treated as finished rather than spun on every frame.
          exhausted = true
          pending = nil
          break
        }
        realign(to: now)
        return update(now: now, mode: mode, cadence: cadence, retried: true)
      }
    }
    if first {
      realigned = false
      realignedTo = nil
      // Only future entries: show the current date until the first arrives.
      lastContext = TimelineContext(date: latest ?? now, cadence: cadence)
      return lastContext
    }
    guard let latest else { return nil }
    lastContext = TimelineContext(date: latest, cadence: cadence)
    return lastContext
  }

  private func updateLinked(
    now: Date, mode: TimelineScheduleMode, cadence: Cadence, _ linked: (minimumInterval: Double?, paused: Bool)
  ) -> TimelineContext? {
    let first = lastContext == nil || realigned
    let active = !linked.paused && mode == .normal
    if !first {
      guard active else { return nil }
      if let due = nextFrame, now < due { return nil }
    }
    realigned = false
    realignedTo = nil
    lastContext = TimelineContext(date: now, cadence: cadence)
    if let unit = cadence.unit {
      // Once per whole second or minute, on the boundary, so wake-ups are not random.
      nextFrame = Date(timeIntervalSince1970: ((now.timeIntervalSince1970 / unit).rounded(.down) + 1) * unit)
    } else {
      let interval = max(linked.minimumInterval ?? 0, displayPeriod)
      // Keep frames on a grid so rendering latency does not accumulate into drift; after a
      // stall, start a new grid from now instead of rushing to catch up.
      if let grid = nextFrame, now.timeIntervalSince(grid) < interval {
        nextFrame = grid.addingTimeInterval(interval)
      } else {
        nextFrame = now.addingTimeInterval(interval)
      }
    }
    return lastContext
  }

  /// When the timeline next needs a frame; nil when it never will (paused, exhausted).
  public func nextDeadline(after now: Date, mode: TimelineScheduleMode, cadence: Cadence) -> Date? {
    if lastContext == nil || realigned { return now }
    if let linked {
      guard !linked.paused, mode == .normal else { return nil }
      if let unit = cadence.unit, let next = nextFrame,
        next.timeIntervalSince1970.truncatingRemainder(dividingBy: unit) != 0
      {
        // The cadence dropped since the last frame: move to the next boundary.
        return Date(timeIntervalSince1970: (next.timeIntervalSince1970 / unit).rounded(.up) * unit)
      }
      return nextFrame ?? now
    }
    setMode(mode)
    // Still skipping entries already shown: come back at once to go on.
    if catchUpThrough != nil { return now }
    guard let p = peek() else { return nil }
    return Self.coalesce(p, cadence)
  }

  /// Re-reads the schedule from `now` after the wall clock jumped, so the timeline neither
  /// freezes until the old date comes round again nor floods through the skipped entries.
  public func realign(to now: Date) {
    realigned = true
    realignedTo = now
    nextFrame = nil
    catchUpThrough = nil
    guard linked == nil else { return }
    if let p = schedule as? PeriodicTimelineSchedule, now < p.start {
      // The grid does not reach back before its start; after the clock was set back, extend
      // it backwards so the timeline keeps ticking on the same phase.
      let k = (p.start.timeIntervalSince(now) / p.interval).rounded(.up)
      schedule = PeriodicTimelineSchedule(from: p.start.addingTimeInterval(-k * p.interval), by: p.interval)
    }
    iterator = Self.makeIterator(schedule, now, iteratorMode)
    pending = nil
    exhausted = false
  }
}
