import FoundationEssentials
import Graphics
import Testing

@testable import SceneGraph

/// `Label`, `Button(_:systemImage:action:)` and `background(_:)` with a shape style, as
/// published SwiftUI code writes them.
@MainActor @Suite struct LabelTests {
  func frame<V: View>(_ view: V) -> FrameOutput {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    return rt.frame(
      { view }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 100)))
  }

  @Test("a label is its icon, then its title, on one line")
  func labelPutsTheIconFirst() {
    let out = frame(Label("Favorites", systemImage: "star.fill"))
    let texts = out.items.filter { $0.kind == .text }
    let title = texts.first { $0.text == "Favorites" }
    let icon = texts.first { $0.text != "Favorites" }
    #expect(title != nil && icon != nil, "\(texts)")
    if let title, let icon {
      #expect(icon.bounds.maxX <= title.bounds.minX)
      #expect(abs(icon.bounds.midY - title.bounds.midY) < 2)
    }
  }

  @Test("Button(_:systemImage:action:) runs its action on a click; .background(.blue) fills behind")
  func buttonWithSymbolAndStyleBackground() {
    final class Count { var n = 0 }
    let count = Count()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let view = Button("Add", systemImage: "plus") { count.n += 1 }.padding(10).background(.blue)
    let out = rt.frame(
      { view }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 100)))
    let fill = out.items.first { $0.kind == .shape && $0.color == Color.blue }
    #expect(fill != nil, "\(out.items)")
    #expect(rt.tap(at: Point(x: 150, y: 50)))
    #expect(count.n == 1)
  }
}
