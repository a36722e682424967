// `.safeAreaInset(edge:)`: a bar along one edge that the view's content makes room for.

/// The top or bottom edge; SwiftUI's `VerticalEdge`.
public enum VerticalEdge: Hashable, Sendable, CaseIterable {
  case top, bottom
}

/// The leading or trailing edge; SwiftUI's `HorizontalEdge`.
public enum HorizontalEdge: Hashable, Sendable, CaseIterable {
  case leading, trailing
}

extension View {
  /// Puts `content` along `edge`, and lays the view out in the room left beside it. There is
  /// no safe area to extend under: the view stops where the inset begins.
  public func safeAreaInset<V: View>(
    edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> V
  ) -> some View {
    let inset = content()
    return VStack(alignment: alignment, spacing: spacing ?? 0) {
      if edge == .top { inset }
      self
      if edge == .bottom { inset }
    }
  }

  /// Puts `content` along the leading or trailing `edge`, the view beside it.
  public func safeAreaInset<V: View>(
    edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> V
  ) -> some View {
    let inset = content()
    return HStack(alignment: alignment, spacing: spacing ?? 0) {
      if edge == .leading { inset }
      self
      if edge == .trailing { inset }
    }
  }
}
