// `MagnifyGesture` and `RotateGesture` (and their older names) from a desktop's wheel: Ctrl
// and the wheel pinch, Shift and the wheel twist, over the view, with or without a press.
import FoundationEssentials
import Graphics

/// A pinch; SwiftUI's `MagnifyGesture`. On a desktop, each notch of the wheel with Ctrl held
/// over the view scales by 1.1 (away from the user) or 1/1.1; the gesture ends a third of a
/// second after the last notch.
public struct MagnifyGesture: Gesture {
  public struct Value: Equatable, Sendable {
    public var time: Date
    /// The scale since the gesture began.
    public var magnification: CGFloat
    /// Scale a second, from the last two notches.
    public var velocity: CGFloat
    /// Where the pointer was when the gesture began, as a fraction of the view.
    public var startAnchor: UnitPoint
    /// Where the pointer was when the gesture began, in the view's coordinates.
    public var startLocation: CGPoint
  }
  /// The least change of scale that counts.
  public var minimumScaleDelta: CGFloat
  public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    let frame = context.frame
    return MapRecognizer(WheelRecognizer(axis: .magnify, threshold: minimumScaleDelta)) { w in
      Value(
        time: Date(), magnification: w.amount, velocity: w.velocity, startAnchor: w.anchor(in: frame),
        startLocation: Point(x: w.start.x - frame.minX, y: w.start.y - frame.minY))
    }
  }
}

/// A pinch whose value is its scale; SwiftUI's `MagnificationGesture`.
public struct MagnificationGesture: Gesture {
  public typealias Value = CGFloat
  public var minimumScaleDelta: CGFloat
  public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<CGFloat> {
    MapRecognizer(WheelRecognizer(axis: .magnify, threshold: minimumScaleDelta)) { $0.amount }
  }
}

/// A twist; SwiftUI's `RotateGesture`. On a desktop, each notch of the wheel with Shift held
/// over the view turns 15° (clockwise away from the user); it ends a third of a second after
/// the last notch.
public struct RotateGesture: Gesture {
  public struct Value: Equatable, Sendable {
    public var time: Date
    /// The turn since the gesture began, clockwise.
    public var rotation: Angle
    /// Turn a second, from the last two notches.
    public var velocity: Angle
    public var startAnchor: UnitPoint
    public var startLocation: CGPoint
  }
  /// The least turn that counts.
  public var minimumAngleDelta: Angle
  public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    let frame = context.frame
    return MapRecognizer(WheelRecognizer(axis: .rotate, threshold: minimumAngleDelta.radians)) { w in
      Value(
        time: Date(), rotation: .radians(w.amount), velocity: .radians(w.velocity), startAnchor: w.anchor(in: frame),
        startLocation: Point(x: w.start.x - frame.minX, y: w.start.y - frame.minY))
    }
  }
}

/// A twist whose value is its angle; SwiftUI's `RotationGesture`.
public struct RotationGesture: Gesture {
  public typealias Value = Angle
  public var minimumAngleDelta: Angle
  public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Angle> {
    MapRecognizer(WheelRecognizer(axis: .rotate, threshold: minimumAngleDelta.radians)) { .radians($0.amount) }
  }
}

/// What a wheel gesture has added up: a scale (magnify) or an angle in radians (rotate).
struct WheelValue {
  var amount: Double
  var velocity: Double
  /// The pointer when the first notch came, in window points.
  var start: Point

  func anchor(in frame: Rect) -> UnitPoint {
    UnitPoint(
      x: frame.width > 0 ? (start.x - frame.minX) / frame.width : 0.5,
      y: frame.height > 0 ? (start.y - frame.minY) / frame.height : 0.5)
  }
}

/// Adds up wheel steps of one kind: it begins once the total passes `threshold`, and ends
/// `WheelRecognizer.pause` seconds after the last step. With no step before a press ends, or a
/// wheel step of the other kind first, it fails.
final class WheelRecognizer: _GestureRecognizer<WheelValue> {
  enum Axis { case magnify, rotate }
  /// Seconds without a step that end the gesture.
  static let pause = 1.0 / 3
  let axis: Axis
  let threshold: Double
  private var value: WheelValue?
  private var last = 0.0
  private var began = false
  /// Where the press is, while one is held and no step has come.
  private var pressedAt: Point?

  init(axis: Axis, threshold: Double) {
    self.axis = axis
    self.threshold = abs(threshold)
  }

  override var deadline: Double? { value == nil ? nil : last + Self.pause }

  override var takesWheel: Bool { value != nil }

  /// A pinch under way ends on the next press rather than being stopped by it.
  override var wantsPress: Bool { value != nil }

  override func handle(_ e: PointerEvent) -> GestureStep<WheelValue> {
    switch e.kind {
    case .down: pressedAt = e.location
    case .up: pressedAt = nil
    default: break
    }
    switch (e.kind, axis) {
    case (.magnify(let factor), .magnify): return step(combining: { $0 * factor }, identity: 1, e)
    case (.rotate(let angle), .rotate): return step(combining: { $0 + angle }, identity: 0, e)
    case (.magnify, .rotate), (.rotate, .magnify): return value == nil ? .failed : .none
    case (.time, _):
      guard let value, e.time >= last + Self.pause else { return .none }
      return began ? .ended(value) : .failed
    case (.up, _): return value == nil ? .failed : .none
    case (.down, _):
      // A press ends a pinch under way (one ended by a press keeps its scale).
      guard let value else { return .none }
      return began ? .ended(value) : .failed
    case (.moved, _):
      // A press that moves before any step is a drag, not a pinch.
      guard value == nil, let start = pressedAt else { return .none }
      return e.location.distance(to: start) > TapRecognizer.slop ? .failed : .none
    }
  }

  private func step(combining: (Double) -> Double, identity: Double, _ e: PointerEvent) -> GestureStep<WheelValue> {
    var v = value ?? WheelValue(amount: identity, velocity: 0, start: e.location)
    let before = v.amount
    v.amount = combining(v.amount)
    let dt = e.time - last
    if value != nil, dt > 0.001 { v.velocity = (v.amount - before) / dt }
    value = v
    last = e.time
    if !began, abs(v.amount - identity) >= threshold { began = true }
    return began ? .changed(v) : .none
  }
}
