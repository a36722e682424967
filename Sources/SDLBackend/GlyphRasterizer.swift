internal import CSDL2
import Graphics

/// Rasterizes one character of an SDL_ttf font into its own straight-alpha RGBA bitmap.
///
/// Monochrome glyphs come out white, for the vertex color to tint. Color glyphs (emoji) are
/// always drawn scaled from their one strike, so they are also made straight alpha, have their
/// transparent texels bled and their visible part measured.
enum GlyphRasterizer {
  /// One rasterized character.
  struct Output {
    /// The glyph's pixels; nil for a character that draws nothing, such as a space.
    var bitmap: ImageBuffer?
    /// How far the pen moves after the glyph, in pixels.
    var advance: Int32
    /// The left edge of the glyph's outline relative to the pen, in pixels.
    var minX: Int32
    /// For a color glyph, the part of its bitmap worth drawing (see `visibleBounds`).
    var content: PixelRect? = nil
  }

  /// The character `scalar` of `font` at the size the font is set to; nil when the font has
  /// no metrics for it or its surface cannot be converted.
  static func rasterize(_ scalar: UInt32, font: OpaquePointer, color: Bool) -> Output? {
    var minx: Int32 = 0
    var maxx: Int32 = 0
    var miny: Int32 = 0
    var maxy: Int32 = 0
    var adv: Int32 = 0
    guard TTF_GlyphMetrics32(font, scalar, &minx, &maxx, &miny, &maxy, &adv) == 0 else { return nil }
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard let surf = TTF_RenderGlyph32_Blended(font, scalar, white) else {
      // Whitespace renders no surface; it still advances.
      return Output(bitmap: nil, advance: adv, minX: minx)
    }
    defer { SDL_FreeSurface(surf) }
    guard let conv = SDL_ConvertSurfaceFormat(surf, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), 0) else { return nil }
    defer { SDL_FreeSurface(conv) }
    // SDL_ttf renders no surface for a glyph of zero width, so these are at least 1, as the
    // bitmap's sides are.
    let w = Int(conv.pointee.w)
    let h = Int(conv.pointee.h)
    var bitmap = ImageBuffer(width: w, height: h, smooth: true)
    let pitch = Int(conv.pointee.pitch)
    if let src = conv.pointee.pixels {
      let bytes = src.assumingMemoryBound(to: UInt8.self)
      bitmap.pixels.withUnsafeMutableBufferPointer { dst in
        for row in 0..<h {
          let line = UnsafeRawPointer(bytes + row * pitch).assumingMemoryBound(to: UInt32.self)
          for col in 0..<w { dst[row * w + col] = line[col] }
        }
      }
    }
    var content: PixelRect?
    if color {
      unpremultiplyIfPremultiplied(&bitmap, x: 0, y: 0, width: w, height: h)
      content = visibleBounds(bitmap, x: 0, y: 0, width: w, height: h)
      bitmap.bleedTransparentColors(x: 0, y: 0, width: w, height: h)
    }
    return Output(bitmap: bitmap, advance: adv, minX: minx, content: content)
  }

  /// The smallest rectangle holding every pixel of the `width`×`height` bitmap at (`x`, `y`)
  /// with nonzero alpha, grown by one pixel and kept inside the bitmap, in bitmap pixels; nil
  /// when nothing is visible. The border pixel keeps bilinear sampling at the cut identical:
  /// a sample there blends with a transparent texel, as it would without the cut.
  static func visibleBounds(_ image: ImageBuffer, x: Int, y: Int, width: Int, height: Int) -> PixelRect? {
    var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
    for r in 0..<height where y + r >= 0 && y + r < image.height {
      for c in 0..<width
      where x + c >= 0 && x + c < image.width && image.pixels[(y + r) * image.width + x + c] >> 24 != 0 {
        (x0, y0, x1, y1) = (min(x0, c), min(y0, r), max(x1, c + 1), max(y1, r + 1))
      }
    }
    guard x1 > x0 else { return nil }
    return PixelRect(x0: max(0, x0 - 1), y0: max(0, y0 - 1), x1: min(width, x1 + 1), y1: min(height, y1 + 1))
  }

  /// Turns premultiplied pixels in a rectangle of `image` into straight alpha, when every pixel
  /// is consistent with premultiplication (no channel above its alpha).
  ///
  /// FreeType's color bitmaps are premultiplied and SDL_ttf 2.20 passes them on as they are,
  /// while everything else in the atlas is straight: read as straight, an emoji's soft edge is
  /// darkened twice, the dark rim seen on every scaled or turned emoji.
  static func unpremultiplyIfPremultiplied(_ image: inout ImageBuffer, x: Int, y: Int, width: Int, height: Int) {
    let stride = image.width
    let rows = max(0, y)..<min(image.height, y + height)
    let cols = max(0, x)..<min(image.width, x + width)
    image.pixels.withUnsafeMutableBufferPointer { px in
      for r in rows {
        for c in cols {
          let p = px[r * stride + c]
          let a = p >> 24
          if p & 0xFF > a || (p >> 8) & 0xFF > a || (p >> 16) & 0xFF > a { return }
        }
      }
      for r in rows {
        for c in cols {
          let p = px[r * stride + c]
          let a = p >> 24
          guard a != 0, a != 255 else { continue }
          @inline(__always) func u(_ v: UInt32) -> UInt32 { min(255, (v * 255 + a / 2) / a) }
          px[r * stride + c] = a << 24 | u((p >> 16) & 0xFF) << 16 | u((p >> 8) & 0xFF) << 8 | u(p & 0xFF)
        }
      }
    }
  }
}
