// `.multilineTextAlignment` and `.lineLimit`: accepted, since text is set on one line.

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
