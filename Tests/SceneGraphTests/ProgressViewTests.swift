import Foundation
import Graphics
import Testing

@testable import SceneGraph

@Suite struct ProgressViewTests {
  /// The shapes drawn, in order.
  func shapes(_ out: FrameOutput) -> [DrawnItem] { out.items.filter { $0.kind == .shape } }

  @Test("a value draws a 4-point bar as wide as offered, filled to the fraction in the tint color")
  func barFillsToTheFraction() {
    let out = render(Size(width: 200, height: 50)) { ProgressView(value: 0.25) }
    let s = shapes(out)
    #expect(s.count == 2)
    // The track spans the width, centred; the fill is a quarter of it from the leading edge.
    #expect(s.first?.bounds == Rect(x: 0, y: 23, width: 200, height: 4))
    #expect(s.last?.bounds == Rect(x: 0, y: 23, width: 50, height: 4))
    #expect(s.last?.color == Color.accentColor)
    // Past the total, it is full; a total of 0 fills nothing.
    let full = shapes(render(Size(width: 200, height: 50)) { ProgressView(value: 3.0, total: 2) })
    #expect(full.last?.bounds.width == 200)
    let none = shapes(render(Size(width: 200, height: 50)) { ProgressView(value: 1.0, total: 0) })
    #expect(none.count == 1)
  }

  @Test("a title sits above the bar")
  func titleAbove() {
    let out = render(Size(width: 200, height: 60)) { ProgressView("Loading", value: 0.5) }
    let title = out.items.first { $0.text == "Loading" }?.bounds
    let track = shapes(out).first?.bounds
    #expect(title != nil && track != nil)
    #expect((title?.maxY ?? .infinity) <= (track?.minY ?? 0))
  }

  @Test("with no value, eight spokes whose brightest steps round eight times a second")
  func spinnerSteps() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func brightest(at t: Double) -> Int? {
      let spokes = shapes(render(Size(width: 100, height: 100), time: t, runtime: rt) { ProgressView() })
      #expect(spokes.count == 8)
      return spokes.indices.max { (spokes[$0].color?.opacity ?? 0) < (spokes[$1].color?.opacity ?? 0) }
    }
    let a = brightest(at: 0)
    let b = brightest(at: 0.13)
    let c = brightest(at: 0.26)
    #expect(a != nil && a != b && b != c && a != c)
    // A value of nil is a spinner too.
    let spinner = shapes(render(Size(width: 100, height: 100)) { ProgressView(value: Double?.none) })
    #expect(spinner.count == 8)
  }
}
