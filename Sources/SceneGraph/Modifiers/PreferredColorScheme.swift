// `.preferredColorScheme(_:)` and `ColorScheme`: light or dark, for the whole window.

/// Light or dark appearance; SwiftUI's `ColorScheme`.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  case light, dark
}

/// A view that asks for a color scheme.
public struct _PreferredColorSchemeView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let colorScheme: ColorScheme?
}

extension View {
  /// Asks for the window to be light or dark: every view then reads it from
  /// `@Environment(\.colorScheme)`, and text not given a color is black or white. The
  /// outermost view that asks wins; nil asks nothing. Semantic colors (`Color.primary`) stay.
  public func preferredColorScheme(_ colorScheme: ColorScheme?) -> _PreferredColorSchemeView<Self> {
    _PreferredColorSchemeView(content: self, colorScheme: colorScheme)
  }
}

extension _PreferredColorSchemeView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    ctx.runtime.routes.colorSchemes[node.serial] = colorScheme
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

extension SceneRuntime {
  /// The color scheme the views on screen asked for: the outermost asker's.
  public var preferredColorScheme: ColorScheme? { routes.colorSchemes.min { $0.key < $1.key }?.value }

  /// Puts the scheme asked for in the environment every view starts from; true when it
  /// changed, and the views must update again.
  func adoptPreferredColorScheme() -> Bool {
    let scheme = followsPreferredColorScheme ? preferredColorScheme ?? .light : .light
    guard scheme != rootEnvironment.colorScheme else { return false }
    rootEnvironment.colorScheme = scheme
    rootEnvironment.foreground = .color(scheme == .dark ? .white : .black)
    return true
  }
}
