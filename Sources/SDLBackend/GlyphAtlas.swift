internal import CSDL2
import FoundationEssentials
import Graphics
import Raster

/// Rasterizes glyphs once with SDL_ttf and packs them into one RGBA atlas image.
///
/// Text is drawn as textured quads into that single atlas, so a frame's text merges into few
/// draw commands and no texture is created per frame. Monochrome glyphs are stored white and
/// tinted by vertex color; color emoji keep their own colors. Noto Color Emoji is a bitmap
/// font with a single 109 px strike, so emoji are rasterized at that size and scaled.
///
/// The atlas owns the image and what is in it; `FontFaceCache` finds and opens faces,
/// `GlyphRasterizer` draws each glyph's bitmap, `ShelfPacker` places it, and the layout of a
/// line is in `GlyphAtlas+Layout.swift`.
public final class GlyphAtlas: TextEngine {
  /// The CPU copy of the atlas; the renderer uploads it when `image.generation` changes.
  public private(set) var image: ImageBuffer
  /// Glyphs rasterized since creation; a steady scene stops adding to it.
  public private(set) var rasterizedGlyphs = 0
  /// Warnings raised while finding fonts, for the caller to show once.
  public private(set) var warnings: [String] = []

  /// A glyph of one face at one size.
  struct GlyphKey: Hashable {
    var face: FaceKey
    var scalar: UInt32
  }
  /// A glyph in the atlas, with its metrics in pixels of its rasterization.
  struct Glyph {
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

  let fontFaces = FontFaceCache()
  /// Which sizes are rasterized exactly and which are quantized.
  var sizes = GlyphSizeBudget()
  var runCache = GlyphRunCache()
  /// Each face's glyphs, found once per run of text set in it rather than hashed per glyph.
  private var faces: [FaceKey: FaceGlyphs] = [:]
  /// Whether `clear` emptied the tables since the last `beginFrame`.
  private var clearedSinceFrameBegan = false
  /// Places glyphs: kerning and marks.
  let shaper = Shaper()
  let emojiPath: String?
  static let emojiStrike = 109
  private var packer = ShelfPacker()
  private let maxSide = 2048

  /// Bumped whenever glyphs move or are dropped (growth, clearing): a glyph quad's pixels
  /// then depend on more than its own vertices.
  public private(set) var epoch = 0

  /// See `TextEngine.layoutEpoch`: the same as `epoch`.
  public var layoutEpoch: Int { epoch }
  /// See `TextEngine.atlasImage`: the atlas's pixels as the renderers upload them.
  public var atlasImage: ImageBuffer? { image }

  /// How many exact sizes a font file gets before further sizes are quantized.
  static var exactSizeBudget: Int { GlyphSizeBudget.exactSizesPerFile }

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
    if fontFaces.face(for: Graphics.Font(size: 12)) == nil {
      warnings.append("no text font found through fontconfig (install fonts-dejavu-core); text is not drawn")
    }
  }

  /// SDL_ttf fonts open now: one per font file, whatever the sizes asked for.
  public var openFonts: Int { fontFaces.openFonts }

  /// Glyphs held now (each rasterization, resampled copies included).
  public var glyphCount: Int { faces.values.reduce(resampledGlyphs.count) { $0 + $1.count } }
  /// The atlas image's side lengths.
  public var pixelSize: (width: Int, height: Int) { (image.width, image.height) }

  /// Whether a color emoji font was found.
  public var hasEmojiFont: Bool { emojiPath != nil }

  private func reserveWhite() {
    for y in 0..<2 { for x in 0..<2 { image.pixels[y * image.width + x] = 0xFFFF_FFFF } }
    packer = ShelfPacker(reservingWidth: 4, height: 2)
  }

  /// The glyph for `key`, rasterized into the atlas the first time it is asked for.
  func glyph(_ key: GlyphKey, color: Bool) -> Glyph? {
    glyph(key.scalar, of: key.face, in: glyphs(of: key.face), color: color)
  }

  /// The table of `face`'s glyphs, made empty the first time the face is asked for.
  func glyphs(of face: FaceKey) -> FaceGlyphs {
    if let t = faces[face] { return t }
    let t = FaceGlyphs()
    faces[face] = t
    return t
  }

  /// The glyph for `scalar` from `face`, whose table is `table`, rasterized into the atlas the
  /// first time it is asked for.
  func glyph(_ scalar: UInt32, of face: FaceKey, in table: FaceGlyphs, color: Bool) -> Glyph? {
    if let g = table[scalar] { return g }
    // Through `FontFaceCache.open`, which sets the font to this glyph's size: another size of the same file
    // may have been asked for since the caller opened it.
    guard let font = fontFaces.open(face),
      let raster = GlyphRasterizer.rasterize(scalar, font: font, color: color)
    else { return nil }
    guard let bitmap = raster.bitmap else {
      let g = Glyph(uv: .zero, width: 0, height: 0, advance: Double(raster.advance), offsetX: 0, isColor: color)
      table[scalar] = g
      return g
    }
    let (w, h) = (bitmap.width, bitmap.height)
    guard let origin = allocate(w, h) else { return nil }
    let atlasWidth = image.width
    bitmap.pixels.withUnsafeBufferPointer { src in
      image.pixels.withUnsafeMutableBufferPointer { dst in
        for row in 0..<h {
          for col in 0..<w { dst[(origin.y + row) * atlasWidth + origin.x + col] = src[row * w + col] }
        }
      }
    }
    // Only this glyph's cell changed: a renderer re-converts just that much of the atlas.
    image.markChanged(PixelRect(x0: origin.x, y0: origin.y, x1: origin.x + w, y1: origin.y + h))
    rasterizedGlyphs += 1
    let aw = Double(image.width)
    let ah = Double(image.height)
    let g = Glyph(
      uv: Rect(x: Double(origin.x) / aw, y: Double(origin.y) / ah, width: Double(w) / aw, height: Double(h) / ah),
      width: Double(w), height: Double(h), advance: Double(raster.advance), offsetX: Double(min(0, raster.minX)),
      isColor: color, content: raster.content)
    table[scalar] = g
    return g
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
  func resampled(_ key: GlyphKey, _ g: Glyph, height th: Int) -> Glyph? {
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
    func put(_ x: Int, _ y: Int, _ c: SIMD4<Float>) {
      guard c.w > 0.5 else { return }
      let inv = 255 / c.w
      func byte(_ v: Float) -> UInt32 { UInt32(max(0, min(255, (v * inv).rounded()))) }
      out[y * tw + x] = byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | UInt32(min(255, c.w.rounded())) << 24
    }
    if scale > 1 {
      // The area filter, over each pixel's footprint in whole source pixels at the one scale
      // both ways (the width follows the height).
      func footprint(_ i: Int, _ length: Int) -> Range<Int> {
        let start = Int(Float(i) * scale)
        return start..<max(start + 1, min(length, Int(Float(i + 1) * scale)))
      }
      AreaFilter.average(
        width: tw, height: th, columns: { footprint($0, sw) }, rows: { footprint($0, sh) }, zero: SIMD4<Float>.zero,
        add: { $0 += at($1, $2) }, store: { x, y, sum, count in put(x, y, sum / Float(count)) })
    } else {
      for y in 0..<th {
        for x in 0..<tw {
          let fx = (Float(x) + 0.5) * scale - 0.5
          let fy = (Float(y) + 0.5) * scale - 0.5
          let ix = Int(fx.rounded(.down))
          let iy = Int(fy.rounded(.down))
          let (ax, ay) = (fx - Float(ix), fy - Float(iy))
          let top = at(ix, iy) * (1 - ax) + at(ix + 1, iy) * ax
          let bottom = at(ix, iy + 1) * (1 - ax) + at(ix + 1, iy + 1) * ax
          put(x, y, top * (1 - ay) + bottom * ay)
        }
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
    if let origin = packer.place(w, h, width: image.width, height: image.height) { return origin }
    guard image.height * 2 <= maxSide else {
      // Full at the largest size: start over; glyphs are re-rasterized on demand.
      clear()
      return allocate(w, h)
    }
    grow()
    return allocate(w, h)
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
    for t in faces.values { t.halveUVs() }
    for (k, var g) in resampledGlyphs {
      g.uv = Rect(x: g.uv.minX / 2, y: g.uv.minY / 2, width: g.uv.width / 2, height: g.uv.height / 2)
      resampledGlyphs[k] = g
    }
  }

  /// Makes room before a frame's layout starts, so growth never shifts UVs mid-frame.
  public func beginFrame() {
    // Tables a clear emptied go now, when no layout holds one: text whose size animates would
    // otherwise leave a table behind for every size it passed through.
    if clearedSinceFrameBegan {
      faces = faces.filter { $0.value.count > 0 }
      clearedSinceFrameBegan = false
    }
    if Double(packer.shelfY) > Double(image.height) * 0.75 {
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
    // Emptied in place: a layout under way holds its face's table. `beginFrame` drops them.
    for t in faces.values { t.removeGlyphs() }
    clearedSinceFrameBegan = true
    resampledGlyphs.removeAll()
    sizes.refill()
    let gen = image.generation
    image = ImageBuffer(width: image.width, height: image.height, smooth: true)
    image.generation = gen &+ 1
    reserveWhite()
  }
}
