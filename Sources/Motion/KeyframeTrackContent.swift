// SwiftUI's keyframes of one track: `LinearKeyframe`, `SpringKeyframe`, `CubicKeyframe`,
// `MoveKeyframe`, and the curve a track's keyframes make.
import FoundationEssentials

/// A group of keyframes that define an interpolation curve of an animatable value; SwiftUI's
/// `KeyframeTrackContent`.
///
/// The four keyframe types are the primitives. A type of your own composes them in `body`.
public protocol KeyframeTrackContent<Value> {
  /// The value the keyframes move.
  associatedtype Value: VectorArithmetic = Body.Value
  /// The keyframes this content is made of; the keyframe types are their own body.
  associatedtype Body: KeyframeTrackContent
  /// The composition of keyframes that make up this content.
  @KeyframeTrackContentBuilder<Value> var body: Body { get }

  /// Appends this content's keyframes, in order, to `segments`.
  func _appendSegments(to segments: inout [_KeyframeSegment<Value>])
}

extension KeyframeTrackContent where Body.Value == Value {
  /// Appends the body's keyframes: content of your own is what its body is.
  public func _appendSegments(to segments: inout [_KeyframeSegment<Value>]) {
    body._appendSegments(to: &segments)
  }
}

/// One keyframe of a track: the value it reaches, how long its segment lasts and how the
/// segment interpolates.
public struct _KeyframeSegment<Value: VectorArithmetic> {
  enum Interpolation {
    case move
    case linear(UnitCurve)
    case cubic(startVelocity: Value?, endVelocity: Value?)
    case spring(SpringModel, startVelocity: Value?)
  }

  let to: Value
  /// Seconds; never negative.
  let duration: Double
  let interpolation: Interpolation

  init(to: Value, duration: Double, _ interpolation: Interpolation) {
    self.to = to
    self.duration = duration.isNaN ? 0 : max(duration, 0)
    self.interpolation = interpolation
  }
}

/// A keyframe that uses simple linear interpolation; SwiftUI's `LinearKeyframe`.
public struct LinearKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  let segment: _KeyframeSegment<Value>

  /// Creates a keyframe that reaches `to` after `duration` seconds, paced by `timingCurve`.
  public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
    segment = _KeyframeSegment(to: to, duration: duration, .linear(timingCurve))
  }

  public var body: Self { self }

  public func _appendSegments(to segments: inout [_KeyframeSegment<Value>]) { segments.append(segment) }
}

/// A keyframe that uses a spring function to interpolate to the given value; SwiftUI's
/// `SpringKeyframe`.
///
/// The segment lasts `duration` seconds, or until the spring settles; a segment cut short ends
/// wherever the spring is then, and the next keyframe starts from there with its velocity.
public struct SpringKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  let segment: _KeyframeSegment<Value>

  /// Creates a keyframe that springs toward `to` with `spring`, starting at `startVelocity`
  /// (nil: the velocity the value arrives with).
  public init(
    _ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(duration: 0.5, bounce: 0),
    startVelocity: Value? = nil
  ) {
    let model = SpringModel(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: 0)
    segment = _KeyframeSegment(
      to: to, duration: duration ?? model.settlingDuration, .spring(model, startVelocity: startVelocity))
  }

  public var body: Self { self }

  public func _appendSegments(to segments: inout [_KeyframeSegment<Value>]) { segments.append(segment) }
}

/// A keyframe that uses a cubic curve to smoothly interpolate between values; SwiftUI's
/// `CubicKeyframe`.
///
/// Velocities left nil keep the motion smooth: adjacent cubic keyframes make a Catmull-Rom
/// spline; after another kind of keyframe the segment starts with the velocity that keyframe
/// ended with, and before one it ends with the velocity that keyframe starts with. The first
/// keyframe of a track starts from rest, and the last one comes to rest.
public struct CubicKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  let segment: _KeyframeSegment<Value>

  /// Creates a keyframe that reaches `to` after `duration` seconds along a cubic curve.
  public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
    segment = _KeyframeSegment(
      to: to, duration: duration, .cubic(startVelocity: startVelocity, endVelocity: endVelocity))
  }

  public var body: Self { self }

  public func _appendSegments(to segments: inout [_KeyframeSegment<Value>]) { segments.append(segment) }
}

/// A keyframe that immediately moves to the given value without interpolating; SwiftUI's
/// `MoveKeyframe`.
public struct MoveKeyframe<Value: VectorArithmetic>: KeyframeTrackContent {
  let segment: _KeyframeSegment<Value>

  /// Creates a keyframe that jumps to `to` and takes no time.
  public init(_ to: Value) { segment = _KeyframeSegment(to: to, duration: 0, .move) }

  public var body: Self { self }

  public func _appendSegments(to segments: inout [_KeyframeSegment<Value>]) { segments.append(segment) }
}

// MARK: The curve of one track

/// The path a track's value takes: one piece per keyframe, each starting where the one before
/// it ended (value and velocity), at the time it ended.
struct KeyframePath<Value: VectorArithmetic> {
  /// One keyframe's stretch of the path.
  struct Piece {
    enum Shape {
      /// At `to` from the piece's start (a move, or a segment of no length).
      case jump
      /// `from` to `to`, paced by the curve.
      case curve(UnitCurve)
      /// A cubic Hermite curve with the tangents (velocity × duration) at both ends.
      case hermite(Value, Value)
      /// A spring toward `to`, released at `from` with a velocity.
      case spring(SpringModel, Value)
    }

    let start: Double
    let duration: Double
    let from: Value
    let to: Value
    let shape: Shape

    /// The value and its velocity (per second) `elapsed` seconds into the piece.
    func evaluate(_ elapsed: Double) -> (value: Value, velocity: Value) {
      let t = min(max(elapsed, 0), duration)
      switch shape {
      case .jump:
        return (to, .zero)
      case .curve(let curve):
        let s = t / duration
        let p = curve.value(at: s)
        // Weighted form keeps both endpoints exact (from + (to - from) may round at 1).
        return (from.scaled(by: 1 - p) + to.scaled(by: p), (to - from).scaled(by: curve.velocity(at: s) / duration))
      case .hermite(let m0, let m1):
        let s = t / duration
        let s2 = s * s
        let s3 = s2 * s
        let value =
          from.scaled(by: 2 * s3 - 3 * s2 + 1) + m0.scaled(by: s3 - 2 * s2 + s) + to.scaled(by: 3 * s2 - 2 * s3)
          + m1.scaled(by: s3 - s2)
        let slope =
          from.scaled(by: 6 * s2 - 6 * s) + m0.scaled(by: 3 * s2 - 4 * s + 1) + to.scaled(by: 6 * s - 6 * s2)
          + m1.scaled(by: 3 * s2 - 2 * s)
        return (value, slope.scaled(by: 1 / duration))
      case .spring(let model, let v0):
        let k = model.coefficients(at: t)
        let x0 = from - to
        return (to + x0.scaled(by: k.p) + v0.scaled(by: k.q), x0.scaled(by: k.dp) + v0.scaled(by: k.dq))
      }
    }
  }

  let initial: Value
  let pieces: [Piece]
  /// When the last keyframe's segment ends.
  let duration: Double

  /// Lays the keyframes out one after another from `initial`, moving at `velocity`.
  init(initial: Value, velocity: Value, segments: [_KeyframeSegment<Value>]) {
    self.initial = initial
    var pieces: [Piece] = []
    var time = 0.0
    var value = initial
    var carried = velocity
    for (i, segment) in segments.enumerated() {
      let d = segment.duration
      let shape: Piece.Shape
      switch segment.interpolation {
      case _ where d == 0, .move:
        shape = .jump
      case .linear(let curve):
        shape = .curve(curve)
      case .cubic(let startVelocity, let endVelocity):
        let v1 = endVelocity ?? Self.arrivalVelocity(segments, after: i, from: value)
        shape = .hermite((startVelocity ?? carried).scaled(by: d), v1.scaled(by: d))
      case .spring(let model, let startVelocity):
        shape = .spring(model, startVelocity ?? carried)
      }
      let piece = Piece(start: time, duration: d, from: value, to: segment.to, shape: shape)
      (value, carried) = piece.evaluate(d)
      pieces.append(piece)
      time += d
    }
    self.pieces = pieces
    duration = time
  }

  /// The velocity a cubic segment `i`, starting at `from`, ends with when it names none: the
  /// one the next keyframe starts with.
  private static func arrivalVelocity(_ segments: [_KeyframeSegment<Value>], after i: Int, from: Value) -> Value {
    guard i + 1 < segments.count else { return .zero }
    let segment = segments[i]
    let next = segments[i + 1]
    switch next.interpolation {
    case .move:
      return .zero
    case .linear(let curve):
      guard next.duration > 0 else { return .zero }
      return (next.to - segment.to).scaled(by: curve.velocity(at: 0) / next.duration)
    case .cubic(let v, _), .spring(_, let v):
      if let v { return v }
      // Catmull-Rom: the slope from the point before this segment to the one after it,
      // spread over both segments' time so that unequal durations keep the speed continuous.
      let span = segment.duration + next.duration
      return span > 0 ? (next.to - from).scaled(by: 1 / span) : .zero
    }
  }

  /// The piece under way at `time`: the last one that has started (a jump at `time` counts).
  private func piece(at time: Double) -> Piece? {
    var low = 0
    var high = pieces.count
    while low < high {
      let mid = (low + high) / 2
      if pieces[mid].start <= time { low = mid + 1 } else { high = mid }
    }
    return low > 0 ? pieces[low - 1] : nil
  }

  /// The value at `time` seconds: `initial` before the first keyframe, the last value after
  /// the end.
  func value(at time: Double) -> Value {
    guard let piece = piece(at: time) else { return initial }
    return piece.evaluate(time - piece.start).value
  }

  /// The velocity at `time` seconds; zero outside the path.
  func velocity(at time: Double) -> Value {
    guard let piece = piece(at: time), time <= piece.start + piece.duration else { return .zero }
    return piece.evaluate(time - piece.start).velocity
  }
}
