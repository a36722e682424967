import Dispatch
import Foundation
import Observation
import OpenCombine
import Testing

@testable import SceneGraph

/// Two properties, each read by a different view.
@Observable final class Pair {
  var a = 0
  var b = 0
}

/// Reads only `pair.a`.
struct ReadsA: View {
  let pair: Pair
  let log: Log
  var body: some View {
    let _ = log.lines.append("A")
    Text("a \(pair.a)")
  }
}

/// Reads only `pair.b`.
struct ReadsB: View {
  let pair: Pair
  let log: Log
  var body: some View {
    let _ = log.lines.append("B")
    Text("b \(pair.b)")
  }
}

/// Holds the model without reading it.
struct PairRoot: View {
  let pair: Pair
  let log: Log
  var body: some View {
    let _ = log.lines.append("root")
    VStack {
      ReadsA(pair: pair, log: log)
      ReadsB(pair: pair, log: log)
    }
  }
}

/// Writes through a `@Bindable` binding when it appears.
struct BindableWriter: View {
  @Bindable var pair: Pair
  var body: some View {
    Toggleless(value: $pair.a).onAppear { $pair.a.wrappedValue = 7 }
  }

  struct Toggleless: View {
    @Binding var value: Int
    var body: some View { Text("bound \(value)") }
  }
}

/// A Combine-style model.
final class Store: ObservableObject {
  @Published var count = 0
  let log: Log
  init(log: Log) {
    self.log = log
    log.lines.append("made")
  }
}

/// Watches a store it is given.
struct StoreViewer: View {
  @ObservedObject var store: Store
  var body: some View {
    let _ = store.log.lines.append("viewer")
    Text("count \(store.count)")
  }
}

/// Owns a store, and re-runs its body whenever `tick` changes.
struct StoreOwner: View {
  let log: Log
  let tick: Int
  @StateObject var store: Store

  init(log: Log, tick: Int) {
    self.log = log
    self.tick = tick
    _store = StateObject(wrappedValue: Store(log: log))
  }

  var body: some View {
    let _ = log.lines.append("owner \(tick) \(ObjectIdentifier(store).hashValue)")
    Text("owned \(store.count)")
  }
}

/// Reads a store from the environment.
struct EnvironmentReader: View {
  @EnvironmentObject var store: Store
  var body: some View { Text("env \(store.count)") }
}

/// Reads an `@Observable` model from the environment.
struct ObservableEnvironmentReader: View {
  @Environment(Pair.self) var pair
  @Environment(Pair.self) var maybe: Pair?
  var body: some View { Text("pair \(pair.a) \(maybe == nil ? "none" : "some")") }
}

/// Counts timer ticks.
struct TimerProbe: View {
  let log: Log
  let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
  var body: some View {
    Text("timer").onReceive(timer) { _ in log.lines.append("tick") }
  }
}

/// Receives a subject's values.
struct SubjectProbe: View {
  let subject: PassthroughSubject<Int, Never>
  let log: Log
  var body: some View {
    Text("subject").onReceive(subject) { log.lines.append("got \($0)") }
  }
}

/// Logs its task's start and cancellation.
struct TaskProbe: View {
  let log: Log
  let id: Int
  var body: some View {
    Text("task").task(id: id) {
      log.lines.append("start \(id)")
      do {
        try await Task.sleep(for: .seconds(30))
      } catch {
        log.lines.append("cancelled \(id)")
      }
    }
  }
}

/// Shows `TaskProbe` while `shown`.
struct TaskHost: View {
  let log: Log
  let shown: Bool
  let id: Int
  var body: some View {
    if shown { TaskProbe(log: log, id: id) }
  }
}

/// Sets its state after sleeping in a task.
struct SleepyTask: View {
  @State var value = 0
  var body: some View {
    Text("value \(value)")
      .task {
        try? await Task.sleep(for: .milliseconds(50))
        value = 5
      }
  }
}

/// Counts wake-ups, from any thread.
final class WakeCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var n = 0
  let semaphore = DispatchSemaphore(value: 0)
  var count: Int { lock.withLock { n } }
  func wake() {
    lock.withLock { n += 1 }
    semaphore.signal()
  }
}

@Suite struct StateAndDataTests {
  func texts(_ out: FrameOutput) -> [String] { out.items.compactMap(\.text) }

  func frame<V: View>(_ rt: SceneRuntime, _ time: Double = 0, _ body: () -> V) -> FrameOutput {
    rt.frame(body, input: FrameInput(now: t0.addingTimeInterval(time), time: time, size: Size(width: 300, height: 200)))
  }

  /// Runs frames as a woken loop would until `done` or a second passes.
  func runUntil<V: View>(_ rt: SceneRuntime, _ wakes: WakeCounter, _ body: () -> V, done: () -> Bool) {
    let deadline = Date().addingTimeInterval(10)  // a guard against a hang, not a target
    while !done(), Date() < deadline {
      _ = wakes.semaphore.wait(timeout: .now() + 0.05)
      if rt.hasPendingWork { _ = frame(rt, 0, body) }
    }
  }

  @Test func anObservableChangeReRunsOnlyTheViewsThatReadIt() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let wakes = WakeCounter()
    rt.wakeHandler = { wakes.wake() }
    let pair = Pair()
    let log = Log()
    _ = frame(rt) { PairRoot(pair: pair, log: log) }
    #expect(log.lines == ["root", "A", "B"])
    log.lines.removeAll()
    _ = frame(rt) { PairRoot(pair: pair, log: log) }
    #expect(log.lines.isEmpty)
    pair.a = 1
    #expect(rt.hasPendingWork)
    #expect(wakes.count == 1)
    let out = frame(rt) { PairRoot(pair: pair, log: log) }
    #expect(log.lines == ["A"])
    #expect(texts(out) == ["a 1", "b 0"])
    #expect(!rt.hasPendingWork)
  }

  @Test func anObservableChangeFromAnotherThreadWakesTheLoop() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let wakes = WakeCounter()
    rt.wakeHandler = { wakes.wake() }
    let pair = Pair()
    let log = Log()
    _ = frame(rt) { PairRoot(pair: pair, log: log) }
    log.lines.removeAll()
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) let shared = pair
    Thread.detachNewThread {
      shared.b = 9
      done.signal()
    }
    done.wait()
    #expect(wakes.semaphore.wait(timeout: .now() + 1) == .success)
    let out = frame(rt) { PairRoot(pair: pair, log: log) }
    #expect(log.lines == ["B"])
    #expect(texts(out) == ["a 0", "b 9"])
  }

  @Test func aBindableBindingWritesThrough() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let pair = Pair()
    let out = frame(rt) { BindableWriter(pair: pair) }
    #expect(pair.a == 7)
    #expect(texts(out) == ["bound 7"])
  }

  @Test func aPublishedChangeReRunsAnObservedObjectsView() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    let store = Store(log: log)
    _ = frame(rt) { StoreViewer(store: store) }
    #expect(log.lines == ["made", "viewer"])
    _ = frame(rt) { StoreViewer(store: store) }
    #expect(log.lines == ["made", "viewer"])
    store.count = 3
    #expect(rt.hasPendingWork)
    let out = frame(rt) { StoreViewer(store: store) }
    #expect(log.lines == ["made", "viewer", "viewer"])
    #expect(texts(out) == ["count 3"])
  }

  @Test func aStateObjectIsMadeOnceAndKeptAcrossBodies() throws {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    _ = frame(rt) { StoreOwner(log: log, tick: 0) }
    _ = frame(rt) { StoreOwner(log: log, tick: 1) }
    _ = frame(rt) { StoreOwner(log: log, tick: 2) }
    let owners = log.lines.filter { $0.hasPrefix("owner") }
    #expect(owners.count == 3)
    #expect(log.lines.filter { $0 == "made" }.count == 1)
    #expect(Set(owners.map { $0.split(separator: " ").last! }).count == 1)
    let node = try #require(rt.root)
    let store = try #require(node.objects["_store"]?.object as? Store)
    store.count = 4
    let out = frame(rt) { StoreOwner(log: log, tick: 2) }
    #expect(texts(out) == ["owned 4"])
  }

  @Test func aStateObjectsAutoclosureRunsOnce() {
    struct Owner: View {
      @StateObject var store = Store(log: sharedLog)
      let tick: Int
      var body: some View { Text("owned \(store.count) \(tick)") }
    }
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    sharedLog.lines.removeAll()
    for tick in 0..<4 { _ = frame(rt) { Owner(tick: tick) } }
    #expect(sharedLog.lines == ["made"])
  }

  @Test func anEnvironmentObjectReadsWhatAnAncestorProvided() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let store = Store(log: Log())
    store.count = 2
    var out = frame(rt) { VStack { EnvironmentReader() }.environmentObject(store) }
    #expect(texts(out) == ["env 2"])
    store.count = 5
    out = frame(rt) { VStack { EnvironmentReader() }.environmentObject(store) }
    #expect(texts(out) == ["env 5"])
  }

  @Test func anObservableObjectInTheEnvironmentIsReadByType() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let pair = Pair()
    var out = frame(rt) { VStack { ObservableEnvironmentReader() }.environment(pair) }
    #expect(texts(out) == ["pair 0 some"])
    pair.a = 3
    out = frame(rt) { VStack { ObservableEnvironmentReader() }.environment(pair) }
    #expect(texts(out) == ["pair 3 some"])
  }

  @Test func anAutoconnectedTimerTicksOnTheFramesClock() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let log = Log()
    for t in [0, 0.5, 1.0, 1.5, 2.0, 3.0] { _ = frame(rt, t) { TimerProbe(log: log) } }
    #expect(log.lines == ["tick", "tick", "tick"])
  }

  @Test func onReceiveDeliversASubjectsValuesOnTheRuntimesThread() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let wakes = WakeCounter()
    rt.wakeHandler = { wakes.wake() }
    let subject = PassthroughSubject<Int, Never>()
    let log = Log()
    _ = frame(rt) { SubjectProbe(subject: subject, log: log) }
    let sent = DispatchSemaphore(value: 0)
    nonisolated(unsafe) let shared = subject
    Thread.detachNewThread {
      shared.send(1)
      shared.send(2)
      sent.signal()
    }
    sent.wait()
    #expect(log.lines.isEmpty)
    #expect(rt.hasPendingWork)
    _ = frame(rt) { SubjectProbe(subject: subject, log: log) }
    #expect(log.lines == ["got 1", "got 2"])
    // Gone from the screen, the view is unsubscribed.
    _ = frame(rt) { EmptyView() }
    subject.send(3)
    _ = frame(rt) { EmptyView() }
    #expect(log.lines == ["got 1", "got 2"])
  }

  @Test func aTaskStartsOnceAndIsCancelledWhenItsViewGoes() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let wakes = WakeCounter()
    rt.wakeHandler = { wakes.wake() }
    let log = Log()
    for _ in 0..<3 { _ = frame(rt) { TaskHost(log: log, shown: true, id: 0) } }
    #expect(log.lines == ["start 0"])
    _ = frame(rt) { TaskHost(log: log, shown: false, id: 0) }
    runUntil(rt, wakes, { TaskHost(log: log, shown: false, id: 0) }, done: { log.lines.count == 2 })
    #expect(log.lines == ["start 0", "cancelled 0"])
  }

  @Test func aTaskWithAnIdRestartsWhenTheIdChanges() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let wakes = WakeCounter()
    rt.wakeHandler = { wakes.wake() }
    let log = Log()
    _ = frame(rt) { TaskHost(log: log, shown: true, id: 0) }
    _ = frame(rt) { TaskHost(log: log, shown: true, id: 0) }
    _ = frame(rt) { TaskHost(log: log, shown: true, id: 1) }
    runUntil(rt, wakes, { TaskHost(log: log, shown: true, id: 1) }, done: { log.lines.count == 3 })
    #expect(log.lines == ["start 0", "cancelled 0", "start 1"])
  }

  @Test func aSleepingTaskChangesStateAndTheViewRedraws() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let wakes = WakeCounter()
    rt.wakeHandler = { wakes.wake() }
    var out = frame(rt) { SleepyTask() }
    #expect(texts(out) == ["value 0"])
    // While the task sleeps nothing is pending: the loop would sleep too.
    #expect(!rt.hasPendingWork)
    let deadline = Date().addingTimeInterval(10)  // a guard against a hang, not a target
    while texts(out) != ["value 5"], Date() < deadline {
      _ = wakes.semaphore.wait(timeout: .now() + 0.05)
      if rt.hasPendingWork { out = frame(rt) { SleepyTask() } }
    }
    #expect(texts(out) == ["value 5"])
  }
}

/// The log of `aStateObjectsAutoclosureRunsOnce`'s model, which a default value cannot be given.
let sharedLog = Log()
