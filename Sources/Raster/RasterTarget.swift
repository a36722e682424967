// Stage: where pixels come from and go to: converted textures, the target, and rectangle fills.

import Graphics

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
  /// How the texture's quads are composited (see `BlendModes.swift`).
  public private(set) var blend: BlendKind

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
    blend = image.blend
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
    blend = image.blend
    convert(image, region)
  }

  /// Converts the texels of `region` from `image`, and works out again whether all are opaque.
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
  /// Where dithered ramps keep their rows from draw to draw (a retained window's backdrop),
  /// or nil to work each row out as it is drawn.
  public var ramps: RampRows?

  /// Describes a buffer; `stride` defaults to `width`.
  public init(
    pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int? = nil, ramps: RampRows? = nil
  ) {
    self.pixels = pixels
    self.width = width
    self.height = height
    self.stride = stride ?? width
    self.ramps = ramps
  }

  /// The whole target.
  public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }
}

extension Rasterizer {
  /// Fills a rectangle with one pixel value, replacing what was there.
  public static func fill(_ target: RasterTarget, _ rect: PixelRect, with pixel: UInt32) {
    let r = rect.intersection(target.bounds)
    guard !r.isEmpty else { return }
    for y in r.y0..<r.y1 {
      (target.pixels + y * target.stride + r.x0).update(repeating: pixel, count: r.x1 - r.x0)
    }
  }
}
