import Foundation

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

  /// The overlap of two rectangles (possibly empty).
  public func intersection(_ o: PixelRect) -> PixelRect {
    PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
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
    width = image.width
    height = image.height
    smooth = image.smooth
    texels = .allocate(capacity: width * height)
    opaque = image.opaque
    generation = image.generation
    update(from: image)
  }

  deinit { texels.deallocate() }

  /// Bytes held.
  public var byteCount: Int { width * height * 4 }

  /// Re-converts the texels from an image of the same size.
  public func update(from image: ImageBuffer) {
    precondition(image.width == width && image.height == height, "texture size changed")
    generation = image.generation
    var allOpaque = true
    image.pixels.withUnsafeBufferPointer { src in
      for i in 0..<min(src.count, width * height) {
        let p = src[i]
        let a = p >> 24
        if a != 255 { allOpaque = false }
        texels[i] = Rasterizer.premultiply(r: p & 0xFF, g: (p >> 8) & 0xFF, b: (p >> 16) & 0xFF, a: a)
      }
    }
    opaque = allOpaque
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
      let t = c * a + 128
      return (t + (t >> 8)) >> 8
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

  /// Draws the triangles of `list` that reach `region`, touching no pixel outside it.
  ///
  /// `texture` returns the converted texture for a command's `TextureRef`; a command whose
  /// texture is missing is skipped, as a GPU backend skips an image it could not upload.
  public static func draw(
    _ list: DrawList, into target: RasterTarget, region: PixelRect? = nil,
    texture: (TextureRef) -> RasterTexture?
  ) {
    let area = region.map { $0.intersection(target.bounds) } ?? target.bounds
    guard !area.isEmpty, !list.indices.isEmpty else { return }
    let reach = Rect(
      x: Double(area.x0 - 1), y: Double(area.y0 - 1), width: Double(area.x1 - area.x0 + 2),
      height: Double(area.y1 - area.y0 + 2))
    var lastCommand = -1
    var clip = area
    var tex: RasterTexture?
    var skip = false
    list.vertices.withUnsafeBufferPointer { vs in
      list.indices.withUnsafeBufferPointer { ix in
        for p in list.primitives where p.indexCount > 0 && p.bounds.touches(reach) {
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
          var k = p.indexOffset
          let end = min(ix.count, p.indexOffset + p.indexCount)
          while k + 2 < end {
            let i0 = Int(ix[k])
            let i1 = Int(ix[k + 1])
            let i2 = Int(ix[k + 2])
            k += 3
            guard i0 >= 0, i1 >= 0, i2 >= 0, i0 < vs.count, i1 < vs.count, i2 < vs.count else { continue }
            triangle(vs[i0], vs[i1], vs[i2], clip: clip, target: target, texture: tex)
          }
        }
      }
    }
  }

  @inline(__always)
  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  /// One edge's function `E = A·x + B·y + C` (positive inside) with its fill-rule bias.
  struct Edge {
    var a: Int64
    var b: Int64
    var c: Int64

    @inline(__always)
    init(_ px: Int64, _ py: Int64, _ qx: Int64, _ qy: Int64) {
      a = py - qy
      b = qx - px
      // Top-left rule: a center exactly on a left or top edge is inside, on others outside.
      let bias: Int64 = (a > 0 || (a == 0 && b > 0)) ? 0 : -1
      c = -(a * px + b * py) + bias
    }

    /// Narrows `lo...hi` to the pixel columns whose centers are inside on the row centered at `yc`.
    @inline(__always)
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

  /// Rasterizes one triangle into `target`, restricted to `clip`.
  static func triangle(
    _ va: Vertex, _ vb: Vertex, _ vc: Vertex, clip: PixelRect, target: RasterTarget, texture: RasterTexture?
  ) {
    guard va.color.a | vb.color.a | vc.color.a != 0 else { return }
    @inline(__always) func ok(_ v: Vertex) -> Bool {
      abs(v.x) < limit && abs(v.y) < limit && v.u.isFinite && v.v.isFinite
    }
    guard ok(va), ok(vb), ok(vc) else { return }
    @inline(__always) func fx(_ f: Float) -> Int64 { Int64((f * Float(one)).rounded()) }
    let v0 = va
    var v1 = vb
    var v2 = vc
    var (x0, y0, x1, y1, x2, y2) = (fx(v0.x), fx(v0.y), fx(v1.x), fx(v1.y), fx(v2.x), fx(v2.y))
    var area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
    if area == 0 { return }
    if area < 0 {
      swap(&v1, &v2)
      swap(&x1, &x2)
      swap(&y1, &y2)
      area = -area
    }
    // Pixel rows and columns whose centers can be inside.
    let half = one / 2
    let minX = max(Int64(clip.x0), floorDiv(min(x0, x1, x2) - half + one - 1, one))
    let maxX = min(Int64(clip.x1 - 1), floorDiv(max(x0, x1, x2) - half, one))
    let minY = max(Int64(clip.y0), floorDiv(min(y0, y1, y2) - half + one - 1, one))
    let maxY = min(Int64(clip.y1 - 1), floorDiv(max(y0, y1, y2) - half, one))
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
    @inline(__always) func plane(_ f0: Float, _ f1: Float, _ f2: Float) -> (Float, Float) {
      let d1 = f1 - f0
      let d2 = f2 - f0
      return ((d1 * dy2 - d2 * dy1) / det, (d2 * dx1 - d1 * dx2) / det)
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

    var row = target.pixels + Int(minY) * target.stride
    for py in minY...maxY {
      defer { row += target.stride }
      let yc = py * one + half
      var lo = minX
      var hi = maxX
      e0.narrow(&lo, &hi, yc: yc)
      e1.narrow(&lo, &hi, yc: yc)
      e2.narrow(&lo, &hi, yc: yc)
      guard lo <= hi else { continue }
      let start = Int(lo)
      let count = Int(hi - lo) + 1
      let cy = Float(py) + 0.5 - oy
      // Attributes are evaluated per pixel from the plane at x = 0 (never accumulated along
      // the span), so a pixel gets the same value whatever clip or damage region it is drawn in.
      let x0 = 0.5 - ox
      if let texture {
        texturedSpan(
          row, from: start, count: count, v0: v0, v1: v1, v2: v2, x0: x0, cy: cy, plane: plane, flat: flat,
          c0: c0, f0: f0, cdx: cdx, cdy: cdy, texture: texture)
      } else if flat {
        constantSpan(row + start, count: count, pixel: c0)
      } else if cdx == .zero {
        // Graded along y only (a vertical gradient): one color for the whole row.
        constantSpan(row + start, count: count, pixel: pack(f0 + cdy * cy))
      } else {
        let c = f0 + cdx * x0 + cdy * cy
        var p = row + start
        for x in start..<(start + count) {
          let px = pack(c + cdx * Float(x))
          p.pointee = px >> 24 == 255 ? px : over(px, p.pointee)
          p += 1
        }
      }
    }
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
    var a = c[3]
    a = a < 0 ? 0 : (a > 255 ? 255 : a)
    @inline(__always) func q(_ v: Float) -> UInt32 {
      let x = v < 0 ? 0 : (v > a ? a : v)
      return (x + magic).bitPattern & 0xFF
    }
    return q(a) << 24 | q(c[0]) << 16 | q(c[1]) << 8 | q(c[2])
  }

  /// Covers `count` pixels with one premultiplied color.
  @inline(__always)
  static func constantSpan(_ p: UnsafeMutablePointer<UInt32>, count: Int, pixel: UInt32) {
    let a = pixel >> 24
    if a == 255 {
      p.update(repeating: pixel, count: count)
    } else if a != 0 {
      for i in 0..<count { p[i] = over(pixel, p[i]) }
    }
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
    _ row: UnsafeMutablePointer<UInt32>, from start: Int, count: Int, v0: Vertex, v1: Vertex, v2: Vertex,
    x0: Float, cy: Float, plane: (Float, Float, Float) -> (Float, Float), flat: Bool, c0: UInt32,
    f0: SIMD4<Float>, cdx: SIMD4<Float>, cdy: SIMD4<Float>, texture: RasterTexture
  ) {
    let tw = Float(texture.width)
    let th = Float(texture.height)
    let (udx, udy) = plane(v0.u * tw, v1.u * tw, v2.u * tw)
    let (vdx, vdy) = plane(v0.v * th, v1.v * th, v2.v * th)
    // Texel centers sit at half-integers.
    let dU = fixed24(udx)
    let dV = fixed24(vdx)
    var u = fixed24(v0.u * tw + udx * x0 + udy * cy - 0.5) &+ dU &* start
    var v = fixed24(v0.v * th + vdx * x0 + vdy * cy - 0.5) &+ dV &* start
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
      let a = t >> 24
      if a == 255 {
        p.pointee = t
      } else if a != 0 {
        p.pointee = over(t, p.pointee)
      }
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
        for x in start..<end {
          put(p, r0[clampX(ix)], x)
          p += 1
          ix += 1
        }
        return
      }
      let uLast = u &+ dU &* (count - 1)
      let lo = clampX(min(u, uLast) >> 24)
      let hi = clampX((max(u, uLast) >> 24) + 1)
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
    for x in start..<end {
      let ix = u >> 24
      let iy = v >> 24
      let xa = clampX(ix)
      let xb = clampX(ix + 1)
      let ra = texels + clampY(iy) * w
      let rb = texels + clampY(iy + 1) * w
      let wy = UInt32((v >> 16) & 255)
      put(p, lerp(lerp(ra[xa], rb[xa], wy), lerp(ra[xb], rb[xb], wy), UInt32((u >> 16) & 255)), x)
      p += 1
      u &+= dU
      v &+= dV
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
