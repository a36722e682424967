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
