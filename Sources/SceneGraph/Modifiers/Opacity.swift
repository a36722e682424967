// `.opacity`: multiplies the opacity of everything a view draws.
import Graphics

/// An opacity factor, clamped to 0...1 when drawn; it animates in slot 0.
struct OpacityEffect: WrappingModifier, ResolvedModifier {
  var opacity: Double

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { OpacityEffect(opacity: slots.value(opacity)) }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    lowerer.lower(child, t, opacity * max(0, min(1, self.opacity)))
  }
}

extension View {
  /// Multiplies the opacity of everything the view draws.
  public func opacity(_ o: Double) -> some View { modified(OpacityEffect(opacity: o)) }
}
