import Foundation
import Testing

@testable import SceneGraph

/// The check box of the tutorials: a symbol that flips the toggle when tapped, then the label.
struct CheckboxStyle: ToggleStyle {
  func makeBody(configuration: Configuration) -> some View {
    HStack {
      Rectangle()
        .fill(configuration.isOn ? Color.green : Color.gray)
        .frame(width: 20, height: 20)
        .onTapGesture { configuration.isOn.toggle() }
      configuration.label
    }
  }
}

/// A style that puts its own look around the built-in switch.
struct FramedSwitch: ToggleStyle {
  func makeBody(configuration: Configuration) -> some View {
    SwitchToggleStyle().makeBody(configuration: configuration).padding(6).border(Color.red)
  }
}

struct CheckboxProbe: View {
  @State var on = false
  var body: some View { Toggle("Remember me", isOn: $on).toggleStyle(CheckboxStyle()) }
}

@Suite struct ToggleStyleTests {
  let size = Size(width: 300, height: 100)

  func isOn(_ rt: SceneRuntime) -> SceneRuntime.StateValue? {
    rt.viewRecords().first { $0.type == "CheckboxProbe" }?.state.first { $0.name == "on" }?.value
  }

  @Test("a ToggleStyle of one's own draws the toggle and flips configuration.isOn itself")
  func checkboxFlipsOnTap() throws {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let body = { CheckboxProbe() }
    let out = render(size, runtime: rt, body)
    #expect(out.items.contains { $0.text == "Remember me" })
    let box = try #require(out.items.first { $0.kind == .shape && $0.color == Color.gray })
    #expect(isOn(rt) == .bool(false))
    let centre = Point(x: box.bounds.midX, y: box.bounds.midY)
    #expect(rt.pointerDown(at: centre))
    _ = rt.pointerUp(at: centre)
    let after = render(size, time: 0.1, runtime: rt, body)
    #expect(isOn(rt) == .bool(true))
    #expect(after.items.contains { $0.kind == .shape && $0.color == Color.green })
  }

  @Test("a built-in style's makeBody draws the built-in switch, which a style of one's own can frame")
  func builtInBodyInsideACustomStyle() {
    let out = render(size) { Toggle("Wi-Fi", isOn: .constant(true)).toggleStyle(FramedSwitch()) }
    // The switch's tinted capsule and white knob, and the red border around them.
    #expect(out.items.contains { $0.kind == .shape && $0.color == Color.accentColor })
    #expect(out.items.contains { $0.kind == .shape && $0.color == Color.red })
    #expect(out.items.contains { $0.text == "Wi-Fi" })
  }
}
