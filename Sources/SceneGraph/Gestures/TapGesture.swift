// `TapGesture` and `SpatialTapGesture`: clicks, counted, each recognized on release.
import FoundationEssentials
import Graphics

/// One or more clicks; SwiftUI's `TapGesture`. It ends on the release of the `count`-th click.
public struct TapGesture: Gesture {
  public typealias Value = Void
  /// How many clicks, each within `TapRecognizer.interval` of the last release.
  public var count: Int
  public init(count: Int = 1) { self.count = count }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Void> {
    MapRecognizer(TapRecognizer(count: count, frame: context.frame)) { _ in () }
  }
}

/// Clicks with where they were; SwiftUI's `SpatialTapGesture`.
public struct SpatialTapGesture: Gesture {
  /// Where the last click was released.
  public struct Value: Equatable, Sendable {
    public var location: CGPoint
  }
  public var count: Int
  public var coordinateSpace: CoordinateSpace

  public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
    self.count = count
    self.coordinateSpace = coordinateSpace
  }

  public func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value> {
    let origin = coordinateSpace == .global ? Point(x: 0, y: 0) : context.frame.origin
    return MapRecognizer(TapRecognizer(count: count, frame: context.frame)) {
      Value(location: Point(x: $0.x - origin.x, y: $0.y - origin.y))
    }
  }
}

/// Counts clicks on a view: it ends, with the window point of the last release, when the
/// `count`-th click is released. It fails when a press moves more than `slop` points, is
/// released outside the view, or the next press does not come within `interval`.
final class TapRecognizer: _GestureRecognizer<Point> {
  /// Points a press may move and still be a click.
  static let slop = 10.0
  /// Seconds from a release to the next press of the same multiple click.
  static let interval = 0.35
  let count: Int
  let frame: Rect
  private var taps = 0
  private var pressedAt: Point?
  private var releasedAt: Double?

  init(count: Int, frame: Rect) {
    self.count = max(1, count)
    self.frame = frame
  }

  override var deadline: Double? {
    guard pressedAt == nil, let releasedAt else { return nil }
    return releasedAt + Self.interval
  }

  /// Between the clicks of a multiple click, and through the presses after the first.
  override var isWaiting: Bool { taps > 0 }

  override var wantsPress: Bool { taps > 0 && pressedAt == nil }

  override func handle(_ e: PointerEvent) -> GestureStep<Point> {
    switch e.kind {
    case .down:
      if let deadline, e.time > deadline { return .failed }
      pressedAt = e.location
      return .none
    case .moved:
      guard let p = pressedAt else { return .none }
      return e.location.distance(to: p) > Self.slop ? .failed : .none
    case .up:
      guard pressedAt != nil else { return .failed }
      pressedAt = nil
      guard frame.insetBy(dx: -Self.slop, dy: -Self.slop).contains(e.location) else { return .failed }
      taps += 1
      if taps >= count { return .ended(e.location) }
      releasedAt = e.time
      return .none
    case .time:
      if let deadline, e.time >= deadline { return .failed }
      return .none
    case .magnify, .rotate:
      return pressedAt == nil && taps == 0 ? .failed : .none
    }
  }
}
