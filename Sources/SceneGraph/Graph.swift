import FoundationEssentials
import Graphics
import Motion
@_spi(Reflection) import Swift
import Timeline

/// What the scene's environment gives text and shapes that do not say otherwise.
///
/// The values live in one shared box: every node copies and compares its environment on every
/// update, and a copy is then one reference and an unchanged environment one pointer compare.
/// A view that changes a value (`.font`, a stack's axis) derives its children's environment
/// through `UpdateContext.deriving(_:_:)`, which hands back last update's box when the result is
/// the same, so what is below keeps comparing by pointer.
public struct EnvironmentValues: Hashable {
  /// The values themselves.
  struct Values: Hashable {
    var font: Font = .body
    var foreground: Paint = .color(.black)
    /// Whether `foreground` was set by `.foregroundStyle`: a button's label then takes it
    /// instead of its style's color, as in SwiftUI.
    var foregroundIsExplicit = false
    /// Whether text inside uses tabular digits.
    var monospacedDigits = false
    /// A weight that text inside takes whatever its font (`.bold()`, `.fontWeight(_:)`).
    var fontWeight: Font.Weight?
    /// Whether text inside is italic whatever its font (`.italic()`).
    var italic = false
    /// The axis of the innermost stack, which turns a `Divider` across it; nil outside stacks.
    var stackAxis: StackAxis?
    /// The values few views set, kept apart so that comparing the environment stays cheap.
    var extras = EnvironmentExtras()

    /// The size of symbol images inside relative to their font (`.imageScale(_:)`).
    var imageScale: Image.Scale {
      get { extras.storage.imageScale }
      set { extras.update { $0.imageScale = newValue } }
    }
    /// Extra space after each character of text inside, in points (`.tracking(_:)`, `.kerning(_:)`).
    var tracking: Double {
      get { extras.storage.tracking }
      set { extras.update { $0.tracking = newValue } }
    }
    /// What controls inside are drawn and act with: enabled, tint, styles (`Controls/`).
    var controls: ControlEnvironment {
      get { extras.storage.controls }
      set { extras.update { $0.controls = newValue } }
    }
    /// Objects put in the environment (`.environmentObject`, `.environment(object)`), by type.
    var objects: EnvironmentObjects {
      get { extras.storage.objects }
      set { extras.update { $0.objects = newValue } }
    }
  }

  /// The box the values live in; never written once shared (`write`).
  final class Storage {
    var values: Values
    init(_ values: Values) { self.values = values }
  }

  /// The box of the default environment, shared by every environment that changes nothing.
  nonisolated(unsafe) private static let defaults = Storage(Values())
  private(set) var storage: Storage

  /// Creates the default environment.
  public init() { storage = Self.defaults }

  init(_ values: Values) { storage = Storage(values) }

  /// Changes the values, in a box of this environment's own.
  private mutating func write(_ change: (inout Values) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
    change(&storage.values)
  }

  public static func == (a: EnvironmentValues, b: EnvironmentValues) -> Bool {
    a.storage === b.storage || a.storage.values == b.storage.values
  }

  public func hash(into h: inout Hasher) { h.combine(storage.values) }

  public var font: Font {
    get { storage.values.font }
    set { write { $0.font = newValue } }
  }
  public var foreground: Paint {
    get { storage.values.foreground }
    set { write { $0.foreground = newValue } }
  }
  var foregroundIsExplicit: Bool {
    get { storage.values.foregroundIsExplicit }
    set { write { $0.foregroundIsExplicit = newValue } }
  }
  /// Whether text inside uses tabular digits.
  public var monospacedDigits: Bool {
    get { storage.values.monospacedDigits }
    set { write { $0.monospacedDigits = newValue } }
  }
  /// A weight that text inside takes whatever its font (`.bold()`, `.fontWeight(_:)`).
  public var fontWeight: Font.Weight? {
    get { storage.values.fontWeight }
    set { write { $0.fontWeight = newValue } }
  }
  /// Whether text inside is italic whatever its font (`.italic()`).
  public var italic: Bool {
    get { storage.values.italic }
    set { write { $0.italic = newValue } }
  }
  var stackAxis: StackAxis? {
    get { storage.values.stackAxis }
    set { write { $0.stackAxis = newValue } }
  }
  /// The size of symbol images inside relative to their font (`.imageScale(_:)`).
  public var imageScale: Image.Scale {
    get { storage.values.imageScale }
    set { write { $0.imageScale = newValue } }
  }
  var tracking: Double {
    get { storage.values.tracking }
    set { write { $0.tracking = newValue } }
  }
  var controls: ControlEnvironment {
    get { storage.values.controls }
    set { write { $0.controls = newValue } }
  }
  var objects: EnvironmentObjects {
    get { storage.values.objects }
    set { write { $0.objects = newValue } }
  }
}

/// The environment's rarely set values in one shared box, copied only when one is set: the
/// default box is shared by every environment that sets none.
struct EnvironmentExtras: Hashable {
  /// The values.
  final class Storage: Hashable {
    var imageScale = Image.Scale.medium
    var tracking = 0.0
    var controls = ControlEnvironment()
    var objects = EnvironmentObjects()

    init() {}

    func copy() -> Storage {
      let s = Storage()
      (s.imageScale, s.tracking, s.controls, s.objects) = (imageScale, tracking, controls, objects)
      return s
    }

    static func == (a: Storage, b: Storage) -> Bool {
      a === b
        || (a.imageScale == b.imageScale && a.tracking == b.tracking && a.controls == b.controls
          && a.objects == b.objects)
    }

    func hash(into h: inout Hasher) {
      h.combine(imageScale)
      h.combine(tracking)
      h.combine(controls)
      h.combine(objects)
    }
  }

  /// The box every untouched environment shares.
  nonisolated(unsafe) private static let shared = Storage()
  private(set) var storage = EnvironmentExtras.shared

  /// Changes the values through a box of this environment's own.
  mutating func update(_ change: (Storage) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    change(storage)
  }
}

/// Where a child sits among its parent's children: its position, or its explicit id.
struct ChildKey: Hashable {
  var index: Int
  var id: AnyHashable?
  init(_ index: Int, id: AnyHashable? = nil) {
    self.index = index
    self.id = id
  }
}

/// The persistent node of one view identity: the value last seen there, its state, its
/// children, and the resolved output that is reused while nothing it depends on changes.
final class ViewNode {
  let typeID: ObjectIdentifier
  let type: Any.Type
  let isComposite: Bool
  /// Strong, and cleared by the runtime's `teardown`, which every removal goes through. A weak
  /// reference gave every parent a side table, and an object with one is retained and released
  /// on the runtime's slow path: 3 % of the overview's frame, mostly in `child` and in the walk
  /// up from each dirty node.
  var parent: ViewNode?
  let key: ChildKey
  /// A number unique within the runtime; keys caches (meshes) that belong to this node.
  let serial: UInt64

  /// The view value last used here (the one whose `@State` is bound to `states`); a leaf's
  /// is in `leaf` instead.
  var view: Any?
  /// For views with content (bodies, timelines, custom modifiers, `ForEach`): updates the
  /// children again from the content last produced, without running anything. A closure
  /// keeps the content with its static type, so revisiting it needs no dynamic cast.
  var revisit: ((ViewNode, UpdateContext) -> [RNode])?
  var env: EnvironmentValues?
  /// The environment this node last gave its children, when it changes theirs
  /// (`UpdateContext.deriving`).
  var derivedEnv: EnvironmentValues?
  var output: [RNode] = []
  var children = ChildTable()
  var childOrder: [ChildKey] = []
  var childStamp: UInt64 = 0
  var stamp: UInt64 = 0

  /// Set when the body (or a timeline's content) must run again: state changed, entry due.
  var needsBody = true
  /// Set when the output must be rebuilt without running a body: an animation is moving.
  var needsRefresh = false
  /// Set when some descendant has one of the two flags above.
  var descendantDirty = false
  /// Bodies (or timeline contents) evaluated here since the node appeared.
  var evaluations = 0
  /// The frame in which the body last ran, for the update-loop guard.
  var evaluatedInFrame = -1

  var states: [AnyStateBox] = []
  /// Whether the view has `@Environment` properties: its body then depends on the environment.
  var readsEnvironment = false
  var timeline: TimelineSlot?
  /// How the runtime handles this node's view type, looked up once: the type never changes.
  var info: ViewTypeInfo?
  /// A leaf's last value, with its static type (`LeafValue<V>`), so comparing the next value
  /// with it casts nothing.
  var leaf: AnyObject?

  /// Keeps `value`, a leaf's, in `leaf`.
  func keepLeaf<V>(_ value: V) {
    if let box = leaf {
      unsafeDowncast(box, to: LeafValue<V>.self).value = value
    } else {
      leaf = LeafValue(value)
    }
  }
  /// `onChange`'s value at the previous update; `.animation`'s watched value.
  var previous: Any?
  var anims: [AnimatedValue<Double>] = []
  /// An `Animatable` shape's or modifier's `animatableData` in flight (an `AnimatedValue`).
  var animatedData: (any AnimatedData)?
  var onDisappear: (() -> Void)?
  /// `onKeyPress`'s handler.
  var keyHandler: ((KeyPress) -> KeyPress.Result)?
  /// `onTapGesture`'s action.
  var tapHandler: (() -> Void)?
  /// The animation of a `withAnimation` block that changed this view's state, for its next
  /// body (`.some(nil)`: changed without animation on purpose).
  var pendingTransaction: Animation??
  /// The date of the timer tick last handed to `onReceive`.
  var lastTick: Date?
  /// The objects of `@StateObject`, `@ObservedObject` and `@EnvironmentObject` properties and
  /// their subscriptions, by property name.
  var objects: [String: ObjectSlot] = [:]
  /// What the node keeps running while it is on screen (a `.task`, an `onReceive`
  /// subscription); ended by `teardown`.
  var resources: [NodeResource] = []
  /// Set by `teardown`: the node has left the graph.
  var isRemoved = false
  /// How other threads name this node (observation, publishers); made on first use.
  lazy var ref = NodeRef(self)
  var lastKids: [RNode] = []

  init(type: Any.Type, composite: Bool, parent: ViewNode?, key: ChildKey, serial: UInt64) {
    typeID = ObjectIdentifier(type)
    self.type = type
    isComposite = composite
    self.parent = parent
    self.key = key
    self.serial = serial
  }

  /// The view's type without its generic arguments, for traces and `inspect`: worked out on
  /// demand, since describing a nested generic type costs some 200,000 instructions and
  /// nodes are made every frame where an `if` flips or a `ForEach` element changes.
  var typeName: String { ViewNode.shortName(type) }

  /// `TimelineView<PeriodicTimelineSchedule, Text>` → `TimelineView`.
  static func shortName(_ type: Any.Type) -> String {
    let full = String(describing: type)
    if let lt = full.firstIndex(of: "<") { return String(full[..<lt]) }
    return full
  }

  /// The children in the order of the last update.
  var orderedChildren: [ViewNode] {
    var table = children
    return childOrder.enumerated().compactMap { i, key in table.node(for: key, hint: i) }
  }
}

/// A timeline's place in its schedule, kept by its node.
final class TimelineSlot {
  var schedule: Any
  let driver: TimelineDriver
  var context: TimelineContext?

  init(schedule: Any, driver: TimelineDriver) {
    self.schedule = schedule
    self.driver = driver
  }
}

/// What a node's update needs from its ancestors.
struct UpdateContext {
  let runtime: SceneRuntime
  var env = EnvironmentValues()
  /// The animation of the innermost `.animation(_:value:)` whose value changed in this update.
  var transaction: Animation?
  /// True when the view handed to the node is the value it already holds (its parent's body
  /// did not run again), so only dirty descendants need visiting.
  var sameValue = false
  /// How a `ViewModifier`'s `content` placeholder reaches the view it stands for.
  var modifierContent: ModifierContentSource?
}

extension UpdateContext {
  /// This context with the environment `change` makes of it, for the children of `node`.
  ///
  /// When the result equals what `node` derived last time, that environment (its box) is
  /// handed back, so the children find theirs unchanged by a pointer compare and nothing is
  /// allocated; a new box is made only when a value changed.
  func deriving(_ node: ViewNode, _ change: (inout EnvironmentValues.Values) -> Void) -> UpdateContext {
    var values = env.storage.values
    change(&values)
    var c = self
    if let last = node.derivedEnv, last.storage.values == values {
      c.env = last
    } else {
      c.env = EnvironmentValues(values)
      node.derivedEnv = c.env
    }
    return c
  }
}

/// Resolves the `content` placeholder of the innermost `ViewModifier` being updated.
final class ModifierContentSource {
  let update: (ViewNode, UpdateContext) -> [RNode]
  let outer: ModifierContentSource?
  init(outer: ModifierContentSource?, update: @escaping (ViewNode, UpdateContext) -> [RNode]) {
    self.outer = outer
    self.update = update
  }
}

/// A view the runtime resolves itself (text, shapes, stacks, modifiers) instead of a body.
protocol PrimitiveView {
  /// Produces the node's output, updating its children through `ctx.runtime`.
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode]
}

/// A primitive whose output depends on nothing but its value and the environment, so an
/// equal value in an equal environment reuses the output (and its layout) as it stands.
protocol LeafView {}

// MARK: Comparing view values

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Dynamic properties compare by what they refer to rather than by their stored fields.
protocol DiffableProperty {
  /// Whether `other` refers to the same thing; `comparators` compares any values it holds.
  func isSame(as other: Any, by comparators: Comparators) -> Bool
}

/// Whether two view values are the same input, as SwiftUI decides whether a body must run:
/// `Equatable` values by `==`; other structs, tuples, enums and collections field by field;
/// class instances by identity; `@State` never (its changes are tracked separately); closures
/// and anything else are always counted as changed.
func valuesEqual(_ a: Any, _ b: Any) -> Bool { Comparators().equal(a, b) }

/// The comparison of each type met so far, decided once per type.
///
/// Asking the runtime whether a type conforms to a protocol costs thousands of instructions;
/// a view update compares values of the same few types every frame, so the answer (as a
/// closure that casts to the concrete type, which is cheap) is kept per type.
///
/// Structs that are not `Equatable` are compared through a table of their stored fields
/// (offset and comparison of each), built once per type. `Mirror` looked every field's type up
/// by its mangled name on every call: 15 µs for the scene host each frame, 50 µs after the
/// loop had slept, a quarter of the visualizer's build.
final class Comparators {
  typealias Compare = (Any, Any) -> Bool
  /// Compares two values of one type given pointers to them.
  typealias RawCompare = (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  private var cache: [ObjectIdentifier: Compare] = [:]
  private var rawCache: [ObjectIdentifier: RawCompare] = [:]

  /// Whether `a` and `b` are the same input.
  func equal(_ a: Any, _ b: Any) -> Bool {
    let ta = type(of: a)
    guard ObjectIdentifier(ta) == ObjectIdentifier(type(of: b)) else { return false }
    return compare(for: ta)(a, b)
  }

  private func compare(for type: Any.Type) -> Compare {
    let id = ObjectIdentifier(type)
    if let c = cache[id] { return c }
    let c: Compare
    if type is DiffableProperty.Type {
      c = { [unowned self] a, b in (a as? DiffableProperty)?.isSame(as: b, by: self) ?? false }
    } else if let e = type as? any Equatable.Type {
      c = Self.equatable(e)
    } else if let fields = Self.fieldTable(type, self) {
      c = Self.throughPointers(type, Self.fieldwise(fields))
    } else {
      c = { [unowned self] a, b in self.mirrored(a, b) }
    }
    cache[id] = c
    return c
  }

  /// How two stored values of `type` compare, in place: the same rules as `equal`, without
  /// boxing either value when its type allows.
  func rawCompare(for type: Any.Type) -> RawCompare {
    let id = ObjectIdentifier(type)
    if let c = rawCache[id] { return c }
    let c: RawCompare
    if type is DiffableProperty.Type {
      c = Self.boxed(type, self)
    } else if let e = type as? any Equatable.Type {
      c = Self.rawEquatable(e)
    } else if type is AnyClass {
      // A strong reference is one pointer; instances compare by identity.
      c = { a, b in a.load(as: UInt.self) == b.load(as: UInt.self) }
    } else if let fields = Self.fieldTable(type, self) {
      c = Self.fieldwise(fields)
    } else {
      c = Self.boxed(type, self)
    }
    rawCache[id] = c
    return c
  }

  private static func equatable<E: Equatable>(_: E.Type) -> Compare {
    { a, b in
      guard let x = a as? E, let y = b as? E else { return false }
      return x == y
    }
  }

  private static func rawEquatable<E: Equatable>(_: E.Type) -> RawCompare {
    { a, b in a.assumingMemoryBound(to: E.self).pointee == b.assumingMemoryBound(to: E.self).pointee }
  }

  /// Compares stored values of `type` as `Any`, for what has no field table (enums, tuples,
  /// existentials, closures, dynamic properties).
  private static func boxed(_ type: Any.Type, _ owner: Comparators) -> RawCompare {
    func make<T>(_: T.Type) -> RawCompare {
      { [unowned owner] a, b in
        owner.equal(a.assumingMemoryBound(to: T.self).pointee, b.assumingMemoryBound(to: T.self).pointee)
      }
    }
    return _openExistential(type, do: make)
  }

  /// Runs `raw` on the values inside two `Any`s of `type`.
  private static func throughPointers(_ type: Any.Type, _ raw: @escaping RawCompare) -> Compare {
    func make<T>(_: T.Type) -> Compare {
      { a, b in
        guard let x = a as? T, let y = b as? T else { return false }
        return withUnsafePointer(to: x) { px in withUnsafePointer(to: y) { py in raw(px, py) } }
      }
    }
    return _openExistential(type, do: make)
  }

  /// One stored field: where it is, and how two of its values compare.
  struct Field {
    var offset: Int
    /// Nil for a closure, which is never the same input.
    var compare: RawCompare?
  }

  private static func fieldwise(_ fields: [Field]) -> RawCompare {
    { a, b in
      for f in fields {
        guard let c = f.compare, c(a + f.offset, b + f.offset) else { return false }
      }
      return true
    }
  }

  /// The stored fields of a struct, or nil for anything else: a struct that reflects itself
  /// otherwise (an array is compared as its elements, not as its buffer), or one with a field
  /// that is not a plain strong value (`weak` or `unowned` storage is not what its type says).
  static func fieldTable(_ type: Any.Type, _ owner: Comparators) -> [Field]? {
    if type is CustomReflectable.Type { return nil }
    func strongFields<T>(_: T.Type) -> Set<String>? {
      var names: Set<String> = []
      // `.ignoreUnknown`, spelled by value: the stdlib declares the option a mutable static.
      let ok = _forEachFieldWithKeyPath(of: T.self, options: _EachFieldOptions(rawValue: 1 << 1)) { name, _ in
        names.insert(String(cString: name))
        return true
      }
      return ok ? names : nil
    }
    // The first word of a type's metadata is its kind; 0x200 is a struct (ABI-stable).
    let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    guard kind == 0x200, let strong = _openExistential(type, do: strongFields) else { return nil }
    var fields: [Field] = []
    let complete = _forEachField(of: type) { name, offset, fieldType, kind in
      if kind == .function {
        fields.append(Field(offset: offset, compare: nil))
        return true
      }
      guard strong.contains(String(cString: name)) else { return false }
      fields.append(Field(offset: offset, compare: owner.rawCompare(for: fieldType)))
      return true
    }
    return complete ? fields : nil
  }

  /// The general case, through reflection: structs, tuples, enums and collections field by
  /// field, classes by identity, anything else (closures) as changed.
  private func mirrored(_ a: Any, _ b: Any) -> Bool {
    let ma = Mirror(reflecting: a)
    switch ma.displayStyle {
    case .struct, .tuple, .enum, .optional, .collection:
      let mb = Mirror(reflecting: b)
      guard ma.children.count == mb.children.count else { return false }
      for (ca, cb) in zip(ma.children, mb.children) {
        guard ca.label == cb.label, equal(ca.value, cb.value) else { return false }
      }
      // An enum case without a payload has no children; tell cases apart by their names.
      if ma.displayStyle == .enum && ma.children.isEmpty { return String(describing: a) == String(describing: b) }
      return true
    case .class:
      return (a as AnyObject) === (b as AnyObject)
    default:
      return false
    }
  }
}

/// How the runtime handles one view type, decided once per type.
/// A leaf view's last value, boxed with its static type (`ViewNode.leaf`).
final class LeafValue<V> {
  var value: V
  init(_ value: V) { self.value = value }
}

struct ViewTypeInfo {
  /// Resolves a primitive (or a bare shape) given a pointer to a value of this type.
  var resolve: ((UnsafeRawPointer, ViewNode, UpdateContext) -> [RNode])?
  /// Whether an equal value in an equal environment may reuse the previous output.
  var isLeaf: Bool
  /// For a leaf: whether the value last kept (`ViewNode.leaf`, a `LeafValue` of this type) is
  /// the same input as the one at the pointer, by the runtime's comparators, casting nothing.
  var sameLeaf: ((AnyObject, UnsafeRawPointer) -> Bool)?

  init<V: View>(_ type: V.Type, comparators: Comparators) {
    isLeaf = type is LeafView.Type
    if isLeaf {
      let compare = comparators.rawCompare(for: V.self)
      sameLeaf = { old, new in
        // A node's view type never changes, so its box holds a V.
        let box = unsafeDowncast(old, to: LeafValue<V>.self)
        return withUnsafePointer(to: &box.value) { compare(UnsafeRawPointer($0), new) }
      }
    }
    if let p = type as? PrimitiveView.Type {
      resolve = Self.primitive(p)
    } else if let s = type as? any Shape.Type {
      resolve = Self.shape(s)
    }
  }

  private static func primitive<P: PrimitiveView>(_: P.Type) -> (UnsafeRawPointer, ViewNode, UpdateContext) -> [RNode] {
    { pointer, node, ctx in pointer.assumingMemoryBound(to: P.self).pointee.resolve(node, ctx) }
  }

  private static func shape<S: Shape>(_: S.Type) -> (UnsafeRawPointer, ViewNode, UpdateContext) -> [RNode] {
    { pointer, _, ctx in
      let shape = pointer.assumingMemoryBound(to: S.self).pointee
      return [RNode(.shape(AnyShape(shape), fill: nil, stroke: nil, foreground: ctx.env.foreground))]
    }
  }
}
