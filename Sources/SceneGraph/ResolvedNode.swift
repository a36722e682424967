import FoundationEssentials
import Graphics

/// A node after evaluation: closures run, state and timelines read, animations applied.
///
/// The resolved tree is what gets laid out and lowered; it is rebuilt every frame. Leaves and
/// stacks are cases of `Kind`; everything a modifier adds (a frame, padding, an effect, an
/// overlay) is one `.modified` case whose `ResolvedModifier` sizes, places and lowers the node
/// it wraps, so a new modifier is a new file, not a new case in every switch.
final class RNode {
  enum Kind {
    case empty
    case shape(AnyShape, fill: Paint?, stroke: ResolvedStroke?, foreground: Paint)
    case text(String, Font, Paint)
    case image(ImageBuffer, UInt64)
    case mesh(MeshSpec, UInt64)
    case canvas(CanvasContent)
    case stack(StackAxis, Alignment, Double, [RNode])
    case spacer(Double)
    case modified(any ResolvedModifier, RNode)
  }

  let kind: Kind
  /// Which case `kind` is, for code that only branches on it: reading `kind` copies the
  /// payload (a modifier's value, a shape, child arrays) with its references.
  let isEmptyOrSpacer: Bool
  /// Whether the node takes the size proposed to it (a shape, a mesh, a canvas), so layout
  /// answers without measuring or remembering anything.
  let takesProposal: Bool
  /// Whether the node has children to place (a stack, a modifier).
  let hasChildren: Bool
  /// Where layout put the node, in points of the scene's coordinate space.
  var frame = Rect.zero
  /// The last few size queries and their answers. Stacks ask each child several times
  /// (smallest, largest, its share), and a reused node keeps its answers across frames, so
  /// an unchanged subtree is measured once.
  var memo: [(proposal: ProposedSize, size: Size, childSizes: [Size])] = []
  /// A text's measured size: it does not depend on the proposal (text does not wrap), so it is
  /// measured once per resolved node.
  var measured: Size?
  /// The children's sizes for the latest query (stacks), read when placing them.
  var memoChildSizes: [Size] = []
  /// Whether the node's size depends on the proposal, and if not, the size (see
  /// `Layout.rigidSize`); worked out on the first query.
  var rigidity = Rigidity.unknown
  /// How its subtree is drawn away from `frame` in this frame, relative to its parent's, while
  /// its frame animates (`animateGeometry`): moved, and for a matched view scaled; nil otherwise.
  var presentedTransform: Transform2D?
  /// Whether `frame` holds a placement; a reused node placed in the same rectangle again
  /// keeps its children's placement as it is.
  var placed = false
  /// The drawn frame (`Lowerer.lowering`) in which the node was last lowered: a node lowered
  /// in two frames running was reused, and is worth keeping as a fragment.
  var loweredIn = -1
  /// The draw-list fragment the node's subtree lowered to, replayed while it is drawn the same.
  var fragment: LoweredFragment?
  /// Whether the node is never kept as a fragment: it holds a canvas.
  var fragmentRefused = false
  /// Whether a click or drag is routed by where this node was drawn (a view with a tap or a
  /// gesture): lowering then keeps `drawnBounds`.
  var isHitTarget = false
  /// Where this node was drawn in the last lowering, in pixels: its frame under every
  /// transform (offsets included); nil before it was lowered as a hit target.
  var drawnBounds: Rect?
  /// Until this drawn frame, neither the node nor anything below it is kept: it was drawn
  /// under another transform, opacity, frame or clip than the fragment it kept (or drew too
  /// little to keep).
  var unsettledUntil = -1
  /// The drawn frame in which a view below this one was in flight (drawn away from its
  /// layout, `SceneRuntime.animateGeometry`): then the node itself is neither replayed nor
  /// kept, while what lies beside the flight below it still may be.
  var flightBelowIn = -1

  /// What a parent stack asks of every child, kept when the node is made: matching a case
  /// of `kind` copies its whole payload, and stacks asked each child on every query.
  /// A spacer's minimum length; nil for anything else.
  let spacerLength: Double?
  /// The priority a parent stack gives this node: its outermost modifier's
  /// (`.layoutPriority`), or 0.
  let layoutPriority: Double
  /// The drawing order its parent stack gives this node: its outermost modifier's
  /// (`.zIndex`), or 0.
  let zIndex: Double
  /// Whether the node stands for a removed view while its transition runs: stacks draw it
  /// without laying it out (`LeavingViews`).
  private(set) var isLeaving = false

  /// A leaf or a stack; modifiers have an initializer of their own.
  init(_ kind: Kind) {
    self.kind = kind
    if case .spacer(let minLength) = kind { spacerLength = minLength } else { spacerLength = nil }
    switch kind {
    case .empty, .spacer: (isEmptyOrSpacer, takesProposal, hasChildren) = (true, false, false)
    case .shape, .mesh, .canvas: (isEmptyOrSpacer, takesProposal, hasChildren) = (false, true, false)
    case .stack, .modified: (isEmptyOrSpacer, takesProposal, hasChildren) = (false, false, true)
    case .text, .image: (isEmptyOrSpacer, takesProposal, hasChildren) = (false, false, false)
    }
    (layoutPriority, zIndex) = (0, 0)
  }

  /// A spacer of at least `minLength` along its stack's axis.
  init(spacer minLength: Double) {
    kind = .spacer(minLength)
    (spacerLength, layoutPriority, zIndex) = (minLength, 0, 0)
    (isEmptyOrSpacer, takesProposal, hasChildren) = (true, false, false)
  }

  /// A node with `modifier` wrapped around `child`.
  init(_ modifier: any ResolvedModifier, _ child: RNode) {
    kind = .modified(modifier, child)
    (spacerLength, layoutPriority, zIndex) = (nil, modifier.layoutPriority, modifier.zIndex)
    (isEmptyOrSpacer, takesProposal, hasChildren) = (false, false, true)
  }

  /// A node with `modifier`, which changes only how it is drawn, around `child`: a parent
  /// stack orders and weighs it as it does `child`.
  init(passingOn modifier: any ResolvedModifier, _ child: RNode) {
    kind = .modified(modifier, child)
    (spacerLength, layoutPriority, zIndex) = (nil, child.layoutPriority, child.zIndex)
    (isEmptyOrSpacer, takesProposal, hasChildren) = (false, false, true)
  }

  /// A removed view's `content`, drawn through its transition where it was last laid out.
  convenience init(leaving effect: TransitionEffect, _ content: RNode) {
    self.init(passingOn: effect, content)
    isLeaving = true
  }

  /// The nodes directly below this one, in drawing order of the modifier's own children.
  var children: [RNode] {
    switch kind {
    case .stack(_, _, _, let children): children
    case .modified(let m, let child): [child] + m.additionalChildren
    default: []
    }
  }
}

/// One node for a list of resolved siblings: the node itself, or a depth stack of them.
func single(_ nodes: [RNode]) -> RNode {
  nodes.count == 1 ? nodes[0] : RNode(.stack(.depth, .center, 0, nodes))
}
