// `.onKeyPress`: key presses delivered to the views on screen, with the key types.
import Timeline

/// A key a view can react to; SwiftUI's `KeyEquivalent`.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
  /// The character the key types (lowercase for letters).
  public let character: Character

  /// The key that types `character`.
  public init(_ character: Character) { self.character = Character(character.lowercased()) }

  public init(extendedGraphemeClusterLiteral value: Character) { self.init(value) }

  /// The space bar.
  public static let space = KeyEquivalent(" ")
}

/// A key press delivered to `onKeyPress`; SwiftUI's `KeyPress`.
public struct KeyPress: Sendable {
  /// Whether a handler used the key or lets it travel on.
  public enum Result: Sendable { case handled, ignored }
  /// The key pressed.
  public let key: KeyEquivalent
  /// The characters it typed.
  public var characters: String { String(key.character) }
}

/// Runs an action when a key is pressed while the view is on screen.
public struct _KeyPressView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let keys: Set<KeyEquivalent>?
  let action: (KeyPress) -> KeyPress.Result
}

extension View {
  /// Runs `action` when `key` is pressed; the app's own keys (scene switching, quit) come first.
  public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> _KeyPressView<Self> {
    _KeyPressView(content: self, keys: [key]) { _ in action() }
  }

  /// Runs `action` when one of `keys` is pressed.
  public func onKeyPress(keys: Set<KeyEquivalent>, action: @escaping (KeyPress) -> KeyPress.Result)
    -> _KeyPressView<Self>
  {
    _KeyPressView(content: self, keys: keys, action: action)
  }
}

extension _KeyPressView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue {
      let (keys, action) = (self.keys, self.action)
      node.keyHandler = { press in
        guard keys?.contains(press.key) ?? true else { return .ignored }
        return action(press)
      }
      ctx.runtime.registerKeyHandler(node)
    }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}
