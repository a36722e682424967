// `Font.TextStyle`: SwiftUI's named text styles, and `Font.system(_:design:weight:)` from them.

extension Font {
  /// A named text style, at iOS's default sizes; SwiftUI's `Font.TextStyle`.
  public enum TextStyle: Hashable, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

    /// The style's font: its size and weight.
    public var font: Font {
      switch self {
      case .largeTitle: .largeTitle
      case .title: .title
      case .title2: .title2
      case .title3: .title3
      case .headline: .headline
      case .subheadline: .subheadline
      case .body: .body
      case .callout: .callout
      case .footnote: .footnote
      case .caption: .caption
      case .caption2: .caption2
      }
    }
  }

  /// The system font for `style`, in `design` and `weight` where given (else the style's).
  public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
    var font = style.font
    if let design { font.design = design }
    if let weight { font.weight = weight }
    return font
  }
}
