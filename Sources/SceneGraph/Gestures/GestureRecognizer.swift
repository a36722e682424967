// Gesture recognition's core: the pointer events a recognizer is fed and what it answers.
import FoundationEssentials
import Graphics

/// A pointer event as a gesture recognizer sees it, in window points and seconds of the
/// monotonic clock.
struct PointerEvent {
  enum Kind: Equatable {
    /// The primary button went down.
    case down
    /// The pointer moved with the button held.
    case moved
    /// The primary button went up.
    case up
    /// No input: a time the recognizer asked to be told of (a long press's duration).
    case time
    /// A pinch step: the factor the magnification is multiplied by (Ctrl and the wheel).
    case magnify(Double)
    /// A twist step, in radians, clockwise (Shift and the wheel).
    case rotate(Double)
  }
  var kind: Kind
  var location: Point
  var time: Double
}

/// What a recognizer says after an event.
enum GestureStep<Value> {
  /// Nothing to report: still possible, or going on with the same value.
  case none
  /// The gesture goes on with a new value; its `onChanged` actions run.
  case changed(Value)
  /// The gesture succeeded with this last value; its `onEnded` actions run.
  case ended(Value)
  /// The gesture did not happen.
  case failed

  /// The same step with its value made by `transform`.
  func map<T>(_ transform: (Value) -> T) -> GestureStep<T> {
    switch self {
    case .none: .none
    case .changed(let v): .changed(transform(v))
    case .ended(let v): .ended(transform(v))
    case .failed: .failed
    }
  }

  /// Whether the gesture took part: it changed or ended.
  var recognized: Bool {
    switch self {
    case .changed, .ended: true
    case .none, .failed: false
    }
  }
}

/// Where the view a gesture is attached to was drawn when the interaction began.
public struct _GestureContext {
  /// The view's drawn bounds, in window points: `.local` values are from its origin.
  var frame: Rect
}

/// A gesture being recognized through one interaction, whatever its value.
///
/// The runtime's arena (`GestureArena.swift`) feeds every recognizer under a press the same
/// events and decides between them; it needs only whether each finished, when it wants the
/// time, and a way to stop it.
public class _AnyGestureRecognizer {
  /// Whether it ended or failed: it takes no more events.
  var isFinished = false

  /// The time (monotonic seconds) it wants a `.time` event at, or nil.
  var deadline: Double? { nil }

  /// Whether it is part-way through a gesture that ends on its own terms (a multiple click
  /// between clicks, a long press being held, a pinch between notches): its changes do not
  /// stop the other gestures, and the arena holds back the gestures after it.
  var isWaiting: Bool { deadline != nil }

  /// Whether it waits for another press: between the clicks of a multiple click, or a
  /// sequence whose first gesture ended on a release.
  var wantsPress: Bool { false }

  /// Whether a pinch or a twist is under way in it.
  var takesWheel: Bool { false }

  /// `deadline`, while it is not finished.
  final var activeDeadline: Double? { isFinished ? nil : deadline }

  /// `isWaiting`, while it is not finished.
  final var waits: Bool { !isFinished && isWaiting }

  /// Feeds `e` and says only what kind of step followed.
  func step(_ e: PointerEvent) -> GestureStep<Void> { .failed }

  /// Stops it: another gesture won, the press went elsewhere, or the view went away. A
  /// `@GestureState` it sets goes back to its initial value.
  func cancel() {
    isFinished = true
  }
}

/// A gesture being recognized through one interaction, with its value.
public class _GestureRecognizer<Value>: _AnyGestureRecognizer {
  /// What this recognizer makes of `e`; subclasses override it.
  func handle(_ e: PointerEvent) -> GestureStep<Value> { .failed }

  /// Feeds `e` to a recognizer not yet finished, and marks it finished when it ends or fails.
  final func feed(_ e: PointerEvent) -> GestureStep<Value> {
    guard !isFinished else { return .none }
    let step = handle(e)
    switch step {
    case .ended, .failed: isFinished = true
    case .none, .changed: break
    }
    return step
  }

  override final func step(_ e: PointerEvent) -> GestureStep<Void> { feed(e).map { _ in () } }
}

/// A recognizer that passes its inner one's events and deadline through, for gestures that
/// add actions or change values (`onChanged`, `onEnded`, `updating`, `map`).
class _WrappingRecognizer<Inner, Value>: _GestureRecognizer<Value> {
  let inner: _GestureRecognizer<Inner>
  init(_ inner: _GestureRecognizer<Inner>) { self.inner = inner }
  override var deadline: Double? { inner.activeDeadline }
  override var isWaiting: Bool { inner.waits }
  override var wantsPress: Bool { !inner.isFinished && inner.wantsPress }
  override var takesWheel: Bool { !inner.isFinished && inner.takesWheel }
  override func cancel() {
    super.cancel()
    inner.cancel()
  }
}

extension Point {
  /// The straight-line distance to `other`.
  func distance(to other: Point) -> Double {
    let (dx, dy) = (x - other.x, y - other.y)
    return (dx * dx + dy * dy).squareRoot()
  }
}
