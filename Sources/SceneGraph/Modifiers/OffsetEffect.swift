// `.offset`: moves a view's drawing without changing its layout.
import Graphics

/// A translation of the child's drawing; x and y animate in slots 0 and 1.
struct OffsetEffect: WrappingModifier, TransformEffect {
  var x: Double
  var y: Double

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    let ax = slots.value(x)
    return OffsetEffect(x: ax, y: slots.value(y))
  }

  func transform(in frame: Rect) -> Transform2D { .translation(x, y) }
}

extension View {
  /// Moves the drawing without changing layout.
  public func offset(x: Double = 0, y: Double = 0) -> some View { modified(OffsetEffect(x: x, y: y)) }

  /// Moves the drawing by a size's width and height.
  public func offset(_ size: Size) -> some View { offset(x: size.width, y: size.height) }
}
