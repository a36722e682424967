// `.foregroundStyle` and `.foregroundColor`: the paint of text and unfilled shapes inside a view.
import Graphics

/// Sets the environment's foreground paint before the child is updated (a field written
/// directly; see `FontModifier`).
struct ForegroundModifier: PrimitiveModifier {
  /// nil leaves the paint as it is.
  let paint: Paint?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    guard let paint else { return ctx.runtime.child(node, ChildKey(0), content, ctx) }
    let c = ctx.deriving(node) {
      $0.foreground = paint
      $0.foregroundIsExplicit = true
    }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Sets the color of text and unfilled shapes inside.
  public func foregroundStyle(_ style: some ShapeStyle) -> some View {
    modified(ForegroundModifier(paint: style.paint))
  }

  /// Sets the color of text and unfilled shapes inside (SwiftUI's older name).
  /// nil leaves the color the view is given.
  public func foregroundColor(_ color: Color?) -> some View {
    modified(ForegroundModifier(paint: color.map { .color($0) }))
  }
}
