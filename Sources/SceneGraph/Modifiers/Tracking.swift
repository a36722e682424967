// `.tracking` and `.kerning`: extra space after each character of text inside a view.
import Graphics

/// Sets the environment's tracking before the child is updated; the text engine adds it after
/// every character, so the text is that much wider (`Font.tracking`).
struct TrackingModifier: PrimitiveModifier {
  let tracking: Double

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let c = ctx.deriving(node) { $0.tracking = tracking }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Adds `tracking` points after each character of text inside.
  public func tracking(_ tracking: CGFloat) -> some View { modified(TrackingModifier(tracking: tracking)) }

  /// Adds `kerning` points between characters of text inside; drawn as `tracking(_:)` is,
  /// since the text engine sets no ligatures apart.
  public func kerning(_ kerning: CGFloat) -> some View { modified(TrackingModifier(tracking: kerning)) }
}
