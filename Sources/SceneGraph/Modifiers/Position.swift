// `.position`: centers a view at a point of its parent's space.
import Graphics

/// Takes all the space offered and centers the child at (x, y); both animate, in slots 0 and 1.
struct PositionModifier: WrappingModifier, ResolvedModifier {
  var x: Double
  var y: Double

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    let ax = slots.value(x)
    return PositionModifier(x: ax, y: slots.value(y))
  }

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    Size(width: p.width ?? 0, height: p.height ?? 0)
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    let s = layout.size(child, ProposedSize(width: r.width, height: r.height))
    layout.place(
      child, in: Rect(x: r.minX + x - s.width / 2, y: r.minY + y - s.height / 2, width: s.width, height: s.height))
  }
}

extension View {
  /// Centers the view at a point of its parent's space, taking all the space offered.
  public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { modified(PositionModifier(x: x, y: y)) }

  /// Centers the view at `position` of its parent's space, taking all the space offered.
  public func position(_ position: CGPoint) -> some View { self.position(x: position.x, y: position.y) }
}
