// `Label`: a title beside an icon, and the buttons built from one.
import Graphics

/// A title with an icon before it; SwiftUI's `Label`, drawn as iOS lists draw it: the icon,
/// then the title, centred on one line, unless a `.labelStyle(_:)` says otherwise.
public struct Label<Title: View, Icon: View>: View {
  let title: Title
  let icon: Icon
  @Environment(\.labelStyle) private var style

  /// Creates a label from a title view and an icon view.
  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }

  public var body: some View {
    if let style {
      // A style whose body holds a `Label` (to restyle its parts) gets the default one there.
      style.body(LabelStyleConfiguration(title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon))))
        .environment(\.labelStyle, nil)
    } else {
      HStack(spacing: 8) {
        icon
        title
      }
    }
  }
}

extension Label where Title == Text, Icon == Image {
  /// A label of the text `title` and the SF Symbol named `systemImage`.
  public init<S: StringProtocol>(_ title: S, systemImage name: String) {
    self.init(title: { Text(String(title)) }, icon: { Image(systemName: name) })
  }

  /// A label of the text `title` and the picture named `image` (`Image(_ name:)`).
  public init<S: StringProtocol>(_ title: S, image name: String) {
    self.init(title: { Text(String(title)) }, icon: { Image(name) })
  }
}

extension Button where Label == SceneGraph.Label<Text, Image> {
  /// A button labelled with the text `title` and the SF Symbol named `systemImage`.
  public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
    self.init(action: action) { SceneGraph.Label(title, systemImage: systemImage) }
  }

  /// The same, with a role (`.destructive` draws it red).
  public init<S: StringProtocol>(
    _ title: S, systemImage: String, role: ButtonRole?, action: @escaping () -> Void
  ) {
    self.init(role: role, action: action) { SceneGraph.Label(title, systemImage: systemImage) }
  }
}

extension View {
  /// Fills the space behind the view with `style` (a colour, a gradient): SwiftUI's
  /// `background(_:ignoresSafeAreaEdges:)`. There is no safe area, so the edges are accepted.
  /// A colour or gradient is a view too; for those the view form is taken, which draws the same.
  @_disfavoredOverload
  public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge = .all) -> some View {
    background(Rectangle().fill(style))
  }
}
