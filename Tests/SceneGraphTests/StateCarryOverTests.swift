import Foundation
import Testing

@testable import SceneGraph

/// A reload loads new code as a new image: the same view becomes a new type with the same
/// name. Two namespaces stand for the old and the new image here.
enum OldImage {
  struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }
  struct Counter: View {
    @State var count = 0
    @State var label = "start"
    @State var point = Point(x: 1, y: 2)
    var body: some View { Text("\(count) \(label) \(point.x)") }
  }
}

enum NewImage {
  struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }
  struct Counter: View {
    @State var count = 0
    /// Now an Int: the old String cannot be taken over.
    @State var label = 0
    @State var point = Point(x: 0, y: 0)
    var body: some View { Text("\(count) \(label) \(point.x)") }
  }
  /// A view of another name at the same place: a new identity, nothing carried.
  struct Other: View {
    @State var count = 0
    var body: some View { Text("\(count)") }
  }
}

@Suite struct StateCarryOverTests {
  func frame(_ rt: SceneRuntime, _ view: AnyView, _ t: Double) {
    _ = rt.frame(
      { view }, input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: Size(width: 200, height: 100)))
  }

  func states(_ rt: SceneRuntime) -> [String: SceneRuntime.StateValue] {
    var out: [String: SceneRuntime.StateValue] = [:]
    for r in rt.viewRecords() { for s in r.state { out[s.name] = s.value } }
    return out
  }

  /// The old view's state after its values were set by the "user".
  func oldRuntime() -> SceneRuntime {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    frame(rt, AnyView(OldImage.Counter()), 0)
    let node = rt.root!.children.values.first!
    (node.states[0] as! StateBox<Int>).set(41)
    (node.states[1] as! StateBox<String>).set("moved")
    (node.states[2] as! StateBox<OldImage.Point>).set(OldImage.Point(x: 7, y: 8))
    frame(rt, AnyView(OldImage.Counter()), 1)
    return rt
  }

  @Test("standard-library values carry over to the same view in new code; a changed type starts afresh")
  func carriesMatchingState() {
    let rt = oldRuntime()
    rt.carryStateOver()
    frame(rt, AnyView(NewImage.Counter()), 2)
    let s = states(rt)
    #expect(s["count"] == .int(41))
    #expect(s["label"] == .int(0))
    #expect(s["point"] == .string("Point(x: 7, y: 8)"))
    #expect(rt.carriedStateCounts.offered == 3)
    #expect(rt.carriedStateCounts.taken == 2)
  }

  @Test("without a carry-over, or at another identity, new views start from their initial values")
  func nothingCarriedOtherwise() {
    let rt = oldRuntime()
    frame(rt, AnyView(NewImage.Counter()), 2)
    #expect(states(rt)["count"] == .int(0))
    let other = oldRuntime()
    other.carryStateOver()
    frame(other, AnyView(NewImage.Other()), 2)
    #expect(states(other)["count"] == .int(0))
    // The carry-over ends with the frame that rebuilt the views.
    frame(other, AnyView(NewImage.Counter()), 3)
    #expect(states(other)["count"] == .int(0))
  }
}
