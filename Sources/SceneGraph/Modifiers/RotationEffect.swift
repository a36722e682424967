// `.rotationEffect`: turns a view's drawing about an anchor without changing its layout.
import Graphics

/// A rotation about a point of the node's frame; the angle animates in degrees, in slot 0.
struct RotationEffect: WrappingModifier, TransformEffect {
  var angle: Angle
  var anchor: UnitPoint

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    RotationEffect(angle: .degrees(slots.value(angle.degrees)), anchor: anchor)
  }

  func transform(in frame: Rect) -> Transform2D { about(anchor, of: frame, .rotation(angle)) }
}

extension View {
  /// Rotates the drawing about `anchor`; positive angles turn clockwise.
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    modified(RotationEffect(angle: angle, anchor: anchor))
  }
}
