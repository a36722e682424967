import Foundation
import Testing

@testable import Timeline

/// Drives a pump over simulated time exactly as the app loop does, without sleeping.
struct Loop {
  let clock = ManualClock(now: t0, uptime: 100)
  let pump: FramePump
  var drivers: [TimelineDriver]
  var renders: [Date] = []
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
    #expect(loop.renders.count == 10 || loop.renders.count == 11)
    // Each render happens at (never before) its entry.
    for (i, r) in loop.renders.enumerated() { #expect(r >= at(Double(i))) }
    #expect(loop.pump.wakeups <= 2 * loop.renders.count + 2)
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
  @Test func neverReturnsBeforeTheDeadline() {
    let pacer = DeadlinePacer()
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

  @Test func returnsEarlyWhenAnEventArrives() {
    let deadline = monotonicSeconds() + 1
    var calls = 0
    let outcome = DeadlinePacer().wait(untilUptime: deadline) { _ in
      calls += 1
      return true
    }
    #expect(outcome == .interrupted)
    #expect(calls == 1)
    #expect(monotonicSeconds() < deadline)
  }
}
