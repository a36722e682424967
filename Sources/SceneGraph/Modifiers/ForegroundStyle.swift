// `.foregroundStyle` and `.foregroundColor`: the paint of text and unfilled shapes inside a view.
import Graphics

extension View {
  /// Sets the color of text and unfilled shapes inside.
  public func foregroundStyle(_ style: some ShapeStyle) -> some View { environment(\.foreground, style.paint) }

  /// Sets the color of text and unfilled shapes inside (SwiftUI's older name).
  public func foregroundColor(_ color: Color) -> some View { environment(\.foreground, .color(color)) }
}
