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

/// A `ButtonStyle` in the environment, compared so that the views under it see a change only
/// when the style does: same type and, where the type says how, equal values (a style with no
/// stored properties is always equal to another of its type).
struct CustomButtonStyle: Hashable {
  private let style: any ButtonStyle
  private let same: (any ButtonStyle) -> Bool

  init<S: ButtonStyle>(_ style: S) {
    self.style = style
    same = { other in
      guard let o = other as? S else { return false }
      if MemoryLayout<S>.size == 0 { return true }
      guard let e = style as? any Equatable else { return false }
      return Self.equal(e, o)
    }
  }

  private static func equal<E: Equatable>(_ a: E, _ b: Any) -> Bool { (b as? E) == a }

  static func == (lhs: CustomButtonStyle, rhs: CustomButtonStyle) -> Bool { lhs.same(rhs.style) }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type(of: style))) }

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
