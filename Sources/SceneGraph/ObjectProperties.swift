import Observation
// `@StateObject`, `@ObservedObject`, `@EnvironmentObject` and `@Bindable`: views that watch
// reference types, built on OpenCombine's `ObservableObject` and Swift's Observation.
import OpenCombine

/// Something a node keeps running while it is on screen; ended when the node goes.
protocol NodeResource: AnyObject {
  /// Stops it: cancels the task, drops the subscription.
  func end()
}

/// A node's record of one object property: the object, and the subscription that re-runs the
/// node's body when the object says it will change.
final class ObjectSlot {
  var object: AnyObject?
  var subscription: AnyCancellable?
}

/// Something `@StateObject`-like that the runtime binds to a node's object slots.
protocol BindableObject {
  /// Whether the object comes from the environment, so the view depends on it.
  static var readsEnvironment: Bool { get }
  func bind(to node: ViewNode, name: String, env: EnvironmentValues, runtime: SceneRuntime)
}

/// Where an object property finds the object it was bound to.
final class ObjectLocation<ObjectType: AnyObject> {
  var object: ObjectType?
}

extension SceneRuntime {
  /// Makes `object` the one in the slot `name` of `node`, subscribed to its `objectWillChange`:
  /// a change, from any thread, asks for the node's body to run again.
  func watch<O: ObservableObject>(_ object: O, slot name: String, of node: ViewNode) {
    let slot = node.objects[name] ?? ObjectSlot()
    node.objects[name] = slot
    guard slot.object !== object || slot.subscription == nil else { return }
    let ref = node.ref
    let inbox = self.inbox
    slot.object = object
    slot.subscription = object.objectWillChange.sink { _ in inbox.invalidate(ref) }
  }
}

/// An observable object a view creates and owns; SwiftUI's `@StateObject`.
///
/// The object is made once, when the view's identity first appears, and kept across body
/// runs (the initializer's autoclosure is not called again); it goes when the identity does.
/// Its `objectWillChange` re-runs the owner's body.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
  let make: () -> ObjectType
  let location = ObjectLocation<ObjectType>()

  /// Creates the property; `thunk` runs once, when the view first appears.
  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }

  /// The object.
  public var wrappedValue: ObjectType {
    if let object = location.object { return object }
    // Read before the view was installed: an object of its own, as SwiftUI makes then.
    let object = make()
    location.object = object
    return object
  }

  /// Bindings to the object's properties: `$model.name`.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension StateObject: BindableObject {
  static var readsEnvironment: Bool { false }

  func bind(to node: ViewNode, name: String, env: EnvironmentValues, runtime: SceneRuntime) {
    let object = (node.objects[name]?.object as? ObjectType) ?? make()
    runtime.watch(object, slot: name, of: node)
    location.object = object
  }
}

extension StateObject: DiffableProperty {
  // The object belongs to the view's identity; its changes re-run the view through the runtime.
  func isSame(as other: Any, by comparators: Comparators) -> Bool { true }
}

/// An observable object a view is given; SwiftUI's `@ObservedObject`.
///
/// Its `objectWillChange` re-runs the view's body. A parent that passes another object
/// re-runs it too; the same object does not.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
  /// The object.
  public var wrappedValue: ObjectType

  /// Watches `wrappedValue`.
  public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

  /// Watches `initialValue`.
  public init(initialValue: ObjectType) { wrappedValue = initialValue }

  /// Bindings to the object's properties: `$model.name`.
  public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

  /// Makes bindings to an object's properties.
  @dynamicMemberLookup
  public struct Wrapper {
    let object: ObjectType

    /// A binding to the property at `keyPath`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject>
    {
      let object = self.object
      return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }
}

extension ObservedObject: BindableObject {
  static var readsEnvironment: Bool { false }

  func bind(to node: ViewNode, name: String, env: EnvironmentValues, runtime: SceneRuntime) {
    runtime.watch(wrappedValue, slot: name, of: node)
  }
}

extension ObservedObject: DiffableProperty {
  func isSame(as other: Any, by comparators: Comparators) -> Bool {
    guard let other = other as? ObservedObject<ObjectType> else { return false }
    return other.wrappedValue === wrappedValue
  }
}

/// An observable object an ancestor put in the environment with `.environmentObject(_:)`;
/// SwiftUI's `@EnvironmentObject`. Reading it when no ancestor did stops the program, as in
/// SwiftUI.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
  let location = ObjectLocation<ObjectType>()

  /// Reads the environment's object of type `ObjectType`.
  public init() {}

  /// The object.
  public var wrappedValue: ObjectType {
    guard let object = location.object else {
      fatalError(
        "No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for "
          + "\(ObjectType.self) may be missing as an ancestor of this view.")
    }
    return object
  }

  /// Bindings to the object's properties: `$model.name`.
  public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: BindableObject {
  static var readsEnvironment: Bool { true }

  func bind(to node: ViewNode, name: String, env: EnvironmentValues, runtime: SceneRuntime) {
    guard let object = env.objects[ObjectType.self] else {
      location.object = nil
      return
    }
    runtime.watch(object, slot: name, of: node)
    location.object = object
  }
}

extension EnvironmentObject: DiffableProperty {
  // Compared as part of the environment.
  func isSame(as other: Any, by comparators: Comparators) -> Bool { true }
}

/// Bindings to an `@Observable` object's properties; SwiftUI's `@Bindable`.
///
/// `@Bindable var model: Model` (or `@Bindable var model = model` inside a body) gives
/// `$model.name`, a `Binding` that reads and writes the object's property.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value> {
  /// The object.
  public var wrappedValue: Value

  /// Makes bindings to `wrappedValue`'s properties.
  public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }

  /// Makes bindings to `wrappedValue`'s properties.
  public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }

  /// The wrapper itself, so `$model.name` makes a binding.
  public var projectedValue: Bindable<Value> { self }

  /// A binding to the property at `keyPath`.
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
    let object = wrappedValue
    return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

// MARK: Objects in the environment

/// The objects an environment holds, one per type, compared by identity.
struct EnvironmentObjects: Hashable {
  private var byType: [ObjectIdentifier: AnyObject] = [:]

  subscript<T: AnyObject>(_ type: T.Type) -> T? {
    get { byType[ObjectIdentifier(type)] as? T }
    set { byType[ObjectIdentifier(type)] = newValue }
  }

  static func == (a: EnvironmentObjects, b: EnvironmentObjects) -> Bool {
    a.byType.count == b.byType.count && a.byType.allSatisfy { key, value in b.byType[key] === value }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(byType.count)
  }
}

/// Names an object type in a key path of `EnvironmentValues`.
public struct _EnvironmentObjectKey<T: AnyObject>: Hashable {
  public init() {}
}

extension EnvironmentValues {
  /// The `@Observable` object of type `T` that `.environment(_:)` put here; a missing one stops
  /// the program, as in SwiftUI.
  public subscript<T: AnyObject>(object key: _EnvironmentObjectKey<T>) -> T {
    guard let object = objects[T.self] else {
      fatalError(
        "No Observable object of type \(T.self) found. A View.environment(_:) for \(T.self) may be missing as "
          + "an ancestor of this view.")
    }
    return object
  }

  /// The object of type `T` that `.environment(_:)` put here, if one did.
  public subscript<T: AnyObject>(optionalObject key: _EnvironmentObjectKey<T>) -> T? { objects[T.self] }
}

extension Environment {
  /// Reads the `@Observable` object of this type that an ancestor's `.environment(_:)` put in
  /// the environment: `@Environment(Model.self) var model`.
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
    self.init(\EnvironmentValues.[object: _EnvironmentObjectKey<Value>()])
  }

  /// Reads the object of type `T` if an ancestor put one in the environment:
  /// `@Environment(Model.self) var model: Model?`.
  public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
    self.init(\EnvironmentValues.[optionalObject: _EnvironmentObjectKey<T>()])
  }
}
