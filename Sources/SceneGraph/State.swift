import FoundationEssentials
@_spi(Reflection) import Swift

/// A stored property the runtime connects to the view's graph node before its body runs;
/// SwiftUI's `DynamicProperty`.
public protocol DynamicProperty {}

/// One `@State` value in a node's storage: it outlives the view structs that refer to it.
class AnyStateBox {
  /// The property's name as declared, underscore included (`_idx`), as `_printChanges` says it.
  let name: String
  weak var node: ViewNode?
  /// The runtime, through its handle (not `weak`: see `RuntimeReference`).
  private let reference: RuntimeReference
  var runtime: SceneRuntime? { reference.runtime }
  /// Set when the value changed since the owner's body last ran.
  var changedSinceEvaluation = false

  init(name: String, node: ViewNode, runtime: SceneRuntime) {
    self.name = name
    self.node = node
    reference = runtime.reference
  }

  var anyValue: Any { () }
}

final class StateBox<Value>: AnyStateBox {
  var value: Value
  /// Whether `Value` is `Equatable`, asked once: the runtime's answer costs thousands of
  /// instructions, and a scene may set its state every frame. (An existential `Value` is not,
  /// though what it holds may be; that is asked of each value.)
  private let equatable: Bool

  init(_ value: Value, name: String, node: ViewNode, runtime: SceneRuntime) {
    self.value = value
    equatable = Value.self is any Equatable.Type
    super.init(name: name, node: node, runtime: runtime)
  }

  override var anyValue: Any { value }

  func set(_ newValue: Value) {
    // The runtime's comparators keep each type's comparison; a new set would work it out again.
    if equatable {
      if runtime.map({ $0.comparators.equal(value, newValue) }) ?? valuesEqual(value, newValue) { return }
    } else if let old = value as? any Equatable, valuesEqual(old, newValue) {
      return
    }
    value = newValue
    changedSinceEvaluation = true
    runtime?.stateDidChange(self)
  }
}

/// Where a `State` struct finds its box; a reference, so binding it does not mutate the view.
final class StateLocation<Value> {
  var box: StateBox<Value>?
}

/// Something `@State`-like that the runtime binds to a node's storage.
protocol BindableState {
  func bind(to node: ViewNode, index: Int, name: String, runtime: SceneRuntime)
}

/// A value owned by a view and kept by the runtime across updates; SwiftUI's `@State`.
///
/// The storage belongs to the view's identity, not to the struct: a parent may rebuild the
/// struct every update and the value stays. It is dropped when the identity disappears and
/// starts again from its initial value when the view reappears (for example when an `if`
/// branch flips). Setting it re-runs the owner's body, in the same frame when set from an
/// `onChange` or `onAppear` action.
@propertyWrapper
public struct State<Value>: DynamicProperty {
  let initialValue: Value
  let location = StateLocation<Value>()

  /// Creates state with an initial value.
  public init(wrappedValue value: Value) { initialValue = value }

  /// Creates state with an initial value.
  public init(initialValue value: Value) { initialValue = value }

  /// The current value; before the view is installed, the initial value.
  public var wrappedValue: Value {
    get { location.box?.value ?? initialValue }
    nonmutating set { location.box?.set(newValue) }
  }

  /// A binding to the value, for a child view that changes it.
  public var projectedValue: Binding<Value> {
    let location = self.location
    let initial = initialValue
    return Binding(
      get: { location.box?.value ?? initial }, set: { location.box?.set($0) }, identity: location,
      snapshot: wrappedValue)
  }
}

extension State: BindableState {
  func bind(to node: ViewNode, index: Int, name: String, runtime: SceneRuntime) {
    if index < node.states.count, let box = node.states[index] as? StateBox<Value> {
      location.box = box
      return
    }
    let value = runtime.carriedValue(for: node, name: name, as: Value.self) ?? initialValue
    let box = StateBox(value, name: name, node: node, runtime: runtime)
    if index < node.states.count { node.states[index] = box } else { node.states.append(box) }
    location.box = box
  }
}

extension State: DiffableProperty {
  // State is the view's own storage; its changes invalidate the view through the runtime.
  func isSame(as other: Any, by comparators: Comparators) -> Bool { true }
}

/// A reference to a value someone else owns; SwiftUI's `Binding`.
@propertyWrapper
public struct Binding<Value>: DynamicProperty {
  private let getter: () -> Value
  private let setter: (Value) -> Void
  private let identity: AnyObject?
  /// The value when the binding was made: a child given a binding re-runs its body when the
  /// value it was handed differs, as in SwiftUI.
  private let snapshot: Value

  init(get: @escaping () -> Value, set: @escaping (Value) -> Void, identity: AnyObject?, snapshot: Value) {
    getter = get
    setter = set
    self.identity = identity
    self.snapshot = snapshot
  }

  /// Creates a binding from accessors.
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.init(get: get, set: set, identity: nil, snapshot: get())
  }

  /// A binding that never changes.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  /// The current value; setting it writes through to the owner.
  public var wrappedValue: Value {
    get { getter() }
    nonmutating set { setter(newValue) }
  }

  /// The binding itself, so `$value` can be passed on.
  public var projectedValue: Binding<Value> { self }
}

extension Binding: DiffableProperty {
  func isSame(as other: Any, by comparators: Comparators) -> Bool {
    guard let other = other as? Binding<Value>, let identity, other.identity === identity else { return false }
    return comparators.equal(snapshot, other.snapshot)
  }
}

/// Where an `Environment` struct finds the values it was bound to.
final class EnvironmentLocation {
  var values: EnvironmentValues?
}

/// Something `@Environment`-like that the runtime binds to the view's environment.
protocol BindableEnvironment {
  func bind(_ values: EnvironmentValues)
}

/// A value read from the view's environment; SwiftUI's `@Environment(\.keyPath)`.
///
/// A view that reads its environment runs its body again when the environment it is given
/// changes (a `.font(…)` above it, say), as in SwiftUI.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  let keyPath: KeyPath<EnvironmentValues, Value>
  let location = EnvironmentLocation()

  /// Reads the value at `keyPath`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

  /// The value; before the view is installed, the default environment's.
  public var wrappedValue: Value { (location.values ?? EnvironmentValues())[keyPath: keyPath] }
}

extension Environment: BindableEnvironment {
  func bind(_ values: EnvironmentValues) { location.values = values }
}

extension Environment: DiffableProperty {
  // The environment is compared by the runtime as a whole, not through the view's fields.
  func isSame(as other: Any, by comparators: Comparators) -> Bool { true }
}

/// A view's stored `@State` or `@Environment` property: where it is in the view, and how to
/// read it there as the protocol that binds it.
///
/// Found once per view type. Reflecting the view with `Mirror` on every evaluation cost
/// 20-30 µs (twice that after the loop had slept), mostly in looking up each field's type.
struct DynamicField {
  enum Kind {
    case state((UnsafeRawPointer) -> any BindableState)
    case environment((UnsafeRawPointer) -> any BindableEnvironment)
    /// An object property (`@StateObject`, `@ObservedObject`, `@EnvironmentObject`), and
    /// whether it comes from the environment.
    case object((UnsafeRawPointer) -> any BindableObject, readsEnvironment: Bool)
  }

  var name: String
  var offset: Int
  var kind: Kind

  /// The dynamic properties of `V`, in declaration order (the order `@State` slots take).
  static func all<V>(in _: V.Type) -> [DynamicField] {
    var fields: [DynamicField] = []
    let complete = _forEachField(of: V.self) { name, offset, type, _ in
      if let state = type as? any BindableState.Type {
        fields.append(DynamicField(name: String(cString: name), offset: offset, kind: .state(loader(state))))
      } else if let object = type as? any BindableObject.Type {
        fields.append(
          DynamicField(
            name: String(cString: name), offset: offset,
            kind: .object(loader(object), readsEnvironment: object.readsEnvironment)))
      } else if let environment = type as? any BindableEnvironment.Type {
        fields.append(
          DynamicField(name: String(cString: name), offset: offset, kind: .environment(loader(environment))))
      }
      return true
    }
    // A view that is not a struct (an enum) cannot hold property wrappers' storage this way.
    return complete ? fields : []
  }

  private static func loader<S: BindableState>(_: S.Type) -> (UnsafeRawPointer) -> any BindableState {
    { $0.assumingMemoryBound(to: S.self).pointee }
  }

  private static func loader<O: BindableObject>(_: O.Type) -> (UnsafeRawPointer) -> any BindableObject {
    { $0.assumingMemoryBound(to: O.self).pointee }
  }

  private static func loader<E: BindableEnvironment>(_: E.Type) -> (UnsafeRawPointer) -> any BindableEnvironment {
    { $0.assumingMemoryBound(to: E.self).pointee }
  }
}
