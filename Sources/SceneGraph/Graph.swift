import FoundationEssentials
import Graphics
import Motion
@_spi(Reflection) import Swift
import Timeline

/// Where a child sits among its parent's children: its position, or its explicit id.
///
/// An explicit id is kept in a box: most keys have none, and a key without one is then two
/// plain words, copied and compared without calling into an existential's value witnesses
/// (keys are copied into every parent's child order on every update).
struct ChildKey: Hashable {
  var index: Int
  private var box: IDBox?
  /// The explicit id (`ForEach`'s element id that is not an `Int`, `.id(_:)`), if any.
  var id: AnyHashable? { box?.value }

  init(_ index: Int, id: AnyHashable? = nil) {
    self.index = index
    box = id.map(IDBox.init)
  }

  static func == (a: ChildKey, b: ChildKey) -> Bool {
    a.index == b.index && (a.box === b.box || a.box?.value == b.box?.value)
  }

  func hash(into h: inout Hasher) {
    h.combine(index)
    if let box { h.combine(box.value) }
  }

  /// An id, shared by the copies of its key.
  final class IDBox {
    let value: AnyHashable
    init(_ value: AnyHashable) { self.value = value }
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
  /// The gesture attached with `.gesture(_:)` (or `onTapGesture`, `onLongPressGesture`).
  var gesture: GestureAttachment?
  /// `onHover`'s and `onContinuousHover`'s actions.
  var hoverHandler: HoverHandler?
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
  /// The frame the node was made in.
  var createdFrame = 0
  /// The transition of the view that comes and goes with this node (`.transition(_:)` on it
  /// or on what it wraps); nil for the default, `.opacity`.
  var transition: AnyTransition?
  /// Set on a node made under a parent that was already there: its first update decides
  /// whether its insertion animates.
  var insertionPending = false
  /// Set on a list of views (`ViewList`) made where its views come in as insertions.
  var passesInsertionDown = false
  /// The insertion in flight, from 1 (the transition's active state) to 0.
  var insertion: AnimatedValue<Double>?
  /// Children removed under an animation, still drawn while their transitions run.
  var leaving: [LeavingView] = []
  /// Where the node's resolved view was drawn in the last frame, noted in frame
  /// `drawnFrameNoted` when that frame has an animated change (`animateGeometry`).
  var drawnFrame: Rect?
  var drawnFrameNoted = -1
  /// The id its view is matched by (`.matchedGeometryEffect`).
  var matchedKey: MatchedKey?
  /// The frame in which the node was last updated, and whether under an animation.
  var updatedIn = -1
  var updatedUnderAnimation = false
  /// The frame in which the node's body last ran under a `withAnimation` change of its state.
  var animatedBodyIn = -1
  /// Where the node's resolved view was drawn in frame `lastDrawnIn`, in flight or not.
  var lastDrawn = Rect.zero
  var lastDrawnIn = -1
  /// The resolved view's frame in flight, from where it was drawn to where layout puts it.
  var geometry: AnimatedValue<AnimatableFrame>?
  /// The resolved view the last geometry walk placed, its frame then, and whether it was drawn
  /// there, neither it nor anything above it in flight: while all three hold, the walk passes
  /// over its subtree (`SceneRuntime.animateGeometry`).
  var walkedOutput: RNode?
  var walkedFrame = Rect.zero
  var walkedStill = false
  /// The geometry walk that found a view in flight at or below this node.
  var flightBelowIn = -1
  /// The frame in which an `.animation` modifier at or below this node armed a scope.
  var scopeBelowIn = -1
  /// The animation an `.animation` modifier at this node armed for the layout inside it, in
  /// frame `scopedAnimationIn`; nil there: it armed none, and what moves inside moves at once.
  var scopedAnimation: Animation?
  var scopedAnimationIn = -1

  /// Drops what the last geometry walk noted, for a node it did not place as a view of its own.
  func forgetWalk() {
    walkedOutput = nil
    walkedStill = false
  }

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

extension ViewNode {
  /// Whether this node is `other` or below it.
  func isInside(_ other: ViewNode) -> Bool {
    var n: ViewNode? = self
    while let m = n {
      if m === other { return true }
      n = m.parent
    }
    return false
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

/// Optionals and arrays whose elements are not `Equatable` (an optional overlay, a list of
/// scenes) compare element by element through the comparators. Going through `Mirror`
/// instead made comparing the app's root view a twentieth of the visualizer's frame in a
/// window.
protocol ContentsComparable {
  /// How two stored values of this type compare, given the comparison of what they hold.
  static func contentsCompare(_ comparators: Comparators) -> Comparators.RawCompare
}

extension Optional: ContentsComparable {
  static func contentsCompare(_ comparators: Comparators) -> Comparators.RawCompare {
    let wrapped = comparators.deferredRawCompare(for: Wrapped.self)
    return { a, b in
      guard let x = a.assumingMemoryBound(to: Wrapped?.self).pointee else {
        if case .none = b.assumingMemoryBound(to: Wrapped?.self).pointee { return true }
        return false
      }
      guard let y = b.assumingMemoryBound(to: Wrapped?.self).pointee else { return false }
      return withUnsafePointer(to: x) { px in withUnsafePointer(to: y) { py in wrapped(px, py) } }
    }
  }
}

extension Array: ContentsComparable {
  static func contentsCompare(_ comparators: Comparators) -> Comparators.RawCompare {
    let element = comparators.deferredRawCompare(for: Element.self)
    return { a, b in
      let x = a.assumingMemoryBound(to: [Element].self).pointee
      let y = b.assumingMemoryBound(to: [Element].self).pointee
      guard x.count == y.count else { return false }
      return x.withUnsafeBufferPointer { bx in
        y.withUnsafeBufferPointer { by in
          for i in bx.indices where !element(bx.baseAddress! + i, by.baseAddress! + i) { return false }
          return true
        }
      }
    }
  }
}

/// A block of views keeps them in a box (`TupleViewStorage`), which would compare by identity
/// and count every new block as changed: the same box, or views that compare the same, are
/// the same block.
extension TupleView: ContentsComparable {
  static func contentsCompare(_ comparators: Comparators) -> Comparators.RawCompare {
    { [unowned comparators] a, b in
      let x = a.assumingMemoryBound(to: Self.self).pointee.storage
      let y = b.assumingMemoryBound(to: Self.self).pointee.storage
      return x === y || comparators.equal(x.value, y.value)
    }
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
    } else if let contents = type as? ContentsComparable.Type {
      c = Self.throughPointers(type, contents.contentsCompare(self))
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
    } else if let contents = type as? ContentsComparable.Type {
      c = contents.contentsCompare(self)
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

  /// The comparison of `type`, looked up when first used: a struct holding an optional or
  /// array of itself (a tree) would otherwise ask for its own comparison while it is built.
  func deferredRawCompare(for type: Any.Type) -> RawCompare {
    var known: RawCompare?
    return { [unowned self] a, b in
      // Stored once: writing back a closure read from an optional wraps it in one more
      // reabstraction thunk each time, and the calls grow slower as the program runs.
      if let known { return known(a, b) }
      let compare = rawCompare(for: type)
      known = compare
      return compare(a, b)
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
