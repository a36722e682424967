import Graphics

/// How a resolved modifier sizes, places and lowers the node it wraps.
///
/// Each built-in modifier's file holds one conformer beside its public API; layout and
/// lowering call it through `RNode.Kind.modified` and never switch on the modifier. The
/// defaults are those of a modifier that only draws differently (an effect): the node is as
/// big as its child and the child fills it.
protocol ResolvedModifier {
  /// The node's size when no proposal can change it, or nil where the proposal matters.
  /// Must give the same bits as `size(of:_:_:)` does for every proposal.
  func rigidSize(of child: RNode, _ layout: Layout) -> Size?
  /// The node's size for proposal `p`.
  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size
  /// Places the child given the node's own rectangle `r`.
  func place(_ child: RNode, in r: Rect, _ layout: Layout)
  /// Lowers the child, and anything the modifier draws itself, for a node laid out at
  /// `frame`, under transform `t` and `opacity`.
  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double)
  /// Nodes the modifier holds besides the one it wraps (an overlay's content).
  var additionalChildren: [RNode] { get }
  /// The priority a parent stack gives the node (`.layoutPriority`); 0 for other modifiers.
  var layoutPriority: Double { get }
  /// The drawing order a parent stack gives the node (`.zIndex`); 0 for other modifiers.
  var zIndex: Double { get }
}

extension ResolvedModifier {
  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { layout.rigidSize(child) }
  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size { layout.size(child, p) }
  func place(_ child: RNode, in r: Rect, _ layout: Layout) { layout.place(child, in: r) }
  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    lowerer.lower(child, t, opacity)
  }
  var additionalChildren: [RNode] { [] }
  var layoutPriority: Double { 0 }
  var zIndex: Double { 0 }
}

/// A modifier that only moves, scales or turns its child's drawing: a transform about a
/// point of the node's frame, concatenated before the parent's.
protocol TransformEffect: ResolvedModifier {
  /// The transform in the node's own coordinates, given its laid-out frame.
  func transform(in frame: Rect) -> Transform2D
}

extension TransformEffect {
  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    lowerer.lower(child, transform(in: frame).concatenating(t), opacity)
  }

  /// `m` applied about the point `anchor` of `frame`.
  func about(_ anchor: UnitPoint, of frame: Rect, _ m: Transform2D) -> Transform2D { .about(anchor, of: frame, m) }
}

extension Transform2D {
  /// `m` applied about the point `anchor` of `frame`: an effect's transform, or a shape's.
  static func about(_ anchor: UnitPoint, of frame: Rect, _ m: Transform2D) -> Transform2D {
    let ax = frame.minX + frame.width * anchor.x
    let ay = frame.minY + frame.height * anchor.y
    return Transform2D.translation(-ax, -ay).concatenating(m).concatenating(.translation(ax, ay))
  }
}
