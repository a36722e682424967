// Two gestures as one: `simultaneously(with:)`, `sequenced(before:)` and `exclusively(before:)`.
import FoundationEssentials
import Graphics

extension Gesture {
  /// Both gestures at once: each gets every event, and the value holds the latest of each.
  public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
    SimultaneousGesture(self, other)
  }

  /// This gesture, then `other`, which gets events only once this one has ended.
  public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
    SequenceGesture(self, other)
  }

  /// This gesture or, if it fails, `other`.
  public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
    ExclusiveGesture(self, other)
  }
}

/// Two gestures recognized together; SwiftUI's `SimultaneousGesture`. It ends when both have
/// finished and at least one ended; it fails when both fail.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
  /// The latest value of each; nil for one that has not changed yet or failed.
  public struct Value {
    public var first: First.Value?
    public var second: Second.Value?
  }
  public var first: First
  public var second: Second
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    SimultaneousRecognizer<First, Second>(first._makeRecognizer(context), second._makeRecognizer(context))
  }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SimultaneousGesture.Value: Hashable where First.Value: Hashable, Second.Value: Hashable {}
extension SimultaneousGesture.Value: @unchecked Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// Feeds both recognizers every event.
final class SimultaneousRecognizer<First: Gesture, Second: Gesture>:
  _GestureRecognizer<SimultaneousGesture<First, Second>.Value>
{
  typealias V = SimultaneousGesture<First, Second>.Value
  let a: _GestureRecognizer<First.Value>
  let b: _GestureRecognizer<Second.Value>
  private var value = V(first: nil, second: nil)
  private var anyEnded = false

  init(_ a: _GestureRecognizer<First.Value>, _ b: _GestureRecognizer<Second.Value>) {
    self.a = a
    self.b = b
  }

  override var deadline: Double? { [a.activeDeadline, b.activeDeadline].compactMap { $0 }.min() }
  override var isWaiting: Bool { a.waits || b.waits }
  override var wantsPress: Bool { (!a.isFinished && a.wantsPress) || (!b.isFinished && b.wantsPress) }
  override var takesWheel: Bool { (!a.isFinished && a.takesWheel) || (!b.isFinished && b.takesWheel) }

  override func handle(_ e: PointerEvent) -> GestureStep<V> {
    var changed = false
    switch a.feed(e) {
    case .changed(let v): (value.first, changed) = (v, true)
    case .ended(let v): (value.first, changed, anyEnded) = (v, true, true)
    case .failed: value.first = nil
    case .none: break
    }
    switch b.feed(e) {
    case .changed(let v): (value.second, changed) = (v, true)
    case .ended(let v): (value.second, changed, anyEnded) = (v, true, true)
    case .failed: value.second = nil
    case .none: break
    }
    if a.isFinished && b.isFinished { return anyEnded ? .ended(value) : .failed }
    return changed ? .changed(value) : .none
  }

  override func cancel() {
    super.cancel()
    a.cancel()
    b.cancel()
  }
}

/// One gesture, then another; SwiftUI's `SequenceGesture`. The second is offered the press
/// (from where it went down) as soon as the first ends, so a drag can follow a long press.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
  /// Which of the two is going on.
  public enum Value {
    /// The first has not ended.
    case first(First.Value)
    /// The first ended with this value; the second's, once it has one.
    case second(First.Value, Second.Value?)
  }
  public var first: First
  public var second: Second
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    let second = self.second
    return SequenceRecognizer<First, Second>(first._makeRecognizer(context)) { second._makeRecognizer(context) }
  }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceGesture.Value: @unchecked Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// Feeds the first recognizer until it ends, then makes the second and feeds it.
final class SequenceRecognizer<First: Gesture, Second: Gesture>: _GestureRecognizer<
  SequenceGesture<First, Second>.Value
>
{
  typealias V = SequenceGesture<First, Second>.Value
  let a: _GestureRecognizer<First.Value>
  let makeSecond: () -> _GestureRecognizer<Second.Value>
  private var b: _GestureRecognizer<Second.Value>?
  private var firstValue: First.Value?
  /// The press in progress, and where the pointer is now.
  private var press: (start: PointerEvent, now: Point)?
  /// Whether the second gesture has had its press.
  private var bPressed = false

  init(_ a: _GestureRecognizer<First.Value>, second: @escaping () -> _GestureRecognizer<Second.Value>) {
    self.a = a
    self.makeSecond = second
  }

  override var deadline: Double? { b.map(\.activeDeadline) ?? a.activeDeadline }
  override var isWaiting: Bool { b.map(\.waits) ?? a.waits }
  /// Waiting for the press its second gesture begins with, or its first gesture's next press.
  override var wantsPress: Bool {
    if let b { return press == nil && !b.isFinished && (b.wantsPress || !bPressed) }
    return !a.isFinished && a.wantsPress
  }
  override var takesWheel: Bool { b.map { !$0.isFinished && $0.takesWheel } ?? (!a.isFinished && a.takesWheel) }

  override func handle(_ e: PointerEvent) -> GestureStep<V> {
    switch e.kind {
    case .down: press = (e, e.location)
    case .moved: press?.now = e.location
    case .up: break
    case .time, .magnify, .rotate: break
    }
    defer { if e.kind == .up { press = nil } }
    if let b, let first = firstValue {
      if e.kind == .down { bPressed = true }
      return b.feed(e).map { .second(first, $0) }
    }
    switch a.feed(e) {
    case .none: return .none
    case .failed: return .failed
    case .changed(let v): return .changed(.first(v))
    case .ended(let v):
      firstValue = v
      let b = makeSecond()
      self.b = b
      // The press that ended the first (a long press) goes on as the second's; after a
      // release (a tap), the second waits for the next press.
      guard let press, e.kind != .up else { return .changed(.second(v, nil)) }
      bPressed = true
      var down = press.start
      down.time = e.time
      var step = b.feed(down)
      if press.now != down.location, !b.isFinished {
        let moved = b.feed(PointerEvent(kind: .moved, location: press.now, time: e.time))
        if case .none = moved {} else { step = moved }
      }
      switch step {
      case .none: return .changed(.second(v, nil))
      case .changed(let w): return .changed(.second(v, w))
      case .ended(let w): return .ended(.second(v, w))
      case .failed: return .failed
      }
    }
  }

  override func cancel() {
    super.cancel()
    a.cancel()
    b?.cancel()
  }
}

/// One of two gestures, the first preferred; SwiftUI's `ExclusiveGesture`. The second's steps
/// are held back while the first may still succeed, and dropped if it does.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
  /// Which of the two succeeded.
  public enum Value {
    case first(First.Value)
    case second(Second.Value)
  }
  public var first: First
  public var second: Second
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    ExclusiveRecognizer<First, Second>(first._makeRecognizer(context), second._makeRecognizer(context))
  }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveGesture.Value: @unchecked Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// Feeds both; the second's steps count only once the first has failed.
final class ExclusiveRecognizer<First: Gesture, Second: Gesture>: _GestureRecognizer<
  ExclusiveGesture<First, Second>.Value
>
{
  typealias V = ExclusiveGesture<First, Second>.Value
  let a: _GestureRecognizer<First.Value>
  let b: _GestureRecognizer<Second.Value>
  /// Events the second has not seen: held back while the first may still succeed, so that
  /// none of the second's own actions run unless the first fails.
  private var held: [PointerEvent] = []

  init(_ a: _GestureRecognizer<First.Value>, _ b: _GestureRecognizer<Second.Value>) {
    self.a = a
    self.b = b
  }

  override var deadline: Double? { a.isFinished ? b.activeDeadline : a.activeDeadline }
  override var isWaiting: Bool { a.isFinished ? b.waits : a.waits }
  override var wantsPress: Bool { a.isFinished ? !b.isFinished && b.wantsPress : a.wantsPress }
  override var takesWheel: Bool { a.isFinished ? !b.isFinished && b.takesWheel : a.takesWheel }

  override func handle(_ e: PointerEvent) -> GestureStep<V> {
    // The first failed before: the second alone.
    if a.isFinished { return b.feed(e).map { .second($0) } }
    switch a.feed(e) {
    case .ended(let v):
      b.cancel()
      return .ended(.first(v))
    case .changed(let v):
      // Still waiting (a long press being held), the first may yet fail.
      if a.waits {
        held.append(e)
      } else {
        b.cancel()
        held.removeAll()
      }
      return .changed(.first(v))
    case .none:
      held.append(e)
      return .none
    case .failed:
      held.append(e)
      var last = GestureStep<Second.Value>.none
      for h in held where !b.isFinished {
        let step = b.feed(h)
        if case .none = step {} else { last = step }
      }
      held.removeAll()
      return last.map { .second($0) }
    }
  }

  override func cancel() {
    super.cancel()
    a.cancel()
    b.cancel()
  }
}
