// Stage: fixed-point positions and edge functions, walked or probed row by row.

import Graphics

extension Rasterizer {
  /// `floorDiv(a, b)` and the remainder `a − q·b` in `0..<b`, for `b > 0`: the quotient is
  /// estimated in `Double` (a division there takes a third of a 64-bit integer division's
  /// time) and then corrected by exact integer arithmetic, so it is exact for all inputs;
  /// the estimate is off by at most a few units, even where `a` exceeds 2⁵³.
  @inline(__always)
  static func floorDivMod(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    // Truncated, not floored: `rounded(.down)` is a call to `floor` without SSE4.1, and the
    // correction below absorbs the one unit truncation can be off by.
    let e = Double(a) / Double(b)
    // Far outside any coordinate this file makes; the exact division keeps it total.
    guard e.magnitude < 1e15 else {
      let q = floorDiv(a, b)
      return (q, a &- q &* b)
    }
    var q = Int64(e)
    var r = a &- q &* b
    while r < 0 {
      q &-= 1
      r &+= b
    }
    while r >= b {
      q &+= 1
      r &-= b
    }
    return (q, r)
  }

  /// `a / b` rounded toward negative infinity, for `b ≠ 0`.
  @inline(__always)
  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  /// A coordinate in 1/256 pixel, rounded half away from zero as `Float.rounded()` does, but
  /// inline: in `Double` the product and the added half are exact for any |f| < `limit`, and
  /// the conversion truncates toward zero. (`rounded()` is a call to `roundf`, six of them per
  /// triangle.)
  @inline(__always)
  static func snap(_ f: Float) -> Int64 {
    let d = Double(f) * Double(one)
    return Int64(d < 0 ? d - 0.5 : d + 0.5)
  }

  /// One edge's function `E = A·x + B·y + C` (positive inside) with its fill-rule bias.
  struct Edge {
    var a: Int64
    var b: Int64
    var c: Int64

    @inline(__always)
    init(_ px: Int64, _ py: Int64, _ qx: Int64, _ qy: Int64) {
      // Wrapping: endpoints are within ±2²⁸ (see `limit`), so nothing here can overflow.
      a = py &- qy
      b = qx &- px
      // Top-left rule: a center exactly on a left or top edge is inside, on others outside.
      let bias: Int64 = (a > 0 || (a == 0 && b > 0)) ? 0 : -1
      c = 0 &- (a &* px &+ b &* py) &+ bias
    }

    /// Narrows `lo...hi` to the pixel columns whose centers are inside on the row centered at
    /// `yc`, by division: the reference `Walk` is tested against.
    func narrow(_ lo: inout Int64, _ hi: inout Int64, yc: Int64) {
      let k = b * yc + c + a * (Rasterizer.one / 2)
      // Inside where a·one·px + k ≥ 0.
      if a > 0 {
        lo = max(lo, -Rasterizer.floorDiv(k, a * Rasterizer.one))
      } else if a < 0 {
        hi = min(hi, Rasterizer.floorDiv(k, -a * Rasterizer.one))
      } else if k < 0 {
        hi = lo - 1
      }
    }
  }

  /// One edge's column bound walked down the rows: the `floorDiv` that bounds a row's span,
  /// kept as a quotient and a remainder that step by constants. A row then costs two adds
  /// and a compare per edge instead of a 64-bit division, and the bound is exactly the
  /// division's (the remainder carries what a rounded step would lose).
  struct Walk {
    /// The bound for the current row: the first column inside (a lower bound), the last
    /// column inside (an upper bound), or, for a horizontal edge, the edge value itself.
    var q: Int64
    var r: Int64
    let dq: Int64
    let dr: Int64
    /// The divisor (`|a|·one`); `Int64.max` for a horizontal edge.
    let d: Int64
    /// +1 bounds the span from the left, −1 from the right, 0 is a horizontal edge.
    let side: Int8

    @inline(__always)
    init(_ e: Edge, firstRow yc: Int64) {
      // Inside where a·one·px + k ≥ 0, with k = b·yc + c + a·one/2 stepping by b·one a row.
      let k = e.b &* yc &+ e.c &+ e.a &* (Rasterizer.one / 2)
      let step = e.b &* Rasterizer.one
      if e.a == 0 {
        // The remainder stays 0 and never reaches the divisor, so the value just steps.
        (q, r, dq, dr, d, side) = (k, 0, step, 0, .max, 0)
        return
      }
      let div = (e.a > 0 ? e.a : -e.a) &* Rasterizer.one
      let (q0, r0) = Rasterizer.floorDivMod(k, div)
      let (s0, t0) = Rasterizer.floorDivMod(step, div)
      (q, r, dq, dr, d) = (q0, r0, s0, t0, div)
      side = e.a > 0 ? 1 : -1
    }

    /// Narrows `lo...hi` to the columns inside this edge on the current row.
    @inline(__always)
    func narrow(_ lo: inout Int64, _ hi: inout Int64) {
      if side > 0 {
        lo = max(lo, -q)
      } else if side < 0 {
        hi = min(hi, q)
      } else if q < 0 {
        hi = lo &- 1
      }
    }

    /// Moves to the next row down, without a branch: the carry is as likely as not, so a
    /// branch on it would be mispredicted half the time.
    @inline(__always)
    mutating func step() {
      q &+= dq
      r &+= dr
      // All ones when r ≥ d (r < 2d, so d − 1 − r cannot overflow), else zero.
      let carry = (d &- 1 &- r) >> 63
      q &-= carry
      r &-= d & carry
    }
  }

  /// A small triangle's pixels found by testing each pixel center of its bounding box against
  /// the three edges, row by row.
  ///
  /// A `Walk` costs two divisions per edge to set up, most of the work for the one- to
  /// four-pixel triangles of an anti-aliasing fringe around a rounded corner; stepping three
  /// edge values across a few columns costs none. The test is the walk's (`E ≥ 0` at the
  /// center), so the spans are the same.
  struct Probe {
    /// The edge values at the current row's first column.
    var row: (Int64, Int64, Int64)
    /// Their steps one column right and one row down.
    let dx: (Int64, Int64, Int64)
    let dy: (Int64, Int64, Int64)

    /// Starts at the pixel whose center is `(x, y)`, in 1/256 pixel.
    @inline(__always)
    init(_ e0: Edge, _ e1: Edge, _ e2: Edge, x: Int64, y: Int64) {
      @inline(__always) func at(_ e: Edge) -> Int64 { e.a &* x &+ e.b &* y &+ e.c }
      row = (at(e0), at(e1), at(e2))
      dx = (e0.a &* one, e1.a &* one, e2.a &* one)
      dy = (e0.b &* one, e1.b &* one, e2.b &* one)
    }

    /// Narrows `lo...hi` to the current row's pixels inside all three edges (empty when none
    /// is) and moves down one row. `lo` must be the column the probe started at: `row` holds
    /// the edge values there.
    @inline(__always)
    mutating func span(_ lo: inout Int64, _ hi: inout Int64) {
      var v = row
      var first = hi &+ 1
      var last = lo &- 1
      var px = lo
      while px <= hi {
        // All three are ≥ 0 exactly when their bitwise or is. Selects, not a branch: along a
        // fringe, inside and outside alternate from pixel to pixel.
        let inside = v.0 | v.1 | v.2 >= 0
        first = inside ? min(first, px) : first
        last = inside ? px : last
        v.0 &+= dx.0
        v.1 &+= dx.1
        v.2 &+= dx.2
        px &+= 1
      }
      (lo, hi) = first <= last ? (first, last) : (lo, lo &- 1)
      row.0 &+= dy.0
      row.1 &+= dy.1
      row.2 &+= dy.2
    }
  }

  /// Whether a triangle whose bounding box has these many columns and rows is drawn with a
  /// `Probe` rather than three `Walk`s: narrow ones (a fringe along a straight side costs a few
  /// tests a row either way) and small ones, where the walks' set-up would be most of the work.
  @inline(__always)
  static func probes(columns: Int64, rows: Int64) -> Bool {
    columns <= 4 || columns &* rows <= 48
  }
}
