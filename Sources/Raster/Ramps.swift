// Stage: ramps and ordered dither: vertically graded rectangles filled row by row.

import Graphics

extension Rasterizer {
  /// Draws a dithered ramp (`DrawList.fillDitheredRamp`: an axis-aligned rectangle, its top
  /// two vertices one color and its bottom two another) row by row, without walking its two
  /// triangles' edges: the same pixels with the same values, since both triangles have the
  /// plane computed here bit for bit (the differences that would set them apart are exact
  /// zeros). Returns false, drawing nothing, for vertices that are not such a rectangle.
  static func ramp(_ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget) -> Bool {
    ramp(q[0], q[1], q[2], q[3], clip: clip, target: target, dither: true)
  }

  /// `ramp` for the rectangle `va vb vc vd` (top-left, top-right, bottom-right, bottom-left),
  /// dithered or not. Undithered, it is the straight middle of a vertically graded convex fill,
  /// which a strip gives as the triangles (`va vb vc`, `va vc vd`): each row is the one color
  /// both triangles compute for it, as `RowColorFill`, bit for bit.
  static func ramp(
    _ va: Vertex, _ vb: Vertex, _ vc: Vertex, _ vd: Vertex, clip: PixelRect, target: RasterTarget, dither: Bool
  ) -> Bool {
    guard va.y == vb.y, vc.y == vd.y, va.x == vd.x, vb.x == vc.x, va.color == vb.color, vc.color == vd.color,
      abs(va.x) < limit, abs(va.y) < limit, abs(vc.x) < limit, abs(vc.y) < limit
    else { return false }
    let (x0, y0, x2, y2) = (snap(va.x), snap(va.y), snap(vc.x), snap(vc.y))
    guard x2 > x0, y2 > y0 else { return false }
    guard va.color.a | vc.color.a != 0 else { return true }
    // Pixel centers in [x0, x2) × [y0, y2): the top-left rule's share of the two triangles.
    let half = one / 2
    let minX = max(Int64(clip.x0), (x0 - half + one - 1) >> subpixelBits)
    let endX = min(Int64(clip.x1), (x2 - half + one - 1) >> subpixelBits)
    let minY = max(Int64(clip.y0), (y0 - half + one - 1) >> subpixelBits)
    let endY = min(Int64(clip.y1), (y2 - half + one - 1) >> subpixelBits)
    guard minX < endX, minY < endY else { return true }
    // The plane of the first triangle (top-left, top-right, bottom-right) as `triangle`
    // computes it: the differences along the top edge are zero.
    let s = 1 / Float(one)
    let oy = Float(y0) * s
    let dx1 = Float(x2 - x0) * s
    let det = Float((x2 - x0) * (y2 - y0)) * s * s
    let inverse = 1 / det
    let c0 = premultiply(va.color)
    let c2 = premultiply(vc.color)
    let (start, count) = (Int(minX), Int(endX - minX))
    // The first row, copied into each loop: a variable the nested `rows` below captured and
    // stepped would be boxed on the heap at every call (40 allocations a frame on the
    // visualizer, one per piece of backdrop).
    let firstPixel = target.pixels + Int(minY) * target.stride
    if c0 == c2 {
      var row = firstPixel
      for _ in minY..<endY {
        constantSpan(row + start, count: count, pixel: c0)
        row += target.stride
      }
      return true
    }
    let f0 = channels(c0)
    let f2 = channels(c2)
    var cdy = SIMD4<Float>()
    for i in 0..<4 {
      let d1: Float = 0
      let d2 = f2[i] - f0[i]
      cdy[i] = (d2 * dx1 - d1 * dx1) * inverse
    }
    @inline(__always) func rows<F: SpanFill>(_ fill: F) {
      var row = firstPixel
      for py in minY..<endY {
        fill.fill(row, py, start, count)
        row += target.stride
      }
    }
    if dither, let store = target.ramps {
      let key = RampRows.Key(
        width: x2 - x0, top: y0, bottom: y2, topColor: c0, bottomColor: c2, targetHeight: target.height)
      let firstRow = max(0, (y0 - half + one - 1) >> subpixelBits)
      let lastRow = min(Int64(target.height), (y2 - half + one - 1) >> subpixelBits)
      keptRampRows(
        store, key: key, extent: Int(firstRow)..<Int(lastRow), rows: Int(minY)..<Int(endY), start: start,
        count: count, color: f0, dy: cdy, oy: oy, target: target)
    } else if dither {
      rows(RampDitherFill(color: f0, dy: cdy, oy: oy, start: start))
    } else {
      rows(RowColorFill(color: f0, dy: cdy, oy: oy))
    }
    return true
  }

  /// Covers a span of row `y` with `color` (premultiplied channels, R, G, B, A) ordered-dithered:
  /// pixel x gets the offset at (x mod 4, y mod 4), so a slow ramp shows no 8-bit bands and a
  /// pixel's value does not depend on where its span starts.
  @inline(__always)
  static func ditheredSpan(
    _ row: UnsafeMutablePointer<UInt32>, from start: Int, count: Int, color c: SIMD4<Float>, y: Int
  ) {
    patternSpan(row + start, count: count, pattern: ditherPattern(c, ditherOffsets(row: y, start: start)))
  }

  /// Row `y`'s dither offsets rotated so that lane 0 is column `start`.
  @inline(__always)
  static func ditherOffsets(row y: Int, start: Int) -> SIMD4<Float> {
    let offsets = Bayer.row(y)
    let s = start & 3
    return SIMD4(offsets[s], offsets[(s + 1) & 3], offsets[(s + 2) & 3], offsets[(s + 3) & 3])
  }

  /// The four pixels of `c` with offsets `d` added, packed at once (alpha is not dithered).
  @inline(__always)
  static func ditherPattern(_ c: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<UInt32> {
    packLanes(
      r: SIMD4(repeating: c[0]) + d, g: SIMD4(repeating: c[1]) + d, b: SIMD4(repeating: c[2]) + d,
      a: SIMD4(repeating: c[3]))
  }

  /// Covers `count` pixels from `p` with `pattern` repeated, lane 0 first.
  @inline(__always)
  static func patternSpan(_ start: UnsafeMutablePointer<UInt32>, count: Int, pattern: SIMD4<UInt32>) {
    var p = start
    var i = 0
    if pattern &>> 24 == SIMD4(repeating: 255) {
      let twice = SIMD8(lowHalf: pattern, highHalf: pattern)
      while i + 8 <= count {
        UnsafeMutableRawPointer(p).storeBytes(of: twice, as: SIMD8<UInt32>.self)
        p += 8
        i += 8
      }
      while i + 4 <= count {
        UnsafeMutableRawPointer(p).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
        p += 4
        i += 4
      }
      while i < count {
        p.pointee = pattern[i & 3]
        p += 1
        i += 1
      }
      return
    }
    while i + 4 <= count {
      composite(pattern, over: p)
      p += 4
      i += 4
    }
    while i < count {
      p.pointee = over(pattern[i & 3], p.pointee)
      p += 1
      i += 1
    }
  }
}

/// The 4×4 Bayer matrix of the project's ordered dither: the CPU rasterizer's dithered ramps
/// and the gradient and mesh-gradient images every renderer draws all use it, so a ramp's
/// pattern is the same whichever draws it.
enum Bayer {
  /// Row `y mod 4` of the matrix as offsets in units of one 8-bit step, `(level + 0.5) / 16 − 0.5`
  /// (within ±0.47): added before rounding to the nearest level, they hide 8-bit bands in a slow
  /// ramp. Every offset is exact in `Float` and in `Double`.
  @inline(__always)
  static func row(_ y: Int) -> SIMD4<Float> {
    // Literals in a switch rather than a table: a static table is a lazily initialized global,
    // checked on every use.
    let levels: SIMD4<Float>
    switch y & 3 {
    case 0: levels = SIMD4(0, 8, 2, 10)
    case 1: levels = SIMD4(12, 4, 14, 6)
    case 2: levels = SIMD4(3, 11, 1, 9)
    default: levels = SIMD4(15, 7, 13, 5)
    }
    return levels / 16 + SIMD4(repeating: 0.5 / 16 - 0.5)
  }
}
