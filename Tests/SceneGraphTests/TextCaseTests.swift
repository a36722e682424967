import Foundation
import Graphics
import Testing

@testable import SceneGraph

@Suite struct TextCaseTests {
  let size = Size(width: 300, height: 100)

  func texts<V: View>(_ view: V) -> [String] { KeyedFrames(view: view, size: size)(0).items.compactMap(\.text) }

  @Test("textCase sets the text inside in upper or lower case; the innermost wins and nil leaves it")
  func textCase() {
    #expect(texts(Text("Hello World").textCase(.uppercase)) == ["HELLO WORLD"])
    #expect(texts(Text("Hello World").textCase(.lowercase)) == ["hello world"])
    let nested = VStack {
      Text("Inner").textCase(nil)
      Text("Outer")
    }
    .textCase(.uppercase)
    #expect(texts(nested) == ["Inner", "OUTER"])
  }

  @Test("text layout modifiers that are accepted leave the text as it was")
  func accepted() {
    let plain = texts(Text("Same"))
    let modified = texts(
      Text("Same").minimumScaleFactor(0.5).truncationMode(.middle).lineSpacing(4).allowsTightening(true)
        .sensoryFeedback(.increase, trigger: 1))
    #expect(plain == ["Same"] && modified == plain)
  }
}

@Suite struct TextStylingTests {
  let size = Size(width: 300, height: 100)

  @Test("Text's own modifiers give a Text; + joins texts on one line, each in its own style")
  func joinedRuns() {
    let hello: Text = Text("Hello ").font(.system(size: 20))
    let world: Text = Text("World").bold().foregroundColor(.red)
    let out = KeyedFrames(view: (hello + world).foregroundColor(.blue), size: size)(0)
    let runs = out.items.filter { $0.kind == .text }
    #expect(runs.map(\.text) == ["Hello ", "World"])
    // The outer color reaches the run that set none; the inner red wins in its own run.
    #expect(runs.map(\.color) == [Color.blue, Color.red])
    // Side by side, bottoms on one line: the second starts where the first ends.
    #expect(runs[0].bounds.maxX == runs[1].bounds.minX)
    #expect(runs[0].bounds.maxY == runs[1].bounds.maxY)
    // The joined text is as wide as its runs together, centred.
    #expect(abs((runs[0].bounds.minX + runs[1].bounds.maxX) / 2 - 150) < 0.5)
  }

  @Test("a single Text's own font and color are what the view modifiers would give it")
  func sameAsViewModifiers() {
    let own = KeyedFrames(view: Text("Same").font(.title).bold().foregroundColor(.green), size: size)(0)
    let outer = KeyedFrames(
      view: VStack { Text("Same") }.font(.title).bold().foregroundColor(.green), size: size)(0)
    #expect(own.items == outer.items)
  }

  /// Joined text beside a view that comes and goes under an animation.
  struct Score: View {
    let show: Bool
    var body: some View {
      VStack {
        Text("Score: ") + Text("1").bold()
        if show { Color.blue.frame(width: 10, height: 10) }
      }
      .animation(.linear(duration: 1), value: show)
    }
  }

  @Test("joined text stays as it is when its parent runs again, leaving no fading copy behind")
  func joinedTextKept() {
    let runtime = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func frame(_ show: Bool, _ t: Double) -> FrameOutput {
      runtime.frame({ Score(show: show) }, input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: size))
    }
    _ = frame(false, 0)
    let out = frame(true, 0.5)
    #expect(out.items.filter { $0.text == "Score: " }.count == 1)
    #expect(out.items.first { $0.text == "Score: " }?.color?.opacity == 1)
  }

  @Test("a counting Text(_:style:) takes the text's own color and case")
  func liveDateStyled() {
    let start = Date(timeIntervalSince1970: 0)
    let out = KeyedFrames(view: Text(start, style: .timer).foregroundColor(.red), size: size)(5)
    let item = out.items.first { $0.kind == .text }
    #expect(item?.color == Color.red && item?.text == "0:05")
  }
}
