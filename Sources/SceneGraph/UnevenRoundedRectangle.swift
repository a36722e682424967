import FoundationEssentials
import Graphics

/// A rectangle whose corners each have their own radius; SwiftUI's `UnevenRoundedRectangle`.
public struct UnevenRoundedRectangle: InsettableShape, Equatable {
  public var cornerRadii: RectangleCornerRadii
  /// Accepted; see `RoundedCornerStyle`.
  public var style: RoundedCornerStyle

  /// Creates the shape from its four radii.
  public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
    self.cornerRadii = cornerRadii
    self.style = style
  }

  /// Creates the shape from the radii of the corners that are rounded.
  public init(
    topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0,
    topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous
  ) {
    self.init(
      cornerRadii: RectangleCornerRadii(
        topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius, bottomTrailing: bottomTrailingRadius,
        topTrailing: topTrailingRadius),
      style: style)
  }

  public func path(in rect: Rect) -> Path { Path(roundedRect: rect, cornerRadii: cornerRadii, style: style) }

  /// The same shape with every radius smaller by `amount`, for an outline inset by as much.
  func insetCorners(by amount: CGFloat) -> UnevenRoundedRectangle {
    let r = cornerRadii
    func less(_ v: CGFloat) -> CGFloat { max(0, v - amount) }
    return UnevenRoundedRectangle(
      cornerRadii: RectangleCornerRadii(
        topLeading: less(r.topLeading), bottomLeading: less(r.bottomLeading),
        bottomTrailing: less(r.bottomTrailing), topTrailing: less(r.topTrailing)),
      style: style)
  }
}
