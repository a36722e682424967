import FoundationEssentials
import Graphics

/// A view whose content is built from its own size and place; SwiftUI's `GeometryReader`.
///
/// It takes all the space offered (10 points on an axis offered nothing), and puts its
/// content at its top-leading corner, offering it the same size.
///
/// The content depends on layout, but the tree is resolved before it is laid out. So the
/// content is built from where the reader was at the last layout (and not at all before its
/// first), and the reader's layout notes where it was actually put. When that differs, the
/// runtime marks the reader, updates the tree again and lays it out again in the same frame
/// (`SceneRuntime.updateFrame`). That converges at once: a reader's own size is its
/// proposal, which its content cannot change; only readers nested in rebuilt content need a
/// further round. Content is never built for a made-up size before the first layout; when
/// the view holding a reader runs its body again (its closure is then new), it is built from
/// the last layout's geometry, and again only if layout then moves the reader.
///
/// Building the content during layout instead would run bodies and `@State` updates from
/// inside size queries, which stacks ask several times with different proposals; this way
/// bodies run only in update passes, once per round, and a frame whose readers stay put
/// costs nothing extra. A move alone rebuilds the content only if it asked for its global
/// frame.
public struct GeometryReader<Content: View>: View {
  public typealias Body = Never
  /// Builds the content from the reader's geometry.
  public var content: (GeometryProxy) -> Content

  /// Creates a reader whose content is built from its size and place.
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
}

/// A coordinate space a frame can be given in; SwiftUI's `CoordinateSpace`.
public enum CoordinateSpace: Hashable, Sendable {
  /// The scene's space, in points from its top-left corner.
  case global
  /// The view's own space: its top-leading corner is the origin.
  case local
}

/// The size and place of a geometry reader, handed to its content; SwiftUI's `GeometryProxy`.
///
/// Two proxies are equal when their geometry is, so a view built with a proxy runs its body
/// again only when the geometry changed.
public struct GeometryProxy: Equatable {
  /// The reader's size.
  public let size: CGSize
  /// The reader's frame in the scene's space.
  let globalFrame: CGRect
  let slot: GeometrySlot

  /// The window has no safe area: zero on every edge.
  public var safeAreaInsets: EdgeInsets { EdgeInsets() }

  /// The reader's frame in `coordinateSpace`.
  public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
    switch coordinateSpace {
    case .local: return CGRect(origin: .zero, size: size)
    case .global:
      slot.readsGlobal = true
      return globalFrame
    }
  }

  public static func == (a: GeometryProxy, b: GeometryProxy) -> Bool { a.globalFrame == b.globalFrame }
}

/// What a reader's node keeps between updates and layouts.
final class GeometrySlot {
  /// The reader's node, which layout marks for a rebuild. Weak: the node holds the slot.
  weak var node: ViewNode?
  /// Where layout last put the reader, in the scene's points; nil before its first layout.
  var placed: Rect?
  /// The frame the content was last built with; nil before it was first built.
  var builtWith: Rect?
  /// Whether the content asked for its global frame: then a move alone calls for a rebuild.
  var readsGlobal = false

  init(_ node: ViewNode) { self.node = node }
}

/// The geometry readers one layout put somewhere other than where their content was built for.
final class MovedReaders {
  var nodes: [ViewNode] = []
}

extension GeometryReader: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let slot: GeometrySlot
    if let kept = node.previous as? GeometrySlot {
      slot = kept
    } else {
      slot = GeometrySlot(node)
      node.previous = slot
    }
    guard let frame = slot.placed else {
      // Not laid out yet: no content until the round that follows this frame's layout.
      return [RNode(GeometryReaderLayout(slot: slot, builtWith: nil), RNode(.empty))]
    }
    let kids: [RNode]
    if ctx.sameValue, frame == slot.builtWith, let revisit = node.revisit {
      // Neither the closure nor the geometry changed: visit only what is dirty below.
      kids = revisit(node, ctx)
    } else {
      slot.builtWith = frame
      let content = self.content(GeometryProxy(size: frame.size, globalFrame: frame, slot: slot))
      node.revisit = { n, rc in rc.runtime.child(n, ChildKey(0), content, rc) }
      var c = ctx
      c.sameValue = false
      kids = ctx.runtime.child(node, ChildKey(0), content, c)
    }
    return [RNode(GeometryReaderLayout(slot: slot, builtWith: frame), single(kids))]
  }
}

/// A reader's layout: the proposal as its size, the content at its top-leading corner, and
/// a note to the runtime when the content was built for another frame.
struct GeometryReaderLayout: ResolvedModifier {
  let slot: GeometrySlot
  /// The frame the content under this node was built with; nil when it has none yet.
  let builtWith: Rect?

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    Size(width: p.width ?? 10, height: p.height ?? 10)
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    slot.placed = r
    let moved = builtWith.map { r.size != $0.size || (slot.readsGlobal && r.origin != $0.origin) } ?? true
    if moved, let node = slot.node { layout.movedReaders.nodes.append(node) }
    let s = layout.size(child, ProposedSize(width: r.width, height: r.height))
    layout.place(child, in: Rect(origin: r.origin, size: s))
  }
}
