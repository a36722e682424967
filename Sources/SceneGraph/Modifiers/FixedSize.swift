// `.fixedSize`: the view takes its ideal size on the axes named, whatever it is offered.
import Graphics

/// Proposes nil (the ideal size) on the fixed axes and passes the rest of the proposal on;
/// the child is centered in the node's frame.
struct FixedSizeModifier: WrappingModifier, ResolvedModifier {
  var horizontal: Bool
  var vertical: Bool

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? {
    if let s = layout.rigidSize(child) { return s }
    // Fixed on both axes, the answer is the child's ideal size, whatever the proposal.
    guard horizontal && vertical else { return nil }
    return layout.size(child, ProposedSize(width: nil, height: nil))
  }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    layout.size(child, proposal(p))
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    let s = layout.size(child, proposal(ProposedSize(width: r.width, height: r.height)))
    layout.place(child, in: r.aligning(s, .center))
  }

  private func proposal(_ p: ProposedSize) -> ProposedSize {
    ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
  }
}

extension View {
  /// Gives the view its ideal size on both axes, whatever it is offered.
  public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

  /// Gives the view its ideal size on the axes named, whatever it is offered on those.
  public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
    modified(FixedSizeModifier(horizontal: horizontal, vertical: vertical))
  }
}
