// `.clipped`: limits a view's drawing to its frame.
import Graphics

/// Clips the child's drawing to the node's frame, as a pixel rectangle on the draw list.
struct ClipModifier: WrappingModifier, ResolvedModifier {
  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    lowerer.list.pushClip(Quad(frame, t).bounds)
    lowerer.lower(child, t, opacity)
    lowerer.list.popClip()
  }
}

extension View {
  /// Clips drawing to the view's frame.
  public func clipped() -> some View { modified(ClipModifier()) }
}
