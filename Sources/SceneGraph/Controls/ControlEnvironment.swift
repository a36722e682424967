// Controls' environment: `.disabled`, `.tint`, `.labelsHidden` and the styles controls read.
import Graphics

/// What the controls inside a view are drawn and act with; one field of `EnvironmentValues`.
struct ControlEnvironment: Hashable {
  /// False under `.disabled(true)`: controls ignore clicks and keys and are drawn faded.
  var isEnabled = true
  /// The color of `.tint(_:)`; nil draws with the accent color.
  var tint: Color?
  /// Whether controls leave their labels out (`.labelsHidden()`).
  var labelsHidden = false
  /// How buttons are drawn (`.buttonStyle(_:)`): a built-in style, or one of the user's own
  /// that draws them instead.
  var buttonStyle = ButtonStyleKind.automatic
  var customButtonStyle: CustomButtonStyle?
  /// How toggles are drawn (`.toggleStyle(_:)`): a built-in style, or one of the user's own.
  var toggleStyle = ToggleStyleKind.automatic
  var customToggleStyle: CustomToggleStyle?
  /// How pickers are drawn (`.pickerStyle(_:)`).
  var pickerStyle = PickerStyleKind.automatic
  /// `.labelStyle(_:)`'s (`LabelStyle.swift`).
  var labelStyle: AnyLabelStyle?
}

/// The ways a button can look.
enum ButtonStyleKind: Hashable {
  case automatic, plain, borderless, bordered, borderedProminent
}

/// The ways a toggle can look.
enum ToggleStyleKind: Hashable {
  case automatic, switchStyle, button, checkbox
}

/// The ways a picker can look.
enum PickerStyleKind: Hashable {
  case automatic, segmented, menu, inline, wheel, palette
}

extension ControlEnvironment {
  /// Both of a button style's fields, written together: the innermost `.buttonStyle` wins,
  /// built-in or not.
  var buttonStyles: (ButtonStyleKind, CustomButtonStyle?) {
    get { (buttonStyle, customButtonStyle) }
    set { (buttonStyle, customButtonStyle) = newValue }
  }

  /// Both of a toggle style's fields, written together, as `buttonStyles`.
  var toggleStyles: (ToggleStyleKind, CustomToggleStyle?) {
    get { (toggleStyle, customToggleStyle) }
    set { (toggleStyle, customToggleStyle) = newValue }
  }
}

extension EnvironmentValues {
  /// Whether controls inside respond to clicks and keys; SwiftUI's `isEnabled`.
  public var isEnabled: Bool {
    get { controls.isEnabled }
    set { controls.isEnabled = newValue }
  }

  /// The color controls are tinted with: `.tint(_:)`'s, or the accent color.
  var controlTint: Color { controls.tint ?? Color.accentColor }
}

/// Disables the controls inside when `disabled` is true; an enclosing `.disabled(true)` wins.
struct DisabledModifier: PrimitiveModifier {
  let disabled: Bool

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let c = disabled ? ctx.deriving(node) { $0.controls.isEnabled = false } : ctx
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

/// Writes one of the controls' environment values before the child is updated.
struct ControlEnvironmentWriter<Value>: PrimitiveModifier {
  let keyPath: WritableKeyPath<ControlEnvironment, Value>
  let value: Value

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let c = ctx.deriving(node) { $0.controls[keyPath: keyPath] = value }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Makes the controls inside ignore clicks and keys, and draws them faded, when `disabled`
  /// is true. A `.disabled(false)` inside a disabled view does not enable it again.
  public func disabled(_ disabled: Bool) -> some View { modified(DisabledModifier(disabled: disabled)) }

  /// Tints the controls inside: a switch's on color, a slider's track, a button's label or fill.
  /// Nil keeps the accent color.
  public func tint(_ tint: Color?) -> some View {
    modified(ControlEnvironmentWriter(keyPath: \.tint, value: tint))
  }

  /// Leaves out the labels of the controls inside (a toggle's, a stepper's), keeping the
  /// controls themselves.
  public func labelsHidden() -> some View {
    modified(ControlEnvironmentWriter(keyPath: \.labelsHidden, value: true))
  }

  /// This view with one of the controls' environment values set.
  func controlEnvironment<Value>(_ keyPath: WritableKeyPath<ControlEnvironment, Value>, _ value: Value)
    -> some View
  {
    modified(ControlEnvironmentWriter(keyPath: keyPath, value: value))
  }
}

/// How a style of the user's own compares with another in the environment, so that the views
/// under it see a change only when the style does: same type and, where the type is
/// `Equatable`, equal values (a style with no stored properties equals any of its type).
struct StyleIdentity: Hashable {
  private let value: Any
  private let type: ObjectIdentifier
  private let same: (Any) -> Bool

  init<S>(_ style: S) {
    value = style
    type = ObjectIdentifier(S.self)
    same = { other in
      guard let o = other as? S else { return false }
      if MemoryLayout<S>.size == 0 { return true }
      guard let e = style as? any Equatable else { return false }
      return Self.equal(e, o)
    }
  }

  private static func equal<E: Equatable>(_ a: E, _ b: Any) -> Bool { (b as? E) == a }

  static func == (lhs: StyleIdentity, rhs: StyleIdentity) -> Bool { lhs.type == rhs.type && lhs.same(rhs.value) }

  func hash(into hasher: inout Hasher) { hasher.combine(type) }
}
