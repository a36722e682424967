// `ButtonStyle`: a button drawn by a style of the user's own, from its label, its role and
// whether it is pressed.
import Graphics

/// A style that draws a button from its configuration; SwiftUI's `ButtonStyle`. The button
/// keeps its behaviour (a click released over it, Space and Return while focused) and its
/// focus ring; the style draws the rest.
public protocol ButtonStyle {
  associatedtype Body: View
  /// The button as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  typealias Configuration = ButtonStyleConfiguration
}

/// What a `ButtonStyle` draws a button from; SwiftUI's `ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration {
  /// The button's label, as a view the style places.
  public struct Label: View {
    let content: AnyView
    public var body: some View { content }
  }

  /// The button's role, if it has one.
  public let role: ButtonRole?
  /// The button's label.
  public let label: Label
  /// Whether the pointer is held down on the button.
  public let isPressed: Bool
}

/// A `ButtonStyle` in the environment, compared by its `StyleIdentity`.
struct CustomButtonStyle: Hashable {
  private let style: any ButtonStyle
  private let identity: StyleIdentity

  init<S: ButtonStyle>(_ style: S) {
    self.style = style
    identity = StyleIdentity(style)
  }

  static func == (lhs: CustomButtonStyle, rhs: CustomButtonStyle) -> Bool { lhs.identity == rhs.identity }

  func hash(into hasher: inout Hasher) { hasher.combine(identity) }

  /// The button drawn by the style.
  func body(label: AnyView, role: ButtonRole?, isPressed: Bool) -> AnyView {
    let configuration = ButtonStyleConfiguration(role: role, label: .init(content: label), isPressed: isPressed)
    func make<S: ButtonStyle>(_ s: S) -> AnyView { AnyView(s.makeBody(configuration: configuration)) }
    return make(style)
  }
}

extension View {
  /// Draws the buttons inside with `style`, a style of your own.
  public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
    controlEnvironment(\.buttonStyles, (.automatic, CustomButtonStyle(style)))
  }
}
