import FoundationEssentials

/// How a keyframe is reached from the keyframe before it.
///
/// A segment's timing curve always lasts exactly the keyframe's offset, so every segment
/// ends precisely on its keyframe's value (springs are omitted for that reason: they do not
/// finish in a fixed time).
public enum KeyframeCurve: Sendable, Hashable {
  /// Jump to the keyframe's value as soon as its segment begins.
  case none
  /// Constant speed.
  case linear
  /// Start slowly (cubic Bézier 0.42, 0, 1, 1).
  case easeIn
  /// End slowly (cubic Bézier 0, 0, 0.58, 1).
  case easeOut
  /// Start and end slowly (cubic Bézier 0.42, 0, 0.58, 1).
  case easeInOut

  /// Returns the matching animation lasting `duration` seconds, or `nil` for `.none`.
  public func animation(duration: Double) -> Animation? {
    switch self {
    case .none: return nil
    case .linear: return .linear(duration: duration)
    case .easeIn: return .easeIn(duration: duration)
    case .easeOut: return .easeOut(duration: duration)
    case .easeInOut: return .easeInOut(duration: duration)
    }
  }
}

/// One row of a keyframe table: reach `value` after `offset` seconds using `curve`.
///
/// As in the SwiftUI Lab TimelineView article, `offset` is the length of the segment that
/// ends on this keyframe (time since the previous keyframe), not an absolute time.
public struct Keyframe<Value: VectorArithmetic>: Sendable {
  /// Duration of the segment leading to this keyframe, in seconds at speed 1.
  public var offset: TimeInterval
  /// The value reached at the end of the segment.
  public var value: Value
  /// How the segment interpolates toward `value`.
  public var curve: KeyframeCurve

  /// Creates a keyframe.
  public init(offset: TimeInterval, value: Value, curve: KeyframeCurve) {
    self.offset = offset
    self.value = value
    self.curve = curve
  }
}

extension Keyframe: Equatable where Value: Equatable {}
extension Keyframe: Hashable where Value: Hashable {}

/// A keyframe sequence starting from an initial state, evaluable directly or as a schedule.
///
/// This is the SwiftUI Lab article's table of offsets and curves; SwiftUI's own keyframe API
/// (`KeyframeTimeline`, `KeyframeTrack`) is separate, with its own types and semantics.
///
/// Segment `i` runs from the previous value to `keyframes[i].value` over
/// `keyframes[i].offset / speed` seconds with `keyframes[i].curve`. The previous value of
/// segment 0 is `initial` on the first pass only; when looping, later passes start segment 0
/// from the last keyframe, so the initial state is used once and then ignored (the
/// article's keyframe 0).
public struct KeyframeSequence<Value: VectorArithmetic>: Sendable {
  /// The state shown before the first segment starts.
  public let initial: Value
  /// The animated keyframes, not including the initial state.
  public let keyframes: [Keyframe<Value>]
  /// Playback rate; offsets are divided by it.
  public let speed: Double

  /// Segment durations in seconds after applying `speed`; feed these to `.cyclic(timeOffsets:)`.
  public let offsets: [TimeInterval]

  /// Segment end times from the start of a pass, accumulated once so that lookups and
  /// callers summing `offsets` in order agree bit for bit on the boundaries.
  private let ends: [TimeInterval]

  /// Creates a track from an initial state and the keyframes that follow it.
  ///
  /// `speed` must be positive and finite.
  public init(initial: Value, keyframes: [Keyframe<Value>], speed: Double = 1) {
    precondition(speed > 0 && speed.isFinite, "speed must be positive and finite")
    self.initial = initial
    self.keyframes = keyframes
    self.speed = speed
    let offsets = keyframes.map { max($0.offset, 0) / speed }
    self.offsets = offsets
    var ends: [TimeInterval] = []
    var total: TimeInterval = 0
    for offset in offsets {
      total += offset
      ends.append(total)
    }
    self.ends = ends
  }

  /// Creates a track from a table whose first row is the initial state (its offset and
  /// curve are ignored), as the article lays its keyframes out.
  public init(table: [Keyframe<Value>], speed: Double = 1) {
    precondition(!table.isEmpty, "a keyframe table needs at least the initial row")
    self.init(initial: table[0].value, keyframes: Array(table.dropFirst()), speed: speed)
  }

  /// Length of one pass through all keyframes, in seconds after applying `speed`.
  public var duration: TimeInterval { ends.last ?? 0 }

  /// Returns the animation that plays segment `i`, or `nil` for a `.none` curve or an
  /// index outside the track.
  public func animation(forSegment i: Int) -> Animation? {
    guard keyframes.indices.contains(i) else { return nil }
    return keyframes[i].curve.animation(duration: offsets[i])
  }

  /// Returns the track's value `elapsed` seconds after it started.
  ///
  /// Without looping the track holds the last keyframe's value after `duration`. With
  /// looping it starts over at segment 0, coming from the last keyframe rather than from
  /// `initial`. A segment's end time belongs to it, so a boundary yields its keyframe.
  public func value(at elapsed: Double, looping: Bool) -> Value {
    guard let last = keyframes.last?.value, elapsed > 0 else { return initial }
    let total = duration
    var time = elapsed
    var firstPass = true
    if time > total {
      guard looping, total > 0 else { return last }
      time = (time - total).truncatingRemainder(dividingBy: total)
      firstPass = false
      if time == 0 { return last }
    }
    // First segment whose end is at or after `time`; `ends` is sorted.
    var low = 0
    var high = ends.count - 1
    while low < high {
      let mid = (low + high) / 2
      if ends[mid] >= time { high = mid } else { low = mid + 1 }
    }
    let index = low
    let keyframe = keyframes[index]
    let from = index > 0 ? keyframes[index - 1].value : (firstPass ? initial : last)
    let start = index > 0 ? ends[index - 1] : 0
    guard let animation = animation(forSegment: index), offsets[index] > 0 else {
      return keyframe.value
    }
    let progress = animation.fraction(at: time - start)
    // Weighted form keeps both endpoints exact (from + (to - from) may round at 1).
    return from.scaled(by: 1 - progress) + keyframe.value.scaled(by: progress)
  }
}
