// The result builders of SwiftUI's keyframe API: `KeyframeTrackContentBuilder` for the
// keyframes of one track, `KeyframesBuilder` for the tracks of a timeline.
import FoundationEssentials

/// The builder that creates keyframe track content from the keyframes in a closure; SwiftUI's
/// `KeyframeTrackContentBuilder`.
@resultBuilder
public struct KeyframeTrackContentBuilder<Value: VectorArithmetic> {
  public static func buildBlock() -> some KeyframeTrackContent<Value> { KeyframeList<Value>(segments: []) }

  /// The keyframes of one branch of an `if` or `switch`.
  public struct Conditional<ConditionalValue, First: KeyframeTrackContent, Second: KeyframeTrackContent>:
    KeyframeTrackContent
  where First.Value == ConditionalValue, Second.Value == ConditionalValue {
    enum Storage {
      case first(First)
      case second(Second)
    }
    let storage: Storage

    public var body: Self { self }

    public func _appendSegments(to segments: inout [_KeyframeSegment<ConditionalValue>]) {
      switch storage {
      case .first(let content): content._appendSegments(to: &segments)
      case .second(let content): content._appendSegments(to: &segments)
      }
    }
  }
}

extension KeyframeTrackContentBuilder: _KeyframeTrackContentBuilding {}

/// A builder that combines keyframe content values into a single value; SwiftUI's
/// `KeyframesBuilder`.
///
/// A block holds tracks, or, for a value that is itself animatable, keyframes directly (one
/// track that moves the whole value).
@resultBuilder
public struct KeyframesBuilder<Value> {
  public static func buildExpression<K: Keyframes>(_ expression: K) -> K where K.Value == Value { expression }

  public static func buildBlock() -> some Keyframes<Value> { EmptyKeyframes<Value>() }

  public static func buildPartialBlock<K: Keyframes>(first: K) -> K where K.Value == Value { first }

  public static func buildPartialBlock(accumulated: some Keyframes<Value>, next: some Keyframes<Value>)
    -> some Keyframes<Value>
  {
    KeyframesPair(first: accumulated, second: next)
  }

  public static func buildFinalResult<K: Keyframes>(_ component: K) -> K where K.Value == Value { component }
}

extension KeyframesBuilder: _KeyframeTrackContentBuilding where Value: VectorArithmetic {
  /// Keyframes given directly make one track that moves the whole value.
  public static func buildFinalResult<K: KeyframeTrackContent>(_ component: K) -> KeyframeTrack<Value, Value, K>
  where K.Value == Value {
    KeyframeTrack(keyPath: \.self, content: component)
  }
}

/// How both builders combine the keyframes of one track (the keyframes builder takes them
/// too, for a track that moves the whole value).
public protocol _KeyframeTrackContentBuilding {
  /// The value the keyframes move.
  associatedtype Value: VectorArithmetic
}

extension _KeyframeTrackContentBuilding {
  public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> K where K.Value == Value {
    expression
  }

  public static func buildPartialBlock<K: KeyframeTrackContent>(first: K) -> K where K.Value == Value { first }

  public static func buildPartialBlock(
    accumulated: some KeyframeTrackContent<Value>, next: some KeyframeTrackContent<Value>
  ) -> some KeyframeTrackContent<Value> {
    KeyframeList(accumulated, next)
  }

  public static func buildArray(_ components: [some KeyframeTrackContent<Value>]) -> some KeyframeTrackContent<Value> {
    KeyframeList(components)
  }

  public static func buildEither<First, Second>(first component: First)
    -> KeyframeTrackContentBuilder<Value>.Conditional<Value, First, Second>
  {
    .init(storage: .first(component))
  }

  public static func buildEither<First, Second>(second component: Second)
    -> KeyframeTrackContentBuilder<Value>.Conditional<Value, First, Second>
  {
    .init(storage: .second(component))
  }
}

/// Keyframes in a row, gathered as the builder meets them.
struct KeyframeList<Value: VectorArithmetic>: KeyframeTrackContent {
  let segments: [_KeyframeSegment<Value>]

  init(segments: [_KeyframeSegment<Value>]) { self.segments = segments }

  init(_ first: some KeyframeTrackContent<Value>, _ second: some KeyframeTrackContent<Value>) {
    var segments: [_KeyframeSegment<Value>] = []
    first._appendSegments(to: &segments)
    second._appendSegments(to: &segments)
    self.segments = segments
  }

  init(_ elements: [some KeyframeTrackContent<Value>]) {
    var segments: [_KeyframeSegment<Value>] = []
    for element in elements { element._appendSegments(to: &segments) }
    self.segments = segments
  }

  var body: Self { self }

  func _appendSegments(to segments: inout [_KeyframeSegment<Value>]) { segments += self.segments }
}

/// Two groups of tracks, the first applied first.
struct KeyframesPair<First: Keyframes, Second: Keyframes>: Keyframes where First.Value == Second.Value {
  typealias Value = First.Value
  let first: First
  let second: Second

  var body: Self { self }

  func _resolve(into tracks: inout _KeyframeTracks<Value>) {
    first._resolve(into: &tracks)
    second._resolve(into: &tracks)
  }
}

/// No tracks: the value stays where it starts.
struct EmptyKeyframes<Value>: Keyframes {
  var body: Self { self }

  func _resolve(into tracks: inout _KeyframeTracks<Value>) {}
}
