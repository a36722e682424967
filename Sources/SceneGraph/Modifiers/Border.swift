// `.border`: a line around a view, inside its frame.
import Graphics

extension View {
  /// Draws a border `width` points wide inside the view's frame, as SwiftUI's `border(_:width:)`.
  public func border(_ content: some ShapeStyle, width: CGFloat = 1) -> some View {
    overlay(Rectangle().strokeBorder(content, lineWidth: width))
  }
}
