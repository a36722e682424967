import Foundation
import Testing

@testable import SceneGraph

@Suite struct BorderTests {
  @Test("border draws its line inside the view's frame, in the border's color")
  func insideTheFrame() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = rt.frame(
      { Rectangle().fill(Color.white).frame(width: 40, height: 20).border(Color.red, width: 2) },
      input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 100, height: 100)))
    let red = out.items.filter { $0.color == Color.red }
    #expect(red.count == 1)
    let b = red.first?.bounds ?? .zero
    // The view sits centered at 30…70 × 40…60. A stroke's item is its center line, which for a
    // 2-point line inside the frame runs 1 point in from each edge.
    #expect(abs(b.minX - 31) < 1e-9 && abs(b.maxX - 69) < 1e-9)
    #expect(abs(b.minY - 41) < 1e-9 && abs(b.maxY - 59) < 1e-9)
  }
}
