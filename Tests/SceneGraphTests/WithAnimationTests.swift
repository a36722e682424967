import Foundation
import Testing

@testable import SceneGraph

/// A square that a key moves, inside `withAnimation` or not.
struct KeyedSquare: View {
  let animation: Animation?
  let disables: Bool
  @State var x = 0.0

  var body: some View {
    Rectangle().fill(Color.red).frame(width: 10, height: 10).offset(x: x)
      .onKeyPress("a") {
        var t = Transaction(animation: animation)
        t.disablesAnimations = disables
        withTransaction(t) { x = 100 }
        return .handled
      }
  }
}

@Suite struct WithAnimationTests {
  /// The square's left edge at each time, the key pressed after the first frame.
  func positions(_ view: KeyedSquare, at times: [Double]) -> [Double] {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func frame(_ t: Double) -> Double {
      let out = rt.frame(
        { view }, input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: Size(width: 300, height: 100)))
      return out.items.first { $0.kind == .shape }?.bounds.minX ?? .nan
    }
    let start = frame(0)
    #expect(rt.keyPress("a"))
    return times.map(frame).map { $0 - start }
  }

  @Test("withAnimation animates what the state change moves, with the block's curve")
  func animates() {
    let moved = positions(KeyedSquare(animation: .linear(duration: 1), disables: false, x: 0), at: [1, 1.5, 2, 3])
    #expect(moved.map { ($0 * 1000).rounded() / 1000 } == [0, 50, 100, 100])
  }

  @Test("a change outside withAnimation, or with animations disabled, is immediate")
  func immediate() {
    #expect(positions(KeyedSquare(animation: nil, disables: false, x: 0), at: [1, 1.5]) == [100, 100])
    #expect(positions(KeyedSquare(animation: .linear(duration: 1), disables: true, x: 0), at: [1, 1.5]) == [100, 100])
  }

  @Test("withAnimation returns its body's result, and nests")
  func nests() {
    let r = withAnimation(.easeIn) { withAnimation(nil) { Transaction.current?.animation == nil ? 1 : 2 } }
    #expect(r == 1)
    #expect(Transaction.current == nil)
  }
}
