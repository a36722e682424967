// `.textCase(_:)`: text inside set in upper or lower case.
import FoundationEssentials

extension Text {
  /// A case to set text in; SwiftUI's `Text.Case`.
  public enum Case: Hashable, Sendable {
    case uppercase, lowercase
  }
}

/// Sets the environment's text case before the child is updated.
struct TextCaseModifier: PrimitiveModifier {
  let textCase: Text.Case?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let c = ctx.deriving(node) { $0.textCase = textCase }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Sets text inside in upper or lower case; nil leaves it as written.
  public func textCase(_ textCase: Text.Case?) -> some View { modified(TextCaseModifier(textCase: textCase)) }
}

extension Text.Case {
  /// `string` in this case.
  func apply(_ string: String) -> String {
    switch self {
    case .uppercase: string.uppercased()
    case .lowercase: string.lowercased()
    }
  }
}
