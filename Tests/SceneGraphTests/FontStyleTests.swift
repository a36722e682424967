import Foundation
import Testing

@testable import SceneGraph

@Suite struct FontStyleTests {
  /// The fonts the frame's texts were resolved with, in tree order.
  func fonts<V: View>(_ view: V) -> [Font] {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    _ = rt.frame(
      { view }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 200)))
    func walk(_ n: RNode) -> [Font] {
      if case .text(_, let font, _) = n.kind { return [font] }
      return n.children.flatMap(walk)
    }
    return rt.rootOutput.flatMap(walk)
  }

  @Test("bold, italic and fontWeight compose with .font in either order, as in SwiftUI")
  func composesWithFont() {
    let f = fonts(
      VStack {
        Text("a").font(.title).bold()
        Text("b").bold().font(.title)
        Text("c").font(.subheadline).italic()
        Text("d").fontWeight(.light)
        Text("e").bold(false)
      })
    #expect(f.map(\.size) == [28, 28, 15, 17, 17])
    #expect(f.map(\.weight) == [.bold, .bold, .regular, .light, .regular])
    #expect(f.map(\.isItalic) == [false, false, true, false, false])
    #expect(Font.headline.bold().weight == .bold && Font.caption2.size == 11 && Font.callout.size == 16)
  }
}
