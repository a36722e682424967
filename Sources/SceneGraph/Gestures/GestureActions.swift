// What a gesture does: `onChanged`, `onEnded`, `updating` with `@GestureState`, and `map`.
import FoundationEssentials

/// A gesture with an action for each change; SwiftUI's `_ChangedGesture`.
public struct _ChangedGesture<Content: Gesture>: Gesture {
  public typealias Value = Content.Value
  let content: Content
  let action: (Content.Value) -> Void

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    ActionRecognizer(content._makeRecognizer(context), changed: action)
  }
}

/// A gesture with an action for its end; SwiftUI's `_EndedGesture`.
public struct _EndedGesture<Content: Gesture>: Gesture {
  public typealias Value = Content.Value
  let content: Content
  let action: (Content.Value) -> Void

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    ActionRecognizer(content._makeRecognizer(context), ended: action)
  }
}

/// Runs an action on its inner recognizer's changes or end.
final class ActionRecognizer<Value>: _WrappingRecognizer<Value, Value> {
  let changed: ((Value) -> Void)?
  let ended: ((Value) -> Void)?

  init(_ inner: _GestureRecognizer<Value>, changed: ((Value) -> Void)? = nil, ended: ((Value) -> Void)? = nil) {
    self.changed = changed
    self.ended = ended
    super.init(inner)
  }

  override func handle(_ e: PointerEvent) -> GestureStep<Value> {
    let step = inner.feed(e)
    switch step {
    case .changed(let v): changed?(v)
    case .ended(let v): ended?(v)
    case .none, .failed: break
    }
    return step
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

  /// The same gesture with its values made by `body`.
  public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> {
    _MapGesture(content: self, body: body)
  }
}

/// A gesture whose values are another's, transformed; SwiftUI's `_MapGesture`.
public struct _MapGesture<Content: Gesture, Value>: Gesture {
  let content: Content
  let body: (Content.Value) -> Value

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    MapRecognizer(content._makeRecognizer(context), body)
  }
}

/// Transforms its inner recognizer's values.
final class MapRecognizer<Inner, Value>: _WrappingRecognizer<Inner, Value> {
  let body: (Inner) -> Value
  init(_ inner: _GestureRecognizer<Inner>, _ body: @escaping (Inner) -> Value) {
    self.body = body
    super.init(inner)
  }
  override func handle(_ e: PointerEvent) -> GestureStep<Value> { inner.feed(e).map(body) }
}

/// A value a gesture sets while it goes on, back to its initial value when it ends or is
/// stopped; SwiftUI's `@GestureState`. Set through `updating(_:body:)`.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
  /// Kept as the view's state, which the gesture writes.
  let state: State<Value>
  let initialValue: Value
  /// The animation the value goes back with.
  let resetTransaction: Transaction?

  public init(wrappedValue: Value) {
    state = State(wrappedValue: wrappedValue)
    initialValue = wrappedValue
    resetTransaction = nil
  }

  public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

  /// A state that goes back to `initialValue` in `resetTransaction` (its animation).
  public init(initialValue: Value, resetTransaction: Transaction) {
    state = State(wrappedValue: initialValue)
    self.initialValue = initialValue
    self.resetTransaction = resetTransaction
  }

  /// A state that goes back to `wrappedValue` in `resetTransaction` (its animation).
  public init(wrappedValue: Value, resetTransaction: Transaction) {
    self.init(initialValue: wrappedValue, resetTransaction: resetTransaction)
  }

  /// The value: the gesture's while it goes on, else the initial one.
  public var wrappedValue: Value { state.wrappedValue }

  /// The state itself, for `updating(_:body:)`.
  public var projectedValue: GestureState<Value> { self }

  /// Sets the value in `transaction`: animated when it has an animation.
  func set(_ value: Value, in transaction: Transaction?) {
    if let transaction {
      withTransaction(transaction) { state.wrappedValue = value }
    } else {
      state.wrappedValue = value
    }
  }
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

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    UpdatingRecognizer(base._makeRecognizer(context), state: state, body: body)
  }
}

/// Writes a `@GestureState` from its inner recognizer's changes, and resets it when the
/// gesture ends, fails or is stopped, before any `onEnded` outside it runs.
final class UpdatingRecognizer<Value, S>: _WrappingRecognizer<Value, Value> {
  let state: GestureState<S>
  let body: (Value, inout S, inout Transaction) -> Void
  private var wrote = false

  init(
    _ inner: _GestureRecognizer<Value>, state: GestureState<S>,
    body: @escaping (Value, inout S, inout Transaction) -> Void
  ) {
    self.state = state
    self.body = body
    super.init(inner)
  }

  override func handle(_ e: PointerEvent) -> GestureStep<Value> {
    let step = inner.feed(e)
    switch step {
    case .changed(let v):
      var current = state.wrappedValue
      var transaction = Transaction()
      body(v, &current, &transaction)
      state.set(current, in: transaction.animation == nil ? nil : transaction)
      wrote = true
    case .ended, .failed: reset()
    case .none: break
    }
    return step
  }

  override func cancel() {
    super.cancel()
    reset()
  }

  private func reset() {
    guard wrote else { return }
    wrote = false
    state.set(state.initialValue, in: state.resetTransaction)
  }
}

extension Gesture {
  /// Sets `state` from each new value while the gesture goes on; it returns to its initial
  /// value when the gesture ends or is stopped.
  public func updating<S>(
    _ state: GestureState<S>, body: @escaping (Value, inout S, inout Transaction) -> Void
  ) -> GestureStateGesture<Self, S> {
    GestureStateGesture(base: self, state: state, body: body)
  }
}
