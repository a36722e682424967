// `.preferredColorScheme(_:)` and `ColorScheme`: light or dark, as the environment says.

/// Light or dark appearance; SwiftUI's `ColorScheme`.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  case light, dark
}

extension View {
  /// Sets the color scheme views inside read from `@Environment(\.colorScheme)`; nil leaves
  /// it. The window's own colors and `Color.primary` stay as they are.
  public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
    transformEnvironment(\.colorScheme) { if let colorScheme { $0 = colorScheme } }
  }
}
