import Foundation
import Testing

@testable import Timeline

/// Drives a pump over simulated time exactly as the app loop does, without sleeping.
struct Loop {
  let clock = ManualClock(now: t0, uptime: 100)
  let pump: FramePump
  var drivers: [TimelineDriver]
  var renders: [Date] = []
  var reasons: [RenderReason] = []
  var renderCost = 0.002

  init(_ drivers: [TimelineDriver], period: Double = 1.0 / 60.0) {
    pump = FramePump(clock: clock, displayPeriod: period)
    self.drivers = drivers
    for d in drivers { pump.register(d) }
    pump.invalidate()
  }

  mutating func run(until end: Date) {
    var guardSteps = 0
    while clock.now < end && guardSteps < 100_000 {
      guardSteps += 1
      switch pump.decide() {
      case .render:
        renders.append(clock.now)
        reasons.append(pump.lastRenderReason!)
        for d in drivers { _ = d.update(now: clock.now, mode: pump.mode, cadence: pump.cadence) }
        clock.advance(by: renderCost)
      case .sleep(let until):
        clock.advance(by: min(until, end).timeIntervalSince(clock.now))
      case .sleepIndefinitely:
        clock.advance(by: end.timeIntervalSince(clock.now))
      }
    }
  }
}

@Suite struct FramePumpTests {
  @Test func periodicSceneRendersOncePerSecond() {
    var loop = Loop([TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)])
    loop.run(until: at(10))
    // The first frame at t0 shows entry 0; entries 1…9 follow; the one at 10 s is past the end.
    #expect(loop.renders.count == 10)
    // Each render happens at (never before) its entry.
    for (i, r) in loop.renders.enumerated() { #expect(r >= at(Double(i))) }
    #expect(loop.pump.wakeups <= 2 * loop.renders.count + 2)
  }

  @Test func renderReasonsNameTheScheduleEntryEachFrameIsFor() {
    var loop = Loop([TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)])
    loop.run(until: at(3.5))
    // The first frame is the invalidation that opens the window; then one per entry, each
    // carrying the entry's own date so a trace can show how late it was drawn.
    #expect(loop.reasons.first == .invalidated)
    let entries = loop.reasons.compactMap { r -> Date? in
      if case .scheduleEntry(let d) = r { return d }
      return nil
    }
    #expect(entries == [at(1), at(2), at(3)])
    for (r, date) in zip(loop.renders.dropFirst(), entries) { #expect(r >= date) }
  }

  @Test func animationFramesAreNotScheduleEntries() {
    var loop = Loop([TimelineDriver(schedule: AnimationTimelineSchedule(), start: t0)], period: 0.02)
    loop.run(until: at(0.2))
    #expect(loop.reasons.dropFirst().allSatisfy { $0 == .animation })
    #expect(loop.reasons.count > 5)
  }

  @Test func pausedAnimationRendersOnceThenSleepsWithoutDeadline() {
    let d = TimelineDriver(schedule: AnimationTimelineSchedule(paused: true), start: t0)
    var loop = Loop([d])
    loop.run(until: at(5))
    #expect(loop.renders.count == 1)
    #expect(loop.pump.decide() == .sleepIndefinitely)
  }

  @Test func animationRendersEveryDisplayPeriod() {
    var loop = Loop([TimelineDriver(schedule: AnimationTimelineSchedule(), start: t0)], period: 0.02)
    loop.run(until: at(1))
    #expect(loop.renders.count >= 49 && loop.renders.count <= 51)
    let gaps = zip(loop.renders.dropFirst(), loop.renders).map { $0.timeIntervalSince($1) }
    #expect(gaps.allSatisfy { $0 > 0.019 && $0 < 0.0211 })
  }

  @Test func lowFrequencyStopsAnimationFrames() {
    var loop = Loop([TimelineDriver(schedule: AnimationTimelineSchedule(), start: t0)])
    loop.pump.mode = .lowFrequency
    loop.run(until: at(3))
    #expect(loop.renders.count == 1)
  }

  @Test func secondsCadenceWakesAtWholeSecondsOnly() {
    var loop = Loop([TimelineDriver(schedule: AnimationTimelineSchedule(), start: at(0.3))])
    loop.pump.cadence = .seconds
    loop.clock.advance(by: 0.3)
    loop.run(until: at(5.5))
    #expect(loop.renders.count <= 7)
    for r in loop.renders.dropFirst() {
      let frac = r.timeIntervalSince1970 - r.timeIntervalSince1970.rounded(.down)
      #expect(frac < 1e-6)
    }
  }

  @Test func animationsInFlightKeepRendering() {
    var loop = Loop([TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)])
    loop.pump.animationsInFlight = true
    loop.renderCost = 1.0 / 60.0
    loop.run(until: at(0.5))
    #expect(loop.renders.count >= 29)
    loop.pump.animationsInFlight = false
    let before = loop.renders.count
    loop.run(until: at(0.99))
    #expect(loop.renders.count == before)
  }

  @Test func userPauseSleepsUntilInput() {
    var loop = Loop([TimelineDriver(schedule: AnimationTimelineSchedule(), start: t0)])
    loop.run(until: at(0.1))
    loop.pump.isPaused = true
    #expect(loop.pump.decide() == .sleepIndefinitely)
    loop.pump.invalidate()
    #expect(loop.pump.decide() == .render)
  }

  @Test func stallRendersOnceWithTheLatestEntry() {
    let d = TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)
    var loop = Loop([d])
    loop.run(until: at(1.5))
    loop.clock.advance(by: 5)  // the process was stopped
    let before = loop.renders.count
    loop.run(until: at(6.9))
    #expect(loop.renders.count == before + 1)
    #expect(d.lastContext?.date == at(6))
  }

  @Test(arguments: [-3600.0, 3600.0])
  func wallClockJumpRealignsWithoutFreezeOrFlood(jump: Double) {
    let d = TimelineDriver(schedule: PeriodicTimelineSchedule(from: t0, by: 1), start: t0)
    var loop = Loop([d])
    loop.run(until: at(2.5))
    loop.clock.jumpWall(by: jump)
    let before = loop.renders.count
    loop.run(until: at(2.5 + jump + 3))
    #expect(loop.pump.clockJumps == 1)
    let after = loop.renders.count - before
    #expect(after >= 3 && after <= 4)
    #expect(abs(d.lastContext!.date.timeIntervalSince(at(2.5 + jump + 3))) <= 1.0)
  }
}

@Suite struct PacerTests {
  @Test(arguments: [0.0002, 0.00015, 0])
  func neverReturnsBeforeTheDeadline(spinWindow: Double) {
    var pacer = DeadlinePacer(spinWindow: spinWindow)
    #expect(pacer.spinWindow == spinWindow)
    for _ in 0..<5 {
      let deadline = monotonicSeconds() + 0.005
      let outcome = pacer.wait(untilUptime: deadline) { s in
        usleep(useconds_t(s * 1e6))
        return false
      }
      #expect(outcome == .reached)
      #expect(monotonicSeconds() >= deadline)
    }
  }

  @Test func impreciseWaitsSleepToTheDeadlineAndNeverReturnEarly() {
    for _ in 0..<5 {
      let deadline = monotonicSeconds() + 0.008
      var coarse = 0
      var pacer = DeadlinePacer()
      let outcome = pacer.wait(untilUptime: deadline, precise: false) { s in
        coarse += 1
        usleep(useconds_t(s * 1e6))
        return false
      }
      #expect(outcome == .reached)
      #expect(coarse >= 1)
      #expect(monotonicSeconds() >= deadline)
    }
  }

  @Test func eventWaitsStopFiveMillisecondsShort() {
    // An event wait that overshoots by a few milliseconds must still not make the frame late.
    let deadline = monotonicSeconds() + 0.05
    var slack: [Double] = []
    var pacer = DeadlinePacer()
    _ = pacer.wait(untilUptime: deadline) { s in
      slack.append(deadline - (monotonicSeconds() + s))
      usleep(useconds_t(s * 1e6))
      return false
    }
    #expect(!slack.isEmpty)
    #expect(slack.allSatisfy { $0 >= 0.0049 })
    #expect(monotonicSeconds() >= deadline)
  }

  @Test func learnsTheMedianLatenessWithinItsWindow() {
    var pacer = DeadlinePacer(spinWindow: 0.00015)
    #expect(pacer.wakeLateness == 0.00015)
    // Sleeps that wake 30, 60 or 100 µs late, the middle one as often as the other two.
    let pattern = [0.00003, 0.00006, 0.0001, 0.00006]
    for i in 0..<400 { pacer.learn(lateness: pattern[i % 4]) }
    #expect(abs(pacer.wakeLateness - 0.00006) <= 0.000004)
    // One very late wake-up moves it by a step, not by its size.
    pacer.learn(lateness: 0.002)
    #expect(abs(pacer.wakeLateness - 0.00006) <= 0.000006)
    // It never aims earlier than the window, nor later than the deadline.
    for _ in 0..<200 { pacer.learn(lateness: 0.01) }
    #expect(pacer.wakeLateness == 0.00015)
    for _ in 0..<200 { pacer.learn(lateness: -0.01) }
    #expect(pacer.wakeLateness == 0)
  }

  @Test func preciseWaitsLearnFromTheirSleeps() {
    // A window of 1 ms: a sleep aimed that early wakes well before the deadline, so each
    // one lowers the estimate by a step, and the wait spins the rest.
    var pacer = DeadlinePacer(spinWindow: 0.001)
    for _ in 0..<20 {
      let deadline = monotonicSeconds() + 0.004
      let outcome = pacer.wait(untilUptime: deadline) { _ in false }
      #expect(outcome == .reached)
      #expect(monotonicSeconds() >= deadline)
    }
    #expect(pacer.wakeLateness < 0.001)
    #expect(pacer.wakeLateness >= 0.001 - 20 * 0.000002 - 1e-12)
  }

  @Test func aNegativeSpinWindowIsNone() {
    #expect(DeadlinePacer(spinWindow: -1).spinWindow == 0)
  }

  @Test func returnsEarlyWhenAnEventArrives() {
    let deadline = monotonicSeconds() + 1
    var calls = 0
    var pacer = DeadlinePacer()
    let outcome = pacer.wait(untilUptime: deadline) { _ in
      calls += 1
      return true
    }
    #expect(outcome == .interrupted)
    #expect(calls == 1)
    #expect(monotonicSeconds() < deadline)
  }
}

@Suite struct VisibilityTests {
  @Test func minimizeDowngradesThenGraceDropsToMinutes() {
    let v = VisibilityController(grace: 60)
    #expect(v.cadence(at: 0) == .live && v.mode == .normal && v.drawsFrames)
    #expect(v.minimize(at: 10))
    #expect(!v.minimize(at: 11))
    #expect(v.cadence(at: 10) == .seconds)
    #expect(v.mode == .lowFrequency && !v.drawsFrames)
    #expect(v.cadence(at: 69.9) == .seconds)
    #expect(v.cadence(at: 70) == .minutes)
    #expect(v.restore(at: 100))
    #expect(v.cadence(at: 100) == .live && v.mode == .normal && v.drawsFrames)
    #expect(v.minimizations == 1 && v.restorations == 1)
  }

  @Test func forcedCadenceAppliesOnlyWhileVisible() {
    let v = VisibilityController(grace: 5, forcedCadence: .minutes)
    #expect(v.cadence(at: 0) == .minutes)
    v.forcedCadence = .seconds
    v.minimize(at: 1)
    #expect(v.cadence(at: 7) == .minutes)
    v.restore(at: 8)
    #expect(v.cadence(at: 8) == .seconds)
  }

  /// Wake-ups of a minimized window: a periodic 0.25 s timeline is coalesced to one wake per
  /// whole second, then one per whole minute after the grace period; an animation never wakes.
  @Test func minimizedWakeUpsAreAlignedAndRare() {
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_263_670.4), uptime: 0)
    let v = VisibilityController(grace: 10)
    let periodic = TimelineDriver(
      schedule: PeriodicTimelineSchedule(from: clock.now, by: 0.25), start: clock.now)
    let animation = TimelineDriver(schedule: AnimationTimelineSchedule(), start: clock.now)
    let pump = FramePump(clock: clock)
    pump.register(periodic)
    pump.register(animation)
    pump.invalidate()
    v.minimize(at: clock.uptime)
    var renders: [Date] = []
    var wakeups = 0
    while clock.uptime < 200 {
      pump.mode = v.mode
      pump.cadence = v.cadence(at: clock.uptime)
      wakeups += 1
      switch pump.decide() {
      case .render:
        renders.append(clock.now)
        for d in [periodic, animation] { _ = d.update(now: clock.now, mode: pump.mode, cadence: pump.cadence) }
      case .sleep(let until):
        clock.advance(by: max(1e-6, until.timeIntervalSince(clock.now)))
      case .sleepIndefinitely:
        clock.advance(by: 1000)
      }
    }
    let first10 = renders.filter { $0.timeIntervalSince1970 < 1_767_263_680.4 }
    #expect(first10.count <= 11)
    for r in renders.dropFirst() {
      let t = r.timeIntervalSince1970
      #expect(abs(t - t.rounded()) < 1e-6)
    }
    let late = renders.filter { $0.timeIntervalSince1970 > 1_767_263_690 }
    #expect(late.count <= 4)
    for r in late { #expect(Int(r.timeIntervalSince1970.rounded()) % 60 == 0) }
  }
}
