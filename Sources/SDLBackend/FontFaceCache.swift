internal import CSDL2
import Graphics

/// Finds the face fontconfig matches for a font and keeps one SDL_ttf font open per font file.
///
/// One SDL_ttf font per file, resized on demand: every `TTF_Font` is a FreeType face with its
/// own tables and a HarfBuzz font, about half a megabyte for DejaVu, and text at dozens of sizes
/// (animated, in the grid, resized windows) would otherwise hold dozens of them open. The atlas
/// keeps the glyphs, so resizing only costs when a new glyph is rasterized.
final class FontFaceCache {
  private var fonts: [FontFile: OpaquePointer] = [:]
  /// The pixel size each open font is set to now.
  private var fontSizes: [FontFile: Int] = [:]
  /// Each request's face, or nil once fontconfig has no answer for it.
  private var faces: [FontLocator.Request: FontLocator.Match?] = [:]

  deinit {
    for f in fonts.values { TTF_CloseFont(f) }
  }

  /// SDL_ttf fonts open now: one per font file, whatever the sizes asked for.
  var openFonts: Int { fonts.count }

  /// The face fontconfig matched for `font`'s family, weight and slant; nil when there is
  /// no text font at all (remembered, so a machine without fonts does not ask every frame).
  func face(for font: Graphics.Font) -> FontLocator.Match? {
    if let known = byFont[font] { return known }
    let request = FontLocator.request(for: font)
    let m: FontLocator.Match?
    if let known = faces[request] {
      m = known
    } else {
      m = FontLocator.match(request) ?? FontLocator.match(FontLocator.Request(families: ["sans-serif"]))
      faces[request] = .some(m)
    }
    if byFont.count >= Self.maxFonts { byFont.removeAll(keepingCapacity: true) }
    byFont[font] = .some(m)
    return m
  }

  /// Each font's face, found without building its request: an array of family names to
  /// make and hash for every run of text laid out.
  private var byFont: [Graphics.Font: FontLocator.Match?] = [:]
  /// Fonts differ by size too, so text whose size animates would add one a frame: past this
  /// many, `byFont` starts over.
  private static let maxFonts = 256

  /// The font for `key`, set to its pixel size.
  func open(_ key: FaceKey) -> OpaquePointer? {
    // Every size change goes through here, so the last face opened is still set to its size.
    if let lastOpened, lastOpened.key == key { return lastOpened.font }
    guard let font = openUncached(key) else { return nil }
    lastOpened = (key, font)
    return font
  }

  /// The face `open` returned last: a run of text opens the same one for each of its glyphs'
  /// lookups and metrics, which cost two hashed look-ups each.
  private var lastOpened: (key: FaceKey, font: OpaquePointer)?

  private func openUncached(_ key: FaceKey) -> OpaquePointer? {
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
}

/// A face at one pixel size: what a glyph is rasterized from.
struct FaceKey: Hashable {
  var path: String
  var pixels: Int
  var index = 0

  /// Hashes the path by its length: a process opens a handful of font files, and a key is
  /// hashed for every character laid out, where hashing the whole path was a tenth of a
  /// text-heavy frame. Equality still compares the whole path.
  func hash(into hasher: inout Hasher) {
    hasher.combine(path.utf8.count)
    hasher.combine(pixels)
    hasher.combine(index)
  }
}
