// Stage: span fills: what a triangle's row loop writes along each row.

import Graphics

extension Rasterizer {
  /// What a triangle's row loop does with each row's span: `fill(row, y, start, count)`
  /// covers pixels `start..<start + count` of the row at `row`, pixel row `y`.
  protocol SpanFill {
    func fill(_ row: UnsafeMutablePointer<UInt32>, _ y: Int64, _ start: Int, _ count: Int)
  }

  /// One premultiplied color everywhere.
  struct FlatFill: SpanFill {
    let pixel: UInt32
    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, _ y: Int64, _ start: Int, _ count: Int) {
      constantSpan(row + start, count: count, pixel: pixel)
    }
  }

  /// A color graded along y only (`color + dy·(y + 0.5 − oy)`), ordered-dithered.
  struct DitherFill: SpanFill {
    let color: SIMD4<Float>
    let dy: SIMD4<Float>
    let oy: Float
    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, _ y: Int64, _ start: Int, _ count: Int) {
      ditheredSpan(row, from: start, count: count, color: color + dy * (Float(y) + 0.5 - oy), y: Int(y))
    }
  }

  /// `DitherFill` for spans that all start at one column (a ramp's rows): the dither offsets of
  /// the four row phases are rotated for that column once, instead of on every row.
  struct RampDitherFill: SpanFill {
    let color: SIMD4<Float>
    let dy: SIMD4<Float>
    let oy: Float
    /// The offsets of rows `y` with `y mod 4` = 0, 1, 2, 3, lane 0 at the spans' first column.
    let phases: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)
    /// The column every span starts at.
    let start: Int

    init(color: SIMD4<Float>, dy: SIMD4<Float>, oy: Float, start: Int) {
      (self.color, self.dy, self.oy, self.start) = (color, dy, oy, start)
      phases = (
        ditherOffsets(row: 0, start: start), ditherOffsets(row: 1, start: start),
        ditherOffsets(row: 2, start: start), ditherOffsets(row: 3, start: start)
      )
    }

    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, _ y: Int64, _ start: Int, _ count: Int) {
      let d: SIMD4<Float>
      switch y & 3 {
      case 0: d = phases.0
      case 1: d = phases.1
      case 2: d = phases.2
      default: d = phases.3
      }
      assert(start == self.start, "a ramp's rows all start at one column")
      let c = color + dy * (Float(y) + 0.5 - oy)
      patternSpan(row + start, count: count, pattern: ditherPattern(c, d))
    }
  }

  /// A color graded along y only: one pixel value a row.
  struct RowColorFill: SpanFill {
    let color: SIMD4<Float>
    let dy: SIMD4<Float>
    let oy: Float
    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, _ y: Int64, _ start: Int, _ count: Int) {
      constantSpan(row + start, count: count, pixel: pack(color + dy * (Float(y) + 0.5 - oy)))
    }
  }

  /// A color graded along both axes, `color + dx·x + dy·(y + 0.5 − oy)` at pixel `x`.
  struct GradientFill: SpanFill {
    let color: SIMD4<Float>
    let dx: SIMD4<Float>
    let dy: SIMD4<Float>
    let oy: Float
    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, _ y: Int64, _ start: Int, _ count: Int) {
      gradientSpan(row, from: start, count: count, color: color + dy * (Float(y) + 0.5 - oy), dx: dx)
    }
  }

  /// Texture coordinates in texels over pixel space: at v0's snapped position, and their
  /// steps along x and y.
  struct TexelPlanes {
    let u0: Float
    let udx: Float
    let udy: Float
    let v0: Float
    let vdx: Float
    let vdy: Float
  }

  /// A textured span (see `texturedSpan`).
  struct TexturedFill: SpanFill {
    let uv: TexelPlanes
    let x0: Float
    let oy: Float
    let flat: Bool
    let c0: UInt32
    let f0: SIMD4<Float>
    let cdx: SIMD4<Float>
    let cdy: SIMD4<Float>
    let texture: RasterTexture
    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, _ y: Int64, _ start: Int, _ count: Int) {
      texturedSpan(
        row, from: start, count: count, uv: uv, x0: x0, cy: Float(y) + 0.5 - oy, flat: flat, c0: c0, f0: f0,
        cdx: cdx, cdy: cdy, texture: texture)
    }
  }

  /// Covers a span with a color that changes along it: pixel `x` gets `color + dx·x` (channels
  /// R, G, B, A, premultiplied), packed as `pack` does, eight or four pixels at a time with each
  /// channel in a vector of its own. The arithmetic is `pack`'s, lane for lane, so the result
  /// is the scalar loop's bit for bit.
  @inline(__always)
  static func gradientSpan(
    _ row: UnsafeMutablePointer<UInt32>, from start: Int, count: Int, color c: SIMD4<Float>, dx: SIMD4<Float>
  ) {
    var p = row + start
    var x = start
    let end = start + count
    if count >= 4 {
      // Eight at a time along long spans (a big graded fill): twice the work per iteration,
      // which the compiler schedules better than four (metronome submit −30 %); then four.
      let (r0, g0, b0, a0) = (
        SIMD8(repeating: c[0]), SIMD8(repeating: c[1]), SIMD8(repeating: c[2]), SIMD8(repeating: c[3])
      )
      let (dr, dg, db, da) = (
        SIMD8(repeating: dx[0]), SIMD8(repeating: dx[1]), SIMD8(repeating: dx[2]), SIMD8(repeating: dx[3])
      )
      let step = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
      while x + 8 <= end {
        // Exact: columns are far below 2²⁴, where Float(x) + k is Float(x + k).
        let xs = SIMD8(repeating: Float(x)) + step
        let px = packLanes(r: r0 + dr * xs, g: g0 + dg * xs, b: b0 + db * xs, a: a0 + da * xs)
        if px &>> 24 == SIMD8(repeating: 255) {
          UnsafeMutableRawPointer(p).storeBytes(of: px, as: SIMD8<UInt32>.self)
        } else {
          composite(px.lowHalf, over: p)
          composite(px.highHalf, over: p + 4)
        }
        p += 8
        x += 8
      }
      if x + 4 <= end {
        let xs = (SIMD8(repeating: Float(x)) + step).lowHalf
        let px = packLanes(
          r: r0.lowHalf + dr.lowHalf * xs, g: g0.lowHalf + dg.lowHalf * xs, b: b0.lowHalf + db.lowHalf * xs,
          a: a0.lowHalf + da.lowHalf * xs)
        if px &>> 24 == SIMD4(repeating: 255) {
          UnsafeMutableRawPointer(p).storeBytes(of: px, as: SIMD4<UInt32>.self)
        } else {
          composite(px, over: p)
        }
        p += 4
        x += 4
      }
    }
    while x < end {
      let px = pack(c + dx * Float(x))
      p.pointee = px >> 24 == 255 ? px : over(px, p.pointee)
      p += 1
      x += 1
    }
  }

  /// Covers `count` pixels with one premultiplied color.
  @inline(__always)
  static func constantSpan(_ p: UnsafeMutablePointer<UInt32>, count: Int, pixel: UInt32) {
    let a = pixel >> 24
    if a == 255 {
      p.update(repeating: pixel, count: count)
    } else if a != 0 {
      // Translucent (reflections, shadows): four pixels at a time.
      let src = SIMD4<UInt32>(repeating: pixel)
      var i = 0
      while i + 4 <= count {
        composite(src, over: p + i)
        i += 4
      }
      while i < count {
        p[i] = over(pixel, p[i])
        i += 1
      }
    }
  }
}
