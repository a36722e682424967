import Foundation
import Testing

@testable import SceneGraph

/// Styles of the user's own, written as SwiftUI's documentation and tutorials write them.
struct RedBorderedButtonStyle: ButtonStyle {
  func makeBody(configuration: Configuration) -> some View {
    configuration.label
      .padding(4)
      .border(Color.red)
  }
}

/// A capsule that darkens while pressed, with the button's role in its colour.
struct PressableStyle: ButtonStyle {
  var color = Color.blue

  func makeBody(configuration: Configuration) -> some View {
    configuration.label
      .padding(10)
      .background(
        configuration.role == .destructive ? Color.red : color.opacity(configuration.isPressed ? 0.5 : 1)
      )
      .foregroundStyle(.white)
  }
}

@Suite struct ButtonStyleTests {
  let size = Size(width: 300, height: 100)

  @Test("a ButtonStyle of one's own draws the button from its label: Apple's red-bordered example")
  func documentationExample() throws {
    let out = render(size) { Button("Sign In") {}.buttonStyle(RedBorderedButtonStyle()) }
    let text = try #require(out.items.first { $0.kind == .text })
    #expect(text.text == "Sign In")
    // The border: a red outline around the label padded by 4 points each side (the item is the
    // line's centre, half its 1-point width inside that frame).
    let border = try #require(out.items.first { $0.kind == .shape && $0.color == Color.red })
    #expect(abs(border.bounds.width - (text.bounds.width + 7)) < 1e-9)
    #expect(abs(border.bounds.height - (text.bounds.height + 7)) < 1e-9)
  }

  @Test("configuration.isPressed is true while the pointer is held on the button; the action runs on release")
  func pressedAndReleased() {
    let log = ActionLog()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let body = { Button("Go") { log.count += 1 }.buttonStyle(PressableStyle()) }
    func background(_ out: FrameOutput) -> Color? { out.items.first { $0.kind == .shape }?.color }
    #expect(background(render(size, runtime: rt, body)) == Color.blue)
    #expect(rt.pointerDown(at: Point(x: 150, y: 50)))
    #expect(background(render(size, time: 0.1, runtime: rt, body)) == Color.blue.opacity(0.5))
    #expect(rt.pointerUp(at: Point(x: 150, y: 50)))
    #expect(log.count == 1)
    #expect(background(render(size, time: 0.2, runtime: rt, body)) == Color.blue)
    // The label takes the style's foreground, and the role reaches the style.
    let destructive = render(size) { Button("Delete", role: .destructive) {}.buttonStyle(PressableStyle()) }
    #expect(background(destructive) == Color.red)
    #expect(destructive.items.first { $0.kind == .text }?.color == Color.white)
  }

  @Test("the innermost buttonStyle wins, built-in or not")
  func innermostStyleWins() {
    let builtInInside = render(size) {
      VStack { Button("A") {}.buttonStyle(.borderedProminent) }.buttonStyle(RedBorderedButtonStyle())
    }
    #expect(!builtInInside.items.contains { $0.color == Color.red }, "the bordered-prominent style drew it")
    let customInside = render(size) {
      VStack { Button("A") {}.buttonStyle(RedBorderedButtonStyle()) }.buttonStyle(.borderedProminent)
    }
    #expect(customInside.items.contains { $0.kind == .shape && $0.color == Color.red })
  }

  @Test("two values of a style compare equal when they are: a stateless style always, an Equatable one by value")
  func stylesCompare() {
    #expect(CustomButtonStyle(RedBorderedButtonStyle()) == CustomButtonStyle(RedBorderedButtonStyle()))
    #expect(CustomButtonStyle(RedBorderedButtonStyle()) != CustomButtonStyle(PressableStyle()))
    struct Tinted: ButtonStyle, Equatable {
      var tint: Color
      func makeBody(configuration: Configuration) -> some View { configuration.label.foregroundStyle(tint) }
    }
    #expect(CustomButtonStyle(Tinted(tint: .red)) == CustomButtonStyle(Tinted(tint: .red)))
    #expect(CustomButtonStyle(Tinted(tint: .red)) != CustomButtonStyle(Tinted(tint: .blue)))
  }
}
