// `.gesture(_:)` with `DragGesture` and `TapGesture`: the view under a press that has a drag
// follows the pointer while the primary button is held, its `onChanged` actions getting the
// translation, and its `onEnded` actions run on release. Routing is in `EventRouting.swift`.
import FoundationEssentials
import Graphics

/// An input a view recognizes; SwiftUI's `Gesture`. `DragGesture` and `TapGesture`, with
/// `onChanged(_:)` and `onEnded(_:)`, are recognized.
public protocol Gesture {
  /// What the gesture's actions are given.
  associatedtype Value
  /// What the runtime tracks for the gesture, and the actions to call.
  var _recipe: _GestureRecipe { get }
}

/// A gesture as the runtime tracks it: a drag's least distance, or a tap's count, and the
/// actions, taking the value as `Any` (it is the gesture's `Value`).
public struct _GestureRecipe {
  enum Kind {
    case drag(minimumDistance: Double)
    case tap(count: Int)
  }
  var kind: Kind
  var changed: [(Any) -> Void] = []
  var ended: [(Any) -> Void] = []
  /// Whether a drag's locations are the window's rather than the view's.
  var global = false
}

/// A press that moves; SwiftUI's `DragGesture`.
public struct DragGesture: Gesture {
  /// Where a drag is: in the view's coordinates (`.local`) or the window's (`.global`).
  public struct Value: Equatable, Sendable {
    public var time: Date
    public var location: CGPoint
    public var startLocation: CGPoint
    /// `location` less `startLocation`.
    public var translation: CGSize
    /// Points a second, from the last two pointer positions.
    public var velocity: CGSize
    /// Where the drag would stop if released now, gliding a quarter of a second.
    public var predictedEndLocation: CGPoint
    public var predictedEndTranslation: CGSize
  }

  /// How far the pointer moves, in points, before the drag begins.
  public var minimumDistance: CGFloat
  public var coordinateSpace: CoordinateSpace

  /// Creates a drag that begins once the pointer has moved `minimumDistance` points.
  public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
    self.minimumDistance = minimumDistance
    self.coordinateSpace = coordinateSpace
  }

  public var _recipe: _GestureRecipe {
    _GestureRecipe(kind: .drag(minimumDistance: max(0, minimumDistance)), global: coordinateSpace == .global)
  }
}

/// Clicks; SwiftUI's `TapGesture`. Its `onEnded` runs when the view is clicked.
public struct TapGesture: Gesture {
  public typealias Value = Void
  /// Accepted: every click counts.
  public var count: Int
  public init(count: Int = 1) { self.count = count }
  public var _recipe: _GestureRecipe { _GestureRecipe(kind: .tap(count: count)) }
}

/// A gesture with an action for each change; SwiftUI's `_ChangedGesture`.
public struct _ChangedGesture<Content: Gesture>: Gesture {
  public typealias Value = Content.Value
  let content: Content
  let action: (Content.Value) -> Void
  public var _recipe: _GestureRecipe {
    var r = content._recipe
    let action = self.action
    r.changed.append { if let v = $0 as? Content.Value { action(v) } }
    return r
  }
}

/// A gesture with an action for its end; SwiftUI's `_EndedGesture`.
public struct _EndedGesture<Content: Gesture>: Gesture {
  public typealias Value = Content.Value
  let content: Content
  let action: (Content.Value) -> Void
  public var _recipe: _GestureRecipe {
    var r = content._recipe
    let action = self.action
    r.ended.append { if let v = $0 as? Content.Value { action(v) } }
    return r
  }
}

extension Gesture where Value: Equatable {
  /// Runs `action` with each new value while the gesture goes on (a drag's every move).
  public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
    _ChangedGesture(content: self, action: action)
  }
}

extension Gesture {
  /// Runs `action` with the last value when the gesture ends (a drag's release, a tap).
  public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
    _EndedGesture(content: self, action: action)
  }
}

/// A value a gesture sets while it goes on, back to its initial value when it ends;
/// SwiftUI's `@GestureState`. Set through `updating(_:body:)`.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
  /// Kept as the view's state, which the gesture writes.
  let state: State<Value>
  let initialValue: Value

  public init(wrappedValue: Value) {
    state = State(wrappedValue: wrappedValue)
    initialValue = wrappedValue
  }

  public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

  /// The value: the gesture's while it goes on, else the initial one.
  public var wrappedValue: Value { state.wrappedValue }

  /// The state itself, for `updating(_:body:)`.
  public var projectedValue: GestureState<Value> { self }
}

extension GestureState: BindableState {
  func bind(to node: ViewNode, index: Int, name: String, runtime: SceneRuntime) {
    state.bind(to: node, index: index, name: name, runtime: runtime)
  }
}

extension GestureState: DiffableProperty {
  func isSame(as other: Any, by comparators: Comparators) -> Bool { true }
}

/// A gesture that sets a `@GestureState` as it changes; SwiftUI's `GestureStateGesture`.
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
  public typealias Value = Base.Value
  let base: Base
  let state: GestureState<State>
  let body: (Base.Value, inout State, inout Transaction) -> Void

  public var _recipe: _GestureRecipe {
    var r = base._recipe
    let (state, body) = (self.state, self.body)
    r.changed.append { any in
      guard let value = any as? Base.Value else { return }
      var current = state.state.wrappedValue
      var transaction = Transaction()
      body(value, &current, &transaction)
      state.state.wrappedValue = current
    }
    // Back to where it started when the gesture ends, before the gesture's `onEnded`.
    r.ended.insert({ _ in state.state.wrappedValue = state.initialValue }, at: 0)
    return r
  }
}

extension Gesture {
  /// Sets `state` from each new value while the gesture goes on; it returns to its initial
  /// value when the gesture ends.
  public func updating<S>(
    _ state: GestureState<S>, body: @escaping (Value, inout S, inout Transaction) -> Void
  ) -> GestureStateGesture<Self, S> {
    GestureStateGesture(base: self, state: state, body: body)
  }
}

/// A view with a gesture attached.
public struct _GestureView<Content: View, G: Gesture>: View {
  public typealias Body = Never
  let content: Content
  let gesture: G
}

extension View {
  /// Attaches `gesture`: a drag follows the pointer from a press on the view; a tap runs when
  /// the view is clicked. The innermost view under the pointer takes it. `including` is accepted.
  public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> _GestureView<Self, G> {
    _GestureView(content: self, gesture: gesture)
  }

  /// Attaches `gesture`; gestures here do not compete, so this is `gesture(_:)`.
  public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all)
    -> _GestureView<Self, G>
  {
    _GestureView(content: self, gesture: gesture)
  }

  /// Attaches `gesture`; gestures here do not compete, so this is `gesture(_:)`.
  public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all)
    -> _GestureView<Self, G>
  {
    _GestureView(content: self, gesture: gesture)
  }
}

/// Which gestures a view and its subviews recognize; accepted.
public struct GestureMask: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let none = GestureMask([])
  public static let gesture = GestureMask(rawValue: 1)
  public static let subviews = GestureMask(rawValue: 2)
  public static let all: GestureMask = [.gesture, .subviews]
}

extension _GestureView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue {
      let recipe = gesture._recipe
      switch recipe.kind {
      case .drag:
        node.dragRecipe = recipe
        ctx.runtime.routes.registerDragHandler(node)
      case .tap:
        let ended = recipe.ended
        node.tapHandler = { for action in ended { action(()) } }
        ctx.runtime.registerTapHandler(node)
      }
    }
    let out = ctx.runtime.child(node, ChildKey(0), content, ctx)
    for r in out { r.isHitTarget = true }
    return out
  }
}

/// A drag in progress: where it started and where the pointer was last.
struct DragTracking {
  let node: ViewNode
  let start: Point
  /// The view's origin in the window when the drag started: `.local` locations are from it.
  let origin: Point
  var last: (point: Point, time: Double)
  var velocity = Size(width: 0, height: 0)
  var began = false
  /// The tap under the press, run on release if the drag never began.
  var pendingTap: (() -> Void)?

  /// The value for the pointer at `point`, `time` seconds of the monotonic clock.
  mutating func value(at point: Point, time: Double, global: Bool) -> DragGesture.Value {
    let dt = time - last.time
    // A release where the last move was (as SDL reports it) keeps the move's velocity: a
    // flick ends moving. A pointer held still for a twentieth of a second has stopped.
    if dt > 0.001, point != last.point || dt > 0.05 {
      velocity = Size(width: (point.x - last.point.x) / dt, height: (point.y - last.point.y) / dt)
      last = (point, time)
    }
    let o = global ? Point(x: 0, y: 0) : origin
    let location = Point(x: point.x - o.x, y: point.y - o.y)
    let startLocation = Point(x: start.x - o.x, y: start.y - o.y)
    let translation = Size(width: point.x - start.x, height: point.y - start.y)
    let glide = Size(width: velocity.width * 0.25, height: velocity.height * 0.25)
    return DragGesture.Value(
      time: Date(), location: location, startLocation: startLocation, translation: translation, velocity: velocity,
      predictedEndLocation: Point(x: location.x + glide.width, y: location.y + glide.height),
      predictedEndTranslation: Size(width: translation.width + glide.width, height: translation.height + glide.height))
  }
}
