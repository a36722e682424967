// SwiftUI's `Keyframes`, `KeyframeTrack` and `KeyframeTimeline`: tracks of keyframes, each
// moving one property of a value, evaluated at any time.
import FoundationEssentials

/// A type that defines changes to a value over time; SwiftUI's `Keyframes`.
///
/// `KeyframeTrack` is the primitive; a type of your own composes tracks in `body`.
public protocol Keyframes<Value> {
  /// The type of value animated.
  associatedtype Value = Body.Value
  /// The keyframes this type is made of; a track is its own body.
  associatedtype Body: Keyframes
  /// The composition of tracks that make up these keyframes.
  @KeyframesBuilder<Value> var body: Body { get }

  /// Adds this content's tracks, laid out from the starting value, to `tracks`.
  func _resolve(into tracks: inout _KeyframeTracks<Value>)
}

extension Keyframes where Body.Value == Value {
  /// Adds the body's tracks: keyframes of your own are what their body is.
  public func _resolve(into tracks: inout _KeyframeTracks<Value>) { body._resolve(into: &tracks) }
}

/// The tracks of a timeline, laid out from its starting value, as `Keyframes` add them.
public struct _KeyframeTracks<Root> {
  /// One property's path, and how it is written into the value and read as a velocity.
  struct Track {
    let keyPath: AnyKeyPath
    let duration: Double
    let apply: (inout Root, Double) -> Void
    let velocity: (Double) -> Any
  }

  let initialValue: Root
  /// The velocity each property had when the timeline started (an interrupted animation's),
  /// by key path; a property not listed starts at rest.
  let initialVelocities: [AnyKeyPath: Any]
  var tracks: [Track] = []
}

/// A sequence of keyframes animating a single property of a root type; SwiftUI's
/// `KeyframeTrack`.
///
/// The track starts from the property's value in the timeline's initial value; its keyframes
/// follow one another, and after the last one the property keeps its final value.
public struct KeyframeTrack<Root, Value, Content: KeyframeTrackContent> where Content.Value == Value {
  let keyPath: WritableKeyPath<Root, Value>
  let content: Content

  /// Creates a track that animates the property at `keyPath`.
  public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
    self.keyPath = keyPath
    self.content = content()
  }

  init(keyPath: WritableKeyPath<Root, Value>, content: Content) {
    self.keyPath = keyPath
    self.content = content
  }
}

extension KeyframeTrack where Root == Value {
  /// Creates a track that animates the whole value.
  public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) {
    self.init(keyPath: \.self, content: content())
  }
}

// As a `Keyframes`, a track animates its root: the generic parameter `Value` is the type of
// the one property it moves.
extension KeyframeTrack: Keyframes {
  public typealias Value = Root

  public var body: Self { self }

  public func _resolve(into tracks: inout _KeyframeTracks<Root>) {
    var segments: [_KeyframeSegment<Content.Value>] = []
    content._appendSegments(to: &segments)
    let keyPath = self.keyPath
    let path = KeyframePath(
      initial: tracks.initialValue[keyPath: keyPath],
      velocity: tracks.initialVelocities[keyPath] as? Content.Value ?? .zero, segments: segments)
    tracks.tracks.append(
      _KeyframeTracks.Track(
        keyPath: keyPath, duration: path.duration, apply: { $0[keyPath: keyPath] = path.value(at: $1) },
        velocity: { path.velocity(at: $0) }))
  }
}

/// A description of how a value changes over time, modeled using keyframes; SwiftUI's
/// `KeyframeTimeline`.
///
/// Each track moves one property from its initial value; the timeline lasts as long as its
/// longest track. Tracks are applied in the order they are declared, so where two move the
/// same property, the later one wins.
public struct KeyframeTimeline<Value> {
  let initialValue: Value
  let tracks: [_KeyframeTracks<Value>.Track]

  /// Creates a timeline that starts at `initialValue`.
  public init<Content: Keyframes>(initialValue: Value, @KeyframesBuilder<Value> content: () -> Content)
  where Content.Value == Value {
    self.init(initialValue: initialValue, velocities: [:], content())
  }

  /// A timeline whose tracks start with the velocities `velocities` gives by key path.
  package init(initialValue: Value, velocities: [AnyKeyPath: Any], _ content: some Keyframes<Value>) {
    var resolved = _KeyframeTracks(initialValue: initialValue, initialVelocities: velocities)
    content._resolve(into: &resolved)
    self.initialValue = initialValue
    tracks = resolved.tracks
    duration = tracks.map(\.duration).max() ?? 0
  }

  /// The duration of the content in seconds: that of the longest track.
  public let duration: TimeInterval

  /// Returns the interpolated value at `time` seconds from the start.
  public func value(time: Double) -> Value {
    var value = initialValue
    for track in tracks { track.apply(&value, time) }
    return value
  }

  /// Returns the interpolated value at `progress` (0 to 1) of the duration.
  public func value(progress: Double) -> Value {
    value(time: min(max(progress, 0), 1) * duration)
  }

  /// Each track's velocity at `time`, by key path: what a timeline that replaces this one
  /// starts with.
  package func velocities(time: Double) -> [AnyKeyPath: Any] {
    var result: [AnyKeyPath: Any] = [:]
    for track in tracks { result[track.keyPath] = track.velocity(time) }
    return result
  }
}
