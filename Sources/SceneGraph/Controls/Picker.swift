// `Picker`, `.tag` and `.pickerStyle`: one of several tagged options, drawn segmented.
import Graphics

/// A control that selects one of its tagged options; SwiftUI's `Picker`.
///
/// Every style is drawn as a segmented control, as iOS draws `.segmented`: one segment per
/// option, in equal widths across the space offered, 32 points tall, the selected one on a
/// white rounded rectangle. Each option is a view with `.tag(_:)`; the option whose tag equals
/// `selection` is selected. A press on a segment selects it and focuses the picker; while
/// focused, Left and Right select the neighboring segment. The label is not drawn.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  let selection: Binding<SelectionValue>
  let content: Content
  let label: Label

  /// Creates a picker bound to `selection`, with the options `content` and a label.
  public init(
    selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
  ) {
    self.selection = selection
    self.content = content()
    self.label = label()
  }
}

extension Picker where Label == Text {
  /// Creates a picker titled `title`, bound to `selection`, with the options `content`.
  public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.init(selection: selection, content: content) { Text(String(title)) }
  }
}

extension Picker: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    // The options are resolved as they are, in the segments' font; each resolved node is one
    // segment's label, and the tag it carries says what selecting it selects.
    let c = ctx.deriving(node) {
      $0.font = .system(size: 13)
      $0.foreground = .color(Color.primary)
    }
    let options = ctx.runtime.child(node, ChildKey(0), content, c)
    let tags = options.map { TagModifier.tag(of: $0)?.base as? SelectionValue }
    let selection = self.selection
    let selected = tags.firstIndex { $0 != nil && $0 == selection.wrappedValue }
    func select(_ i: Int) {
      guard tags.indices.contains(i), let tag = tags[i] else { return }
      selection.wrappedValue = tag
    }
    let behavior = ControlBehavior(
      press: { pointer in
        guard !tags.isEmpty else { return }
        select(min(tags.count - 1, Int(pointer.fraction() * Double(tags.count))))
      },
      key: { key in
        switch key {
        case .rightArrow: select(selected.map { $0 + 1 } ?? 0)
        case .leftArrow: select(selected.map { $0 - 1 } ?? tags.count - 1)
        default: return false
        }
        return true
      })
    let look = SegmentedLook(segments: options, selected: selected)
    let host = _ControlHost(cornerRadius: SegmentedLook.cornerRadius, behavior: behavior) { _ in look }
    return ctx.runtime.child(node, ChildKey(1), host, ctx)
  }
}

/// The segmented control: a light gray rounded rectangle, split evenly among the options,
/// with a white rounded rectangle behind the selected one.
struct SegmentedLook: View {
  let segments: [RNode]
  let selected: Int?

  /// The control's height, as iOS draws it.
  static let height = 32.0
  static let cornerRadius = 8.0

  var body: some View {
    HStack(spacing: 0) {
      ForEach(0..<segments.count) { i in
        ResolvedNodes(nodes: [segments[i]])
          .padding(.horizontal, 8)
          .frame(maxWidth: .infinity, maxHeight: .infinity)
          .background(i == selected ? SelectedSegment() : nil)
      }
    }
    .frame(height: Self.height)
    .background(RoundedRectangle(cornerRadius: Self.cornerRadius).fill(Color(white: 0.46, opacity: 0.12)))
  }
}

/// The white rounded rectangle behind the selected segment.
struct SelectedSegment: View, Equatable {
  var body: some View {
    RoundedRectangle(cornerRadius: SegmentedLook.cornerRadius - 1)
      .fill(Color.white)
      .overlay(
        RoundedRectangle(cornerRadius: SegmentedLook.cornerRadius - 1)
          .strokeBorder(Color(white: 0, opacity: 0.08), lineWidth: 0.5)
      )
      .padding(2)
  }
}

/// Nodes resolved elsewhere, placed where this view stands: a picker's option labels inside
/// its segments.
struct ResolvedNodes: View {
  typealias Body = Never
  let nodes: [RNode]
}

extension ResolvedNodes: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { nodes }
}

/// `.tag(_:)`: the value a picker's option selects. Drawing and layout are the child's.
struct TagModifier: WrappingModifier, ResolvedModifier {
  let tag: AnyHashable

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  /// The tag a resolved option carries: the innermost `.tag` on its chain of modifiers.
  static func tag(of node: RNode) -> AnyHashable? {
    var found: AnyHashable?
    var n = node
    while case .modified(let m, let child) = n.kind {
      if let t = m as? TagModifier { found = t.tag }
      n = child
    }
    return found
  }
}

extension View {
  /// Tags the view with a value; in a picker's content, the value selecting it selects.
  public func tag<V: Hashable>(_ tag: V) -> some View { modified(TagModifier(tag: AnyHashable(tag))) }
}

/// A style a picker is drawn in; SwiftUI's `PickerStyle`. Every style is drawn segmented.
public protocol PickerStyle {}

/// The platform's default picker style; drawn segmented.
public struct DefaultPickerStyle: PickerStyle {
  /// Creates the style.
  public init() {}
}

/// Segments side by side.
public struct SegmentedPickerStyle: PickerStyle {
  /// Creates the style.
  public init() {}
}

/// A pop-up menu; drawn segmented.
public struct MenuPickerStyle: PickerStyle {
  /// Creates the style.
  public init() {}
}

/// The options inline; drawn segmented.
public struct InlinePickerStyle: PickerStyle {
  /// Creates the style.
  public init() {}
}

/// A spinning wheel; drawn segmented.
public struct WheelPickerStyle: PickerStyle {
  /// Creates the style.
  public init() {}
}

/// A row of options; drawn segmented.
public struct PalettePickerStyle: PickerStyle {
  /// Creates the style.
  public init() {}
}

extension PickerStyle where Self == DefaultPickerStyle {
  /// The platform's default picker style; drawn segmented.
  public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
  /// Segments side by side.
  public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
  /// A pop-up menu; drawn segmented.
  public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
  /// The options inline; drawn segmented.
  public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == WheelPickerStyle {
  /// A spinning wheel; drawn segmented.
  public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

extension PickerStyle where Self == PalettePickerStyle {
  /// A row of options; drawn segmented.
  public static var palette: PalettePickerStyle { PalettePickerStyle() }
}

extension View {
  /// Draws the pickers inside in `style`; every style is drawn segmented.
  public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
    let kind: PickerStyleKind =
      switch style {
      case is SegmentedPickerStyle: .segmented
      case is MenuPickerStyle: .menu
      case is InlinePickerStyle: .inline
      case is WheelPickerStyle: .wheel
      case is PalettePickerStyle: .palette
      default: .automatic
      }
    return controlEnvironment(\.pickerStyle, kind)
  }
}
