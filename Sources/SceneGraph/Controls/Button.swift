// `Button` and `.buttonStyle`: an action run by a click, or by Space or Return while focused.
import Graphics

/// What a button is for, which changes how it looks; SwiftUI's `ButtonRole`.
public struct ButtonRole: Hashable, Sendable {
  let isDestructive: Bool
  /// A button that deletes or discards: drawn red.
  public static let destructive = ButtonRole(isDestructive: true)
  /// A button that cancels: drawn as any other.
  public static let cancel = ButtonRole(isDestructive: false)
}

/// A control that runs an action when clicked; SwiftUI's `Button`.
///
/// A click runs the action when the button is released over the button, and focuses it;
/// while focused, Space and Return run it too. Drawn as `.buttonStyle(_:)` says: by default
/// its label in the tint color.
public struct Button<Label: View>: View {
  public typealias Body = Never
  let role: ButtonRole?
  let action: () -> Void
  let label: Label

  /// Creates a button that shows `label` and runs `action`.
  public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
    self.init(role: nil, action: action, label: label)
  }

  /// Creates a button with a role (`.destructive` draws it red).
  public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
    self.role = role
    self.action = action
    self.label = label()
  }
}

extension Button where Label == Text {
  /// Creates a button whose label is the text `title`.
  public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
    self.init(role: nil, action: action) { Text(String(title)) }
  }

  /// Creates a button with a role whose label is the text `title`.
  public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
    self.init(role: role, action: action) { Text(String(title)) }
  }
}

extension Button: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let style = ctx.env.controls.buttonStyle
    let tint = role?.isDestructive == true ? Color.red : ctx.env.controlTint
    let action = self.action
    let behavior = ControlBehavior(
      release: { pointer in if pointer.isInside { action() } },
      key: { key in
        guard key == .space || key == .return else { return false }
        action()
        return true
      })
    let label = self.label
    if let custom = ctx.env.controls.customButtonStyle {
      let role = self.role
      let host = _ControlHost(cornerRadius: ButtonLook<Label>.cornerRadius, behavior: behavior) { interaction in
        custom.body(label: AnyView(label), role: role, isPressed: interaction.isPressed)
      }
      return ctx.runtime.child(node, ChildKey(1), host, ctx)
    }
    let labelStyle = ctx.env.foregroundIsExplicit ? ctx.env.foreground : nil
    let host = _ControlHost(cornerRadius: ButtonLook<Label>.cornerRadius, behavior: behavior) { interaction in
      ButtonLook(label: label, style: style, tint: tint, labelStyle: labelStyle, isPressed: interaction.isPressed)
    }
    return ctx.runtime.child(node, ChildKey(0), host, ctx)
  }
}

/// A button's label drawn in its style: tinted text, a tinted rounded rectangle behind it, or
/// the label as it is.
struct ButtonLook<Label: View>: View {
  let label: Label
  let style: ButtonStyleKind
  let tint: Color
  /// What an explicit `.foregroundStyle` set around the button; the label takes it instead
  /// of the style's color.
  var labelStyle: Paint?
  let isPressed: Bool

  /// The corner radius of bordered buttons' backgrounds.
  static var cornerRadius: Double { 6 }
  /// The space between a bordered button's label and its edges, across and along.
  static var padding: (vertical: Double, horizontal: Double) { (6, 12) }

  var body: some View {
    switch style {
    case .bordered:
      bordered(
        label.modified(ForegroundModifier(paint: labelStyle ?? .color(tint))),
        RoundedRectangle(cornerRadius: Self.cornerRadius).fill(
          tint.opacity(isPressed ? 0.28 : 0.15)))
    case .borderedProminent:
      bordered(
        label.modified(ForegroundModifier(paint: labelStyle ?? .color(.white))),
        RoundedRectangle(cornerRadius: Self.cornerRadius).fill(
          tint.opacity(isPressed ? 0.75 : 1)))
    case .plain:
      label.opacity(isPressed ? 0.5 : 1)
    case .automatic, .borderless:
      label.modified(ForegroundModifier(paint: labelStyle ?? .color(tint))).opacity(isPressed ? 0.35 : 1)
    }
  }

  private func bordered(_ label: some View, _ background: some View) -> some View {
    label.padding(.vertical, Self.padding.vertical).padding(.horizontal, Self.padding.horizontal)
      .background(background)
  }
}

/// A style a button is drawn in; SwiftUI's `PrimitiveButtonStyle`. The built-in styles are
/// `.automatic`, `.plain`, `.borderless`, `.bordered` and `.borderedProminent`.
public protocol PrimitiveButtonStyle {}

/// A built-in button style, and how the runtime draws it.
protocol BuiltInButtonStyle: PrimitiveButtonStyle {
  var kind: ButtonStyleKind { get }
}

/// The platform's default: the label in the tint color.
public struct DefaultButtonStyle: BuiltInButtonStyle {
  var kind: ButtonStyleKind { .automatic }
  /// Creates the style.
  public init() {}
}

/// The label as it is, dimmed while pressed.
public struct PlainButtonStyle: BuiltInButtonStyle {
  var kind: ButtonStyleKind { .plain }
  /// Creates the style.
  public init() {}
}

/// The label in the tint color, with no border.
public struct BorderlessButtonStyle: BuiltInButtonStyle {
  var kind: ButtonStyleKind { .borderless }
  /// Creates the style.
  public init() {}
}

/// The label in the tint color on a light tinted rounded rectangle.
public struct BorderedButtonStyle: BuiltInButtonStyle {
  var kind: ButtonStyleKind { .bordered }
  /// Creates the style.
  public init() {}
}

/// A white label on a rounded rectangle filled with the tint color.
public struct BorderedProminentButtonStyle: BuiltInButtonStyle {
  var kind: ButtonStyleKind { .borderedProminent }
  /// Creates the style.
  public init() {}
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
  /// The platform's default button style.
  public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  /// The label as it is.
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
  /// The label in the tint color, with no border.
  public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
  /// A light tinted background behind the tinted label.
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  /// A background filled with the tint color behind a white label.
  public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension View {
  /// Draws the buttons inside in `style`.
  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
    controlEnvironment(\.buttonStyles, ((style as? any BuiltInButtonStyle)?.kind ?? .automatic, nil))
  }
}
