// Stage: layer filters: blur, shadow, colour matrices and masks over a rasterized layer.

import Graphics

/// A layer's pixels: a subtree or a canvas's drawing rasterized on its own, premultiplied
/// `0xAARRGGBB`, before it is filtered and drawn into the frame as an image.
///
/// Layers are how effects that need a picture rather than triangles are drawn on every
/// renderer alike: a blur, a shadow, a colour matrix, a mask. The layer is rasterized here,
/// filtered here, and the result reaches each renderer as an ordinary image quad, so the CPU
/// and the GPU draw the same texels.
public struct LayerPixels {
  public let width: Int
  public let height: Int
  /// Premultiplied `0xAARRGGBB`, row by row.
  public var pixels: [UInt32]

  /// A transparent layer.
  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    pixels = [UInt32](repeating: 0, count: self.width * self.height)
  }

  /// Rasterizes `list`, whose coordinates are the layer's pixels, into a new layer.
  public init(_ list: DrawList, width: Int, height: Int, texture: (TextureRef) -> RasterTexture?) {
    self.init(width: width, height: height)
    let (w, h) = (self.width, self.height)
    pixels.withUnsafeMutableBufferPointer { buffer in
      Rasterizer.draw(list, into: RasterTarget(pixels: buffer.baseAddress!, width: w, height: h), texture: texture)
    }
  }

  /// The layer as a straight-alpha RGBA image for the draw list.
  public func image() -> ImageBuffer {
    var out = ImageBuffer(width: width, height: height, smooth: true)
    out.pixels.withUnsafeMutableBufferPointer { o in
      pixels.withUnsafeBufferPointer { p in
        for i in 0..<p.count {
          let v = p[i]
          let a = v >> 24
          guard a > 0 else {
            o[i] = 0
            continue
          }
          @inline(__always) func straight(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
          o[i] = a << 24 | straight(v & 0xFF) << 16 | straight((v >> 8) & 0xFF) << 8 | straight((v >> 16) & 0xFF)
        }
      }
    }
    return out
  }

  /// Blurs the layer with a Gaussian of standard deviation `sigma` pixels (three box blurs
  /// each way, within a percent of the true kernel); what lies outside counts as transparent.
  public mutating func blur(sigma: Double) {
    guard sigma >= 0.25 else { return }
    for radius in Self.boxRadii(sigma: sigma) {
      boxBlur(radius: radius, horizontal: true)
      boxBlur(radius: radius, horizontal: false)
    }
  }

  /// The radii of three box blurs whose sum approximates a Gaussian of `sigma`: the standard
  /// split into boxes of two widths whose variance adds up to σ².
  static func boxRadii(sigma: Double) -> [Int] {
    let n = 3.0
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    let upper = lower + 2
    let m = ((12 * sigma * sigma - n * Double(lower * lower) - 4 * n * Double(lower) - 3 * n) / Double(-4 * lower - 4))
      .rounded()
    return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
  }

  /// One box blur of `radius` along rows or columns, as running sums of each channel.
  private mutating func boxBlur(radius r: Int, horizontal: Bool) {
    guard r > 0 else { return }
    let (count, lines) = horizontal ? (width, height) : (height, width)
    let step = horizontal ? 1 : width
    let lineStep = horizontal ? width : 1
    let window = UInt32(2 * r + 1)
    var line = [UInt32](repeating: 0, count: count)
    pixels.withUnsafeMutableBufferPointer { p in
      for l in 0..<lines {
        let start = l * lineStep
        for i in 0..<count { line[i] = p[start + i * step] }
        var s0: UInt32 = 0
        var s1: UInt32 = 0
        var s2: UInt32 = 0
        var s3: UInt32 = 0
        @inline(__always) func add(_ v: UInt32) {
          s0 &+= v & 0xFF
          s1 &+= (v >> 8) & 0xFF
          s2 &+= (v >> 16) & 0xFF
          s3 &+= v >> 24
        }
        @inline(__always) func remove(_ v: UInt32) {
          s0 &-= v & 0xFF
          s1 &-= (v >> 8) & 0xFF
          s2 &-= (v >> 16) & 0xFF
          s3 &-= v >> 24
        }
        for i in 0..<min(r, count) { add(line[i]) }
        let half = window / 2
        for i in 0..<count {
          if i + r < count { add(line[i + r]) }
          if i - r - 1 >= 0 { remove(line[i - r - 1]) }
          let a = (s3 + half) / window
          let red = (s2 + half) / window
          let green = (s1 + half) / window
          p[start + i * step] = a << 24 | red << 16 | green << 8 | (s0 + half) / window
        }
      }
    }
  }

  /// The layer's alpha, each pixel painted `color` (premultiplied `0xAARRGGBB`) at that
  /// coverage: the picture a shadow is blurred from.
  public func silhouette(_ color: UInt32) -> LayerPixels {
    var out = LayerPixels(width: width, height: height)
    for i in pixels.indices {
      let a = pixels[i] >> 24
      out.pixels[i] = a == 0 ? 0 : Rasterizer.modulate(color, a * 0x0101_0101)
    }
    return out
  }

  /// Draws `top` over this layer, `dx`, `dy` pixels from its origin (source over).
  public mutating func composite(_ top: LayerPixels, dx: Int = 0, dy: Int = 0) {
    let x0 = max(0, dx)
    let x1 = min(width, dx + top.width)
    let y0 = max(0, dy)
    let y1 = min(height, dy + top.height)
    guard x0 < x1, y0 < y1 else { return }
    for y in y0..<y1 {
      let row = y * width
      let trow = (y - dy) * top.width - dx
      for x in x0..<x1 {
        let s = top.pixels[trow + x]
        if s >> 24 == 0 { continue }
        pixels[row + x] = Rasterizer.over(s, pixels[row + x])
      }
    }
  }

  /// Multiplies every pixel by the alpha of the matching pixel of `mask` (same size).
  public mutating func mask(by mask: LayerPixels) {
    for i in pixels.indices where i < mask.pixels.count {
      let a = mask.pixels[i] >> 24
      pixels[i] = a == 255 ? pixels[i] : a == 0 ? 0 : Rasterizer.modulate(pixels[i], a * 0x0101_0101)
    }
  }

  /// Multiplies every pixel by `opacity` (0…1).
  public mutating func fade(_ opacity: Double) {
    let a = UInt32(max(0, min(255, (opacity * 255).rounded())))
    guard a < 255 else { return }
    for i in pixels.indices { pixels[i] = Rasterizer.modulate(pixels[i], a * 0x0101_0101) }
  }

  /// Applies `matrix` to every pixel's straight colour and alpha.
  public mutating func apply(_ matrix: ColorMatrix) {
    let m = matrix.entries.map(Float.init)
    for i in pixels.indices {
      let v = pixels[i]
      let a = Float(v >> 24) / 255
      // Transparent pixels stay so unless the matrix makes alpha from nothing.
      if a == 0 && m[19] <= 0 { continue }
      let inv: Float = a > 0 ? 1 / (a * 255) : 0
      let r = Float((v >> 16) & 0xFF) * inv
      let g = Float((v >> 8) & 0xFF) * inv
      let b = Float(v & 0xFF) * inv
      @inline(__always) func row(_ k: Int) -> Float {
        max(0, min(1, m[k] * r + m[k + 1] * g + m[k + 2] * b + m[k + 3] * a + m[k + 4]))
      }
      let na = row(15)
      @inline(__always) func pack(_ c: Float) -> UInt32 { UInt32((c * na * 255).rounded()) }
      pixels[i] = UInt32((na * 255).rounded()) << 24 | pack(row(0)) << 16 | pack(row(5)) << 8 | pack(row(10))
    }
  }
}
