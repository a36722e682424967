import Testing

@testable import SDLBackend

/// Keys cross the SDL boundary in both directions inside the backend only: scripted key
/// presses are turned into SDL keycodes and read back as the same keys.
@Suite struct KeyTests {
  @Test func everyKeyRoundTripsThroughItsSDLKeycode() {
    var keys: [Key] = [.left, .right, .up, .down, .tab, .space, .escape, .enter]
    keys += (0...9).map { .digit($0) }
    keys += "abcdefghijklmnopqrstuvwxyz".map { .letter($0) }
    for key in keys {
      #expect(Window.key(for: Window.sym(for: key), shift: false) == key, "\(key)")
    }
    // "?" is Shift+/ on the keyboards SDL reports.
    #expect(Window.key(for: Window.sym(for: .questionMark), shift: true) == .questionMark)
    #expect(Window.key(for: Window.sym(for: .questionMark), shift: false) != .questionMark)
  }
}
