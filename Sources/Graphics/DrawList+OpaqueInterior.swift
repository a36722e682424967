extension DrawList {
  /// How far from the origin, in pixels, a vertex may lie and still be drawn by the CPU
  /// rasterizer: beyond ±2²⁰ its edge arithmetic would not fit 64 bits.
  @inlinable
  public static var rasterLimit: Float { 1_048_576 }

  /// How far from the origin a shape may reach and still be drawn by the CPU rasterizer
  /// (`rasterLimit`, less room for the fringe and for rounding to `Float`); only such
  /// shapes record an opaque interior.
  static let drawableLimit = Double(rasterLimit) - 16

  /// `v` as an Int, clamped far outside any target (and 0 for NaN), so no input traps.
  static func wholePixel(_ v: Double) -> Int {
    v.isNaN ? 0 : Int(max(-1e9, min(1e9, v)))
  }

  /// A large axis-aligned rectangle inside a clockwise convex polygon, or nil.
  ///
  /// For a convex shape, the horizontal extent at any height between two heights contains the
  /// intersection of the extents at those two, so each pair of vertex heights gives a
  /// rectangle inside; of those at heights where the polygon is nearly its widest, the
  /// largest is kept. For a rounded rectangle that is the rectangle between its corners.
  static func inscribedRect(_ p: [Point]) -> Rect? {
    let n = p.count
    guard n >= 3, n <= 256 else { return nil }
    // The two chains from the top vertex to the bottom one, each monotone in y (convexity),
    // walked together over the vertex heights: O(n) instead of every edge at every height.
    // It runs for every large opaque fill each frame, so it works in scratch space on the stack.
    var top = 0
    var bottom = 0
    for i in 1..<n {
      if p[i].y < p[top].y { top = i }
      if p[i].y >= p[bottom].y { bottom = i }
    }
    let lengths = ((bottom - top + n) % n + 1, (top - bottom + n) % n + 1)
    // Scratch: the sorted heights, each chain's points (x, y), then the rows (y, lo, hi).
    let first = n
    let second = first + 2 * lengths.0
    let rowBase = second + 2 * lengths.1
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: rowBase + 3 * n) { scratch -> Rect? in
      var heights = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
      for i in 0..<n { heights[i] = p[i].y }
      heights.sort()
      // Chain 0 steps forwards from the top vertex, chain 1 backwards.
      var at = top
      for j in 0..<lengths.0 {
        (scratch[first + 2 * j], scratch[first + 2 * j + 1]) = (p[at].x, p[at].y)
        at = at + 1 < n ? at + 1 : 0
      }
      at = top
      for j in 0..<lengths.1 {
        (scratch[second + 2 * j], scratch[second + 2 * j + 1]) = (p[at].x, p[at].y)
        at = at > 0 ? at - 1 : n - 1
      }
      @inline(__always) func point(_ c: Int, _ j: Int) -> Point {
        let k = (c == 0 ? first : second) + 2 * j
        return Point(x: scratch[k], y: scratch[k + 1])
      }
      // Rows (y, lo, hi) at each distinct height the polygon has width at, in order.
      var rowCount = 0
      var cursors = (0, 0)
      var last = -Double.infinity
      for y in heights where y != last {
        last = y
        var lo = Double.infinity
        var hi = -Double.infinity
        for c in 0..<2 {
          let count = c == 0 ? lengths.0 : lengths.1
          var j = c == 0 ? cursors.0 : cursors.1
          while j + 1 < count, point(c, j + 1).y < y { j += 1 }
          if c == 0 { cursors.0 = j } else { cursors.1 = j }
          // Points at exactly this height (the ends of a horizontal edge), else the edge across it.
          var k = j
          while k < count, case let q = point(c, k), q.y <= y {
            if q.y == y {
              lo = min(lo, q.x)
              hi = max(hi, q.x)
            }
            k += 1
          }
          if j + 1 < count, case let a = point(c, j), case let b = point(c, j + 1), a.y < y, b.y > y {
            let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
            lo = min(lo, x)
            hi = max(hi, x)
          }
        }
        if lo < hi {
          (scratch[rowBase + 3 * rowCount], scratch[rowBase + 3 * rowCount + 1]) = (y, lo)
          scratch[rowBase + 3 * rowCount + 2] = hi
          rowCount += 1
        }
      }
      @inline(__always) func row(_ i: Int) -> (y: Double, lo: Double, hi: Double) {
        (scratch[rowBase + 3 * i], scratch[rowBase + 3 * i + 1], scratch[rowBase + 3 * i + 2])
      }
      var widest = -Double.infinity
      for i in 0..<rowCount { widest = max(widest, row(i).hi - row(i).lo) }
      guard rowCount > 0, widest.isFinite, widest > 0 else { return nil }
      var best: Rect?
      for fraction in [0.98, 0.9, 0.7] {
        // The first and last rows at least this wide.
        var firstWide = -1
        var lastWide = -1
        for i in 0..<rowCount where row(i).hi - row(i).lo >= widest * fraction {
          if firstWide < 0 { firstWide = i }
          lastWide = i
        }
        guard firstWide >= 0, case let top = row(firstWide), case let bottom = row(lastWide), bottom.y > top.y
        else { continue }
        let r = Rect(
          x: max(top.lo, bottom.lo), y: top.y, width: min(top.hi, bottom.hi) - max(top.lo, bottom.lo),
          height: bottom.y - top.y)
        if r.width > 0, r.width * r.height > (best.map { $0.width * $0.height } ?? 0) { best = r }
      }
      return best
    }
  }
}
