// `.zIndex`: the order in which a stack's overlapping children are drawn.
import Graphics

/// Marks its child with a drawing order its parent stack reads when it is lowered: higher
/// in front, children of equal index in the order they were written. It sizes and places
/// as its child does.
struct ZIndexModifier: WrappingModifier, ResolvedModifier {
  var index: Double

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  /// Kept by the node when it is made (`RNode.zIndex`).
  var zIndex: Double { index }
}

/// `children` in the order they are drawn: by `zIndex`, stable, so without one (the common
/// case, checked first) in the order written.
func drawingOrder(_ children: [RNode]) -> [RNode] {
  guard children.contains(where: { $0.zIndex != 0 }) else { return children }
  return children.enumerated().sorted { a, b in
    let (za, zb) = (a.element.zIndex, b.element.zIndex)
    return za != zb ? za < zb : a.offset < b.offset
  }.map(\.element)
}

extension View {
  /// Sets the order in which the view is drawn among its stack's children: higher in front,
  /// 0 by default.
  public func zIndex(_ value: Double) -> some View { modified(ZIndexModifier(index: value)) }
}
