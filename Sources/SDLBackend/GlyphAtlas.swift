internal import CSDL2
import FoundationEssentials
import Graphics

/// Rasterizes glyphs once with SDL_ttf and packs them into one RGBA atlas image.
///
/// Text is drawn as textured quads into that single atlas, so a frame's text merges into few
/// draw commands and no texture is created per frame. Monochrome glyphs are stored white and
/// tinted by vertex color; color emoji keep their own colors. Noto Color Emoji is a bitmap
/// font with a single 109 px strike, so emoji are rasterized at that size and scaled.
public final class GlyphAtlas: TextEngine {
  /// The CPU copy of the atlas; the renderer uploads it when `image.generation` changes.
  public private(set) var image: ImageBuffer
  /// Glyphs rasterized since creation; a steady scene stops adding to it.
  public private(set) var rasterizedGlyphs = 0
  /// Warnings raised while finding fonts, for the caller to show once.
  public private(set) var warnings: [String] = []

  private struct FaceKey: Hashable {
    var path: String
    var pixels: Int
    var index = 0
  }
  private struct GlyphKey: Hashable {
    var face: FaceKey
    var scalar: UInt32
  }
  private struct Glyph {
    var uv: Rect
    var width: Double
    var height: Double
    var advance: Double
    var offsetX: Double
    var isColor: Bool
    /// For a color glyph, the part of its bitmap worth drawing: its visible pixels and one
    /// transparent texel around them, in bitmap pixels. Noto's strikes pad each emoji to
    /// 136×128; a face drawn magnified or turned then samples a sixth fewer texels.
    var content: PixelRect? = nil
  }

  private var fonts: [FontFile: OpaquePointer] = [:]
  /// The pixel size each open font is set to now.
  private var fontSizes: [FontFile: Int] = [:]
  private var glyphs: [GlyphKey: Glyph] = [:]
  /// Each request's face, or nil once fontconfig has no answer for it.
  private var faces: [FontLocator.Request: FontLocator.Match?] = [:]
  /// Places glyphs: kerning and marks.
  private let shaper = Shaper()
  private let emojiPath: String?
  private static let emojiStrike = 109
  private var shelfX = 0
  private var shelfY = 0
  private var shelfHeight = 0
  private let maxSide = 2048

  /// Bumped whenever glyphs move or are dropped (growth, clearing): a glyph quad's pixels
  /// then depend on more than its own vertices.
  public private(set) var epoch = 0

  /// See `TextEngine.layoutEpoch`: the same as `epoch`.
  public var layoutEpoch: Int { epoch }

  /// Creates an atlas, locating fonts through fontconfig.
  ///
  /// - Parameter emojiFontPath: overrides the emoji font; pass "" to run without one.
  public init(emojiFontPath: String? = nil) throws {
    try Platform.startCore()
    // Small to start (1 MB, and as much again for the CPU canvas's premultiplied copy): a
    // scene's text usually fits, and the atlas doubles when it does not.
    image = ImageBuffer(width: 512, height: 512, smooth: true)
    if let override = emojiFontPath {
      emojiPath = override.isEmpty || !FileManager.default.fileExists(atPath: override) ? nil : override
    } else {
      emojiPath = FontLocator.emojiFont()?.path
    }
    if emojiPath == nil {
      warnings.append(
        "color emoji font not found (install fonts-noto-color-emoji); emoji the text font lacks are left out")
    }
    // Reserve a white block so untextured geometry could sample the atlas if ever needed.
    reserveWhite()
    if face(for: Graphics.Font(size: 12)) == nil {
      warnings.append("no text font found through fontconfig (install fonts-dejavu-core); text is not drawn")
    }
  }

  deinit {
    for f in fonts.values { TTF_CloseFont(f) }
  }

  /// SDL_ttf fonts open now: one per font file, whatever the sizes asked for.
  public var openFonts: Int { fonts.count }

  /// Glyphs held now (each rasterization, resampled copies included).
  public var glyphCount: Int { glyphs.count + resampledGlyphs.count }
  /// The atlas image's side lengths.
  public var pixelSize: (width: Int, height: Int) { (image.width, image.height) }

  /// Whether a color emoji font was found.
  public var hasEmojiFont: Bool { emojiPath != nil }

  private func reserveWhite() {
    for y in 0..<2 { for x in 0..<2 { image.pixels[y * image.width + x] = 0xFFFF_FFFF } }
    shelfX = 4
    shelfHeight = 2
  }

  /// The face fontconfig matched for `font`'s family, weight and slant; nil when there is
  /// no text font at all (remembered, so a machine without fonts does not ask every frame).
  private func face(for font: Graphics.Font) -> FontLocator.Match? {
    let request = FontLocator.request(for: font)
    if let known = faces[request] { return known }
    let m = FontLocator.match(request) ?? FontLocator.match(FontLocator.Request(families: ["sans-serif"]))
    faces[request] = .some(m)
    return m
  }

  /// The font for `key`, set to its pixel size.
  ///
  /// One SDL_ttf font per file, resized on demand: every `TTF_Font` is a FreeType face with its
  /// own tables and a HarfBuzz font, about half a megabyte for DejaVu, and text at dozens of sizes
  /// (animated, in the grid, resized windows) opened dozens of them and never closed one. The
  /// atlas keeps the glyphs, so resizing only costs when a new glyph is rasterized.
  private func open(_ key: FaceKey) -> OpaquePointer? {
    let file = FontFile(path: key.path, index: key.index)
    let font: OpaquePointer
    if let f = fonts[file] {
      font = f
    } else {
      guard let f = TTF_OpenFontIndex(key.path, Int32(key.pixels), key.index) else { return nil }
      fonts[file] = f
      fontSizes[file] = key.pixels
      return f
    }
    if fontSizes[file] != key.pixels {
      guard TTF_SetFontSize(font, Int32(key.pixels)) == 0 else { return nil }
      fontSizes[file] = key.pixels
    }
    return font
  }

  /// Quantizes pixel sizes so animated scales reuse a bounded set of rasterizations.
  static func quantize(_ px: Double) -> Int {
    let p = max(4, min(512, px))
    if p <= 32 { return Int(p.rounded()) }
    if p <= 96 { return Int((p / 4).rounded()) * 4 }
    return Int((p / 16).rounded()) * 16
  }

  /// Exact pixel sizes rasterized per font file since the atlas was last cleared.
  private var exactSizes: [String: Set<Int>] = [:]
  /// How many exact sizes a font file gets before further sizes fall back to `quantize`.
  static let exactSizeBudget = 8

  /// Whether text at `size` gets its own rasterization: static text (a clock's digits, labels)
  /// uses a handful of sizes and is rendered exactly; text whose size animates runs through
  /// the budget within a few frames and then shares the quantized sizes, so the atlas stays
  /// bounded. The budget refills when the atlas is cleared.
  private func admitsExactSize(_ size: Int, path: String) -> Bool {
    if size <= 32 { return true }
    if exactSizes[path]?.contains(size) == true { return true }
    guard exactSizes[path, default: []].count < Self.exactSizeBudget else { return false }
    exactSizes[path, default: []].insert(size)
    return true
  }

  private struct RunKey: Hashable {
    var text: String
    var font: Graphics.Font
    var pixelSize: Double
  }
  /// Runs laid out since the glyphs last moved (`epoch`): a frame measures each text in
  /// layout and places its glyphs again in lowering, and most text is the same next frame.
  private var runs: [RunKey: GlyphRun] = [:]
  private var runsEpoch = 0
  /// Beyond this many distinct runs (text that changes every frame), the cache starts over.
  private static let maxRuns = 512

  /// Lays out one line of text, rasterizing glyphs it has not seen before.
  public func layout(_ text: String, font: Graphics.Font, pixelSize: Double) -> GlyphRun {
    let key = RunKey(text: text, font: font, pixelSize: pixelSize)
    if runsEpoch != epoch || runs.count >= Self.maxRuns {
      runs.removeAll(keepingCapacity: true)
      runsEpoch = epoch
    }
    if let run = runs[key] { return run }
    let run = layoutUncached(text, font: font, pixelSize: pixelSize)
    // Laying out may grow the atlas and move every glyph: keep the run only if it did not.
    if runsEpoch == epoch { runs[key] = run }
    return run
  }

  private func layoutUncached(_ text: String, font: Graphics.Font, pixelSize: Double) -> GlyphRun {
    let empty = GlyphRun(glyphs: [], size: Size(width: 0, height: pixelSize * 1.2))
    guard let match = face(for: font) else { return empty }
    let exact = Int(max(4, min(512, pixelSize)).rounded())
    let q = admitsExactSize(exact, path: match.path) ? exact : Self.quantize(pixelSize)
    // At its exact size a glyph is drawn 1:1 (up to half a pixel in size): a plain copy, which
    // a partial repaint can clip anywhere, where a scaled one forces the whole run repainted.
    let scale = q == exact ? 1 : pixelSize / Double(q)
    let face = FaceKey(path: match.path, pixels: q, index: match.index)
    guard let primary = open(face) else { return empty }
    let lineHeight = Double(TTF_FontHeight(primary)) * scale
    let ascent = Double(TTF_FontAscent(primary)) * scale
    let request = FontLocator.request(for: font)
    let scalars = Array(text.unicodeScalars)
    var pen = 0.0
    var placed: [PositionedGlyph] = []
    placed.reserveCapacity(scalars.count)

    // Characters set in one face are shaped together; a character the face lacks comes from
    // the nearest face fontconfig finds that has it.
    var segment: [UInt32] = []
    var segmentFace = match
    func flush() {
      guard !segment.isEmpty else { return }
      defer { segment.removeAll(keepingCapacity: true) }
      let key = FaceKey(path: segmentFace.path, pixels: q, index: segmentFace.index)
      guard let ttf = key == face ? primary : open(key) else { return }
      // Another face's bitmaps share the primary face's baseline.
      let dy = key == face ? 0 : ascent - Double(TTF_FontAscent(ttf)) * scale
      let digitCell = font.usesMonospacedDigits ? digitAdvance(key, ttf, pixelSize: pixelSize, scale: scale) : 0
      let shaped =
        shaper.shape(
          segment, path: key.path, index: key.index, pixelSize: pixelSize, tabular: font.usesMonospacedDigits)
        ?? segment.indices.map { i in
          // HarfBuzz cannot read the file (a Type 1 font): SDL_ttf's own advances.
          let g = glyph(GlyphKey(face: key, scalar: segment[i]), color: false)
          return Shaper.Placed(cluster: i, advance: (g?.advance ?? 0) * scale, offsetX: 0, offsetY: 0)
        }
      for p in shaped {
        let v = segment[p.cluster]
        guard let g = glyph(GlyphKey(face: key, scalar: v), color: false) else {
          pen += p.advance
          continue
        }
        var x = pen + p.offsetX + g.offsetX * scale
        var advance = p.advance
        if digitCell > 0, (48...57).contains(v) {
          x += (digitCell - advance) / 2
          advance = digitCell
        }
        if g.width > 0 {
          placed.append(
            PositionedGlyph(
              rect: Rect(x: x, y: dy + p.offsetY, width: g.width * scale, height: g.height * scale), uv: g.uv,
              isColor: false))
        }
        pen += advance
      }
    }

    for (i, s) in scalars.enumerated() {
      let v = s.value
      if v == 0xFE0F || v == 0x200D || v == 0xFE0E { continue }
      let wantsEmoji = i + 1 < scalars.count && scalars[i + 1].value == 0xFE0F
      let isEmojiRange = v >= 0x1F000 || (0x2600...0x27BF).contains(v) && wantsEmoji
      let inPrimary = TTF_GlyphIsProvided32(primary, v) != 0
      if let ep = emojiPath, isEmojiRange || wantsEmoji || !inPrimary,
        let ef = open(FaceKey(path: ep, pixels: Self.emojiStrike)),
        TTF_GlyphIsProvided32(ef, v) != 0,
        let g = glyph(GlyphKey(face: FaceKey(path: ep, pixels: Self.emojiStrike), scalar: v), color: true)
      {
        flush()
        // Fit the 109 px strike to the text's line height. Smaller, from a copy area-filtered
        // down to that height when the size is steady: drawn 1:1, it is a plain blit, sharp,
        // and clippable. Larger, the strike itself is drawn magnified: a copy scaled up holds
        // no more detail than the strike, and at the seeds' 4× faces it would take a 2048²
        // atlas (32 MB with the CPU renderer's premultiplied copy) for 13 emoji.
        let k = lineHeight / g.height
        let target = Int(lineHeight.rounded())
        var (uv, w, h) = (g.uv, g.width * k, lineHeight)
        var visible = Rect(x: 0, y: 0, width: 1, height: 1)
        if target < Int(g.height), admitsExactSize(target, path: ep + "#resampled"),
          let r = resampled(GlyphKey(face: FaceKey(path: ep, pixels: Self.emojiStrike), scalar: v), g, height: target)
        {
          // Its own size, within half a pixel of the asked one, so it is copied 1:1.
          (uv, w, h) = (r.uv, r.width, r.height)
        } else if let c = g.content, g.width > 0, g.height > 0 {
          // Magnified or turned: only the visible part of the strike is drawn.
          visible = Rect(
            x: Double(c.x0) / g.width, y: Double(c.y0) / g.height, width: Double(c.x1 - c.x0) / g.width,
            height: Double(c.y1 - c.y0) / g.height)
        }
        placed.append(
          PositionedGlyph(rect: Rect(x: pen, y: 0, width: w, height: h), uv: uv, isColor: true, visible: visible))
        pen += g.advance * k
        continue
      }
      if emojiPath == nil, isEmojiRange || wantsEmoji, !inPrimary {
        flush()
        // No emoji font and no glyph: leave the emoji out (as the warning says) but keep its
        // room, so the text around it does not shift when the font is installed.
        pen += lineHeight
        continue
      }
      let f = inPrimary ? match : FontLocator.fallback(for: v, like: request) ?? match
      if f != segmentFace {
        flush()
        segmentFace = f
      }
      segment.append(v)
    }
    flush()
    return GlyphRun(glyphs: placed, size: Size(width: pen, height: lineHeight))
  }

  /// The widest digit's advance in pixels: the cell every digit of tabular text takes.
  private func digitAdvance(_ key: FaceKey, _ ttf: OpaquePointer, pixelSize: Double, scale: Double) -> Double {
    var widest = 0.0
    for d in UInt32(48)...57 {
      if let a = shaper.advance(of: d, path: key.path, index: key.index, pixelSize: pixelSize) {
        widest = max(widest, a)
      } else if let g = glyph(GlyphKey(face: key, scalar: d), color: false) {
        widest = max(widest, g.advance * scale)
      }
    }
    return widest
  }

  private func glyph(_ key: GlyphKey, color: Bool) -> Glyph? {
    if let g = glyphs[key] { return g }
    // Through `open`, which sets the font to this glyph's size: another size of the same file
    // may have been asked for since the caller opened it.
    guard let font = open(key.face) else { return nil }
    var minx: Int32 = 0
    var maxx: Int32 = 0
    var miny: Int32 = 0
    var maxy: Int32 = 0
    var adv: Int32 = 0
    guard TTF_GlyphMetrics32(font, key.scalar, &minx, &maxx, &miny, &maxy, &adv) == 0 else { return nil }
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard let surf = TTF_RenderGlyph32_Blended(font, key.scalar, white) else {
      // Whitespace renders no surface; it still advances.
      let g = Glyph(uv: .zero, width: 0, height: 0, advance: Double(adv), offsetX: 0, isColor: color)
      glyphs[key] = g
      return g
    }
    defer { SDL_FreeSurface(surf) }
    guard let conv = SDL_ConvertSurfaceFormat(surf, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), 0) else { return nil }
    defer { SDL_FreeSurface(conv) }
    let w = Int(conv.pointee.w)
    let h = Int(conv.pointee.h)
    guard let origin = allocate(w, h) else { return nil }
    let pitch = Int(conv.pointee.pitch)
    if let src = conv.pointee.pixels {
      let bytes = src.assumingMemoryBound(to: UInt8.self)
      let atlasWidth = image.width
      image.pixels.withUnsafeMutableBufferPointer { dst in
        for row in 0..<h {
          let line = UnsafeRawPointer(bytes + row * pitch).assumingMemoryBound(to: UInt32.self)
          for col in 0..<w {
            dst[(origin.y + row) * atlasWidth + origin.x + col] = line[col]
          }
        }
      }
    }
    // Color glyphs (emoji) are always drawn scaled from their one strike.
    var content: PixelRect?
    if color {
      Self.unpremultiplyIfPremultiplied(&image, x: origin.x, y: origin.y, width: w, height: h)
      content = Self.visibleBounds(image, x: origin.x, y: origin.y, width: w, height: h)
      image.bleedTransparentColors(x: origin.x, y: origin.y, width: w, height: h)
    }
    // Only this glyph's cell changed: a renderer re-converts just that much of the atlas.
    image.markChanged(PixelRect(x0: origin.x, y0: origin.y, x1: origin.x + w, y1: origin.y + h))
    rasterizedGlyphs += 1
    let aw = Double(image.width)
    let ah = Double(image.height)
    let g = Glyph(
      uv: Rect(x: Double(origin.x) / aw, y: Double(origin.y) / ah, width: Double(w) / aw, height: Double(h) / ah),
      width: Double(w), height: Double(h), advance: Double(adv), offsetX: Double(min(0, minx)), isColor: color,
      content: content)
    glyphs[key] = g
    return g
  }

  /// The smallest rectangle holding every pixel of the `width`×`height` bitmap at (`x`, `y`)
  /// with nonzero alpha, grown by one pixel and kept inside the bitmap, in bitmap pixels; nil
  /// when nothing is visible. The border pixel keeps bilinear sampling at the cut identical:
  /// a sample there blends with a transparent texel, as it did before the cut.
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

  /// Resampled copies of glyphs, by source glyph and height.
  private struct ResampledKey: Hashable {
    var source: GlyphKey
    var height: Int
  }
  private var resampledGlyphs: [ResampledKey: Glyph] = [:]

  /// A copy of glyph `g` (already in the atlas) resampled to `height` pixels, in the atlas.
  ///
  /// Filtered in premultiplied alpha: bilinear when enlarging, an area average when shrinking
  /// (bilinear would skip source pixels and shimmer). Done once per glyph and height.
  private func resampled(_ key: GlyphKey, _ g: Glyph, height th: Int) -> Glyph? {
    let rkey = ResampledKey(source: key, height: th)
    if let r = resampledGlyphs[rkey] { return r }
    let sw = Int(g.width)
    let sh = Int(g.height)
    let tw = max(1, Int((g.width * Double(th) / g.height).rounded()))
    guard sw > 0, sh > 0, th > 0, th <= 1024 else { return nil }
    // Read the source first: making room below may grow or clear the atlas.
    let sx0 = Int((g.uv.minX * Double(image.width)).rounded())
    let sy0 = Int((g.uv.minY * Double(image.height)).rounded())
    var src = [SIMD4<Float>](repeating: .zero, count: sw * sh)
    for y in 0..<sh {
      for x in 0..<sw {
        let p = image.pixels[(sy0 + y) * image.width + sx0 + x]
        let a = Float(p >> 24) / 255
        src[y * sw + x] = SIMD4(
          Float(p & 0xFF) * a, Float((p >> 8) & 0xFF) * a, Float((p >> 16) & 0xFF) * a, a * 255)
      }
    }
    func at(_ x: Int, _ y: Int) -> SIMD4<Float> { src[min(sh - 1, max(0, y)) * sw + min(sw - 1, max(0, x))] }
    let scale = Float(sh) / Float(th)
    var out = [UInt32](repeating: 0, count: tw * th)
    for y in 0..<th {
      for x in 0..<tw {
        var c = SIMD4<Float>.zero
        if scale > 1 {
          // Area average over the destination pixel's footprint in whole source pixels.
          let x0 = Int(Float(x) * scale)
          let x1 = max(x0 + 1, min(sw, Int(Float(x + 1) * scale)))
          let y0 = Int(Float(y) * scale)
          let y1 = max(y0 + 1, min(sh, Int(Float(y + 1) * scale)))
          for yy in y0..<y1 { for xx in x0..<x1 { c += at(xx, yy) } }
          c /= Float((x1 - x0) * (y1 - y0))
        } else {
          let fx = (Float(x) + 0.5) * scale - 0.5
          let fy = (Float(y) + 0.5) * scale - 0.5
          let ix = Int(fx.rounded(.down))
          let iy = Int(fy.rounded(.down))
          let (ax, ay) = (fx - Float(ix), fy - Float(iy))
          let top = at(ix, iy) * (1 - ax) + at(ix + 1, iy) * ax
          let bottom = at(ix, iy + 1) * (1 - ax) + at(ix + 1, iy + 1) * ax
          c = top * (1 - ay) + bottom * ay
        }
        guard c.w > 0.5 else { continue }
        let inv = 255 / c.w
        func byte(_ v: Float) -> UInt32 { UInt32(max(0, min(255, (v * inv).rounded()))) }
        out[y * tw + x] = byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | UInt32(min(255, c.w.rounded())) << 24
      }
    }
    guard let origin = allocate(tw, th) else { return nil }
    for y in 0..<th {
      for x in 0..<tw { image.pixels[(origin.y + y) * image.width + origin.x + x] = out[y * tw + x] }
    }
    image.bleedTransparentColors(x: origin.x, y: origin.y, width: tw, height: th)
    image.markChanged(PixelRect(x0: origin.x, y0: origin.y, x1: origin.x + tw, y1: origin.y + th))
    let aw = Double(image.width)
    let ah = Double(image.height)
    let r = Glyph(
      uv: Rect(x: Double(origin.x) / aw, y: Double(origin.y) / ah, width: Double(tw) / aw, height: Double(th) / ah),
      width: Double(tw), height: Double(th), advance: g.advance * Double(th) / g.height, offsetX: 0, isColor: g.isColor)
    resampledGlyphs[rkey] = r
    return r
  }

  /// Finds room for a w×h bitmap on a shelf, growing the atlas (and re-normalizing UVs) when full.
  private func allocate(_ w: Int, _ h: Int) -> (x: Int, y: Int)? {
    let pad = 1
    if shelfX + w + pad > image.width {
      shelfX = 0
      shelfY += shelfHeight + pad
      shelfHeight = 0
    }
    if shelfY + h + pad > image.height {
      guard image.height * 2 <= maxSide else {
        // Full at the largest size: start over; glyphs are re-rasterized on demand.
        clear()
        return allocate(w, h)
      }
      grow()
      return allocate(w, h)
    }
    let origin = (x: shelfX, y: shelfY)
    shelfX += w + pad
    shelfHeight = max(shelfHeight, h)
    return origin
  }

  private func grow() {
    epoch += 1
    let old = image
    var bigger = ImageBuffer(width: old.width * 2, height: old.height * 2, smooth: true)
    for y in 0..<old.height {
      for x in 0..<old.width { bigger.pixels[y * bigger.width + x] = old.pixels[y * old.width + x] }
    }
    bigger.generation = old.generation &+ 1
    image = bigger
    for (k, var g) in glyphs {
      g.uv = Rect(x: g.uv.minX / 2, y: g.uv.minY / 2, width: g.uv.width / 2, height: g.uv.height / 2)
      glyphs[k] = g
    }
    for (k, var g) in resampledGlyphs {
      g.uv = Rect(x: g.uv.minX / 2, y: g.uv.minY / 2, width: g.uv.width / 2, height: g.uv.height / 2)
      resampledGlyphs[k] = g
    }
  }

  /// Makes room before a frame's layout starts, so growth never shifts UVs mid-frame.
  public func beginFrame() {
    if Double(shelfY) > Double(image.height) * 0.75 {
      if image.height * 2 <= maxSide { grow() } else { clear() }
    }
  }

  /// Gives every fully transparent texel the color `rgb` and counts it as a new image: a test
  /// hook, since a renderer that blends premultiplied texels must draw the same pixels after.
  func recolorTransparentTexels(_ rgb: UInt32) {
    let gen = image.generation
    for i in image.pixels.indices where image.pixels[i] >> 24 == 0 { image.pixels[i] = rgb & 0x00FF_FFFF }
    image.generation = gen &+ 1
  }

  /// Drops every glyph; used when the atlas is full at its largest size.
  public func clear() {
    epoch += 1
    glyphs.removeAll()
    resampledGlyphs.removeAll()
    exactSizes.removeAll()
    let gen = image.generation
    image = ImageBuffer(width: image.width, height: image.height, smooth: true)
    image.generation = gen &+ 1
    shelfX = 0
    shelfY = 0
    shelfHeight = 0
    reserveWhite()
  }
}
