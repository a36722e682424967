import Foundation
import Testing

@testable import Graphics

@Suite struct RoundedRectOutlineTests {
  /// What flattening the rounded rectangle's path gives: the outline the template must match.
  static func flattened(_ r: Rect, _ radius: Double, _ tolerance: Double) -> [Point] {
    Path { $0.addRoundedRect(in: r, cornerRadius: radius) }.flattened(tolerance: tolerance).first?.points ?? []
  }

  @Test("the template gives the flattened path's points, bit for bit, at any place, size, radius and tolerance")
  func matchesFlattenedPath() throws {
    var rng = SplitMix64(state: 11)
    for i in 0..<2_000 {
      let r = Rect(
        x: Double(Int(rng.below(4_000)) - 2_000) / 7, y: Double(Int(rng.below(4_000)) - 2_000) / 3,
        width: Double(rng.below(3_000)) / 9, height: Double(rng.below(3_000)) / 11)
      // Radii from none through past half the shorter side (clamped), and capsules.
      let radius =
        i % 10 == 0 ? min(r.width, r.height) / 2 : Double(rng.below(1_200)) / 13
      let tolerance = [0.5, 0.25, 0.05, 3.7][i % 4]
      let outline = try #require(Path.roundedRectOutline(in: r, cornerRadius: radius, tolerance: tolerance))
      let expected = Self.flattened(r, radius, tolerance)
      guard outline == expected else {
        Issue.record("\(r) radius \(radius) tolerance \(tolerance): \(outline.count) points, not \(expected.count)")
        return
      }
    }
  }

  @Test("square corners are the rectangle's four; a rectangle off the number line has no template")
  func squareAndNonFinite() {
    let r = Rect(x: 1.5, y: 2, width: 10, height: 4)
    #expect(Path.roundedRectOutline(in: r, cornerRadius: 0, tolerance: 0.5) == Self.flattened(r, 0, 0.5))
    #expect(Path.roundedRectOutline(in: r, cornerRadius: -3, tolerance: 0.5)?.count == 4)
    #expect(
      Path.roundedRectOutline(in: Rect(x: .infinity, y: 0, width: 1, height: 1), cornerRadius: 1, tolerance: 0.5) == nil
    )
    #expect(Path.roundedRectOutline(in: r, cornerRadius: .nan, tolerance: 0.5) == nil)
  }
}
