// `LabelStyle`: how a `Label` arranges its title and icon (`.labelStyle(.iconOnly)`, a style of
// one's own).

/// How a label is drawn from its title and icon; SwiftUI's `LabelStyle`.
public protocol LabelStyle {
  associatedtype Body: View
  /// The label as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  typealias Configuration = LabelStyleConfiguration
}

/// What a `LabelStyle` draws a label from; SwiftUI's `LabelStyleConfiguration`.
public struct LabelStyleConfiguration {
  /// The label's title, as a view the style places.
  public struct Title: View {
    let content: AnyView
    public var body: some View { content }
  }
  /// The label's icon, as a view the style places.
  public struct Icon: View {
    let content: AnyView
    public var body: some View { content }
  }
  public let title: Title
  public let icon: Icon
}

/// The icon, then the title, on one line: the default.
public struct DefaultLabelStyle: LabelStyle {
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    HStack(spacing: 8) {
      configuration.icon
      configuration.title
    }
  }
}

/// The icon, then the title.
public struct TitleAndIconLabelStyle: LabelStyle {
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    DefaultLabelStyle().makeBody(configuration: configuration)
  }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
  public init() {}
  public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone.
public struct IconOnlyLabelStyle: LabelStyle {
  public init() {}
  public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

extension LabelStyle where Self == DefaultLabelStyle {
  public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
  public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
  public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
  public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

/// The label style in the environment, compared by its `StyleIdentity`.
struct AnyLabelStyle: Hashable {
  private let style: any LabelStyle
  private let identity: StyleIdentity

  init<S: LabelStyle>(_ style: S) {
    self.style = style
    identity = StyleIdentity(style)
  }

  static func == (lhs: AnyLabelStyle, rhs: AnyLabelStyle) -> Bool { lhs.identity == rhs.identity }
  func hash(into hasher: inout Hasher) { hasher.combine(identity) }

  /// The label drawn by the style.
  func body(_ configuration: LabelStyleConfiguration) -> AnyView {
    func make<S: LabelStyle>(_ s: S) -> AnyView { AnyView(s.makeBody(configuration: configuration)) }
    return make(style)
  }
}

extension EnvironmentValues {
  /// The style labels inside are drawn in; nil for the default.
  var labelStyle: AnyLabelStyle? {
    get { controls.labelStyle }
    set { controls.labelStyle = newValue }
  }
}

extension View {
  /// Draws the labels inside in `style`: `.iconOnly`, `.titleOnly`, `.titleAndIcon`, or a
  /// style of one's own.
  public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
    environment(\.labelStyle, AnyLabelStyle(style))
  }
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
  /// A label of a configuration's title and icon, for a `LabelStyle`'s body.
  public init(_ configuration: LabelStyleConfiguration) {
    self.init(title: { configuration.title }, icon: { configuration.icon })
  }
}
