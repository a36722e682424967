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

  @Test("environment(_:_:) sets a value by key path for what is inside, and the innermost one wins")
  func environmentByKeyPath() {
    let f = fonts(
      VStack {
        Text("a")
        Text("b").environment(\.font, .system(size: 40))
        Text("c").monospacedDigit()
      }
      .environment(\.font, .system(size: 30, weight: .heavy))
      .environment(\.font, .system(size: 10)))
    #expect(f.map(\.size) == [30, 40, 30])
    #expect(f.map(\.weight) == [.heavy, .regular, .heavy])
    #expect(f.map(\.usesMonospacedDigits) == [false, false, true])
  }
}
