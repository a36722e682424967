internal import CSDL2
import FoundationEssentials

/// A font file and the face within it (its index in a collection): what the atlas keeps one
/// SDL_ttf font for, and the shaper one HarfBuzz font.
struct FontFile: Hashable {
  var path: String
  var index: Int

  /// Hashes the path by its length, as `FaceKey` does; equality compares the whole path.
  func hash(into hasher: inout Hasher) {
    hasher.combine(path.utf8.count)
    hasher.combine(index)
  }
}

/// Shapes runs of text with HarfBuzz: kerning, mark placement and right-to-left order.
///
/// SDL_ttf 2.20 shapes with HarfBuzz too, but only inside whole-string rendering, which would
/// make a run one bitmap: a clock whose seconds change would then repaint the whole line. Here
/// HarfBuzz places the glyphs and SDL_ttf still rasterizes each one into the atlas, so a changed
/// digit repaints alone. Ligatures are turned off: SDL_ttf renders by character, not by glyph
/// index, so a ligature's glyph could not be drawn.
final class Shaper {
  /// One shaped glyph: the character it draws and where, in pixels.
  struct Placed {
    /// Index of the character in the shaped array.
    var cluster: Int
    /// Pen advance after this glyph.
    var advance: Double
    var offsetX: Double
    var offsetY: Double
  }

  private var fonts: [FontFile: OpaquePointer] = [:]
  private var missing: Set<FontFile> = []
  private let buffer: OpaquePointer?
  private let features: [hb_feature_t]
  private let tabularFeatures: [hb_feature_t]

  init() {
    buffer = hb_buffer_create()
    func parse(_ list: [String]) -> [hb_feature_t] {
      list.compactMap { s in
        var f = hb_feature_t()
        return hb_feature_from_string(s, -1, &f) != 0 ? f : nil
      }
    }
    features = parse(["-liga", "-clig", "-dlig", "-calt", "-rlig"])
    // Tabular digits, and no kerning: a ticking clock's digits and colons must not move.
    tabularFeatures = features + parse(["-kern", "+tnum"])
  }

  deinit {
    for f in fonts.values { hb_font_destroy(f) }
    hb_buffer_destroy(buffer)
  }

  private func font(path: String, index: Int) -> OpaquePointer? {
    let key = FontFile(path: path, index: index)
    if let f = fonts[key] { return f }
    if missing.contains(key) { return nil }
    guard let blob = hb_blob_create_from_file_or_fail(path) else {
      missing.insert(key)
      return nil
    }
    defer { hb_blob_destroy(blob) }
    let face = hb_face_create(blob, UInt32(clamping: index))
    defer { hb_face_destroy(face) }
    guard hb_face_get_glyph_count(face) > 0, let f = hb_font_create(face) else {
      missing.insert(key)
      return nil
    }
    fonts[key] = f
    return f
  }

  /// Shapes `scalars` set in the face at `path` at `pixelSize` pixels per em; nil when
  /// HarfBuzz cannot read the file.
  func shape(_ scalars: [UInt32], path: String, index: Int, pixelSize: Double, tabular: Bool) -> [Placed]? {
    guard !scalars.isEmpty, let buffer, let font = font(path: path, index: index) else { return nil }
    // 26.6 fixed point: positions come back in 1/64 pixel.
    let scale = Int32(max(1, min(4096, pixelSize)) * 64)
    hb_font_set_scale(font, scale, scale)
    hb_buffer_clear_contents(buffer)
    scalars.withUnsafeBufferPointer {
      hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
    }
    hb_buffer_guess_segment_properties(buffer)
    let fs = tabular ? tabularFeatures : features
    fs.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return nil }
    var out: [Placed] = []
    out.reserveCapacity(Int(count))
    for i in 0..<Int(count) {
      let p = positions[i]
      let cluster = Int(infos[i].cluster)
      guard cluster < scalars.count else { continue }
      out.append(
        Placed(
          cluster: cluster, advance: Double(p.x_advance) / 64, offsetX: Double(p.x_offset) / 64,
          offsetY: -Double(p.y_offset) / 64))
    }
    return out
  }

  /// The advance of the character `scalar` alone, in pixels; nil when the face lacks it.
  func advance(of scalar: UInt32, path: String, index: Int, pixelSize: Double) -> Double? {
    guard let font = font(path: path, index: index) else { return nil }
    let scale = Int32(max(1, min(4096, pixelSize)) * 64)
    hb_font_set_scale(font, scale, scale)
    var glyph: hb_codepoint_t = 0
    guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 else { return nil }
    return Double(hb_font_get_glyph_h_advance(font, glyph)) / 64
  }
}
