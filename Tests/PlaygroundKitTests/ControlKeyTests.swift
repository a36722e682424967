import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

/// The window's keys as a focused control receives them.
@Suite struct ControlKeyTests {
  @Test("window keys map onto SwiftUI's key equivalents; function keys stay the window's")
  func keysMapOntoEquivalents() {
    let pairs: [(Key, KeyEquivalent)] = [
      (.left, .leftArrow), (.right, .rightArrow), (.up, .upArrow), (.down, .downArrow), (.space, .space),
      (.enter, .return), (.escape, .escape), (.tab, .tab), (.letter("+"), "+"), (.digit(7), "7"),
    ]
    for (key, equivalent) in pairs { #expect(PlaygroundApp.keyEquivalent(for: key) == equivalent) }
    #expect(PlaygroundApp.keyEquivalent(for: .f11) == nil)
    #expect(PlaygroundApp.keyEquivalent(for: .f12) == nil)
  }
}
