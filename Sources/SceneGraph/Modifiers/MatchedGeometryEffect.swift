// `.matchedGeometryEffect(id:in:)` and `@Namespace`: a view inserted under an animation in the
// frame another view with the same id and namespace is removed starts from that view's frame,
// and the removed one flies to the new one's while it fades (the geometry animation is in
// `SceneRuntime+GeometryAnimation.swift`, the removal in `SceneRuntime+Transitions.swift`).
import FoundationEssentials
import Graphics

/// A name space for matched geometry ids, one per view that declares it; SwiftUI's `@Namespace`.
@propertyWrapper
public struct Namespace: DynamicProperty {
  /// A namespace's identity.
  public struct ID: Hashable, Sendable {
    let raw: Int
  }

  /// Kept as the view's state: the first value made for a view stays with it.
  let state: State<Int>

  /// Creates a namespace.
  public init() { state = State(wrappedValue: Self.next()) }

  /// The namespace's identity.
  public var wrappedValue: ID { ID(raw: state.wrappedValue) }

  private static let counter = Mutex(0)
  private static func next() -> Int {
    counter.withLock {
      $0 += 1
      return $0
    }
  }
}

extension Namespace: BindableState {
  func bind(to node: ViewNode, index: Int, name: String, runtime: SceneRuntime) {
    state.bind(to: node, index: index, name: name, runtime: runtime)
  }
}

extension Namespace: DiffableProperty {
  func isSame(as other: Any, by comparators: Comparators) -> Bool { true }
}

/// Which parts of the geometry a matched view takes; accepted (the frame is matched).
public struct MatchedGeometryProperties: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let position = MatchedGeometryProperties(rawValue: 1)
  public static let size = MatchedGeometryProperties(rawValue: 2)
  public static let frame: MatchedGeometryProperties = [.position, .size]
}

/// A matched view's id within its namespace.
struct MatchedKey: Hashable {
  let namespace: Namespace.ID
  let id: AnyHashable
}

/// The modifier: it names its node's view for matching, and draws it as it is.
struct MatchedGeometryModifier: PrimitiveModifier {
  let key: MatchedKey

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    node.matchedKey = key
    return [RNode(passingOn: MatchedGeometry(), single(ctx.runtime.child(node, ChildKey(0), content, ctx)))]
  }
}

/// Where a removed matched view flies while it fades: from its own frame to the frame of the
/// view that came in with its id, once layout has placed that one.
final class MatchedFlight {
  /// Where it was drawn when it was removed: where the flight starts.
  let from: Rect
  /// Where layout had put it: where its content is laid out. It differs from `from` when the
  /// view was removed while a flight of its own or of a view above carried it.
  let laidOut: Rect
  var to: Rect?
  /// How far the views above it are drawn from their layout this frame: undone, so that the
  /// flight is where the arriving view is.
  var moved = Point.zero
  init(from: Rect, laidOut: Rect? = nil) {
    self.from = from
    self.laidOut = laidOut ?? from
  }

  /// The transform that draws what was laid out at `laidOut` at `progress` of the way from
  /// `from` to `to`.
  func transform(at progress: Double) -> Transform2D? {
    guard let to, laidOut.width > 0, laidOut.height > 0 else { return nil }
    let x = from.minX + (to.minX - from.minX) * progress
    let y = from.minY + (to.minY - from.minY) * progress
    let w = from.width + (to.width - from.width) * progress
    let h = from.height + (to.height - from.height) * progress
    return Transform2D.translation(-laidOut.minX, -laidOut.minY)
      .concatenating(.scale(w / laidOut.width, h / laidOut.height))
      .concatenating(.translation(x - moved.x, y - moved.y))
  }
}

/// A matched view's resolved node: the view as it is, as a frame of its own to animate.
struct MatchedGeometry: ResolvedModifier {}

extension View {
  /// Starts this view, when it is inserted under an animation as another view with the same
  /// `id` in `namespace` is removed, from that view's frame; the removed one flies to this
  /// one's frame as it fades. `properties`, `anchor` and `isSource` are accepted.
  public func matchedGeometryEffect<ID: Hashable>(
    id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame, anchor: UnitPoint = .center,
    isSource: Bool = true
  ) -> some View {
    modified(MatchedGeometryModifier(key: MatchedKey(namespace: namespace, id: AnyHashable(id))))
  }
}
