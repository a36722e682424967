import ArgumentParser
import FoundationEssentials
import Glibc
import Timeline

/// `playground schedule`: print a schedule's entries, to learn how each kind behaves.
struct ScheduleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schedule",
    abstract: "Print the entries of a timeline schedule, one UTC ISO 8601 date per line.",
    discussion: """
      Kinds:
        animation     every --minimum-interval seconds (default: every display
                      frame, 1/60 s); none when --paused or in low-frequency mode.
        periodic      the grid --start + k·--by, from the grid point at or before
                      --from (or --start itself when --from is earlier).
        every-minute  the start of each minute (UTC), from --from's minute.
        explicit      exactly the --dates given, whatever --from and --mode say.
        cyclic        the previous entry plus the next of --offsets, cycling;
                      --loops N stops after N passes (0 = forever).

      --view prints instead the context dates a TimelineView started at --from \
      would render: one at once (the latest past entry, or --from itself while \
      every entry is still in the future), then one per entry.
      """)

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case animation, periodic
    case everyMinute = "every-minute"
    case explicit, cyclic
  }

  enum ModeArgument: String, ExpressibleByArgument, CaseIterable {
    case normal
    case lowFrequency = "low-frequency"
    var mode: TimelineScheduleMode { self == .normal ? .normal : .lowFrequency }
  }

  @Argument(help: "animation, periodic, every-minute, explicit or cyclic.")
  var kind: Kind

  @Option(help: "The date the schedule is asked for entries from (ISO 8601).")
  var from: String

  @Option(help: "How many entries to print.")
  var count: Int = 5

  @Option(help: "normal or low-frequency.")
  var mode: ModeArgument = .normal

  @Flag(help: "Print the dates a timeline would render instead of the raw entries.")
  var view = false

  @Option(help: "animation: the least time between entries, in seconds.")
  var minimumInterval: Double?

  @Flag(help: "animation: a paused schedule has no entries.")
  var paused = false

  @Option(help: "periodic: the grid's origin (ISO 8601).")
  var start: String?

  @Option(help: "periodic: the interval in seconds.")
  var by: Double?

  @Option(help: "explicit: comma-separated ISO 8601 dates.")
  var dates: String?

  @Option(help: "cyclic: comma-separated offsets in seconds.")
  var offsets: String?

  @Option(help: "cyclic: passes through the offsets before the schedule ends (0 = forever).")
  var loops: Int = 0

  private func date(_ s: String, _ flag: String) throws -> Date {
    guard let d = ScheduleFormat.parseISO8601(s) else {
      throw UsageFailure.fail("\(flag) '\(s)' is not an ISO 8601 date such as 2026-01-01T10:34:30Z")
    }
    return d
  }

  func run() throws {
    let fromDate = try date(from, "--from")
    guard (0...100_000).contains(count) else { throw UsageFailure.fail("--count must be from 0 to 100000") }
    let schedule: any TimelineSchedule
    switch kind {
    case .animation:
      if let m = minimumInterval, !(m > 0) || !m.isFinite {
        throw UsageFailure.fail("--minimum-interval must be a positive number of seconds, got \(m)")
      }
      schedule = AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    case .periodic:
      guard let by else { throw UsageFailure.fail("periodic needs --by SECONDS") }
      guard by > 0, by.isFinite else { throw UsageFailure.fail("--by must be a positive number of seconds, got \(by)") }
      // Dates print to the millisecond; a finer grid would print the same date over and over.
      guard by >= 0.001 else { throw UsageFailure.fail("--by must be at least 0.001 seconds, got \(by)") }
      let s = try start.map { try date($0, "--start") } ?? fromDate
      schedule = PeriodicTimelineSchedule(from: s, by: by)
    case .everyMinute:
      schedule = EveryMinuteTimelineSchedule(timeZone: .utc)
    case .explicit:
      guard let dates else { throw UsageFailure.fail("explicit needs --dates DATE,DATE,...") }
      let parsed = try dates.split(separator: ",").map {
        try date(String($0).trimmed(), "--dates")
      }
      schedule = ExplicitTimelineSchedule(parsed)
    case .cyclic:
      guard let offsets else { throw UsageFailure.fail("cyclic needs --offsets SECONDS,SECONDS,...") }
      let values = offsets.split(separator: ",").map { Double($0.trimmed()) }
      guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! >= 0.001 && $0!.isFinite }) else {
        throw UsageFailure.fail(
          "--offsets must be a comma-separated list of seconds, each at least 0.001, got '\(offsets)'")
      }
      guard loops >= 0 else { throw UsageFailure.fail("--loops must not be negative") }
      schedule = CyclicTimelineSchedule(loopCount: loops, timeOffsets: values.map { $0! })
    }
    let lines: [Date] =
      view
      ? viewDates(schedule, from: fromDate, count: count, mode: mode.mode)
      : firstEntries(schedule, from: fromDate, count: count, mode: mode.mode)
    if lines.isEmpty, count > 0, let why = emptyReason(schedule, mode: mode.mode) {
      // Nothing to print is an answer, but a silent one reads like a bug: say why.
      printError("schedule: no entries: \(why)")
    }
    for d in lines {
      // Entries far enough out (--by 1e300) leave the years this format can write.
      guard ScheduleFormat.isPrintable(d) else {
        throw UsageFailure.fail("the next entry falls after 9999-12-31T23:59:59.999Z, the last date this tool prints")
      }
      print(ScheduleFormat.iso8601(d))
    }
  }
}

/// Why `schedule` has no entries, in words, when that is known.
func emptyReason(_ schedule: any TimelineSchedule, mode: TimelineScheduleMode) -> String? {
  if let a = schedule as? AnimationTimelineSchedule {
    if a.paused { return "a paused .animation schedule has none (it resumes when paused is false)" }
    if mode == .lowFrequency {
      return ".animation has none in .lowFrequency mode (a minimized or always-on display stops "
        + "display-linked updates; timelines then show their last date)"
    }
  }
  return "the schedule ends before --from"
}

/// The first `count` raw entries of a schedule.
func firstEntries<S: TimelineSchedule>(_ s: S, from: Date, count: Int, mode: TimelineScheduleMode) -> [Date] {
  var out: [Date] = []
  var it = s.entries(from: from, mode: mode).makeIterator()
  while out.count < count, let d = it.next() { out.append(d) }
  return out
}
