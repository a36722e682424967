import FoundationEssentials

/// A rectangle of whole pixels, `x0..<x1` by `y0..<y1`.
public struct PixelRect: Hashable, Sendable {
  public var x0: Int
  public var y0: Int
  public var x1: Int
  public var y1: Int

  /// Creates a rectangle from its corners; an inverted one is empty.
  public init(x0: Int, y0: Int, x1: Int, y1: Int) {
    (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
  }

  /// Whether no pixel is inside.
  public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
  /// The number of pixels inside.
  public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
  /// The same pixels as a `Rect`.
  public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)) }

  /// No pixels.
  public static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

  /// The smallest rectangle holding both; an empty one adds nothing.
  public func union(_ o: PixelRect) -> PixelRect {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }

  /// The overlap of two rectangles (possibly empty).
  public func intersection(_ o: PixelRect) -> PixelRect {
    PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
  }

  /// The pixels of this rectangle outside `o`, as up to four disjoint rectangles: the full-width
  /// bands above and below `o`, then the pieces left and right of it.
  public func subtracting(_ o: PixelRect) -> [PixelRect] {
    let cut = intersection(o)
    guard !cut.isEmpty else { return isEmpty ? [] : [self] }
    return [
      PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0), PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1),
      PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1), PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1),
    ].filter { !$0.isEmpty }
  }

  /// The pixels a clip rectangle lets through: every pixel the rectangle touches, as SDL
  /// rounds its clip rectangles.
  public init(covering r: Rect) {
    @inline(__always) func bound(_ v: Double) -> Int {
      v.isFinite ? Int(max(-1e9, min(1e9, v))) : (v > 0 ? 1 << 30 : -(1 << 30))
    }
    self.init(
      x0: bound(r.minX.rounded(.down)), y0: bound(r.minY.rounded(.down)), x1: bound(r.maxX.rounded(.up)),
      y1: bound(r.maxY.rounded(.up)))
  }
}

/// A texture as the rasterizer samples it: premultiplied ARGB (`0xAARRGGBB`) texels, converted
/// once per image generation as a GPU upload would be.
public final class RasterTexture {
  public let width: Int
  public let height: Int
  /// Texels, row by row; `width * height` of them.
  public let texels: UnsafeMutablePointer<UInt32>
  /// Whether scaling filters bilinearly (otherwise it picks the nearest texel).
  public let smooth: Bool
  /// Whether every texel is opaque.
  public private(set) var opaque: Bool
  /// The generation of the image last converted.
  public private(set) var generation: Int

  /// Converts an image (straight RGBA bytes) to premultiplied ARGB.
  public init(_ image: ImageBuffer) {
    // An image's size is a public var; a texture is never empty, so no index is clamped to -1.
    width = max(1, image.width)
    height = max(1, image.height)
    smooth = image.smooth
    texels = .allocate(capacity: width * height)
    // `convert` writes every texel an image has; only a pixel array shorter than its size
    // (a public var) leaves a tail, which must not be uninitialized memory.
    let given = min(image.pixels.count, width * height)
    if given < width * height { (texels + given).initialize(repeating: 0, count: width * height - given) }
    opaque = image.opaque
    generation = image.generation
    convert(image, PixelRect(x0: 0, y0: 0, x1: width, y1: height))
  }

  deinit { texels.deallocate() }

  /// Bytes held.
  public var byteCount: Int { width * height * 4 }

  /// Re-converts the texels from an image of the same size: only what changed since the
  /// generation last converted, when the image knows that.
  public func update(from image: ImageBuffer) {
    precondition(image.width == width && image.height == height, "texture size changed")
    let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    let region = image.changedRegion(since: generation)?.intersection(whole) ?? whole
    generation = image.generation
    convert(image, region)
  }

  private func convert(_ image: ImageBuffer, _ region: PixelRect) {
    guard !region.isEmpty else { return }
    // Texels past a short pixel array stay clear, so such an image is never opaque.
    var allOpaque = image.pixels.count >= width * height
    image.pixels.withUnsafeBufferPointer { src in
      for y in region.y0..<region.y1 {
        // A pixel array shorter than the size says (it is a public var) converts what it has.
        let end = min(y * width + region.x1, src.count)
        var i = y * width + region.x0
        while i < end {
          let p = src[i]
          let a = p >> 24
          if a != 255 { allOpaque = false }
          texels[i] = Rasterizer.premultiply(r: p & 0xFF, g: (p >> 8) & 0xFF, b: (p >> 16) & 0xFF, a: a)
          i += 1
        }
      }
    }
    // A partial update can only keep a texture opaque; it cannot prove the rest is.
    let whole = region == PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    opaque = whole ? allOpaque : opaque && allOpaque
  }
}

/// Where the rasterizer writes: 32-bit `0xAARRGGBB` pixels (SDL's ARGB8888 and XRGB8888, the
/// X11 window surface's own format), premultiplied.
public struct RasterTarget {
  public var pixels: UnsafeMutablePointer<UInt32>
  public var width: Int
  public var height: Int
  /// Pixels from one row to the next.
  public var stride: Int

  /// Describes a buffer; `stride` defaults to `width`.
  public init(pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int? = nil) {
    self.pixels = pixels
    self.width = width
    self.height = height
    self.stride = stride ?? width
  }

  /// The whole target.
  public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
}

/// The project's own rasterizer for its draw lists: subpixel-precise triangles with a top-left
/// fill rule, interpolated color and texture coordinates, bilinear sampling and premultiplied
/// source-over blending.
///
/// It draws exactly the triangles a GPU is given, so an anti-aliasing fringe (outer vertices at
/// alpha 0) gives real coverage instead of SDL's whole-pixel stair steps. Vertex positions are
/// snapped to 1/256 pixel; a pixel belongs to a triangle when its center does, and a center
/// exactly on an edge belongs to the triangle left of or below the edge only, so two triangles
/// sharing an edge never both blend a pixel.
public enum Rasterizer {
  /// Fractional bits of vertex positions.
  static let subpixelBits: Int64 = 8
  static let one: Int64 = 1 << subpixelBits
  /// Coordinates beyond ±2²⁰ pixels are not drawn: the edge arithmetic must fit 64 bits.
  static let limit: Float = 1_048_576

  /// Premultiplies a straight color given as 0…255 components, packed as `0xAARRGGBB`.
  @inline(__always)
  public static func premultiply(r: UInt32, g: UInt32, b: UInt32, a: UInt32) -> UInt32 {
    @inline(__always) func m(_ c: UInt32) -> UInt32 {
      let t = c &* a &+ 128
      return (t &+ (t >> 8)) >> 8
    }
    return a << 24 | m(r) << 16 | m(g) << 8 | m(b)
  }

  /// The premultiplied pixel of a vertex color.
  @inline(__always)
  public static func premultiply(_ c: RGBA8) -> UInt32 {
    premultiply(r: UInt32(c.r), g: UInt32(c.g), b: UInt32(c.b), a: UInt32(c.a))
  }

  /// `src + dst·(1 − αsrc)` for premultiplied pixels, two channels per multiply, exactly rounded.
  @inline(__always)
  static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let inv = 255 - (src >> 24)
    var rb = (dst & 0x00FF_00FF) &* inv &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((dst >> 8) & 0x00FF_00FF) &* inv &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return src &+ (rb | ag)
  }

  /// Each channel of `p` times `c`/255 (premultiplied modulation), rounded.
  @inline(__always)
  static func modulate(_ p: UInt32, _ c: UInt32) -> UInt32 {
    @inline(__always) func mul(_ shift: UInt32) -> UInt32 {
      let t = ((p >> shift) & 0xFF) &* ((c >> shift) & 0xFF) &+ 128
      return ((t &+ (t >> 8)) >> 8) << shift
    }
    return mul(24) | mul(16) | mul(8) | mul(0)
  }

  /// Fills a rectangle with one pixel value, replacing what was there.
  public static func fill(_ target: RasterTarget, _ rect: PixelRect, with pixel: UInt32) {
    let r = rect.intersection(target.bounds)
    guard !r.isEmpty else { return }
    for y in r.y0..<r.y1 {
      (target.pixels + y * target.stride + r.x0).update(repeating: pixel, count: r.x1 - r.x0)
    }
  }

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
      let q = SIMD4<Float>(
        Float(rect.maxX).nextUp, Float(rect.maxY).nextUp, -Float(rect.minX).nextDown, -Float(rect.minY).nextDown)
      var found: [Int] = []
      for (i, box) in boxes.enumerated() where all(box .<= q) { found.append(i) }
      return found
    }
  }

  /// The rectangle a primitive's bounds must touch to reach pixels of `area`: one pixel more
  /// on each side, for the fringe's half pixel and rounding.
  public static func reach(of area: PixelRect) -> Rect {
    Rect(
      x: Double(area.x0 - 1), y: Double(area.y0 - 1), width: Double(area.x1 - area.x0 + 2),
      height: Double(area.y1 - area.y0 + 2))
  }

  /// Draws the triangles of `list` that reach `region`, touching no pixel outside it.
  ///
  /// `texture` returns the converted texture for a command's `TextureRef`; a command whose
  /// texture is missing is skipped, as a GPU backend skips an image it could not upload.
  /// `primitives` limits the drawing to a range of the list's primitives (all by default).
  /// `candidates`, ascending primitive indices that include every primitive reaching
  /// `region` (from `PrimitiveIndex.touching`), spares looking at the others.
  public static func draw(
    _ list: DrawList, into target: RasterTarget, region: PixelRect? = nil, primitives: Range<Int>? = nil,
    candidates: [Int]? = nil, texture: (TextureRef) -> RasterTexture?
  ) {
    let area = region.map { $0.intersection(target.bounds) } ?? target.bounds
    guard !area.isEmpty, !list.indices.isEmpty else { return }
    let reach = reach(of: area)
    var lastCommand = -1
    var clip = area
    var tex: RasterTexture?
    var skip = false
    list.vertices.withUnsafeBufferPointer { vs in
      list.indices.withUnsafeBufferPointer { ix in
        let range = (primitives ?? list.primitives.indices).clamped(to: list.primitives.indices)
        // The candidates in range (ascending: those before it are skipped, and the first past
        // it ends the loop), or the whole range.
        var next = 0
        var position = range.lowerBound
        while true {
          let index: Int
          if let candidates {
            while next < candidates.count, candidates[next] < range.lowerBound { next += 1 }
            guard next < candidates.count, candidates[next] < range.upperBound else { break }
            index = candidates[next]
            next += 1
          } else {
            guard position < range.upperBound else { break }
            index = position
            position += 1
          }
          let p = list.primitives[index]
          guard p.indexCount > 0, p.bounds.touches(reach) else { continue }
          if p.command != lastCommand {
            lastCommand = p.command
            let cmd = list.commands[p.command]
            clip = cmd.clip.map { PixelRect(covering: $0).intersection(area) } ?? area
            switch cmd.texture {
            case .none: tex = nil
            default: tex = texture(cmd.texture)
            }
            skip = clip.isEmpty || (cmd.texture != .none && tex == nil)
          }
          if skip { continue }
          if p.shape == .ditheredRamp, tex == nil, p.indexCount == 6, p.indexOffset + 6 <= ix.count {
            let i0 = Int(ix[p.indexOffset])
            if i0 >= 0, i0 + 4 <= vs.count, let q = vs.baseAddress, ramp(q + i0, clip: clip, target: target) {
              continue
            }
          }
          if p.shape == .imageQuad, let tex, p.indexCount == 6, p.indexOffset + 6 <= ix.count {
            let i0 = Int(ix[p.indexOffset])
            if i0 >= 0, i0 + 4 <= vs.count, let q = vs.baseAddress,
              imageQuad(q + i0, clip: clip, target: target, texture: tex)
            {
              continue
            }
          }
          var k = p.indexOffset
          let end = min(ix.count, p.indexOffset + p.indexCount)
          let dither = p.shape == .ditheredRamp
          while k + 2 < end {
            let i0 = Int(ix[k])
            let i1 = Int(ix[k + 1])
            let i2 = Int(ix[k + 2])
            k += 3
            guard i0 >= 0, i1 >= 0, i2 >= 0, i0 < vs.count, i1 < vs.count, i2 < vs.count else { continue }
            // Two triangles (a b c), (a c d) that make an axis-aligned rectangle graded only
            // along y (the straight middle of a rounded bar's strip): one fill per row instead
            // of walking both triangles' edges, with the same pixels.
            if tex == nil, k + 2 < end, Int(ix[k]) == i0, Int(ix[k + 1]) == i2 {
              let i3 = Int(ix[k + 2])
              if i3 >= 0, i3 < vs.count,
                ramp(vs[i0], vs[i1], vs[i2], vs[i3], clip: clip, target: target, dither: dither)
              {
                k += 3
                continue
              }
            }
            triangle(vs[i0], vs[i1], vs[i2], clip: clip, target: target, texture: tex, dither: dither)
          }
        }
      }
    }
  }

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

  /// The pixels of one triangle given in 1/256 pixel, row by row from `minY` to `maxY`:
  /// the same spans `triangle` fills.
  struct Coverage {
    let minX: Int64
    let maxX: Int64
    let minY: Int64
    let maxY: Int64
    var walks: (Walk, Walk, Walk)

    /// Sets up the walks for the triangle's first row inside `clip`; nil when it covers no
    /// pixel center there.
    init?(_ x0: Int64, _ y0: Int64, _ x1: Int64, _ y1: Int64, _ x2: Int64, _ y2: Int64, clip: PixelRect) {
      let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
      guard area != 0 else { return nil }
      // Counter-clockwise in y-down pixel space, as `triangle` orders its vertices.
      let (ax, ay, bx, by, cx, cy) = area > 0 ? (x0, y0, x1, y1, x2, y2) : (x0, y0, x2, y2, x1, y1)
      let half = one / 2
      minX = max(Int64(clip.x0), ((min(ax, bx, cx) - half + one - 1) >> subpixelBits))
      maxX = min(Int64(clip.x1 - 1), ((max(ax, bx, cx) - half) >> subpixelBits))
      minY = max(Int64(clip.y0), ((min(ay, by, cy) - half + one - 1) >> subpixelBits))
      maxY = min(Int64(clip.y1 - 1), ((max(ay, by, cy) - half) >> subpixelBits))
      guard minX <= maxX, minY <= maxY else { return nil }
      let firstRow = minY * one + half
      walks = (
        Walk(Edge(bx, by, cx, cy), firstRow: firstRow), Walk(Edge(cx, cy, ax, ay), firstRow: firstRow),
        Walk(Edge(ax, ay, bx, by), firstRow: firstRow)
      )
    }

    /// Narrows `lo...hi` to row `py`'s span and moves to the next row; rows must come in
    /// order, and rows outside `minY...maxY` leave the span empty.
    @inline(__always)
    mutating func span(_ py: Int64, _ lo: inout Int64, _ hi: inout Int64) {
      guard py >= minY, py <= maxY else {
        hi = lo - 1
        return
      }
      lo = max(lo, minX)
      hi = min(hi, maxX)
      walks.0.narrow(&lo, &hi)
      walks.1.narrow(&lo, &hi)
      walks.2.narrow(&lo, &hi)
      walks.0.step()
      walks.1.step()
      walks.2.step()
    }
  }

  /// Draws an upright image quad that is magnified vertically (images and mesh gradients
  /// scaled up), with the same pixels as its two triangles but filtered separably: each texel
  /// row is filtered across once per quad into a row of pixels, and each pixel row is then one
  /// blend of two such rows by a weight constant along the row. A nearest-texel quad (GIF
  /// frames) looks each pixel column's texel column up once. Returns false, drawing nothing,
  /// for a quad it does not handle; its triangles are drawn instead.
  static func imageQuad(
    _ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget, texture: RasterTexture
  ) -> Bool {
    let (a, b, c, d) = (q[0], q[1], q[2], q[3])
    guard a.y == b.y, c.y == d.y, a.x == d.x, b.x == c.x, a.color == b.color, a.color == c.color,
      a.color == d.color, a.u == d.u, b.u == c.u, a.v == b.v, c.v == d.v
    else { return false }
    @inline(__always) func ok(_ v: Vertex) -> Bool {
      abs(v.x) < limit && abs(v.y) < limit && v.u.isFinite && v.v.isFinite
    }
    guard ok(a), ok(c) else { return false }
    @inline(__always) func fx(_ f: Float) -> Int64 { snap(f) }
    let (xl, yt, xr, yb) = (fx(a.x), fx(a.y), fx(c.x), fx(c.y))
    guard xl != xr, yt != yb else { return false }
    let s = 1 / Float(one)
    let tw = Float(texture.width)
    let th = Float(texture.height)
    let udx = (c.u - a.u) * tw / (Float(xr - xl) * s)
    let vdy = (c.v - a.v) * th / (Float(yb - yt) * s)
    let dV = fixed24(vdy)
    let dU = fixed24(udx)
    guard a.color.a != 0 else { return true }
    if abs(dU &- (1 << 24)) <= stepSlack, abs(dV &- (1 << 24)) <= stepSlack, (xl | yt | xr | yb) & (one - 1) == 0 {
      // At its own size on whole pixels: on whole texels too, it is a copy of texel rows.
      let tu = snapTexel(fixed24(a.u * tw))
      let tv = snapTexel(fixed24(a.v * th))
      if tu & 0xFF_FFFF == 0, tv & 0xFF_FFFF == 0 {
        return copyQuad(
          pixels: PixelRect(
            x0: Int(xl >> subpixelBits), y0: Int(yt >> subpixelBits), x1: Int(xr >> subpixelBits),
            y1: Int(yb >> subpixelBits)),
          texel: (tu >> 24, tv >> 24), clip: clip, target: target, texture: texture, tint: premultiply(a.color))
      }
    }
    // Otherwise its triangles sample each pixel as exactly as this could.
    guard dU != 1 << 24 || dV != 1 << 24 else { return false }
    guard var ca = Coverage(xl, yt, xr, yt, xr, yb, clip: clip) else {
      guard Coverage(xl, yt, xr, yb, xl, yb, clip: clip) != nil else { return true }
      return false
    }
    guard var cb = Coverage(xl, yt, xr, yb, xl, yb, clip: clip) else { return false }
    let col0 = min(ca.minX, cb.minX)
    let cols = Int(max(ca.maxX, cb.maxX) - col0) + 1
    let tint = premultiply(a.color)
    let white = tint == 0xFFFF_FFFF
    let store = white && texture.opaque
    let texels = texture.texels
    let w = texture.width
    let maxTX = texture.width - 1
    let maxTY = texture.height - 1
    let ox = Float(xl) * s
    let oy = Float(yt) * s
    let u0 = fixed24(a.u * tw + (0.5 - ox) * udx - 0.5)
    /// The row's pixels: the union of the two triangles' spans on it, or nil.
    @inline(__always) func span(_ py: Int64) -> (Int64, Int64)? {
      var (loA, hiA) = (col0, col0 + Int64(cols) - 1)
      var (loB, hiB) = (loA, hiA)
      ca.span(py, &loA, &hiA)
      cb.span(py, &loB, &hiB)
      let (lo, hi) = loA > hiA ? (loB, hiB) : (loB > hiB ? (loA, hiA) : (min(loA, loB), max(hiA, hiB)))
      return lo <= hi ? (lo, hi) : nil
    }
    if !texture.smooth {
      // Nearest texel (GIF frames, pixel art): one texel column per pixel column, looked up
      // once per quad, and one texel row per pixel row; opaque and untinted, a plain store.
      let half = 1 << 23
      withUnsafeTemporaryAllocation(of: Int.self, capacity: cols) { columns in
        guard let column = columns.baseAddress else { return }
        for i in 0..<cols {
          let tx = (u0 &+ dU &* (Int(col0) + i) &+ half) >> 24
          column[i] = tx < 0 ? 0 : (tx > maxTX ? maxTX : tx)
        }
        var dst = target.pixels + Int(min(ca.minY, cb.minY)) * target.stride
        // The last row stored, to copy when the next samples the same texel row over the
        // same pixels (a magnified picture repeats each row).
        var previous: (texelRow: Int, lo: Int64, hi: Int64, pixels: UnsafeMutablePointer<UInt32>)?
        for py in min(ca.minY, cb.minY)...max(ca.maxY, cb.maxY) {
          defer { dst += target.stride }
          guard let (lo, hi) = span(py) else { continue }
          var ty = (fixed24(a.v * th + (Float(py) + 0.5 - oy) * vdy - 0.5) &+ half) >> 24
          ty = ty < 0 ? 0 : (ty > maxTY ? maxTY : ty)
          let row = texels + ty * w
          let first = Int(lo - col0)
          let out = dst + Int(lo)
          if store {
            if let p = previous, p.texelRow == ty, p.lo == lo, p.hi == hi {
              out.update(from: p.pixels, count: Int(hi - lo) + 1)
              continue
            }
            previous = (ty, lo, hi, out)
          }
          for i in 0...Int(hi - lo) {
            let t = row[column[first + i]]
            if store {
              out[i] = t
            } else {
              place(white ? t : modulate(t, tint), at: out + i)
            }
          }
        }
      }
      return true
    }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 5 * cols) { scratch in
      guard let base = scratch.baseAddress else { return }
      // Per column: the two texels it blends and the weight, the same for every texel row.
      let left = base
      let right = base + cols
      let weight = base + 2 * cols
      var upper = base + 3 * cols
      var lower = base + 4 * cols
      for i in 0..<cols {
        let u = u0 &+ dU &* (Int(col0) + i)
        let ix = u >> 24
        left[i] = UInt32(ix < 0 ? 0 : (ix > maxTX ? maxTX : ix))
        right[i] = UInt32(ix + 1 < 0 ? 0 : (ix + 1 > maxTX ? maxTX : ix + 1))
        weight[i] = UInt32(truncatingIfNeeded: (u >> 16) & 255)
      }
      @inline(__always) func filterRow(_ ty: Int, into out: UnsafeMutablePointer<UInt32>) {
        let row = texels + ty * w
        var i = 0
        // Four pixels at a time in 16-bit lanes, as `lerpRows`, with a weight per pixel.
        while i + 4 <= cols {
          let l = SIMD4<UInt32>(row[Int(left[i])], row[Int(left[i + 1])], row[Int(left[i + 2])], row[Int(left[i + 3])])
          let r = SIMD4<UInt32>(
            row[Int(right[i])], row[Int(right[i + 1])], row[Int(right[i + 2])], row[Int(right[i + 3])])
          let wv = UnsafeRawPointer(weight + i).loadUnaligned(as: SIMD4<UInt32>.self)
          let mixed = blend(l, r, wv &* 0x0001_0001)
          UnsafeMutableRawPointer(out + i).storeBytes(of: mixed, as: SIMD4<UInt32>.self)
          i += 4
        }
        while i < cols {
          out[i] = lerpUnbranched(row[Int(left[i])], row[Int(right[i])], weight[i])
          i += 1
        }
      }
      var upperRow = -1
      var lowerRow = -1
      var dst = target.pixels + Int(min(ca.minY, cb.minY)) * target.stride
      for py in min(ca.minY, cb.minY)...max(ca.maxY, cb.maxY) {
        defer { dst += target.stride }
        guard let (lo, hi) = span(py) else { continue }
        let v = fixed24(a.v * th + (Float(py) + 0.5 - oy) * vdy - 0.5)
        let ty = v >> 24
        let r0 = ty < 0 ? 0 : (ty > maxTY ? maxTY : ty)
        let r1 = ty + 1 < 0 ? 0 : (ty + 1 > maxTY ? maxTY : ty + 1)
        let wy = r0 == r1 ? 0 : UInt32(truncatingIfNeeded: (v >> 16) & 255)
        if upperRow != r0 {
          if lowerRow == r0 {
            swap(&upper, &lower)
            swap(&upperRow, &lowerRow)
          } else {
            filterRow(r0, into: upper)
            upperRow = r0
          }
        }
        if wy != 0 && lowerRow != r1 {
          filterRow(r1, into: lower)
          lowerRow = r1
        }
        let first = Int(lo - col0)
        let count = Int(hi - lo) + 1
        let out = dst + Int(lo)
        let top = upper + first
        let bottom = lower + first
        if store {
          if wy == 0 {
            out.update(from: top, count: count)
          } else {
            lerpRows(out, top, bottom, count: count, weight: wy)
          }
          continue
        }
        // Translucent or tinted (emoji, glyphs): blended, tinted and composited four at a time.
        let weights = SIMD4<UInt32>(repeating: wy &* 0x0001_0001)
        let tints = SIMD4<UInt32>(repeating: tint)
        var i = 0
        while i + 4 <= count {
          var t = UnsafeRawPointer(top + i).loadUnaligned(as: SIMD4<UInt32>.self)
          if wy != 0 {
            let b = UnsafeRawPointer(bottom + i).loadUnaligned(as: SIMD4<UInt32>.self)
            // Clear above and below (an emoji's corners): nothing to blend or lay down.
            if t | b == .zero {
              i += 4
              continue
            }
            t = blend(t, b, weights)
          }
          if !white { t = modulate(t, tints) }
          place(t, at: out + i)
          i += 4
        }
        while i < count {
          var t = wy == 0 ? top[i] : lerpUnbranched(top[i], bottom[i], wy)
          if !white { t = modulate(t, tint) }
          place(t, at: out + i)
          i += 1
        }
      }
    }
    return true
  }

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
    var row = target.pixels + Int(minY) * target.stride
    if c0 == c2 {
      for _ in minY..<endY {
        constantSpan(row + start, count: count, pixel: c0)
        row += target.stride
      }
      return true
    }
    @inline(__always) func channels(_ p: UInt32) -> SIMD4<Float> {
      SIMD4(Float(p >> 16 & 0xFF), Float(p >> 8 & 0xFF), Float(p & 0xFF), Float(p >> 24))
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
      for py in minY..<endY {
        fill.fill(row, py, start, count)
        row += target.stride
      }
    }
    if dither {
      rows(RampDitherFill(color: f0, dy: cdy, oy: oy, start: start))
    } else {
      rows(RowColorFill(color: f0, dy: cdy, oy: oy))
    }
    return true
  }

  /// Rasterizes one triangle into `target`, restricted to `clip`.
  static func triangle(
    _ va: Vertex, _ vb: Vertex, _ vc: Vertex, clip: PixelRect, target: RasterTarget, texture: RasterTexture?,
    dither: Bool = false
  ) {
    guard va.color.a | vb.color.a | vc.color.a != 0 else { return }
    // Texture coordinates matter only to a textured triangle; they are checked there. (An
    // untextured triangle with NaN ones is drawn, as a GPU draws it and as `ramp` always did.)
    @inline(__always) func ok(_ v: Vertex) -> Bool { abs(v.x) < limit && abs(v.y) < limit }
    guard ok(va), ok(vb), ok(vc) else { return }
    @inline(__always) func fx(_ f: Float) -> Int64 { snap(f) }
    let v0 = va
    var v1 = vb
    var v2 = vc
    // Positions are within ±2²⁸ in 1/256 pixel, and `clip` lies inside the target (`draw`
    // intersects it with the target's bounds), so no product or sum below can overflow:
    // wrapping operators leave out checks that cannot fail, a fifth of a small triangle's set-up.
    var (x0, y0, x1, y1, x2, y2) = (fx(v0.x), fx(v0.y), fx(v1.x), fx(v1.y), fx(v2.x), fx(v2.y))
    var area = (x1 &- x0) &* (y2 &- y0) &- (x2 &- x0) &* (y1 &- y0)
    if area == 0 { return }
    if area < 0 {
      swap(&v1, &v2)
      swap(&x1, &x2)
      swap(&y1, &y2)
      area = 0 &- area
    }
    // Pixel rows and columns whose centers can be inside.
    let half = one / 2
    let minX = max(Int64(clip.x0), ((min(x0, x1, x2) &- half &+ one &- 1) >> subpixelBits))
    let maxX = min(Int64(clip.x1) &- 1, ((max(x0, x1, x2) &- half) >> subpixelBits))
    let minY = max(Int64(clip.y0), ((min(y0, y1, y2) &- half &+ one &- 1) >> subpixelBits))
    let maxY = min(Int64(clip.y1) &- 1, ((max(y0, y1, y2) &- half) >> subpixelBits))
    guard minX <= maxX, minY <= maxY else { return }
    let e0 = Edge(x1, y1, x2, y2)
    let e1 = Edge(x2, y2, x0, y0)
    let e2 = Edge(x0, y0, x1, y1)

    // Attribute planes over pixel coordinates, relative to v0's snapped position.
    let s = 1 / Float(one)
    let ox = Float(x0) * s
    let oy = Float(y0) * s
    let dx1 = Float(x1 - x0) * s
    let dy1 = Float(y1 - y0) * s
    let dx2 = Float(x2 - x0) * s
    let dy2 = Float(y2 - y0) * s
    let det = Float(area) * s * s
    // One division per triangle; each plane then multiplies.
    let inverse = 1 / det
    @inline(__always) func plane(_ f0: Float, _ f1: Float, _ f2: Float) -> (Float, Float) {
      let d1 = f1 - f0
      let d2 = f2 - f0
      return ((d1 * dy2 - d2 * dy1) * inverse, (d2 * dx1 - d1 * dx2) * inverse)
    }
    let c0 = premultiply(v0.color)
    let c1 = premultiply(v1.color)
    let c2 = premultiply(v2.color)
    let flat = c0 == c1 && c0 == c2
    @inline(__always) func channels(_ p: UInt32) -> SIMD4<Float> {
      SIMD4(Float(p >> 16 & 0xFF), Float(p >> 8 & 0xFF), Float(p & 0xFF), Float(p >> 24))
    }
    let f0 = channels(c0)
    let f1 = channels(c1)
    let f2 = channels(c2)
    var cdx = SIMD4<Float>()
    var cdy = SIMD4<Float>()
    if !flat {
      for i in 0..<4 {
        (cdx[i], cdy[i]) = plane(f0[i], f1[i], f2[i])
      }
    }

    let firstRow = minY * one + half
    let xc0 = 0.5 - ox
    // One row loop per kind of triangle, each a tight loop of its own: the kinds are types,
    // so the loop is specialized for each and the span code is inlined into it. (Closures
    // were not: each row paid a call with its arguments spilled, a third of the cost of the
    // one-pixel rows of a long anti-aliasing fringe.)
    @inline(__always) func rows<F: SpanFill>(_ fill: F) {
      var row = target.pixels + Int(minY) * target.stride
      if probes(columns: maxX &- minX &+ 1, rows: maxY &- minY &+ 1) {
        var probe = Probe(e0, e1, e2, x: minX &* one &+ half, y: firstRow)
        for py in minY...maxY {
          var lo = minX
          var hi = maxX
          probe.span(&lo, &hi)
          if lo <= hi { fill.fill(row, py, Int(lo), Int(hi - lo) + 1) }
          row += target.stride
        }
        return
      }
      var w0 = Walk(e0, firstRow: firstRow)
      var w1 = Walk(e1, firstRow: firstRow)
      var w2 = Walk(e2, firstRow: firstRow)
      for py in minY...maxY {
        var lo = minX
        var hi = maxX
        w0.narrow(&lo, &hi)
        w1.narrow(&lo, &hi)
        w2.narrow(&lo, &hi)
        if lo <= hi { fill.fill(row, py, Int(lo), Int(hi - lo) + 1) }
        row += target.stride
        w0.step()
        w1.step()
        w2.step()
      }
    }
    // Attributes are evaluated per pixel from the plane at x = 0 (never accumulated along
    // the span), so a pixel gets the same value whatever clip or damage region it is drawn in.
    if let texture {
      guard v0.u.isFinite, v0.v.isFinite, v1.u.isFinite, v1.v.isFinite, v2.u.isFinite, v2.v.isFinite else { return }
      let tw = Float(texture.width)
      let th = Float(texture.height)
      let (udx, udy) = plane(v0.u * tw, v1.u * tw, v2.u * tw)
      let (vdx, vdy) = plane(v0.v * th, v1.v * th, v2.v * th)
      rows(
        TexturedFill(
          uv: TexelPlanes(u0: v0.u * tw, udx: udx, udy: udy, v0: v0.v * th, vdx: vdx, vdy: vdy), x0: xc0, oy: oy,
          flat: flat, c0: c0, f0: f0, cdx: cdx, cdy: cdy, texture: texture))
    } else if flat {
      rows(FlatFill(pixel: c0))
    } else if cdx == .zero && dither {
      // A dithered ramp (a backdrop): four colors a row, repeated across it.
      rows(DitherFill(color: f0, dy: cdy, oy: oy))
    } else if cdx == .zero {
      // Graded along y only (a vertical gradient): one color for the whole row.
      rows(RowColorFill(color: f0, dy: cdy, oy: oy))
    } else {
      rows(GradientFill(color: f0 + cdx * xc0, dx: cdx, dy: cdy, oy: oy))
    }
  }

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

  /// `pack` for four pixels whose channels are given lane by lane, with the same arithmetic
  /// lane for lane, so each result is `pack(SIMD4(r[i], g[i], b[i], a[i]))` bit for bit.
  @inline(__always)
  static func packLanes(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a alpha: SIMD4<Float>) -> SIMD4<UInt32> {
    let magic = SIMD4<Float>(repeating: Self.magic)
    let low = SIMD4<UInt32>(repeating: 0xFF)
    @inline(__always) func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
      unsafeBitCast(v + magic, to: SIMD4<UInt32>.self) & low
    }
    var a = alpha
    a.replace(with: 0, where: alpha .< 0)
    a.replace(with: 255, where: alpha .> 255)
    @inline(__always) func channel(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
      var q = v
      q.replace(with: 0, where: v .< 0)
      q.replace(with: a, where: v .> a)
      return bits(q)
    }
    return bits(a) &<< 24 | channel(r) &<< 16 | channel(g) &<< 8 | channel(b)
  }
  /// `packLanes` for eight pixels, as two groups of four.
  @inline(__always)
  static func packLanes(r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>, a alpha: SIMD8<Float>) -> SIMD8<UInt32> {
    SIMD8(
      lowHalf: packLanes(r: r.lowHalf, g: g.lowHalf, b: b.lowHalf, a: alpha.lowHalf),
      highHalf: packLanes(r: r.highHalf, g: g.highHalf, b: b.highHalf, a: alpha.highHalf))
  }

  /// Adding 1.5·2²³ to a Float in [0, 2²²) leaves its nearest integer in the low mantissa bits:
  /// a rounding with no conversion instruction and no trap.
  static let magic: Float = 12_582_912
  static let magicBits: UInt32 = 0x4B40_0000

  /// The nearest integer to `v`, for `v` in [0, 2²²); any other input (NaN included) gives some
  /// value callers clamp, never a trap.
  @inline(__always)
  static func roundedBits(_ v: Float) -> Int32 {
    Int32(bitPattern: (v + magic).bitPattern &- magicBits)
  }

  /// Packs interpolated premultiplied channels (R, G, B, A), rounded and kept premultiplied.
  @inline(__always)
  static func pack(_ c: SIMD4<Float>) -> UInt32 {
    // `min` and `max` become branch-free `minss`/`maxss`: a fringe's alpha changes every
    // pixel, so branches would be mispredicted. Same results as `v < 0 ? 0 : (v > a ? a : v)`.
    let a = min(max(c[3], 0), 255)
    @inline(__always) func q(_ v: Float) -> UInt32 {
      (min(max(v, 0), a) + magic).bitPattern & 0xFF
    }
    return q(a) << 24 | q(c[0]) << 16 | q(c[1]) << 8 | q(c[2])
  }

  /// A 4×4 Bayer matrix as offsets in units of one 8-bit step, row by row: the pattern the
  /// gradient images of the other renderers are dithered with.
  static let bayer =
    SIMD16<Float>(0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5) / 16
    + SIMD16<Float>(repeating: 0.5 / 16 - 0.5)

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
    let k = (y & 3) * 4
    let s = start & 3
    return SIMD4(bayer[k + s], bayer[k + ((s + 1) & 3)], bayer[k + ((s + 2) & 3)], bayer[k + ((s + 3) & 3)])
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

  /// A quad at its own size on whole pixels and whole texels (text, and images drawn 1:1):
  /// each row is its texel row, tinted and composited, with no edges to walk and no
  /// coordinates to step. These are the pixels its two triangles give, whose samples land on
  /// texel centers. `false` when its texels leave the texture (the triangles clamp those).
  static func copyQuad(
    pixels q: PixelRect, texel: (x: Int, y: Int), clip: PixelRect, target: RasterTarget, texture: RasterTexture,
    tint: UInt32
  ) -> Bool {
    guard q.x0 < q.x1, q.y0 < q.y1, texel.x >= 0, texel.y >= 0, texel.x <= texture.width - (q.x1 - q.x0),
      texel.y <= texture.height - (q.y1 - q.y0)
    else { return false }
    let area = q.intersection(clip)
    guard !area.isEmpty else { return true }
    let count = area.x1 - area.x0
    let store = tint == 0xFFFF_FFFF && texture.opaque
    var row = target.pixels + area.y0 * target.stride + area.x0
    var src = texture.texels + (texel.y + area.y0 - q.y0) * texture.width + texel.x + area.x0 - q.x0
    for _ in area.y0..<area.y1 {
      if store {
        row.update(from: src, count: count)
      } else {
        copyRow(row, src, count, tint: tint)
      }
      row += target.stride
      src += texture.width
    }
    return true
  }

  /// Composites `count` texels over `dst`, tinted by `tint` (premultiplied; white leaves
  /// them as they are): four at a time, skipping empty ones before tinting, since most of a
  /// glyph's box is empty.
  @inline(__always)
  static func copyRow(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, tint: UInt32) {
    let white = tint == 0xFFFF_FFFF
    let tints = SIMD4<UInt32>(repeating: tint)
    var i = 0
    while i + 4 <= count {
      var t = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD4<UInt32>.self)
      if t != .zero {
        if !white { t = modulate(t, tints) }
        place(t, at: dst + i)
      }
      i += 4
    }
    while i < count {
      place(white ? src[i] : modulate(src[i], tint), at: dst + i)
      i += 1
    }
  }

  /// `place` for four pixels: stored when all four are opaque (an emoji's or a glyph's
  /// inside, with no destination to read), nothing when all are clear, laid over otherwise.
  @inline(__always)
  static func place(_ t: SIMD4<UInt32>, at p: UnsafeMutablePointer<UInt32>) {
    let a = t &>> 24
    if a == SIMD4(repeating: 255) {
      UnsafeMutableRawPointer(p).storeBytes(of: t, as: SIMD4<UInt32>.self)
    } else if a != .zero {
      composite(t, over: p)
    }
  }

  /// Puts one premultiplied pixel at `p`: stored when opaque, laid over when translucent,
  /// nothing when clear.
  @inline(__always)
  static func place(_ t: UInt32, at p: UnsafeMutablePointer<UInt32>) {
    let a = t >> 24
    if a == 255 {
      p.pointee = t
    } else if a != 0 {
      p.pointee = over(t, p.pointee)
    }
  }

  /// How far, in units of 2⁻²⁴ texel, a position may be from a whole texel and still count as
  /// one: Float plane setup errs by well under that across a 1280-pixel row (tested out to x = 1277),
  /// and 8-bit weights resolve 2¹⁶.
  static let texelSlack = 1 << 12

  /// How far a per-pixel step may be from one texel and still count as one: over a 4096-pixel
  /// span the drift stays under 2¹⁶, a weight step.
  static let stepSlack = 16

  /// `u` (40.24 fixed point) moved onto the nearest whole texel when it is within
  /// `texelSlack` of one; otherwise unchanged.
  @inline(__always)
  static func snapTexel(_ u: Int) -> Int {
    let r = (u &+ (1 << 23)) & ~0xFF_FFFF
    return abs(u &- r) <= texelSlack ? r : u
  }

  /// A texture coordinate in 40.24 fixed point; far-off and non-finite values are clamped
  /// (the texel index is clamped again where it is used).
  @inline(__always)
  static func fixed24(_ v: Float) -> Int {
    let c: Float = v.isNaN ? 0 : (v < -1e9 ? -1e9 : (v > 1e9 ? 1e9 : v))
    return Int(Double(c) * 16_777_216)
  }

  /// A span of a textured triangle: texture coordinates interpolated per pixel, sampled
  /// bilinearly (or nearest) in premultiplied space, tinted by the vertex colors.
  ///
  /// Coordinates step in 40.24 fixed point from the row's value at x = 0, so a pixel's sample
  /// does not depend on where its span was cut (by a clip or a damage region). An upright quad
  /// (images, glyphs, gradients) blends its two texel rows once per texel, not once per pixel,
  /// and one drawn at its own size on whole texels is a copy.
  @inline(__always)
  static func texturedSpan(
    _ row: UnsafeMutablePointer<UInt32>, from start: Int, count: Int, uv: TexelPlanes,
    x0: Float, cy: Float, flat: Bool, c0: UInt32,
    f0: SIMD4<Float>, cdx: SIMD4<Float>, cdy: SIMD4<Float>, texture: RasterTexture
  ) {
    let (udx, udy, vdx, vdy) = (uv.udx, uv.udy, uv.vdx, uv.vdy)
    // Texel centers sit at half-integers.
    var dU = fixed24(udx)
    let dV = fixed24(vdx)
    // The row's coordinates at x = 0.
    var u = fixed24(uv.u0 + udx * x0 + udy * cy - 0.5)
    var v = fixed24(uv.v0 + vdx * x0 + vdy * cy - 0.5)
    if dV == 0, abs(dU &- (1 << 24)) <= stepSlack {
      // A quad at its own size whose plane came out a few units of 2⁻²⁴ off in Float (a glyph
      // at some x): exactly on whole texels, so it takes the copy below instead of blending two
      // texels with a weight of 0 or 255/256, which is the same texel to within one level. The
      // step is corrected before it is taken `start` times.
      dU = 1 << 24
      u = snapTexel(u)
      v = snapTexel(v)
    }
    u &+= dU &* start
    v &+= dV &* start
    let c0row = f0 + cdx * x0 + cdy * cy
    let white = c0 == 0xFFFF_FFFF && flat
    let texels = texture.texels
    let w = texture.width
    let maxX = texture.width - 1
    let maxY = texture.height - 1
    let smooth = texture.smooth
    @inline(__always) func clampX(_ i: Int) -> Int { i < 0 ? 0 : (i > maxX ? maxX : i) }
    @inline(__always) func clampY(_ i: Int) -> Int { i < 0 ? 0 : (i > maxY ? maxY : i) }
    @inline(__always) func put(_ p: UnsafeMutablePointer<UInt32>, _ texel: UInt32, _ x: Int) {
      var t = texel
      if !white { t = modulate(t, flat ? c0 : pack(c0row + cdx * Float(x))) }
      place(t, at: p)
    }
    let half = 1 << 23
    var p = row + start
    let end = start + count
    if !smooth {
      for x in start..<end {
        put(p, texels[clampY((v &+ half) >> 24) * w + clampX((u &+ half) >> 24)], x)
        p += 1
        u &+= dU
        v &+= dV
      }
      return
    }
    if dV == 0 {
      // Upright: the same two texel rows for the whole span.
      let wy = UInt32((v >> 16) & 255)
      let r0 = texels + clampY(v >> 24) * w
      let r1 = texels + clampY((v >> 24) + 1) * w
      if dU == 1 << 24, (u >> 16) & 255 == 0, wy == 0 {
        // At its own size on whole texels: a copy, a memory copy when untinted and opaque
        // (window-sized gradient backdrops).
        var ix = u >> 24
        if white && texture.opaque && ix >= 0 && ix + count <= w {
          p.update(from: r0 + ix, count: count)
          return
        }
        if flat, ix >= 0, ix + count <= w {
          copyRow(p, r0 + ix, count, tint: c0)
          return
        }
        var x = start
        while x < end {
          put(p, r0[clampX(ix)], x)
          p += 1
          ix += 1
          x += 1
        }
        return
      }
      // The texels between the span's ends, blended once each below; every pixel's lie
      // between its ends' unless the far end overflows (a hostile step of up to 2⁵⁴), when
      // the whole row is blended.
      let (reach, far) = dU.multipliedReportingOverflow(by: count - 1)
      let (uLast, past) = u.addingReportingOverflow(reach)
      let (lo, hi) =
        far || past ? (0, maxX) : (clampX(min(u, uLast) >> 24), clampX((max(u, uLast) >> 24) + 1))
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: hi - lo + 1) { blended in
        guard let b = blended.baseAddress else { return }
        for i in lo...hi { b[i - lo] = lerp(r0[i], r1[i], wy) }
        if white && texture.opaque {
          // Untinted and opaque (images, mesh gradients): a plain store per pixel, with no
          // branch on the texels (neighbours in a gradient are equal at random) and wrapping
          // arithmetic (the indices are clamped, so they cannot overflow).
          for _ in start..<end {
            let ix = u >> 24
            let i0 = clampX(ix) &- lo
            let i1 = clampX(ix &+ 1) &- lo
            p.pointee = lerpUnbranched(b[i0], b[i1], UInt32(truncatingIfNeeded: (u >> 16) & 255))
            p += 1
            u &+= dU
          }
          return
        }
        for x in start..<end {
          let ix = u >> 24
          put(p, lerp(b[clampX(ix) - lo], b[clampX(ix + 1) - lo], UInt32((u >> 16) & 255)), x)
          p += 1
          u &+= dU
        }
      }
      return
    }
    var x = start
    if flat {
      // Turned or sheared (rotating emoji): four pixels at a time, their texels gathered one
      // by one and blended, tinted and composited in 16-bit lanes, with the same rounding as
      // the scalar loop below.
      let tint = SIMD4<UInt32>(repeating: c0)
      // When the groups' texel pairs all lie in the texture, the eight clamps a pixel would
      // need are left out, and each texel pair is one load.
      if pairsInside(u: u, v: v, dU: dU, dV: dV, last: (end - x) / 4 * 4 - 1, maxX: maxX, maxY: maxY) {
        let groups = (end - x) / 4
        turnedGroups(
          p, groups: groups, texels: texels, width: w, u: u, v: v, dU: dU, dV: dV, tint: white ? nil : c0)
        p += 4 * groups
        x += 4 * groups
        u &+= dU &* (4 * groups)
        v &+= dV &* (4 * groups)
      } else {
        while x + 4 <= end {
          // One pixel's four texels and two weights; built as whole vectors below, since
          // setting vector lanes one at a time goes through memory and stalls.
          @inline(__always) func sample() -> (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) {
            let ix = u >> 24
            let iy = v >> 24
            let xa = clampX(ix)
            let xb = clampX(ix &+ 1)
            let ra = texels + clampY(iy) * w
            let rb = texels + clampY(iy &+ 1) * w
            defer {
              u &+= dU
              v &+= dV
            }
            return (
              ra[xa], ra[xb], rb[xa], rb[xb], UInt32(truncatingIfNeeded: (u >> 16) & 255),
              UInt32(truncatingIfNeeded: (v >> 16) & 255)
            )
          }
          let s0 = sample()
          let s1 = sample()
          let s2 = sample()
          let s3 = sample()
          let tl = SIMD4(s0.0, s1.0, s2.0, s3.0)
          let tr = SIMD4(s0.1, s1.1, s2.1, s3.1)
          let bl = SIMD4(s0.2, s1.2, s2.2, s3.2)
          let br = SIMD4(s0.3, s1.3, s2.3, s3.3)
          let wx = SIMD4(s0.4, s1.4, s2.4, s3.4)
          let wy = SIMD4(s0.5, s1.5, s2.5, s3.5)
          let wy2 = wy &* 0x0001_0001
          var t = blend(blend(tl, bl, wy2), blend(tr, br, wy2), wx &* 0x0001_0001)
          if !white { t = modulate(t, tint) }
          place(t, at: p)
          p += 4
          x += 4
        }
      }
    }
    while x < end {
      let ix = u >> 24
      let iy = v >> 24
      let xa = clampX(ix)
      let xb = clampX(ix + 1)
      let ra = texels + clampY(iy) * w
      let rb = texels + clampY(iy + 1) * w
      let wy = UInt32((v >> 16) & 255)
      put(p, lerp(lerp(ra[xa], rb[xa], wy), lerp(ra[xb], rb[xb], wy), UInt32((u >> 16) & 255)), x)
      p += 1
      x += 1
      u &+= dU
      v &+= dV
    }
  }

  /// Whether the samples at `u + k·dU`, `v + k·dV` (40.24 fixed point) for k in 0...last all
  /// read texel pairs inside a texture whose last column and row are `maxX` and `maxY`. They
  /// do when both ends do, since the coordinates are linear in k, provided the far end is
  /// computed without wrapping: a wrapped end could land inside while the pixels between
  /// read far outside, so steps over 2¹⁶ texels a pixel and spans over 2²⁰ pixels (never
  /// drawn in practice) are refused first.
  @inline(__always)
  static func pairsInside(u: Int, v: Int, dU: Int, dV: Int, last: Int, maxX: Int, maxY: Int) -> Bool {
    let bound = 1 << 40
    guard last >= 0, last < 1 << 20, u >= 0, v >= 0, u < 1 << 60, v < 1 << 60, dU > -bound, dU < bound,
      dV > -bound, dV < bound
    else { return false }
    let uEnd = u &+ dU &* last
    let vEnd = v &+ dV &* last
    return uEnd >= 0 && vEnd >= 0 && max(u, uEnd) >> 24 < maxX && max(v, vEnd) >> 24 < maxY
  }

  /// Groups of four pixels of a turned span whose texel pairs all lie in the texture: sampled
  /// two at a time with `bilinear`, the four tinted by `tint` (none for white) and placed.
  /// Kept out of `texturedSpan`, whose many live values would otherwise crowd its registers.
  @inline(never)
  static func turnedGroups(
    _ start: UnsafeMutablePointer<UInt32>, groups: Int, texels: UnsafePointer<UInt32>, width w: Int,
    u u0: Int, v v0: Int, dU: Int, dV: Int, tint: UInt32?
  ) {
    var (u, v, p) = (u0, v0, start)
    @inline(__always) func samples() -> SIMD2<UInt32> {
      let (u1, v1) = (u &+ dU, v &+ dV)
      defer {
        u = u1 &+ dU
        v = v1 &+ dV
      }
      return bilinear(
        texels + ((v >> 24) &* w &+ (u >> 24)), texels + ((v1 >> 24) &* w &+ (u1 >> 24)), stride: w,
        wx: (UInt64(truncatingIfNeeded: (u >> 16) & 255), UInt64(truncatingIfNeeded: (u1 >> 16) & 255)),
        wy: (UInt64(truncatingIfNeeded: (v >> 16) & 255), UInt64(truncatingIfNeeded: (v1 >> 16) & 255)))
    }
    for _ in 0..<groups {
      let a = samples()
      let b = samples()
      var t = SIMD4(a[0], a[1], b[0], b[1])
      if let tint { t = modulate(t, SIMD4(repeating: tint)) }
      place(t, at: p)
      p += 4
    }
  }

  /// Bilinear samples for two pixels: for each, the texel pair at `p` (or `q`) blended with
  /// the pair one row below (`stride` texels on) by `wy` out of 256, then the left texel with
  /// the right by `wx`, each channel rounded as `lerp` rounds it. The result is
  /// `lerp(lerp(tl, bl, wy), lerp(tr, br, wy), wx)` exactly. All four pairs must lie in the
  /// texture.
  @inline(__always)
  static func bilinear(
    _ p: UnsafePointer<UInt32>, _ q: UnsafePointer<UInt32>, stride: Int, wx: (UInt64, UInt64), wy: (UInt64, UInt64)
  ) -> SIMD2<UInt32> {
    @inline(__always) func load(_ p: UnsafePointer<UInt32>) -> UInt64 {
      UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    }
    // Each pair, eight bytes, spread over eight 16-bit lanes: blue and red of both texels in
    // the low four, green and alpha in the high four. Two pixels fill a 256-bit register.
    let m = SIMD4<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
    let (t0, t1, b0, b1) = (load(p), load(q), load(p + stride), load(q + stride))
    let top = unsafeBitCast(SIMD4(t0, t0 >> 8, t1, t1 >> 8) & m, to: SIMD16<UInt16>.self)
    let bottom = unsafeBitCast(SIMD4(b0, b0 >> 8, b1, b1 >> 8) & m, to: SIMD16<UInt16>.self)
    let half = SIMD16<UInt16>(repeating: 128)
    // Each weight in every 16-bit lane of its pixel's half. Building the lanes from 64-bit
    // words vectorizes better than from 16-bit halves here.
    let k: UInt64 = 0x0001_0001_0001_0001
    let (y0, y1) = (wy.0 &* k, wy.1 &* k)
    let down = unsafeBitCast(SIMD4(y0, y0, y1, y1), to: SIMD16<UInt16>.self)
    // a·256 + (b − a)·w + 128 is lerp's a·(256 − w) + b·w + 128, below 2¹⁶ for w < 256, so the
    // wrapping difference and product come out exact.
    let pair = ((top &<< 8) &+ (bottom &- top) &* down &+ half) &>> 8
    // The right texel's channels moved under the left's.
    let right = unsafeBitCast(unsafeBitCast(pair, to: SIMD4<UInt64>.self) &>> 32, to: SIMD16<UInt16>.self)
    let (x0, x1) = (wx.0 &* k, wx.1 &* k)
    let across = unsafeBitCast(SIMD4(x0, x0, x1, x1), to: SIMD16<UInt16>.self)
    let mixed = unsafeBitCast(((pair &<< 8) &+ (right &- pair) &* across &+ half) &>> 8, to: SIMD4<UInt64>.self)
    // Blue and red sit in the low 32 bits of each pixel's first word, green and alpha in its second's.
    let low = SIMD2<UInt32>(truncatingIfNeeded: SIMD2(mixed[0], mixed[2]))
    let high = SIMD2<UInt32>(truncatingIfNeeded: SIMD2(mixed[1], mixed[3]))
    return low | high &<< 8
  }

  /// Four pixels seen as eight 16-bit lanes (a free reinterpretation): after masking with
  /// `0x00FF_00FF`, each lane holds one channel with room above it for a product.
  @inline(__always)
  static func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v, to: SIMD8<UInt16>.self) }

  /// Four premultiplied pixels laid over the four at `p`, in place.
  @inline(__always)
  static func composite(_ t: SIMD4<UInt32>, over p: UnsafeMutablePointer<UInt32>) {
    let d = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
    UnsafeMutableRawPointer(p).storeBytes(of: over(t, d), as: SIMD4<UInt32>.self)
  }

  /// `over` for four pixels: the destination scaled by each source's remaining alpha in
  /// 16-bit lanes (`d·(255 − α) + 128` fits), divided by 255 with `over`'s exact rounding.
  @inline(__always)
  static func over(_ src: SIMD4<UInt32>, _ dst: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let inv = lanes((SIMD4<UInt32>(repeating: 255) &- (src &>> 24)) &* 0x0001_0001)
    let half = SIMD8<UInt16>(repeating: 128)
    var rb = lanes(dst & m) &* inv &+ half
    rb = (rb &+ (rb &>> 8)) &>> 8
    var ag = lanes((dst &>> 8) & m) &* inv &+ half
    ag = (ag &+ (ag &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
    return src &+ (unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self))
  }

  /// `modulate` for four pixels, each channel times the matching channel of `c` over 255.
  @inline(__always)
  static func modulate(_ p: SIMD4<UInt32>, _ c: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let half = SIMD8<UInt16>(repeating: 128)
    var rb = lanes(p & m) &* lanes(c & m) &+ half
    rb = (rb &+ (rb &>> 8)) &>> 8
    var ag = lanes((p &>> 8) & m) &* lanes((c &>> 8) & m) &+ half
    ag = (ag &+ (ag &>> 8)) & SIMD8<UInt16>(repeating: 0xFF00)
    return unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(ag, to: SIMD4<UInt32>.self)
  }

  /// `lerp` for four pixels at once. Each pixel's red and blue (and, shifted, its green and
  /// alpha) sit in 16-bit lanes with zero above them, where `a·(256 − w) + b·w + 128` fits,
  /// so one 16-bit multiply serves each channel and the result is exactly `lerp`'s. `w` holds
  /// each pixel's weight twice, as `w · 0x0001_0001`.
  @inline(__always)
  static func blend(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ w: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let m = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let w16 = lanes(w)
    let iw = SIMD8<UInt16>(repeating: 256) &- w16
    let half = SIMD8<UInt16>(repeating: 128)
    let rb = lanes(a & m) &* iw &+ lanes(b & m) &* w16 &+ half
    let ag = lanes((a &>> 8) & m) &* iw &+ lanes((b &>> 8) & m) &* w16 &+ half
    let low = unsafeBitCast(rb &>> 8, to: SIMD4<UInt32>.self)
    let high = unsafeBitCast(ag, to: SIMD4<UInt32>.self) & SIMD4<UInt32>(repeating: 0xFF00_FF00)
    return low | high
  }

  /// `blend` for eight pixels: one 256-bit register per step where the machine has AVX2.
  @inline(__always)
  static func blend(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>, _ w: SIMD8<UInt32>) -> SIMD8<UInt32> {
    @inline(__always) func lanes16(_ v: SIMD8<UInt32>) -> SIMD16<UInt16> { unsafeBitCast(v, to: SIMD16<UInt16>.self) }
    let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
    let w16 = lanes16(w)
    let iw = SIMD16<UInt16>(repeating: 256) &- w16
    let half = SIMD16<UInt16>(repeating: 128)
    let rb = lanes16(a & m) &* iw &+ lanes16(b & m) &* w16 &+ half
    let ag = lanes16((a &>> 8) & m) &* iw &+ lanes16((b &>> 8) & m) &* w16 &+ half
    let low = unsafeBitCast(rb &>> 8, to: SIMD8<UInt32>.self)
    let high = unsafeBitCast(ag, to: SIMD8<UInt32>.self) & SIMD8<UInt32>(repeating: 0xFF00_FF00)
    return low | high
  }

  /// `out[i] = lerp(a[i], b[i], weight)` for a row of pixels, eight and then four at a time.
  @inline(__always)
  static func lerpRows(
    _ out: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
    weight: UInt32
  ) {
    let w = SIMD4<UInt32>(repeating: weight &* 0x0001_0001)
    let w8 = SIMD8<UInt32>(repeating: weight &* 0x0001_0001)
    var i = 0
    while i + 8 <= count {
      let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<UInt32>.self)
      let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<UInt32>.self)
      UnsafeMutableRawPointer(out + i).storeBytes(of: blend(x, y, w8), as: SIMD8<UInt32>.self)
      i += 8
    }
    while i + 4 <= count {
      let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD4<UInt32>.self)
      let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD4<UInt32>.self)
      UnsafeMutableRawPointer(out + i).storeBytes(of: blend(x, y, w), as: SIMD4<UInt32>.self)
      i += 4
    }
    while i < count {
      out[i] = lerpUnbranched(a[i], b[i], weight)
      i += 1
    }
  }

  /// `lerp` without its early exits, for loops where they would be mispredicted: the same
  /// result for every input (w = 0 and a = b both give a exactly).
  @inline(__always)
  static func lerpUnbranched(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb: UInt32 = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag: UInt32 =
      ((((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8)
      & 0x00FF_00FF
    return rb | ag << 8
  }

  /// `a + (b − a)·w/256` per channel.
  @inline(__always)
  static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    if w == 0 || a == b { return a }
    let iw = 256 - w
    let arb: UInt32 = a & 0x00FF_00FF
    let brb: UInt32 = b & 0x00FF_00FF
    let aag: UInt32 = (a >> 8) & 0x00FF_00FF
    let bag: UInt32 = (b >> 8) & 0x00FF_00FF
    let rb: UInt32 = ((arb &* iw &+ brb &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag: UInt32 = ((aag &* iw &+ bag &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    return rb | ag << 8
  }
}
