// `.font` and `.monospacedDigit`: how text inside a view is set.
import Graphics

/// Sets the environment's font before the child is updated.
///
/// A field written directly, not through `environment(\.font, …)`: applying a key path costs
/// enough that text-heavy scenes' build phase was 5-7 % slower with it.
struct FontModifier: PrimitiveModifier {
  let font: Font?
  let monospacedDigits: Bool?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let c = ctx.deriving(node) {
      if let font { $0.font = font }
      if let monospacedDigits { $0.monospacedDigits = monospacedDigits }
    }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Sets the font of text inside; nil leaves the one it is given.
  public func font(_ font: Font?) -> some View { modified(FontModifier(font: font, monospacedDigits: nil)) }

  /// Uses tabular digits in text inside, so changing numbers keep their width.
  public func monospacedDigit() -> some View { modified(FontModifier(font: nil, monospacedDigits: true)) }
}

/// Sets the weight or slant text inside takes whatever font it is given, as SwiftUI's
/// `bold()`, `italic()` and `fontWeight(_:)` do (they compose with `.font`, in either order).
struct FontStyleModifier: PrimitiveModifier {
  let weight: Font.Weight??
  let italic: Bool?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let c = ctx.deriving(node) {
      if let weight { $0.fontWeight = weight }
      if let italic { $0.italic = italic }
    }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Makes text inside bold (or, with `false`, leaves its weight to its font).
  public func bold(_ isActive: Bool = true) -> some View {
    modified(FontStyleModifier(weight: .some(isActive ? .bold : nil), italic: nil))
  }

  /// Makes text inside italic.
  public func italic(_ isActive: Bool = true) -> some View {
    modified(FontStyleModifier(weight: nil, italic: isActive))
  }

  /// Sets the weight of text inside; nil leaves it to the font.
  public func fontWeight(_ weight: Font.Weight?) -> some View {
    modified(FontStyleModifier(weight: .some(weight), italic: nil))
  }
}
