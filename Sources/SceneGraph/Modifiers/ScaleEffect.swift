// `.scaleEffect`: scales a view's drawing about an anchor without changing its layout.
import Graphics

/// A scale about a point of the node's frame; the two factors animate in slots 0 and 1.
struct ScaleEffect: WrappingModifier, TransformEffect {
  var x: Double
  var y: Double
  var anchor: UnitPoint

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    let ax = slots.value(x)
    return ScaleEffect(x: ax, y: slots.value(y), anchor: anchor)
  }

  func transform(in frame: Rect) -> Transform2D { about(anchor, of: frame, .scale(x, y)) }
}

extension View {
  /// Scales the drawing about `anchor` without changing layout.
  public func scaleEffect(_ s: Double, anchor: UnitPoint = .center) -> some View {
    scaleEffect(x: s, y: s, anchor: anchor)
  }

  /// Scales each axis separately about `anchor`.
  public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
    modified(ScaleEffect(x: x, y: y, anchor: anchor))
  }

  /// Scales each axis by a size's width and height, as `scaleEffect(CGSize(…))`.
  public func scaleEffect(_ s: Size, anchor: UnitPoint = .center) -> some View {
    scaleEffect(x: s.width, y: s.height, anchor: anchor)
  }
}
