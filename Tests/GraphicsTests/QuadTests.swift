import Testing

@testable import Graphics

@Suite struct QuadTests {
  let t = Transform2D.translation(-20, -10).concatenating(.rotation(Angle(degrees: 30))).concatenating(
    .scale(2, 1.5)
  ).concatenating(.translation(100, 50))
  let r = Rect(x: 10, y: 20, width: 40, height: 30)

  @Test func cornersAreTheRectanglesMappedClockwise() {
    let q = Quad(r, t)
    #expect(q.topLeft == t.apply(Point(x: 10, y: 20)))
    #expect(q.topRight == t.apply(Point(x: 50, y: 20)))
    #expect(q.bottomRight == t.apply(Point(x: 50, y: 50)))
    #expect(q.bottomLeft == t.apply(Point(x: 10, y: 50)))
    #expect(q.points == [q.topLeft, q.topRight, q.bottomRight, q.bottomLeft])
    let b = q.bounds
    for p in q.points { #expect(p.x >= b.minX && p.x <= b.maxX && p.y >= b.minY && p.y <= b.maxY) }
    #expect(q.points.contains { $0.x == b.minX } && q.points.contains { $0.y == b.maxY })
  }

  /// Cutting a mapped rectangle to a fraction of it is mapping the cut rectangle.
  @Test func aSubquadIsThePartOfTheRectangleItNames() {
    let f = Rect(x: 0.125, y: 0.25, width: 0.5, height: 0.625)
    let cut = Quad(r, t).subquad(f)
    let expected = Quad(
      Rect(
        x: r.minX + f.minX * r.width, y: r.minY + f.minY * r.height, width: f.width * r.width,
        height: f.height * r.height), t)
    for (a, b) in zip(cut.points, expected.points) { #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9) }
    #expect(Quad(r, t).subquad(Rect(x: 0, y: 0, width: 1, height: 1)) == Quad(r, t))
  }

  @Test func offsetAndRoundingMoveEveryCorner() {
    let q = Quad(r, t)
    let moved = q.offsetBy(dx: 0.5, dy: -2)
    for (a, b) in zip(q.points, moved.points) { #expect(b.x == a.x + 0.5 && b.y == a.y - 2) }
    for p in q.rounded().points { #expect(p.x == p.x.rounded() && p.y == p.y.rounded()) }
  }
}
