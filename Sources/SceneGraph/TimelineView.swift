import Foundation
import Timeline

/// A view that re-evaluates its content at the dates a schedule provides; SwiftUI's TimelineView.
///
/// The content closure receives the context of the latest entry that has come due (its exact
/// date, not the frame's time) and the current cadence. Each timeline keeps its own position
/// in its schedule, keyed by its identity, so nested timelines run independently.
public struct TimelineView<Schedule: TimelineSchedule>: View {
  public let node: Node

  /// Creates a timeline that follows `schedule`.
  public init(_ schedule: Schedule, @NodeBuilder content: @escaping (TimelineContext) -> Node) {
    let typeName = String(describing: Schedule.self)
    node = Node(
      .timeline(
        TimelineSpec(
          scheduleType: typeName,
          makeDriver: { start in TimelineDriver(schedule: schedule, start: start) },
          content: content)))
  }
}

/// What a `TimelineView` node carries until the runtime resolves it.
struct TimelineSpec {
  /// Distinguishes schedule kinds, so swapping one for another starts a fresh driver.
  var scheduleType: String
  var makeDriver: (Date) -> TimelineDriver
  var content: (TimelineContext) -> Node
}

/// A mutable reference to a value kept in the runtime's store; SwiftUI's `Binding`.
public struct Binding<Value> {
  private let get: () -> Value
  private let set: (Value) -> Void

  /// Creates a binding from accessors.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The current value; setting it schedules a re-evaluation.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

/// Gives its content a piece of state that survives across frames: the scene graph's `@State`.
///
/// The value lives in the runtime's store under this node's identity and is dropped when the
/// node disappears. Writing it (typically from `onChange` or `onAppear`) re-evaluates the
/// content in the same frame.
public struct Stateful<Value: Hashable>: View {
  public let node: Node

  /// Creates state starting at `initial`.
  public init(_ initial: Value, @NodeBuilder content: @escaping (Binding<Value>) -> Node) {
    node = Node(
      .state(
        StateSpec(
          initial: initial,
          content: { box in
            content(
              Binding(
                get: { (box.value as? Value) ?? initial },
                set: { box.set($0) }))
          })))
  }
}

/// What a `Stateful` node carries until the runtime resolves it.
struct StateSpec {
  var initial: AnyHashable
  var content: (StateBox) -> Node
}

/// One slot of state in the runtime's store.
final class StateBox {
  var value: AnyHashable
  /// Set when the value changed since the runtime last looked.
  var dirty = false
  weak var owner: SceneRuntime?
  let key: UInt64

  init(value: AnyHashable, key: UInt64, owner: SceneRuntime) {
    self.value = value
    self.key = key
    self.owner = owner
  }

  func set(_ newValue: some Hashable) {
    let v = AnyHashable(newValue)
    if v == value { return }
    value = v
    dirty = true
    owner?.stateDidChange(self)
  }
}
