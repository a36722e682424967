import FoundationEssentials
import Graphics
import Testing

@testable import SceneGraph

/// `ScrollView` as published code uses it: the content from its start, at its ideal length
/// along the scrolled axis, clipped to the frame; and `.transition` accepted.
@MainActor @Suite struct ScrollViewTests {
  struct Rows: View {
    var body: some View {
      ScrollView {
        VStack(spacing: 0) {
          ForEach(0..<10) { i in
            Rectangle().fill(i.isMultiple(of: 2) ? Color.red : Color.blue).frame(height: 50)
          }
        }
      }
      .frame(width: 100, height: 120)
      .transition(.opacity.combined(with: .move(edge: .bottom)))
    }
  }

  @Test("a vertical scroll view shows its content from the top, full width, clipped to its frame")
  func verticalContentStartsAtTheTop() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = rt.frame(
      { Rows() }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 100, height: 120)))
    let rows = out.items.filter { $0.kind == .shape }
    #expect(rows.count == 10)
    #expect(rows.first?.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(rows.last?.bounds == Rect(x: 0, y: 450, width: 100, height: 50))
    // Everything past the frame's 120 points is clipped away.
    #expect(out.drawList.commands.allSatisfy { ($0.clip?.maxY ?? .infinity) <= 120 })
  }

  @Test("a horizontal scroll view offers its content its ideal width")
  func horizontalContentIsItsIdealWidth() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let view = ScrollView(.horizontal, showsIndicators: false) {
      HStack(spacing: 10) { ForEach(0..<6) { _ in Circle().fill(Color.green).frame(width: 40, height: 40) } }
    }
    .frame(width: 150, height: 60)
    let out = rt.frame(
      { view }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 150, height: 60)))
    let dots = out.items.filter { $0.kind == .shape }.map(\.bounds.minX)
    #expect(dots == [0, 50, 100, 150, 200, 250], "\(dots)")
  }
}
