// `LongPressGesture` and `.onLongPressGesture`: a press held still for a while.
import FoundationEssentials
import Graphics

/// A press held for `minimumDuration`; SwiftUI's `LongPressGesture`. Its value is true while
/// the press is held, and it ends, with true, once the duration has passed, without waiting
/// for the release. It fails when released sooner or moved more than `maximumDistance`.
public struct LongPressGesture: Gesture {
  public typealias Value = Bool
  /// Seconds the press must be held.
  public var minimumDuration: Double
  /// Points the press may move.
  public var maximumDistance: CGFloat

  public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
    self.minimumDuration = minimumDuration
    self.maximumDistance = maximumDistance
  }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Bool> {
    LongPressRecognizer(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
  }
}

/// Recognizes a long press: `.changed(true)` on the press, `.ended(true)` when it has been held
/// long enough. With `holdsUntilRelease` it goes on until the release instead, ending then
/// with whether the duration was reached (for `onLongPressGesture`'s pressing action).
final class LongPressRecognizer: _GestureRecognizer<Bool> {
  let minimumDuration: Double
  let maximumDistance: Double
  let holdsUntilRelease: Bool
  private var pressed: (point: Point, time: Double)?
  private(set) var reached = false

  init(minimumDuration: Double, maximumDistance: Double, holdsUntilRelease: Bool = false) {
    self.minimumDuration = max(0, minimumDuration)
    self.maximumDistance = maximumDistance
    self.holdsUntilRelease = holdsUntilRelease
  }

  override var deadline: Double? {
    guard let pressed, !reached else { return nil }
    return pressed.time + minimumDuration
  }

  override func handle(_ e: PointerEvent) -> GestureStep<Bool> {
    switch e.kind {
    case .down:
      guard pressed == nil else { return .failed }
      pressed = (e.location, e.time)
      return minimumDuration == 0 ? reach() : .changed(true)
    case .moved:
      guard let pressed, !reached else { return .none }
      return e.location.distance(to: pressed.point) > maximumDistance ? .failed : .none
    case .time:
      guard let deadline, e.time >= deadline else { return .none }
      return reach()
    case .up:
      return holdsUntilRelease && reached ? .ended(true) : .failed
    case .magnify, .rotate:
      return pressed == nil ? .failed : .none
    }
  }

  private func reach() -> GestureStep<Bool> {
    reached = true
    return holdsUntilRelease ? .changed(true) : .ended(true)
  }
}

/// The gesture `onLongPressGesture` attaches: `pressing(true)` on the press, `action` once it
/// has been held `minimumDuration`, and `pressing(false)` when the press ends either way.
struct _LongPressActions: Gesture {
  typealias Value = Bool
  let minimumDuration: Double
  let maximumDistance: Double
  let action: () -> Void
  let pressing: ((Bool) -> Void)?

  func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Bool> {
    LongPressActionRecognizer(self)
  }
}

/// Calls `_LongPressActions`'s closures from a long press held until its release.
final class LongPressActionRecognizer: _WrappingRecognizer<Bool, Bool> {
  let actions: _LongPressActions
  /// The inner recognizer, typed: whether it has reached its duration.
  private let press: LongPressRecognizer
  private var acted = false
  private var isPressing = false

  init(_ actions: _LongPressActions) {
    self.actions = actions
    press = LongPressRecognizer(
      minimumDuration: actions.minimumDuration, maximumDistance: actions.maximumDistance, holdsUntilRelease: true)
    super.init(press)
  }

  override func handle(_ e: PointerEvent) -> GestureStep<Bool> {
    let step = inner.feed(e)
    if case .changed = step, !isPressing {
      isPressing = true
      actions.pressing?(true)
    }
    if press.reached, !acted {
      acted = true
      actions.action()
    }
    switch step {
    case .ended, .failed: release()
    case .none, .changed: break
    }
    return step
  }

  override func cancel() {
    super.cancel()
    release()
  }

  private func release() {
    guard isPressing else { return }
    isPressing = false
    actions.pressing?(false)
  }
}
