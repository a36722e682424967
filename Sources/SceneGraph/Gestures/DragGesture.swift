// `DragGesture`: a press that moves, recognized once it has moved its least distance.
import FoundationEssentials
import Graphics

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

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    DragRecognizer(
      minimumDistance: max(0, minimumDistance),
      origin: coordinateSpace == .global ? Point(x: 0, y: 0) : context.frame.origin)
  }
}

/// Follows one press: nothing until the pointer is `minimumDistance` from where it went down,
/// then a value for every move, and the last one on release. Released sooner, it fails.
final class DragRecognizer: _GestureRecognizer<DragGesture.Value> {
  let minimumDistance: Double
  /// Where `.local` locations are measured from, in window points.
  let origin: Point
  private var start: Point?
  private var last = (point: Point(x: 0, y: 0), time: 0.0)
  private var velocity = Size(width: 0, height: 0)
  private var began = false

  init(minimumDistance: Double, origin: Point) {
    self.minimumDistance = minimumDistance
    self.origin = origin
  }

  override func handle(_ e: PointerEvent) -> GestureStep<DragGesture.Value> {
    switch e.kind {
    case .down:
      guard start == nil else { return .failed }
      start = e.location
      last = (e.location, e.time)
      guard minimumDistance == 0 else { return .none }
      began = true
      return .changed(value(at: e.location, time: e.time))
    case .moved:
      guard let start else { return .none }
      let v = value(at: e.location, time: e.time)
      if !began, e.location.distance(to: start) >= minimumDistance { began = true }
      return began ? .changed(v) : .none
    case .up:
      guard start != nil else { return .failed }
      let v = value(at: e.location, time: e.time)
      return began ? .ended(v) : .failed
    case .magnify, .rotate:
      // A wheel over the view with no press: not a drag.
      return start == nil ? .failed : .none
    case .time:
      return .none
    }
  }

  /// The value for the pointer at `point`, `time` seconds of the monotonic clock.
  private func value(at point: Point, time: Double) -> DragGesture.Value {
    let start = self.start ?? point
    let dt = time - last.time
    // A release where the last move was (as SDL reports it) keeps the move's velocity: a
    // flick ends moving. A pointer held still for a twentieth of a second has stopped.
    if dt > 0.001, point != last.point || dt > 0.05 {
      velocity = Size(width: (point.x - last.point.x) / dt, height: (point.y - last.point.y) / dt)
      last = (point, time)
    }
    let location = Point(x: point.x - origin.x, y: point.y - origin.y)
    let startLocation = Point(x: start.x - origin.x, y: start.y - origin.y)
    let translation = Size(width: point.x - start.x, height: point.y - start.y)
    let glide = Size(width: velocity.width * 0.25, height: velocity.height * 0.25)
    return DragGesture.Value(
      time: Date(), location: location, startLocation: startLocation, translation: translation, velocity: velocity,
      predictedEndLocation: Point(x: location.x + glide.width, y: location.y + glide.height),
      predictedEndTranslation: Size(width: translation.width + glide.width, height: translation.height + glide.height))
  }
}
