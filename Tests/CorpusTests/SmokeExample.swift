import Testing
import TimelinePlayground

/// A first example: a red circle in the middle.
struct RedDot: View {
  var body: some View {
    Circle()
      .fill(.red)
      .frame(width: 100, height: 100)
  }
}

@Suite(.serialized) struct SmokeExample {
  @Test func aRedCircleInTheMiddle() throws {
    let p = try Corpus.render(RedDot())
    #expect(p.isNear(160, 120, [255, 59, 48]))
    #expect(p.isNear(5, 5, [255, 255, 255]))
  }
}
