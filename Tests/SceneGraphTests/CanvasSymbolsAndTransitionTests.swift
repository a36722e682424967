import FoundationEssentials
import Graphics
import Testing

@testable import SceneGraph

/// `Canvas(renderer:symbols:)` with `resolveSymbol(id:)`, and `contentTransition`.
@MainActor @Suite struct CanvasSymbolsAndTransitionTests {
  struct Dots: View {
    var body: some View {
      Canvas { context, size in
        guard let dot = context.resolveSymbol(id: "dot") else { return }
        for i in 0..<3 {
          context.draw(dot, at: CGPoint(x: 30 + Double(i) * 50, y: size.height / 2))
        }
        if let wide = context.resolveSymbol(id: 7) {
          context.draw(wide, in: CGRect(x: 0, y: 0, width: 40, height: 10))
        }
      } symbols: {
        Circle().fill(Color.red).frame(width: 20, height: 20).tag("dot")
        Rectangle().fill(Color.blue).frame(width: 10, height: 10).tag(7)
      }
      .frame(width: 200, height: 100)
    }
  }

  @Test("symbols are drawn where the renderer asks, at their ideal size or fitted to a rectangle")
  func symbolsDrawWhereAsked() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = rt.frame(
      { Dots() }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 200, height: 100)))
    let dots = out.items.filter { $0.kind == .shape && $0.color == Color.red }
    #expect(dots.map(\.bounds.midX) == [30, 80, 130], "\(dots)")
    #expect(dots.allSatisfy { $0.bounds.width == 20 && $0.bounds.midY == 50 })
    let stretched = out.items.filter { $0.kind == .shape && $0.color == Color.blue }
    #expect(stretched.map(\.bounds) == [Rect(x: 0, y: 0, width: 40, height: 10)], "\(stretched)")
  }

  struct Counter: View {
    let n: Int
    var body: some View {
      Text("\(n)").contentTransition(.numericText()).animation(.linear(duration: 1), value: n)
    }
  }

  @Test("numericText cross-fades the old number out and the new one in over the animation")
  func numericTextCrossFades() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func frame(_ n: Int, _ t: Double) -> FrameOutput {
      rt.frame(
        { Counter(n: n) },
        input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: Size(width: 100, height: 40)))
    }
    _ = frame(1, 0)
    _ = frame(2, 1)
    let mid = frame(2, 1.5)
    let texts = mid.items.filter { $0.kind == .text }.map { ($0.text ?? "", $0.color?.opacity ?? 0) }
    #expect(texts.count == 2, "\(texts)")
    #expect(
      texts.contains { $0.0 == "1" && abs($0.1 - 0.5) < 0.02 }
        && texts.contains { $0.0 == "2" && abs($0.1 - 0.5) < 0.02 })
    #expect(mid.animationsInFlight)
    let done = frame(2, 2.5)
    #expect(done.items.filter { $0.kind == .text }.compactMap(\.text) == ["2"])
    // Without an animation the number switches at once.
    _ = frame(3, 3)
    _ = rt
  }
}
