// `Toggle` and `.toggleStyle`: a switch bound to a Boolean, flipped by a click or by Space.
import Graphics
import Motion

/// A switch that turns a Boolean on and off; SwiftUI's `Toggle`.
///
/// Drawn as iOS draws it: the label, then the switch at the trailing edge of the space it is
/// offered. A click on the switch flips the value and focuses it; while focused, Space and
/// Return flip it too.
public struct Toggle<Label: View>: View {
  public typealias Body = Never
  let isOn: Binding<Bool>
  let label: Label
  /// False for a label made from an empty title, which is left out.
  let hasLabel: Bool

  /// Creates a toggle bound to `isOn`, with a label.
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
    self.isOn = isOn
    self.label = label()
    hasLabel = Label.self != EmptyView.self
  }
}

extension Toggle where Label == Text {
  /// Creates a toggle bound to `isOn` whose label is the text `title`.
  public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
    self.isOn = isOn
    label = Text(String(title))
    hasLabel = !title.isEmpty
  }
}

extension Toggle: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let isOn = self.isOn
    if let custom = ctx.env.controls.customToggleStyle {
      // A style of the user's own draws the whole toggle and handles its own taps, as in SwiftUI.
      let body = custom.body(label: AnyView(label), isOn: isOn)
      return ctx.runtime.child(node, ChildKey(1), body, ctx)
    }
    let tint = ctx.env.controlTint
    let behavior = ControlBehavior(
      release: { pointer in if pointer.isInside { isOn.wrappedValue.toggle() } },
      key: { key in
        guard key == .space || key == .return else { return false }
        isOn.wrappedValue.toggle()
        return true
      })
    let on = isOn.wrappedValue
    let control = _ControlHost(cornerRadius: ToggleSwitch.size.height / 2, behavior: behavior) { _ in
      ToggleSwitch(isOn: on, tint: tint)
    }
    let showsLabel = hasLabel && !ctx.env.controls.labelsHidden
    return ctx.runtime.child(node, ChildKey(0), ToggleRow(label: showsLabel ? label : nil, control: control), ctx)
  }
}

/// A toggle's label, space, and its switch.
struct ToggleRow<Label: View, Control: View>: View {
  let label: Label?
  let control: Control

  var body: some View {
    if let label {
      HStack {
        label
        Spacer(minLength: 8)
        control
      }
    } else {
      control
    }
  }
}

/// The switch: a capsule, tinted when on, with a white knob that slides to the on side.
struct ToggleSwitch: View, Equatable {
  let isOn: Bool
  let tint: Color

  /// The switch's size, as iOS draws it.
  static let size = Size(width: 51, height: 31)
  /// The knob's diameter.
  static let knob = 27.0
  /// The track's color while off.
  static let offColor = Color(white: 0.91)

  var body: some View {
    let travel = (Self.size.width - Self.size.height) / 2
    ZStack {
      Capsule().fill(isOn ? tint : Self.offColor)
      Circle().fill(Color.white)
        .overlay(Circle().strokeBorder(Color(white: 0, opacity: 0.08), lineWidth: 0.5))
        .frame(width: Self.knob, height: Self.knob)
        .offset(x: isOn ? travel : -travel)
        .animation(.easeInOut(duration: 0.15), value: isOn)
    }
    .frame(width: Self.size.width, height: Self.size.height)
  }
}

/// A style a toggle is drawn in; SwiftUI's `ToggleStyle`. `.switch` and `.automatic` draw a
/// switch; `.button` and `.checkbox` are accepted and drawn as a switch too. A style of your
/// own draws the whole toggle from its configuration and flips `configuration.isOn` itself
/// (on a tap, say).
public protocol ToggleStyle {
  associatedtype Body: View
  /// The toggle as this style draws it.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  typealias Configuration = ToggleStyleConfiguration
}

/// What a `ToggleStyle` draws a toggle from; SwiftUI's `ToggleStyleConfiguration`.
public struct ToggleStyleConfiguration {
  /// The toggle's label, as a view the style places.
  public struct Label: View {
    let content: AnyView
    public var body: some View { content }
  }

  /// The toggle's label.
  public let label: Label
  /// Whether the toggle is on; setting it sets the toggle's binding.
  @Binding public var isOn: Bool
  /// Whether the toggle stands for several values, some on and some off; always false here.
  public var isMixed: Bool = false
}

/// A `ToggleStyle` of the user's own in the environment, compared by its `StyleIdentity`.
struct CustomToggleStyle: Hashable {
  private let style: any ToggleStyle
  private let identity: StyleIdentity

  init<S: ToggleStyle>(_ style: S) {
    self.style = style
    identity = StyleIdentity(style)
  }

  static func == (lhs: CustomToggleStyle, rhs: CustomToggleStyle) -> Bool { lhs.identity == rhs.identity }

  func hash(into hasher: inout Hasher) { hasher.combine(identity) }

  /// The toggle drawn by the style.
  func body(label: AnyView, isOn: Binding<Bool>) -> AnyView {
    let configuration = ToggleStyleConfiguration(label: .init(content: label), isOn: isOn)
    func make<S: ToggleStyle>(_ s: S) -> AnyView { AnyView(s.makeBody(configuration: configuration)) }
    return make(style)
  }
}

/// A built-in toggle style.
protocol BuiltInToggleStyle: ToggleStyle {
  var kind: ToggleStyleKind { get }
}

extension BuiltInToggleStyle {
  /// The toggle as the runtime draws this style, for a style of one's own to build on.
  public func makeBody(configuration: Configuration) -> some View {
    Toggle(isOn: configuration.$isOn) { configuration.label }.toggleStyle(self)
  }
}

/// The platform's default: a switch.
public struct DefaultToggleStyle: BuiltInToggleStyle {
  var kind: ToggleStyleKind { .automatic }
  /// Creates the style.
  public init() {}
}

/// A switch.
public struct SwitchToggleStyle: BuiltInToggleStyle {
  var kind: ToggleStyleKind { .switchStyle }
  /// Creates the style.
  public init() {}
}

/// A button that shows whether it is on; drawn as a switch.
public struct ButtonToggleStyle: BuiltInToggleStyle {
  var kind: ToggleStyleKind { .button }
  /// Creates the style.
  public init() {}
}

/// A check box, as macOS draws it; drawn as a switch.
public struct CheckboxToggleStyle: BuiltInToggleStyle {
  var kind: ToggleStyleKind { .checkbox }
  /// Creates the style.
  public init() {}
}

extension ToggleStyle where Self == DefaultToggleStyle {
  /// The platform's default toggle style: a switch.
  public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
  /// A switch.
  public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
  /// A button that shows whether it is on; drawn as a switch.
  public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

extension ToggleStyle where Self == CheckboxToggleStyle {
  /// A check box; drawn as a switch.
  public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() }
}

extension View {
  /// Draws the toggles inside in `style`.
  public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
    let kind = (style as? any BuiltInToggleStyle)?.kind
    return controlEnvironment(\.toggleStyles, (kind ?? .automatic, kind == nil ? CustomToggleStyle(style) : nil))
  }
}
