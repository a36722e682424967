import Testing

@testable import Timeline

@Suite struct PresentPacerTests {
  let period = 1.0 / 60.0

  @Test func lateWakeUpsDoNotDriftTheGrid() {
    var p = PresentPacer(period: period)
    var starts: [Double] = []
    var now = 100.0
    for _ in 0..<120 {
      let slot = p.beginFrame(at: now, paced: true)
      starts.append(slot.start)
      p.rendered(seconds: 0.003)
      // The loop always wakes 40 µs after the slot it was given.
      now = p.nextStart! + 0.00004
    }
    let intervals = zip(starts.dropFirst(), starts).map { $0 - $1 }
    #expect(intervals.allSatisfy { abs($0 - period) < 1e-9 })
    #expect(abs(starts.last! - (100 + 119 * period)) < 1e-9)
  }

  @Test func presentsAreEvenWhateverTheRenderTime() {
    var p = PresentPacer(period: period)
    var presents: [Double] = []
    var now = 0.0
    // Render times alternate 2 ms and 5 ms; presents must not follow them.
    for i in 0..<100 {
      let slot = p.beginFrame(at: now, paced: true)
      presents.append(slot.presentAt)
      p.rendered(seconds: i.isMultiple(of: 2) ? 0.002 : 0.005)
      now = p.nextStart!
    }
    // After the first overrun raises the latency, every interval is exactly one period.
    let intervals = zip(presents.dropFirst(3), presents.dropFirst(2)).map { $0 - $1 }
    #expect(intervals.allSatisfy { abs($0 - period) < 1e-9 })
    #expect(p.latency >= 0.005 + p.margin)
  }

  @Test func latencyRisesAtOnceAndFallsOnlyAfterSettling() {
    var p = PresentPacer(period: period, initialLatency: 0.004, settleFrames: 60)
    _ = p.beginFrame(at: 0, paced: true)
    p.rendered(seconds: 0.008)
    #expect(abs(p.latency - (0.008 * 1.25 + 0.0015)) < 1e-12)
    for k in 1..<60 {
      _ = p.beginFrame(at: Double(k) * period, paced: true)
      p.rendered(seconds: 0.002)
      #expect(p.latency > 0.01, "lowered after \(k) frames")
    }
    _ = p.beginFrame(at: 60 * period, paced: true)
    p.rendered(seconds: 0.002)
    #expect(abs(p.latency - (0.002 * 1.25 + 0.0015)) < 1e-12)
  }

  @Test func latencyNeverExceedsThreeQuartersOfAPeriod() {
    var p = PresentPacer(period: period)
    _ = p.beginFrame(at: 0, paced: true)
    p.rendered(seconds: 0.1)
    #expect(p.latency == period * 0.75)
  }

  @Test func unpacedFramesPresentAtOnceAndAFarLateFrameReanchors() {
    var p = PresentPacer(period: period)
    let first = p.beginFrame(at: 5, paced: false)
    #expect(first == .init(start: 5, presentAt: 5))
    // A frame a whole period late does not pretend to be on the old grid.
    let late = p.beginFrame(at: 5 + 2.5 * period, paced: true)
    #expect(late.start == 5 + 2.5 * period)
    #expect(p.nextStart == 5 + 3.5 * period)
  }
}
