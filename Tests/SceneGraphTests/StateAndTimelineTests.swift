import Foundation
import Testing

@testable import SceneGraph

@Suite struct StateAndTimelineTests {
  /// A once-a-second timeline whose text counts the entries it has seen, in `Stateful` state.
  static func entryCounter() -> Node {
    TimelineView(.periodic(from: t0, by: 1)) { ctx in
      Stateful(0) { count in
        Text("n=\(count.wrappedValue)")
          .onChange(of: ctx.date) { count.wrappedValue += 1 }
      }.node
    }.node
  }

  @Test func timelineContentSeesEntryDates() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var seen: [Date] = []
    let body = {
      TimelineView(.periodic(from: t0, by: 1)) { ctx in
        seen.append(ctx.date)
        return Rectangle().node
      }.node
    }
    for t in [0.0, 0.5, 1.2, 1.3, 3.7] { _ = render(time: t, runtime: rt, body) }
    #expect(seen == [t0, t0, t0.addingTimeInterval(1), t0.addingTimeInterval(1), t0.addingTimeInterval(3)])
  }

  @Test func statefulValueSurvivesFramesAndOnChangeAdvancesIt() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let body = Self.entryCounter
    var texts: [String] = []
    for t in [0.0, 0.5, 1.0, 2.0, 2.5] { texts.append(render(time: t, runtime: rt, body).items[0].text!) }
    #expect(texts == ["n=0", "n=0", "n=1", "n=2", "n=2"])
  }

  @Test func undrawnFramesAdvanceStateButTessellateNothing() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let body = Self.entryCounter
    _ = render(time: 0, runtime: rt, body)
    // Minimized: two entries pass undrawn, yet the count keeps up with them.
    for t in [1.0, 2.0] {
      var input = FrameInput(now: t0.addingTimeInterval(t), time: t, size: Size(width: 200, height: 100))
      input.draws = false
      let out = rt.frame(body, input: input)
      #expect(out.drawList.vertices.isEmpty && out.items.isEmpty)
    }
    #expect(render(time: 2.5, runtime: rt, body).items[0].text == "n=2")
  }

  @Test func onAppearRunsOnceAndStateIsDroppedWhenNodeDisappears() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var show = true
    var appeared = 0
    let body = {
      Group {
        if show {
          Stateful(10) { v in
            Text("\(v.wrappedValue)").onAppear {
              appeared += 1
              v.wrappedValue += 1
            }
          }.node
        }
      }.node
    }
    #expect(render(runtime: rt, body).items[0].text == "11")
    #expect(render(runtime: rt, body).items[0].text == "11")
    #expect(appeared == 1)
    show = false
    #expect(render(runtime: rt, body).items.isEmpty)
    show = true
    #expect(render(runtime: rt, body).items[0].text == "11")
    #expect(appeared == 2)
  }

  @Test func implicitAnimationMovesFromCurrentValue() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var x = 0.0
    let body = {
      Rectangle().frame(width: 10, height: 10).offset(x: x).animation(.linear(duration: 1), value: x)
    }
    let start = render(time: 0, runtime: rt, body).items[0].bounds.minX
    x = 100
    let a = render(time: 0, runtime: rt, body)
    #expect(a.items[0].bounds.minX == start)
    #expect(a.animationsInFlight)
    let mid = render(time: 0.5, runtime: rt, body)
    #expect(abs(mid.items[0].bounds.minX - (start + 50)) < 1e-6)
    // Retarget mid-flight: no jump at the moment of the change.
    x = 0
    let re = render(time: 0.5, runtime: rt, body)
    #expect(abs(re.items[0].bounds.minX - (start + 50)) < 1e-6)
    let done = render(time: 3, runtime: rt, body)
    #expect(done.items[0].bounds.minX == start)
    #expect(!done.animationsInFlight)
  }

  @Test func changeWithoutAnimationJumps() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var x = 0.0
    let body = { Rectangle().frame(width: 10, height: 10).offset(x: x) }
    let a = render(runtime: rt, body).items[0].bounds.minX
    x = 40
    let b = render(runtime: rt, body)
    #expect(b.items[0].bounds.minX == a + 40)
    #expect(!b.animationsInFlight)
  }

  @Test func loopGuardTripsOnTheSeedsFlagToggle() {
    // The seeds' "Action Tried to Update Multiple Times Per Frame": state owned outside the
    // timeline, toggled by the timeline content's onChange.
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine(), name: "flag-demo")
    var warnings: [String] = []
    rt.warn = { warnings.append($0) }
    let body = {
      Stateful(false) { flag in
        TimelineView(.periodic(from: t0, by: 2)) { timeline in
          Text("Hello")
            .foregroundStyle(flag.wrappedValue ? Color.red : Color.blue)
            .onChange(of: timeline.date) { flag.wrappedValue.toggle() }
        }.node
      }.node
    }
    _ = render(time: 0, runtime: rt, body)
    let out = render(time: 2, runtime: rt, body)
    #expect(out.passes == rt.maxPasses)
    #expect(warnings.count == 1)
    #expect(warnings[0].contains("flag-demo"))
    #expect(warnings[0].contains("Multiple Times Per Frame"))
    // It keeps running and warns only once.
    _ = render(time: 4, runtime: rt, body)
    #expect(warnings.count == 1)
  }

  @Test func loopGuardQuietForTheEncapsulatedFix() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var warnings: [String] = []
    rt.warn = { warnings.append($0) }
    let body = {
      TimelineView(.periodic(from: t0, by: 2)) { timeline in
        Stateful(false) { flag in
          Text("Hello")
            .foregroundStyle(flag.wrappedValue ? Color.red : Color.blue)
            .onChange(of: timeline.date) { flag.wrappedValue.toggle() }
        }.node
      }.node
    }
    var colors: [Color?] = []
    for t in [0.0, 2.0, 4.0] {
      let out = render(time: t, runtime: rt, body)
      #expect(out.passes <= 2)
      colors.append(out.items[0].color)
    }
    #expect(warnings.isEmpty)
    #expect(colors == [.blue, .red, .blue])
  }

  @Test func nestedTimelinesKeepTheirOwnSchedules() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var innerDates: [Date] = []
    var outerDates: [Date] = []
    let body = {
      TimelineView(.periodic(from: t0, by: 1)) { outer in
        outerDates.append(outer.date)
        return TimelineView(.cyclic(timeOffsets: [0.25])) { inner in
          innerDates.append(inner.date)
          return Rectangle().node
        }.node
      }.node
    }
    for t in [0.0, 0.25, 0.5, 1.0] { _ = render(time: t, runtime: rt, body) }
    #expect(outerDates.last == t0.addingTimeInterval(1))
    #expect(innerDates == [t0, t0.addingTimeInterval(0.25), t0.addingTimeInterval(0.5), t0.addingTimeInterval(1)])
    #expect(rt.activeDrivers.count == 2)
  }
}
