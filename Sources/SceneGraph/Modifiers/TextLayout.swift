// `.lineLimit`, `.minimumScaleFactor`, `.multilineTextAlignment` and kin: accepted; text is one line at its size.

/// How lines of a multi-line text align; SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
  case leading, center, trailing
}

extension View {
  /// Sets how the lines of text inside align. Accepted: text here is one line, placed by its
  /// frame's alignment.
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }

  /// Limits text inside to `number` lines (nil: no limit). Accepted: text here is one line.
  public func lineLimit(_ number: Int?) -> some View { self }

  /// Limits text inside to `limit` lines, reserving their room if asked. Accepted: text here
  /// is one line.
  public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View { self }

  /// Limits text inside to a range of lines. Accepted: text here is one line.
  public func lineLimit(_ limit: ClosedRange<Int>) -> some View { self }
}

extension Text {
  /// Where text that does not fit is cut; SwiftUI's `Text.TruncationMode`.
  public enum TruncationMode: Hashable, Sendable {
    case head, tail, middle
  }
}

extension View {
  /// The least a text inside may shrink to fit. Accepted: text here keeps its size.
  public func minimumScaleFactor(_ factor: CGFloat) -> some View { self }

  /// Where text inside that does not fit is cut. Accepted: text here is not cut.
  public func truncationMode(_ mode: Text.TruncationMode) -> some View { self }

  /// Space between the lines of text inside. Accepted: text here is one line.
  public func lineSpacing(_ lineSpacing: CGFloat) -> some View { self }

  /// Whether text inside may tighten its letters to fit. Accepted: text here keeps its spacing.
  public func allowsTightening(_ flag: Bool) -> some View { self }
}
