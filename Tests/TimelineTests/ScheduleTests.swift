import Foundation
import Testing

@testable import Timeline

/// 2026-01-01T10:34:30Z.
let t0 = Date(timeIntervalSince1970: 1_767_263_670)

func dates<S: TimelineSchedule>(_ s: S, from: Date, _ n: Int, mode: TimelineScheduleMode = .normal) -> [Date] {
  var it = s.entries(from: from, mode: mode).makeIterator()
  var out: [Date] = []
  while out.count < n, let d = it.next() { out.append(d) }
  return out
}

func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

@Suite struct BuiltInScheduleTests {
  @Test func periodicQueriedAfterStartBeginsAtGridPointAtOrBefore() {
    let s = PeriodicTimelineSchedule.periodic(from: t0, by: 2)
    #expect(dates(s, from: at(5.5), 3) == [at(4), at(6), at(8)])
    #expect(dates(s, from: at(6), 2) == [at(6), at(8)])
  }

  @Test func periodicQueriedBeforeStartBeginsAtStart() {
    let s = PeriodicTimelineSchedule.periodic(from: t0, by: 2)
    #expect(dates(s, from: at(-10), 2) == [t0, at(2)])
    #expect(dates(s, from: t0, 2) == [t0, at(2)])
  }

  @Test func periodicIgnoresMode() {
    let s = PeriodicTimelineSchedule.periodic(from: t0, by: 1)
    #expect(dates(s, from: at(0.5), 3, mode: .lowFrequency) == [t0, at(1), at(2)])
  }

  @Test func periodicGridSurvivesFloatingPoint() {
    let s = PeriodicTimelineSchedule.periodic(from: t0, by: 0.1)
    // 0.3 / 0.1 is 2.9999999999999996 in binary: the grid must still give entry 3, not 2 or 4.
    #expect(dates(s, from: at(0.3), 1) == [t0.addingTimeInterval(3 * 0.1)])
    #expect(dates(s, from: at(0.3), 1) != [t0.addingTimeInterval(0.2)])
    let far = dates(s, from: at(1000.05), 2)
    #expect(abs(far[0].timeIntervalSince(at(1000.0))) < 1e-6)
  }

  @Test func animationEntriesEveryMinimumInterval() {
    let s = AnimationTimelineSchedule.animation(minimumInterval: 0.5, paused: false)
    #expect(dates(s, from: t0, 3) == [t0, at(0.5), at(1)])
    let d = dates(AnimationTimelineSchedule.animation, from: t0, 3)
    #expect(d.count == 3)
    #expect(abs(d[2].timeIntervalSince(t0) - 2.0 / 60.0) < 1e-6)
  }

  @Test func animationHasNoEntriesWhenPausedOrLowFrequency() {
    #expect(dates(AnimationTimelineSchedule.animation(minimumInterval: nil, paused: true), from: t0, 3).isEmpty)
    #expect(dates(AnimationTimelineSchedule.animation, from: t0, 3, mode: .lowFrequency).isEmpty)
  }

  @Test func everyMinuteStartsAtTheCurrentMinute() throws {
    let s = EveryMinuteTimelineSchedule(timeZone: .utc)
    #expect(dates(s, from: at(0.5), 3) == [at(-30), at(30), at(90)])
    #expect(dates(s, from: at(30), 1) == [at(30)])
    // Minutes are the zone's: India is 5:30 ahead, so its minutes start where UTC's do.
    let india = try #require(ZoneInfo(identifier: "Asia/Kolkata"))
    #expect(dates(EveryMinuteTimelineSchedule(timeZone: india), from: at(0.5), 1) == [at(-30)])
  }

  @Test func explicitIgnoresStartAndMode() {
    let list = [at(-5), at(1), at(3)]
    let s = ExplicitTimelineSchedule.explicit(list)
    #expect(dates(s, from: at(100), 5) == list)
    #expect(dates(s, from: at(-100), 5, mode: .lowFrequency) == list)
  }

  @Test func cyclicAddsOffsetsInTurn() {
    let s = CyclicTimelineSchedule.cyclic(timeOffsets: [0.2, 0.2, 0.4])
    let got = dates(s, from: t0, 5).map { $0.timeIntervalSince(t0) }
    let want = [0.2, 0.4, 0.8, 1.0, 1.2]
    #expect(zip(got, want).allSatisfy { abs($0 - $1) < 1e-6 })
  }

  @Test func cyclicLoopCountStopsAfterNPasses() {
    let s = CyclicTimelineSchedule.cyclic(loopCount: 2, timeOffsets: [1, 2])
    #expect(dates(s, from: t0, 10) == [at(1), at(3), at(4), at(6)])
    #expect(dates(CyclicTimelineSchedule.cyclic(loopCount: 0, timeOffsets: [1]), from: t0, 4).count == 4)
  }

  @Test func cyclicWithNoOffsetsHasNoEntries() {
    #expect(dates(CyclicTimelineSchedule.cyclic(timeOffsets: []), from: t0, 3).isEmpty)
  }

  @Test func cadenceOrder() {
    #expect(Cadence.live < .seconds && Cadence.seconds < .minutes)
    #expect(Cadence.seconds <= .seconds)
  }
}

/// A schedule a user writes: every odd second.
struct OddSeconds: TimelineSchedule {
  func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
    let base = startDate.timeIntervalSince1970.rounded(.down)
    return (0..<20).map { Date(timeIntervalSince1970: base + Double($0)) }
      .filter { Int($0.timeIntervalSince1970) % 2 == 1 }
  }
}

@Suite struct TimelineViewRuleTests {
  @Test func rendersOnceImmediatelyThenAtEachEntry() {
    let d = TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)
    #expect(d.update(now: at(0.25), mode: .normal, cadence: .live)?.date == t0)
    #expect(d.update(now: at(0.5), mode: .normal, cadence: .live) == nil)
    #expect(d.nextDeadline(after: at(0.5), mode: .normal, cadence: .live) == at(1))
    #expect(d.update(now: at(1), mode: .normal, cadence: .live)?.date == at(1))
  }

  @Test func pastOnlyScheduleShowsTheLastDate() {
    let d = TimelineDriver(schedule: ExplicitTimelineSchedule([at(-3), at(-2), at(-1)]), start: t0)
    #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == at(-1))
    #expect(d.nextDeadline(after: t0, mode: .normal, cadence: .live) == nil)
    #expect(viewDates(ExplicitTimelineSchedule([at(-3), at(-2), at(-1)]), from: t0, count: 5) == [at(-1)])
  }

  @Test func futureOnlyScheduleShowsNowUntilTheFirstArrives() {
    let s = ExplicitTimelineSchedule([at(0.3), at(0.6)])
    let d = TimelineDriver(schedule: s, start: t0)
    #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
    #expect(d.update(now: at(0.2), mode: .normal, cadence: .live) == nil)
    #expect(d.update(now: at(0.3), mode: .normal, cadence: .live)?.date == at(0.3))
    #expect(viewDates(s, from: t0, count: 5) == [t0, at(0.3), at(0.6)])
  }

  @Test func contextDateIsTheEntryNotTheFrameTime() {
    let d = TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)
    _ = d.update(now: t0, mode: .normal, cadence: .live)
    #expect(d.update(now: at(1.0007), mode: .normal, cadence: .live)?.date == at(1))
  }

  @Test func stallDeliversOnlyTheLatestDueEntry() {
    let d = TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)
    _ = d.update(now: t0, mode: .normal, cadence: .live)
    #expect(d.update(now: at(5.5), mode: .normal, cadence: .live)?.date == at(5))
    #expect(d.update(now: at(5.6), mode: .normal, cadence: .live) == nil)
    #expect(d.nextDeadline(after: at(5.6), mode: .normal, cadence: .live) == at(6))
  }

  @Test func nestedTimelinesKeepTheirOwnPositions() {
    let outer = TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)
    let inner = TimelineDriver(schedule: CyclicTimelineSchedule(timeOffsets: [0.25]), start: at(0.5))
    _ = outer.update(now: at(0.5), mode: .normal, cadence: .live)
    _ = inner.update(now: at(0.5), mode: .normal, cadence: .live)
    #expect(inner.update(now: at(0.75), mode: .normal, cadence: .live)?.date == at(0.75))
    #expect(outer.update(now: at(0.75), mode: .normal, cadence: .live) == nil)
    #expect(outer.update(now: at(1), mode: .normal, cadence: .live)?.date == at(1))
    #expect(inner.update(now: at(1), mode: .normal, cadence: .live)?.date == at(1))
  }

  @Test func customScheduleWorksLikeABuiltIn() {
    let d = TimelineDriver(schedule: OddSeconds(), start: t0)
    // 10:34:30 is even: the first render shows now, the first entry is :31.
    #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
    #expect(d.nextDeadline(after: t0, mode: .normal, cadence: .live) == at(1))
    #expect(viewDates(OddSeconds(), from: t0, count: 3) == [t0, at(1), at(3)])
  }

  @Test func secondsCadenceCoalescesToWholeSeconds() {
    let d = TimelineDriver(schedule: PeriodicTimelineSchedule(from: at(0.25), by: 0.5), start: t0)
    _ = d.update(now: at(0.3), mode: .normal, cadence: .seconds)
    #expect(d.nextDeadline(after: at(0.3), mode: .normal, cadence: .seconds) == at(1))
    #expect(d.update(now: at(0.8), mode: .normal, cadence: .seconds) == nil)
    #expect(d.update(now: at(1), mode: .normal, cadence: .seconds)?.date == at(0.75))
  }

  @Test func animationDriverFollowsTheDisplayAndStopsWhenPaused() {
    let d = TimelineDriver(schedule: AnimationTimelineSchedule(), start: t0)
    d.displayPeriod = 0.02
    #expect(d.isDisplayLinked)
    #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
    #expect(d.nextDeadline(after: t0, mode: .normal, cadence: .live) == at(0.02))
    #expect(d.update(now: at(0.01), mode: .normal, cadence: .live) == nil)
    #expect(d.update(now: at(0.0205), mode: .normal, cadence: .live)?.date == at(0.0205))
    // The grid holds: the next frame is due at 0.04, not 0.0405.
    #expect(d.nextDeadline(after: at(0.0205), mode: .normal, cadence: .live) == at(0.04))
    #expect(d.nextDeadline(after: at(0.03), mode: .lowFrequency, cadence: .seconds) == nil)
    let paused = TimelineDriver(schedule: AnimationTimelineSchedule(paused: true), start: t0)
    #expect(paused.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
    #expect(paused.nextDeadline(after: t0, mode: .normal, cadence: .live) == nil)
  }

  @Test func minimumIntervalLimitsAnimationRate() {
    let d = TimelineDriver(schedule: AnimationTimelineSchedule(minimumInterval: 0.5), start: t0)
    _ = d.update(now: t0, mode: .normal, cadence: .live)
    #expect(d.nextDeadline(after: t0, mode: .normal, cadence: .live) == at(0.5))
  }

  @Test func realignAfterClockJumpBack() {
    let d = TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)
    _ = d.update(now: at(10.2), mode: .normal, cadence: .live)
    d.realign(to: at(-3599.5))
    #expect(d.update(now: at(-3599.5), mode: .normal, cadence: .live)?.date == at(-3600))
    #expect(d.nextDeadline(after: at(-3599.5), mode: .normal, cadence: .live) == at(-3599))
  }
}

@Suite struct FormatTests {
  @Test func isoWithMilliseconds() {
    #expect(ScheduleFormat.iso8601(t0) == "2026-01-01T10:34:30.000Z")
    #expect(ScheduleFormat.iso8601(at(0.2)) == "2026-01-01T10:34:30.200Z")
    #expect(ScheduleFormat.iso8601(at(-0.001)) == "2026-01-01T10:34:29.999Z")
  }

  @Test func parsesWithAndWithoutFractionsAndOffsets() {
    #expect(ScheduleFormat.parseISO8601("2026-01-01T10:34:30Z") == t0)
    #expect(ScheduleFormat.parseISO8601("2026-01-01T10:34:30.250Z") == at(0.25))
    #expect(ScheduleFormat.parseISO8601("2026-01-01T11:34:30+01:00") == t0)
    #expect(ScheduleFormat.parseISO8601("yesterday") == nil)
  }
}

/// A schedule whose dates never move past its start: what an interval below a date's
/// resolution, or dates stuck at infinity, look like to a timeline.
struct StuckSchedule: TimelineSchedule {
  func entries(from startDate: Date, mode: TimelineScheduleMode) -> RepeatedTimesCollection {
    RepeatedTimesCollection(date: startDate)
  }
  struct RepeatedTimesCollection: Sequence, IteratorProtocol {
    let date: Date
    mutating func next() -> Date? { date }
  }
}

@Test func aScheduleThatNeverAdvancesIsTreatedAsFinishedNotSpunOn() {
  let t0 = Date(timeIntervalSinceReferenceDate: 1000)
  let driver = TimelineDriver(schedule: StuckSchedule(), start: t0)
  // The first update shows the start; the next finds a million entries due, asks again from
  // now, finds a million more, and gives up instead of recursing forever.
  #expect(driver.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
  _ = driver.update(now: t0.addingTimeInterval(1), mode: .normal, cadence: .live)
  #expect(driver.nextDeadline(after: t0.addingTimeInterval(1), mode: .normal, cadence: .live) == nil)
  #expect(driver.update(now: t0.addingTimeInterval(2), mode: .normal, cadence: .live) == nil)
}

/// Counts the dates a sequence hands out, to see how much of a schedule a driver reads.
final class ReadCounter: @unchecked Sendable {
  var reads = 0
}

/// Whole seconds from `t0` onwards, read lazily and counted.
struct CountedSeconds: Sequence, IteratorProtocol {
  let counter: ReadCounter
  var k = 0.0
  mutating func next() -> Date? {
    counter.reads += 1
    defer { k += 1 }
    return at(k)
  }
}

/// A custom schedule that ignores its start date and always lists every whole second from
/// `t0`, as a type wrapping a fixed list of dates would.
struct IgnoresItsStart: TimelineSchedule {
  let counter: ReadCounter
  func entries(from startDate: Date, mode: TimelineScheduleMode) -> CountedSeconds {
    CountedSeconds(counter: counter)
  }
}

@Suite struct ModeChangeTests {
  @Test func anExplicitScheduleKeepsItsPlaceWhenTheWindowIsMinimized() {
    let counter = ReadCounter()
    let d = TimelineDriver(schedule: ExplicitTimelineSchedule(CountedSeconds(counter: counter)), start: t0)
    #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
    #expect(d.update(now: at(2.5), mode: .normal, cadence: .live)?.date == at(2))
    let read = counter.reads
    // Its dates are the same in every mode: nothing is read again from the beginning.
    #expect(d.update(now: at(2.5), mode: .lowFrequency, cadence: .seconds) == nil)
    #expect(d.nextDeadline(after: at(2.5), mode: .lowFrequency, cadence: .seconds) == at(3))
    #expect(counter.reads == read)
    #expect(d.update(now: at(3), mode: .lowFrequency, cadence: .seconds)?.date == at(3))
  }

  @Test func aScheduleThatIgnoresItsStartCatchesUpAChunkPerFrame() {
    let counter = ReadCounter()
    let d = TimelineDriver(schedule: IgnoresItsStart(counter: counter), start: t0)
    d.catchUpChunk = 10
    #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
    #expect(d.update(now: at(45.5), mode: .normal, cadence: .live)?.date == at(45))
    // Minimizing asks the schedule again; the 46 dates already shown are skipped at most
    // ten per call, and the timeline says it needs to come back at once until done.
    var calls = 0
    var before = counter.reads
    var result = d.update(now: at(45.5), mode: .lowFrequency, cadence: .live)
    while d.nextDeadline(after: at(45.5), mode: .lowFrequency, cadence: .live) == at(45.5) {
      #expect(result == nil)
      #expect(counter.reads - before <= 11)
      before = counter.reads
      result = d.update(now: at(45.5), mode: .lowFrequency, cadence: .live)
      calls += 1
      if calls > 10 { break }
    }
    #expect(calls >= 4 && calls <= 5)
    #expect(result == nil)
    #expect(d.nextDeadline(after: at(45.5), mode: .lowFrequency, cadence: .live) == at(46))
    #expect(d.update(now: at(46), mode: .lowFrequency, cadence: .live)?.date == at(46))
  }

  @Test func aStuckScheduleIsFinishedAfterAModeChangeNotSpunOn() {
    let d = TimelineDriver(schedule: StuckSchedule(), start: t0)
    d.catchUpChunk = 100
    #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
    // Asked again, it lists the date already shown forever, without hanging.
    #expect(d.update(now: at(1), mode: .lowFrequency, cadence: .live) == nil)
    #expect(d.nextDeadline(after: at(1), mode: .lowFrequency, cadence: .live) == nil)
  }
}

/// Every whole second from the start date's, as a custom (mode-dependent) schedule.
struct WholeSeconds: TimelineSchedule {
  func entries(from startDate: Date, mode: TimelineScheduleMode) -> [Date] {
    let base = startDate.timeIntervalSince1970.rounded(.down)
    return (0..<10).map { Date(timeIntervalSince1970: base + Double($0)) }
  }
}

@Test func aClockSetBackAsTheWindowIsMinimizedDoesNotFreezeACustomTimeline() {
  let d = TimelineDriver(schedule: WholeSeconds(), start: t0)
  #expect(d.update(now: t0, mode: .normal, cadence: .live)?.date == t0)
  #expect(d.update(now: at(3.5), mode: .normal, cadence: .live)?.date == at(3))
  // The clock goes back a minute, and in the same pass the window is minimized.
  d.realign(to: at(-60.5))
  #expect(d.update(now: at(-60.5), mode: .lowFrequency, cadence: .live)?.date == at(-61))
  #expect(d.nextDeadline(after: at(-60.5), mode: .lowFrequency, cadence: .live) == at(-60))
}
