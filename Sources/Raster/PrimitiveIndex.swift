// Stage: the damage index: which primitives can reach a damaged region.

import Graphics

extension Rasterizer {
  /// The pixel bounds of a list's primitives packed sixteen bytes apiece, for finding the
  /// few that reach a damaged region without reading every `Primitive` again for each region
  /// (the overview has 1,449 primitives and about twenty regions a frame).
  public struct PrimitiveIndex {
    /// Per primitive (minX, minY, −maxX, −maxY), rounded outward: a primitive may reach a
    /// rectangle only where all four lanes are ≤ the rectangle's (maxX, maxY, −minX, −minY).
    /// Primitives without indices, or with bounds that are not numbers, never match.
    let boxes: [SIMD4<Float>]

    public init(_ list: DrawList) {
      boxes = list.primitives.map { p in
        let b = p.bounds
        guard p.indexCount > 0, !(b.minX.isNaN || b.minY.isNaN || b.maxX.isNaN || b.maxY.isNaN) else {
          return SIMD4(repeating: .infinity)
        }
        return SIMD4(
          Float(b.minX).nextDown, Float(b.minY).nextDown, -Float(b.maxX).nextUp, -Float(b.maxY).nextUp)
      }
    }

    /// The primitives, in order, whose bounds may reach `rect` (a superset of those that do).
    public func touching(_ rect: Rect) -> [Int] {
      var found: [Int] = []
      touching(rect, into: &found)
      return found
    }

    /// `touching(_:)` into `found`, which is emptied first: a renderer looking up region after
    /// region reuses one buffer.
    public func touching(_ rect: Rect, into found: inout [Int]) {
      let q = SIMD4<Float>(
        Float(rect.maxX).nextUp, Float(rect.maxY).nextUp, -Float(rect.minX).nextDown, -Float(rect.minY).nextDown)
      found.removeAll(keepingCapacity: true)
      for (i, box) in boxes.enumerated() where all(box .<= q) { found.append(i) }
    }
  }

  /// The rectangle a primitive's bounds must touch to reach pixels of `area`: one pixel more
  /// on each side, for the fringe's half pixel and rounding.
  public static func reach(of area: PixelRect) -> Rect {
    Rect(
      x: Double(area.x0 - 1), y: Double(area.y0 - 1), width: Double(area.x1 - area.x0 + 2),
      height: Double(area.y1 - area.y0 + 2))
  }
}
