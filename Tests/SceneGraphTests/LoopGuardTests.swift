import Foundation
import Testing

@testable import SceneGraph

/// Counts how often actions ran.
final class RunCounter: @unchecked Sendable {
  var runs = 0
}

/// An `onChange` whose action changes the value it watches: each run would trigger the next.
struct SelfFeedingChange: View {
  let counter: RunCounter
  @State var flag = false

  var body: some View {
    Text(flag ? "on" : "off")
      .onChange(of: flag) {
        counter.runs += 1
        flag.toggle()
      }
      .onAppear { flag = true }
  }
}

/// `onChange(initial: true)` on a value that `onAppear` changes in the same frame.
struct InitialThenChange: View {
  let log: Log
  @State var value = 0

  var body: some View {
    Text("value \(value)")
      .onChange(of: value, initial: true) { old, new in log.lines.append("\(old) -> \(new)") }
      .onAppear { value = 1 }
  }
}

/// A legitimate chain: `onAppear` sets state, and an `onChange` reacts to it once.
struct AppearThenChange: View {
  let log: Log
  @State var count = 0

  var body: some View {
    Text("count \(count)")
      .onChange(of: count) { old, new in log.lines.append("changed \(old) -> \(new)") }
      .onAppear { count = 1 }
  }
}

/// A longer chain, the emoji wave's reveal: an `onChange` sets state that brings in a view
/// whose `onAppear` sets state of its own.
struct RevealChain: View {
  let log: Log
  @State var revealed = false

  var body: some View {
    TimelineView(.explicit([t0.addingTimeInterval(0.5)])) { timeline in
      VStack {
        if revealed { Revealed(log: log) }
      }
      .onChange(of: timeline.date) { revealed = true }
    }
  }

  struct Revealed: View {
    let log: Log
    @State var step = 0

    var body: some View {
      Text("step \(step)").onAppear {
        log.lines.append("appear")
        step = 1
      }
    }
  }
}

/// An `onChange` brings in a child whose `onAppear` sets the parent's state through a binding.
struct ChildSetsParent: View {
  @State var show = false
  @State var loaded = false

  var body: some View {
    TimelineView(.explicit([t0.addingTimeInterval(0.5)])) { timeline in
      VStack {
        Text(loaded ? "loaded" : "waiting")
        if show { Loader(loaded: $loaded) }
      }
      .onChange(of: timeline.date) { show = true }
    }
  }

  struct Loader: View {
    @Binding var loaded: Bool
    var body: some View { Text("loader").onAppear { loaded = true } }
  }
}

/// Three values, each set by an `onChange` of the one before: a chain three passes long.
struct ChangeChain: View {
  @State var a = 0
  @State var b = 0
  @State var c = 0

  var body: some View {
    TimelineView(.explicit([t0.addingTimeInterval(0.5)])) { timeline in
      Text("\(a) \(b) \(c)")
        .onChange(of: timeline.date) { a = 1 }
        .onChange(of: a) { b = a }
        .onChange(of: b) { c = b }
    }
  }
}

/// Two views whose `onAppear` each swap the other in: a loop no `onChange` can see.
struct AppearPingPong: View {
  @State var first = true

  var body: some View {
    if first {
      Text("first").onAppear { first = false }
    } else {
      Text("second").onAppear { first = true }
    }
  }
}

/// The loop guard as SwiftUI has it: an `onChange` action runs at most once per frame.
@Suite struct LoopGuardTests {
  func texts(_ out: FrameOutput) -> [String] { out.items.compactMap(\.text) }

  /// A runtime whose warnings go to `log` instead of standard error.
  func runtime(named name: String = "scene", warningsTo log: Log) -> SceneRuntime {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine(), name: name)
    rt.warn = { log.lines.append($0) }
    return rt
  }

  @Test("an onChange action whose state change re-triggers it runs once in the frame, and the guard warns once")
  func onChangeRunsOncePerFrame() {
    let warnings = Log()
    let rt = runtime(named: "probe", warningsTo: warnings)
    let counter = RunCounter()
    // onAppear turns the flag on; onChange runs and turns it off, which would run it again.
    let first = render(runtime: rt) { SelfFeedingChange(counter: counter) }
    #expect(counter.runs == 1)
    #expect(first.loopGuardTripped)
    #expect(texts(first) == ["off"])
    #expect(rt.loopGuardTrips == 1)
    #expect(warnings.lines.count == 1)
    #expect(
      warnings.lines.first?.hasPrefix("onChange(of: Bool) action tried to update multiple times per frame.") == true)
    #expect(warnings.lines.first?.contains("SelfFeedingChange: _flag") == true)
    #expect(rt.loopGuardSummary == "update loop: SelfFeedingChange._flag set by onChange(of: Bool) once per frame")
    // The skipped change was recorded as the value to compare with: nothing is left to run.
    let next = render(time: 1, runtime: rt) { SelfFeedingChange(counter: counter) }
    #expect(counter.runs == 1)
    #expect(!next.loopGuardTripped)
    #expect(next.evaluations == 0)
  }

  @Test("the articles' trap: one onChange run, at most 2 passes and 3 evaluations per frame, one warning")
  func trapCostsTwoPassesPerFrame() {
    let warnings = Log()
    let rt = runtime(named: "flag-demo", warningsTo: warnings)
    rt.wallClockWithinFrame = true
    let counter = RunCounter()
    let start = Date()
    var runsPerFrame: [Int] = []
    var outputs: [FrameOutput] = []
    for _ in 0..<120 {
      let before = counter.runs
      let now = Date()
      outputs.append(
        rt.frame(
          { FlagExample(counter: counter) },
          input: FrameInput(now: now, time: now.timeIntervalSince(start), size: Size(width: 200, height: 100))))
      runsPerFrame.append(counter.runs - before)
    }
    // From the second frame on, the schedule the first run restarted is due at once, as
    // SwiftUI's would be: every frame runs the action once and skips its second change.
    #expect(runsPerFrame == [0] + Array(repeating: 1, count: 119))
    #expect(outputs.dropFirst().allSatisfy { $0.loopGuardTripped && $0.passes == 2 && $0.evaluations == 3 })
    #expect(outputs.allSatisfy { $0.passes <= 2 && $0.evaluations <= 3 && $0.items.count == 1 })
    #expect(rt.loopGuardTrips == 119)
    #expect(warnings.lines.count == 1)
    #expect(
      warnings.lines.first?.hasPrefix("onChange(of: Date) action tried to update multiple times per frame.") == true)
    #expect(warnings.lines.first?.contains("FlagExample: _flag") == true)
  }

  @Test("onAppear sets state and an onChange reacts once: settled in the view's first pass, no warning")
  func appearThenChangeSettles() {
    let warnings = Log()
    let rt = runtime(warningsTo: warnings)
    let log = Log()
    let out = render(runtime: rt) { AppearThenChange(log: log) }
    #expect(texts(out) == ["count 1"])
    #expect(log.lines == ["changed 0 -> 1"])
    #expect(out.passes == 1)
    #expect(!out.loopGuardTripped)
    #expect(warnings.lines.isEmpty)
  }

  @Test("the initial call of onChange(initial: true) leaves the frame's one run for a change")
  func initialCallIsNotTheFramesRun() {
    let warnings = Log()
    let rt = runtime(warningsTo: warnings)
    let log = Log()
    let out = render(runtime: rt) { InitialThenChange(log: log) }
    #expect(log.lines == ["0 -> 0", "0 -> 1"])
    #expect(texts(out) == ["value 1"])
    #expect(!out.loopGuardTripped)
    #expect(warnings.lines.isEmpty)
  }

  @Test("onChange brings in a view whose onAppear sets state: settled in the frame, in 2 passes, no warning")
  func revealChainSettles() {
    let warnings = Log()
    let rt = runtime(warningsTo: warnings)
    let log = Log()
    #expect(texts(render(time: 0, runtime: rt) { RevealChain(log: log) }).isEmpty)
    let out = render(time: 0.5, runtime: rt) { RevealChain(log: log) }
    #expect(texts(out) == ["step 1"])
    #expect(log.lines == ["appear"])
    #expect(out.passes == 2)
    // The timeline's content, then RevealChain's body and its content again, then Revealed's
    // body before and after its onAppear.
    #expect(out.evaluations == 5)
    #expect(!out.loopGuardTripped)
    #expect(warnings.lines.isEmpty)
  }

  @Test("a child's onAppear sets its parent's state: settled in the frame, in 2 passes, no warning")
  func childOnAppearSetsParent() {
    let warnings = Log()
    let rt = runtime(warningsTo: warnings)
    #expect(texts(render(time: 0, runtime: rt) { ChildSetsParent() }) == ["waiting"])
    let out = render(time: 0.5, runtime: rt) { ChildSetsParent() }
    #expect(texts(out) == ["loaded", "loader"])
    #expect(out.passes == 2)
    #expect(!out.loopGuardTripped)
    #expect(warnings.lines.isEmpty)
  }

  @Test("a chain of onChange actions longer than two passes finishes in the next frame, with no warning")
  func longChainFinishesNextFrame() {
    let warnings = Log()
    let rt = runtime(warningsTo: warnings)
    _ = render(time: 0, runtime: rt) { ChangeChain() }
    let due = render(time: 0.5, runtime: rt) { ChangeChain() }
    // a is set after the first pass and shown in the second, whose action sets b; b's change
    // waits for the next frame, and the pump is asked to come back.
    #expect(texts(due) == ["1 0 0"])
    #expect(due.passes == 2)
    #expect(due.animationsInFlight)
    let next = render(time: 0.5 + 1.0 / 60, runtime: rt) { ChangeChain() }
    #expect(texts(next) == ["1 1 1"])
    #expect(!next.animationsInFlight)
    #expect(rt.loopGuardTrips == 0)
    #expect(warnings.lines.isEmpty)
  }

  @Test("views whose onAppear bring each other back: two passes a frame, a warning on the third frame")
  func appearLoopWarnsAfterThreeFrames() {
    let warnings = Log()
    let rt = runtime(warningsTo: warnings)
    var outputs: [FrameOutput] = []
    for i in 0..<5 {
      outputs.append(render(time: Double(i) / 60, runtime: rt) { AppearPingPong() })
    }
    #expect(outputs.allSatisfy { $0.passes <= 2 && $0.animationsInFlight })
    #expect(outputs.map(\.loopGuardTripped) == [false, false, true, true, true])
    #expect(rt.loopGuardTrips == 3)
    #expect(warnings.lines.count == 1)
    #expect(warnings.lines.first?.contains("action tried to update multiple times per frame.") == true)
  }
}
