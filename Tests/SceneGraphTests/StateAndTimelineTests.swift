import Foundation
import Testing

@testable import SceneGraph

/// Hands out faces in a fixed order; each call is one body evaluation, so a face that stays
/// the same is a body that did not run.
final class FaceSource: @unchecked Sendable {
  static let faces = ["😀", "😬", "😄", "🙂", "😗", "🤓", "😏", "😕", "😟", "😎", "😜", "😍", "🤪"]
  private var n = 0
  func next() -> String {
    defer { n += 1 }
    return Self.faces[n % Self.faces.count]
  }
}

/// The articles' `ManyFaces`: a face picked in the timeline's closure beside a `SubView`.
struct ManyFaces: View {
  let source: FaceSource
  let subViewTakesDate: Bool

  var body: some View {
    TimelineView(.periodic(from: t0, by: 0.2)) { timeline in
      HStack(spacing: 120) {
        Text(source.next())
        if subViewTakesDate {
          DatedSubView(source: source, date: timeline.date)
        } else {
          SubView(source: source)
        }
      }
    }
  }

  /// No inputs that change: SwiftUI has no reason to run its body again.
  struct SubView: View {
    let source: FaceSource
    var body: some View { Text(source.next()) }
  }

  /// The fix: a `date` input, unused, makes the body run on every update.
  struct DatedSubView: View {
    let source: FaceSource
    let date: Date
    var body: some View { Text(source.next()) }
  }
}

/// Counts onChange calls with their values, in order.
final class Log: @unchecked Sendable {
  var lines: [String] = []
}

/// A timeline whose content passes the date to a view that keeps `@State` and logs onChange.
struct OnChangeProbe: View {
  let log: Log
  var body: some View {
    TimelineView(.periodic(from: t0, by: 1)) { timeline in
      Probe(log: log, date: timeline.date)
    }
  }

  struct Probe: View {
    let log: Log
    let date: Date
    @State var count = 0
    var body: some View {
      Text("n=\(count)")
        .onChange(of: date) { old, new in
          log.lines.append("A \(old.timeIntervalSince(t0)) -> \(new.timeIntervalSince(t0))")
          count += 1
        }
        .onChange(of: count) { log.lines.append("B count") }
        .onChange(of: date) { _ in log.lines.append("C") }
    }
  }
}

/// The articles' update trap: state owned outside the timeline, toggled by its content.
struct FlagExample: View {
  /// Counts the `onChange` action's runs, when given.
  var counter: RunCounter?
  @State private var flag = false

  var body: some View {
    TimelineView(.periodic(from: .now, by: 2.0)) { timeline in
      Text("Hello")
        .foregroundStyle(flag ? Color.red : Color.blue)
        .onChange(of: timeline.date) { (date: Date) in
          counter?.runs += 1
          flag.toggle()
        }
    }
  }
}

/// The articles' fix: the state moves into a view that takes the date.
struct FlagFixed: View {
  var body: some View {
    TimelineView(.periodic(from: .now, by: 2.0)) { timeline in
      FlagSubView(date: timeline.date)
    }
  }

  struct FlagSubView: View {
    @State private var flag = false
    let date: Date

    var body: some View {
      Text("Hello")
        .foregroundStyle(flag ? Color.red : Color.blue)
        .onChange(of: date) { (date: Date) in
          flag.toggle()
        }
    }
  }
}

/// A parent whose state changes every second while a nested timeline runs on its own grid.
struct NestedParent: View {
  let log: Log
  @State var ticks = 0
  var body: some View {
    TimelineView(.periodic(from: t0, by: 1)) { outer in
      VStack {
        Text("outer \(ticks)")
        NestedChild(log: log)
      }
      .onChange(of: outer.date) { ticks += 1 }
    }
  }

  struct NestedChild: View {
    let log: Log
    var body: some View {
      TimelineView(.cyclic(timeOffsets: [0.25])) { inner in
        NestedLeaf(log: log, date: inner.date)
      }
    }
  }

  struct NestedLeaf: View {
    let log: Log
    let date: Date
    var body: some View {
      Text("inner").onChange(of: date) { log.lines.append("\(date.timeIntervalSince(t0))") }
    }
  }
}

/// A counter behind an `if`, with an appear counter.
struct Toggled: View {
  let show: Bool
  let log: Log
  var body: some View {
    if show {
      Counter(log: log)
    } else {
      Text("hidden")
    }
  }

  struct Counter: View {
    let log: Log
    @State var value = 10
    var body: some View {
      Text("\(value)")
        .onAppear {
          log.lines.append("appear")
          value += 1
        }
        .onDisappear { log.lines.append("disappear") }
    }
  }
}

/// A parent that hands a binding to a child which writes it.
struct BindingParent: View {
  @State var value = 0
  var body: some View {
    VStack {
      Text("parent \(value)")
      BindingChild(value: $value)
    }
  }

  struct BindingChild: View {
    @Binding var value: Int
    var body: some View {
      Text("child \(value)").onAppear { value = 5 }
    }
  }
}

/// Counts every text layout request.
final class CountingTextEngine: TextEngine {
  var calls = 0
  func layout(_ text: String, font: Font, pixelSize: Double) -> GlyphRun {
    calls += 1
    return FixedAdvanceTextEngine().layout(text, font: font, pixelSize: pixelSize)
  }
}

/// Two labels and a square that slides with an implicit animation when `x` changes.
struct Slider: View, Equatable {
  let x: Double
  var body: some View {
    VStack {
      Text("still")
      HStack {
        Text("label")
        Rectangle().frame(width: 10, height: 10).offset(x: x).animation(.linear(duration: 1), value: x)
      }
    }
  }
}

/// Holds one state value and shows it.
struct StateHolder: View {
  @State var n = 0
  var body: some View { Text("\(n)") }
}

/// Reads the font from its environment.
struct FontReader: View {
  @Environment(\.font) var font
  let log: Log
  var body: some View {
    let _ = log.lines.append("reader \(Int(font.size))")
    Text("size \(Int(font.size))")
  }
}

/// Shows text in whatever font it is given, without reading the environment itself.
struct FontIgnorer: View {
  let log: Log
  var body: some View {
    let _ = log.lines.append("ignorer")
    Text("abc")
  }
}

@Suite struct StateAndTimelineTests {
  func texts(_ out: FrameOutput) -> [String] { out.items.compactMap(\.text) }

  @Test func subViewWithoutInputsKeepsItsFaceAndDatedOneChanges() {
    for takesDate in [false, true] {
      let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
      let source = FaceSource()
      var left: [String] = []
      var right: [String] = []
      for tick in 0...10 {
        let out = render(time: Double(tick) * 0.2, runtime: rt) {
          ManyFaces(source: source, subViewTakesDate: takesDate)
        }
        left.append(texts(out)[0])
        right.append(texts(out)[1])
      }
      // The closure's face changes on every tick either way.
      #expect(zip(left, left.dropFirst()).allSatisfy { $0 != $1 })
      if takesDate {
        #expect(zip(right, right.dropFirst()).allSatisfy { $0 != $1 })
      } else {
        #expect(Set(right).count == 1)
      }
    }
  }

  @Test func timelineContentSeesEntryDatesOncePerEntry() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    for t in [0.0, 0.5, 1.2, 1.3, 3.7] { _ = render(time: t, runtime: rt) { OnChangeProbe(log: log) } }
    #expect(log.lines.filter { $0.hasPrefix("A") } == ["A 0.0 -> 1.0", "A 1.0 -> 3.0"])
  }

  @Test func onChangeGivesOldAndNewValuesInOrderAndStateAppliesInTheSameFrame() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    #expect(texts(render(time: 0, runtime: rt) { OnChangeProbe(log: log) }) == ["n=0"])
    #expect(log.lines.isEmpty)
    let out = render(time: 1, runtime: rt) { OnChangeProbe(log: log) }
    // Both date observers fire after the pass, outermost modifier first (tree order); the state
    // they set shows in this frame, after one more pass in which the count observer fires.
    #expect(log.lines == ["C", "A 0.0 -> 1.0", "B count"])
    #expect(texts(out) == ["n=1"])
    #expect(out.passes == 2)
  }

  @Test func onAppearFiresOnceAndStateResetsWhenTheBranchFlips() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    #expect(texts(render(runtime: rt) { Toggled(show: true, log: log) }) == ["11"])
    #expect(texts(render(runtime: rt) { Toggled(show: true, log: log) }) == ["11"])
    #expect(log.lines == ["appear"])
    #expect(texts(render(runtime: rt) { Toggled(show: false, log: log) }) == ["hidden"])
    #expect(log.lines == ["appear", "disappear"])
    // Back again: a new identity, so the state starts from 10 and onAppear runs once more.
    #expect(texts(render(runtime: rt) { Toggled(show: true, log: log) }) == ["11"])
    #expect(log.lines == ["appear", "disappear", "appear"])
  }

  @Test func nodesAreFreedWhenTheyLeaveAndWithTheirRuntime() {
    var before: [WeakNode] = []
    do {
      let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
      let log = Log()
      _ = render(runtime: rt) { Toggled(show: true, log: log) }
      before = allNodes(rt.root).map(WeakNode.init)
      _ = render(runtime: rt) { Toggled(show: false, log: log) }
      // The branch's nodes went; every node still alive is still in the tree.
      let current = Set(allNodes(rt.root).map { ObjectIdentifier($0) })
      let alive = before.compactMap(\.node)
      #expect(alive.count < before.count)
      #expect(alive.allSatisfy { current.contains(ObjectIdentifier($0)) })
    }
    // Children hold their parents: the runtime frees its tree when it goes.
    #expect(before.allSatisfy { $0.node == nil })
  }

  @Test func explicitIdResetsState() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    #expect(texts(render(runtime: rt) { Toggled.Counter(log: log).id(1) }) == ["11"])
    #expect(texts(render(runtime: rt) { Toggled.Counter(log: log).id(1) }) == ["11"])
    #expect(texts(render(runtime: rt) { Toggled.Counter(log: log).id(2) }) == ["11"])
    #expect(log.lines == ["appear", "disappear", "appear"])
  }

  @Test func aBindingWritesTheOwnersState() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = render(runtime: rt) { BindingParent() }
    #expect(texts(out) == ["parent 5", "child 5"])
  }

  @Test func aParentsStateChangeNeverChangesANestedTimelinesDate() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    var t = 0.0
    while t <= 2.01 {
      _ = render(time: t, runtime: rt) { NestedParent(log: log) }
      t += 0.05
    }
    // The inner timeline reports its own grid, each entry once, although the outer timeline's
    // state changed at 1 s and 2 s.
    let expected = (1...8).map { "\(Double($0) * 0.25)" }
    #expect(log.lines == expected)
    #expect(rt.activeDrivers.count == 2)
  }

  @Test func equalViewsAreNotReevaluated() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    let first = render(time: 0, runtime: rt) { NestedParent(log: log) }
    #expect(first.evaluations > 0)
    // Nothing is due and nothing changed: no body runs.
    let idle = render(time: 0.1, runtime: rt) { NestedParent(log: log) }
    #expect(idle.evaluations == 0)
    #expect(texts(idle) == texts(first))
  }

  /// A card of builder content; counts its bodies.
  struct Card<Content: View>: View {
    let log: Log
    let content: Content
    init(log: Log, @ViewBuilder content: () -> Content) {
      self.log = log
      self.content = content()
    }
    var body: some View {
      let _ = log.lines.append("card")
      VStack { content }
    }
  }

  @Test("a view holding an equal block of views does not run its body again when its parent's runs")
  func equalBuilderContentIsNotReevaluated() {
    struct Parent: View {
      let log: Log
      @State var tick = 0
      var body: some View {
        VStack {
          Text("\(tick)")
          Card(log: log) {
            Text("a")
            Text("b")
          }
        }
        .onKeyPress("a") {
          tick += 1
          return .handled
        }
      }
    }
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    _ = render(time: 0, runtime: rt) { Parent(log: log) }
    #expect(rt.keyPress("a"))
    let next = render(time: 0.1, runtime: rt) { Parent(log: log) }
    #expect(texts(next).first == "1")
    #expect(log.lines == ["card"])
  }

  /// Sets its two states to the values they hold, on appear and in every timeline entry.
  struct SetsEqualValues: View {
    let log: Log
    @State private var count = 3
    @State private var token: Any = "same"
    var body: some View {
      let _ = log.lines.append("body \(count)")
      TimelineView(.periodic(from: t0, by: 0.5)) { context in
        Text("\(count)")
          .onChange(of: context.date) {
            count = 3
            token = "same"
          }
      }
      .onAppear {
        count = 3
        token = "same"
      }
    }
  }

  @Test("setting @State to the value it holds, Equatable or inside an existential, runs no body")
  func equalStateSetsRunNoBody() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    _ = render(time: 0, runtime: rt) { SetsEqualValues(log: log) }
    let later = render(time: 1.2, runtime: rt) { SetsEqualValues(log: log) }
    #expect(log.lines == ["body 3"])
    // The timeline's content ran for its entry; the body that owns the states did not.
    #expect(later.evaluations == 1)
  }

  @Test func loopGuardTripsOnTheSeedsFlagToggleAndKeepsDrawing() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine(), name: "flag-demo")
    rt.wallClockWithinFrame = true
    var warnings: [String] = []
    rt.warn = { warnings.append($0) }
    let now = Date()
    func at(_ s: Double) -> FrameOutput {
      rt.frame(
        { FlagExample() },
        input: FrameInput(now: now.addingTimeInterval(s), time: s, size: Size(width: 200, height: 100)))
    }
    _ = at(0)
    let out = at(2.5)
    #expect(out.loopGuardTripped)
    // The action ran once and its second change in the frame was skipped: two passes, in which
    // the timeline's content ran twice and FlagExample's body once.
    #expect(out.passes == 2)
    #expect(out.evaluations == 3)
    #expect(out.items.count == 1)
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("onChange(of: Date) action tried to update multiple times per frame.") == true)
    #expect(warnings.first?.contains("FlagExample: _flag") == true)
    #expect(rt.loopGuardTrips == 1)
    // It keeps running, drawing every frame, and warns only once.
    let later = at(4.5)
    #expect(later.items.count == 1)
    #expect(warnings.count == 1)
  }

  @Test func loopGuardQuietForTheSeedsFix() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.wallClockWithinFrame = true
    var warnings: [String] = []
    rt.warn = { warnings.append($0) }
    let now = Date()
    var colors: [Color?] = []
    for s in [0.0, 2.5, 4.5] {
      let out = rt.frame(
        { FlagFixed() }, input: FrameInput(now: now.addingTimeInterval(s), time: s, size: Size(width: 200, height: 100))
      )
      #expect(out.passes <= 2)
      #expect(!out.loopGuardTripped)
      colors.append(out.items[0].color)
    }
    #expect(warnings.isEmpty)
    #expect(colors == [.blue, .red, .blue])
  }

  @Test func printChangesNamesTheViewAndWhy() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var lines: [String] = []
    rt.printChanges = { lines.append($0) }
    let log = Log()
    _ = render(time: 0, runtime: rt) { OnChangeProbe(log: log) }
    _ = render(time: 1, runtime: rt) { OnChangeProbe(log: log) }
    #expect(
      lines == [
        "OnChangeProbe: @self, @identity changed.",
        "Probe: @self, @identity, _count changed.",
        "Probe: @self changed.",
        "Probe: _count changed.",
      ])
  }

  @Test func implicitAnimationMovesFromCurrentValue() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func body(_ x: Double) -> some View {
      Rectangle().frame(width: 10, height: 10).offset(x: x).animation(.linear(duration: 1), value: x)
    }
    let start = render(time: 0, runtime: rt) { body(0) }.items[0].bounds.minX
    let a = render(time: 0, runtime: rt) { body(100) }
    #expect(a.items[0].bounds.minX == start)
    #expect(a.animationsInFlight)
    let mid = render(time: 0.5, runtime: rt) { body(100) }
    #expect(abs(mid.items[0].bounds.minX - (start + 50)) < 1e-6)
    // Retarget mid-flight: no jump at the moment of the change.
    let re = render(time: 0.5, runtime: rt) { body(0) }
    #expect(abs(re.items[0].bounds.minX - (start + 50)) < 1e-6)
    let done = render(time: 3, runtime: rt) { body(0) }
    #expect(done.items[0].bounds.minX == start)
    #expect(!done.animationsInFlight)
  }

  @Test("a modifier hands its children last update's environment while its values stay, a new one when they change")
  func derivedEnvironmentKeepsItsBoxWhileItsValuesStay() throws {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func textEnvironment(_ size: Double, _ color: Color) throws -> EnvironmentValues {
      _ = render(runtime: rt) { VStack { Text("a") }.font(.system(size: size)).foregroundStyle(color) }
      return try #require(allNodes(rt.root).first { $0.typeName == "Text" }?.env)
    }
    let first = try textEnvironment(10, .red)
    // The same values: the very same box, so the text's node compares it by pointer.
    #expect(try textEnvironment(10, .red).storage === first.storage)
    let bigger = try textEnvironment(20, .red)
    #expect(bigger.storage !== first.storage)
    #expect(bigger.font.size == 20)
    #expect(bigger.stackAxis == .vertical)
    let blue = try textEnvironment(20, .blue)
    #expect(blue.foreground == .color(.blue))
    #expect(blue.font.size == 20)
    // A value set above is not written into the box it came from.
    #expect(first.font.size == 10 && first.foreground == .color(.red))
  }

  @Test("a state set after its runtime is gone keeps the value and asks no runtime for an update")
  func stateOutlivesItsRuntime() throws {
    var box: AnyStateBox?
    weak var gone: SceneRuntime?
    do {
      let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
      _ = render(runtime: rt) { StateHolder() }
      box = allNodes(rt.root).flatMap(\.states).first
      #expect(box?.runtime === rt)
      gone = rt
    }
    #expect(gone == nil)
    let state = try #require(box as? StateBox<Int>)
    #expect(state.runtime == nil)
    state.set(5)
    #expect(state.value == 5)
  }

  @Test("child keys are equal by position and id, with ids compared by value, and a table finds them by either")
  func childKeysCompareByPositionAndId() {
    #expect(ChildKey(3) == ChildKey(3))
    #expect(ChildKey(3) != ChildKey(4))
    #expect(ChildKey(0, id: "a") == ChildKey(0, id: AnyHashable("a")))
    #expect(ChildKey(0, id: "a") != ChildKey(0, id: "b"))
    #expect(ChildKey(0, id: "a") != ChildKey(0))
    #expect(ChildKey(0, id: 7).id == AnyHashable(7) && ChildKey(0).id == nil)
    #expect(Set([ChildKey(0, id: "a"), ChildKey(0, id: "a"), ChildKey(0), ChildKey(1)]).count == 3)
    var table = ChildTable()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let nodes = (0..<20).map { rt.makeNode(EmptyView.self, parent: nil, key: ChildKey(0, id: "n\($0)")) }
    for (i, n) in nodes.enumerated() { table.set(n, for: n.key, hint: i) }
    // Found at its own slot, with a wrong hint, and past the linear search's limit.
    #expect(table.node(for: ChildKey(0, id: "n5"), hint: 5) === nodes[5])
    #expect(table.node(for: ChildKey(0, id: "n17"), hint: 0) === nodes[17])
    #expect(table.node(for: ChildKey(0, id: "n20"), hint: 3) == nil)
  }

  @Test("a spacer's length, a layout priority and a z-index are read when the resolved node is made")
  func stackTraitsAreKeptByTheResolvedNode() {
    let spacer = RNode(spacer: 12)
    #expect(spacer.spacerLength == 12 && spacer.isEmptyOrSpacer)
    #expect(RNode(.spacer(3)).spacerLength == 3)
    let leaf = RNode(.empty)
    #expect(leaf.spacerLength == nil && leaf.isEmptyOrSpacer)
    let prioritized = RNode(LayoutPriorityModifier(priority: 2), RNode(ZIndexModifier(index: 5), leaf))
    #expect(prioritized.layoutPriority == 2 && prioritized.zIndex == 0)
    #expect(RNode(ZIndexModifier(index: 5), leaf).zIndex == 5)
    #expect(!prioritized.isEmptyOrSpacer && prioritized.spacerLength == nil)
    // Shapes take what they are offered; only stacks and modifiers have children to place.
    let shape = RNode(.shape(AnyShape(Rectangle()), fill: nil, stroke: nil, foreground: .color(.black)))
    #expect(shape.takesProposal && !shape.hasChildren)
    #expect(prioritized.hasChildren && !prioritized.takesProposal)
    #expect(RNode(.stack(.vertical, .center, 0, [shape])).hasChildren && !spacer.hasChildren)
    let layout = Layout(textEngine: FixedAdvanceTextEngine())
    #expect(layout.size(shape, ProposedSize(width: 30, height: nil)) == Size(width: 30, height: 10))
    #expect(layout.rigidSize(shape) == nil && shape.memo.isEmpty)
  }

  @Test func aViewThatReadsItsEnvironmentRunsAgainWhenItChanges() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    func frame(_ size: Double) -> FrameOutput {
      render(runtime: rt) {
        VStack {
          FontReader(log: log)
          FontIgnorer(log: log)
        }
        .font(.system(size: size))
      }
    }
    _ = frame(10)
    _ = frame(10)
    #expect(log.lines == ["reader 10", "ignorer"])
    let out = frame(20)
    // The reader's body ran again; the other's did not, yet its text takes the new font.
    #expect(log.lines == ["reader 10", "ignorer", "reader 20"])
    #expect(texts(out) == ["size 20", "abc"])
    #expect(out.items[1].bounds.height == 24)
  }

  @Test func anAnimationFrameReusesTheUnchangedSubtreesLayout() {
    let engine = CountingTextEngine()
    let rt = SceneRuntime(textEngine: engine)
    _ = render(time: 0, runtime: rt) { Slider(x: 0) }
    _ = render(time: 0, runtime: rt) { Slider(x: 100) }
    engine.calls = 0
    let mid = render(time: 0.5, runtime: rt) { Slider(x: 100) }
    #expect(mid.animationsInFlight)
    #expect(mid.evaluations == 0)
    // Only lowering asks for the two labels' glyphs; their sizes are remembered.
    #expect(engine.calls == 2)
  }

  @Test func changeWithoutAnimationJumps() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let a = render(runtime: rt) { Rectangle().frame(width: 10, height: 10).offset(x: 0) }.items[0].bounds.minX
    let b = render(runtime: rt) { Rectangle().frame(width: 10, height: 10).offset(x: 40) }
    #expect(b.items[0].bounds.minX == a + 40)
    #expect(!b.animationsInFlight)
  }

  @Test func undrawnFramesAdvanceStateButTessellateNothing() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    _ = render(time: 0, runtime: rt) { OnChangeProbe(log: log) }
    for t in [1.0, 2.0] {
      var input = FrameInput(now: t0.addingTimeInterval(t), time: t, size: Size(width: 200, height: 100))
      input.draws = false
      let out = rt.frame({ OnChangeProbe(log: log) }, input: input)
      #expect(out.drawList.vertices.isEmpty && out.items.isEmpty)
    }
    #expect(texts(render(time: 2.5, runtime: rt) { OnChangeProbe(log: log) }) == ["n=2"])
  }

  @Test func fieldwiseComparisonCountsClosuresAsChanged() {
    struct Plain { var a = 1, b = "x" }
    struct WithClosure { var f: () -> Void = {} }
    #expect(valuesEqual(Plain(), Plain()))
    #expect(!valuesEqual(Plain(), Plain(a: 2)))
    #expect(!valuesEqual(WithClosure(), WithClosure()))
    #expect(!valuesEqual(1, "1"))
    // Arrays of values that are not Equatable compare element by element.
    #expect(valuesEqual([Plain(), Plain(a: 3)], [Plain(), Plain(a: 3)]))
    #expect(!valuesEqual([Plain(), Plain(a: 3)], [Plain(), Plain(a: 4)]))
    #expect(!valuesEqual([Plain()], [Plain(), Plain()]))
    // So do optionals of them, and arrays of existentials, by each element's dynamic type.
    func optional<T>(_ value: T?) -> Any { value as Any }
    #expect(valuesEqual(optional(Plain()), optional(Plain())))
    #expect(valuesEqual(optional(Plain?.none), optional(Plain?.none)))
    #expect(!valuesEqual(optional(Plain()), optional(Plain?.none)))
    #expect(!valuesEqual(optional(Plain()), optional(Plain(b: "y"))))
    let mixed: [Any] = [Plain(), 3, "s"]
    #expect(valuesEqual(mixed, [Plain(), 3, "s"] as [Any]))
    #expect(!valuesEqual(mixed, [Plain(), 3, 4] as [Any]))
    #expect(valuesEqual(optional([Plain(a: 5)]), optional([Plain(a: 5)])))
    #expect(!valuesEqual([WithClosure()], [WithClosure()]))
    #expect(!valuesEqual(optional(WithClosure()), optional(WithClosure())))
    // A tree of itself compares without building its own comparison forever.
    struct Tree { var label = "a", children: [Tree] = [] }
    let tree = Tree(children: [Tree(label: "b"), Tree(label: "c", children: [Tree()])])
    #expect(valuesEqual(tree, tree))
    var pruned = tree
    pruned.children[1].children = []
    #expect(!valuesEqual(tree, pruned))
  }

  @Test func dynamicPropertiesAreFoundInDeclarationOrder() {
    let fields = DynamicField.all(in: Dynamic.self)
    #expect(fields.map(\.name) == ["_a", "_font", "_b"])
    let kinds = fields.map { f -> String in
      switch f.kind {
      case .state: "state"
      case .environment: "environment"
      case .object: "object"
      }
    }
    #expect(kinds == ["state", "environment", "state"])
    #expect(DynamicField.all(in: Plainly.self).isEmpty)
    // Each is read where it lies: the second state's initial value comes back.
    var view = Dynamic()
    view.plain = 7
    let b = withUnsafePointer(to: view) { p -> Any in
      guard case .state(let load) = fields[2].kind else { return 0 }
      return load(UnsafeRawPointer(p) + fields[2].offset)
    }
    #expect((b as? State<String>)?.wrappedValue == "x")
  }

  @Test func fieldTablesCompareAsReflectionDid() {
    let box = Ref()
    let other = Ref()
    let outer = Outer(box: box)
    #expect(valuesEqual(outer, Outer(box: box)))
    // Equatable fields by ==, so the two zeros are the same input.
    #expect(valuesEqual(outer, Outer(inner: Inner(d: -0.0), box: box)))
    #expect(!valuesEqual(outer, Outer(inner: Inner(flag: true), box: box)))
    // Inside an existential, a struct that is not Equatable is compared field by field.
    #expect(!valuesEqual(outer, Outer(shown: Dot(r: 2), box: box)))
    #expect(!valuesEqual(outer, Outer(shown: Label(), box: box)))
    // Instances by identity; enums and optionals by their payloads.
    #expect(!valuesEqual(outer, Outer(box: other)))
    #expect(!valuesEqual(Outer(box: box, mode: .b(1)), Outer(box: box, mode: .b(2))))
    #expect(valuesEqual(Outer(box: box, mode: .b(1)), Outer(box: box, mode: .b(1))))
    #expect(!valuesEqual(outer, Outer(box: box, mode: .c)))
    #expect(!valuesEqual(outer, Outer(box: box, tag: 3)))
    // An array field is compared by its elements, not by its buffer.
    #expect(valuesEqual(Outer(box: box, list: [Inner()]), Outer(box: box, list: [Inner()])))
    #expect(!valuesEqual(Outer(box: box, list: [Inner()]), Outer(box: box, list: [Inner(d: 1)])))
    // A weak reference is not a strong one in memory: such a struct takes the general path.
    #expect(valuesEqual(Weakly(box: box), Weakly(box: box)))
    #expect(!valuesEqual(Weakly(box: box), Weakly(box: other)))
    #expect(!valuesEqual(Weakly(box: box), Weakly(box: box, n: 2)))
    // The table is what is used for plain structs; the others keep reflection.
    let comparators = Comparators()
    #expect(Comparators.fieldTable(Outer.self, comparators)?.count == 6)
    #expect(Comparators.fieldTable(Inner.self, comparators)?.map(\.offset) == [0, 8])
    #expect(Comparators.fieldTable(Weakly.self, comparators) == nil)
    #expect(Comparators.fieldTable([Inner].self, comparators) == nil)
    #expect(Comparators.fieldTable(Mode.self, comparators) == nil)
    #expect(Comparators.fieldTable(Ref.self, comparators) == nil)
    // Asked again, each answer comes from the table kept for the type.
    for _ in 0..<3 {
      #expect(comparators.equal(outer, Outer(box: box)))
      #expect(!comparators.equal(outer, Outer(box: box, tag: 1)))
    }
  }
}

private final class Ref {}
private protocol Shown {}
private struct Dot: Shown { var r = 1.0 }
private struct Label: Shown { var text = "a" }
private struct Inner {
  var d = 0.0
  var flag = false
}
private enum Mode {
  case a, c
  case b(Int)
}
private struct Outer {
  var inner = Inner()
  var shown: any Shown = Dot()
  var box: Ref
  var mode = Mode.a
  var tag: Int? = nil
  var list: [Inner] = []
}
private struct Weakly {
  weak var box: Ref?
  var n = 1
}

private struct Dynamic: View {
  @State var a = 1
  var plain = 2
  @Environment(\.font) var font
  @State var b = "x"
  var body: some View { EmptyView() }
}

private struct Plainly: View {
  var n = 1
  var body: some View { EmptyView() }
}

private final class WeakNode {
  weak var node: ViewNode?
  init(_ node: ViewNode) { self.node = node }
}

private func allNodes(_ node: ViewNode?) -> [ViewNode] {
  guard let node else { return [] }
  return [node] + node.children.values.flatMap { allNodes($0) }
}
