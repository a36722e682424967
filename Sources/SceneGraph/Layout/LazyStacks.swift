// `LazyVStack` and `LazyHStack`: SwiftUI makes their children as they scroll into view; here
// they are made at once and laid out as `VStack` and `HStack` lay them out.

/// A vertical stack; SwiftUI's `LazyVStack`, laid out as `VStack` (every child is made at once:
/// a sketch's lists are small).
public struct LazyVStack<Content: View>: View {
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a stack; `spacing` nil means 8 points between children. `pinnedViews` is accepted:
  /// stacks here have no sections.
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public var body: some View { VStack(alignment: alignment, spacing: spacing) { content } }
}

/// A horizontal stack; SwiftUI's `LazyHStack`, laid out as `HStack`.
public struct LazyHStack<Content: View>: View {
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a stack; `spacing` nil means 8 points between children. `pinnedViews` is accepted.
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public var body: some View { HStack(alignment: alignment, spacing: spacing) { content } }
}
