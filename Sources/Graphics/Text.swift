import FoundationEssentials
import Synchronization

/// How a run of text should look; SwiftUI's `Font`, reduced to what the backend can honor.
public struct Font: Hashable, Sendable {
  /// Stroke weight, mapped to the nearest face fontconfig finds.
  public enum Weight: Int, Hashable, Sendable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
  }

  /// The family style; `.monospaced` picks a fixed-pitch face.
  public enum Design: Hashable, Sendable {
    case `default`, rounded, monospaced, serif
  }

  public var size: Double
  public var weight: Weight
  public var design: Design
  /// Whether every digit advances by the same width, so a ticking clock does not jitter.
  public var usesMonospacedDigits: Bool
  /// Whether the italic (or, failing that, oblique) face is wanted.
  public var isItalic = false
  /// A font family asked for by name before the design's own families; nil for a system font.
  public var family: String? {
    get { familyID == 0 ? nil : FontFamilies.name(familyID) }
    set { familyID = newValue.map(FontFamilies.id) ?? 0 }
  }
  /// The family as a number (0 for none), so fonts stay small and cheap to copy and hash.
  private var familyID: UInt32 = 0
  /// Extra space after each character, in points (SwiftUI's `tracking(_:)` and `kerning(_:)`).
  public var tracking = 0.0

  /// Creates a font description.
  public init(size: Double, weight: Weight = .regular, design: Design = .default, monospacedDigit: Bool = false) {
    self.size = size
    self.weight = weight
    self.design = design
    self.usesMonospacedDigits = monospacedDigit
  }

  /// A system font of the given size, as SwiftUI's `.system(size:weight:design:)`.
  public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
    Font(size: size, weight: weight, design: design)
  }

  /// A font of the family named `name`, as SwiftUI's `Font.custom(_:size:)`; fontconfig
  /// substitutes the system font when no installed family has that name.
  public static func custom(_ name: String, size: Double) -> Font {
    var f = Font(size: size)
    f.family = name
    return f
  }

  /// The same font, italic, as SwiftUI's `Font.italic()`.
  public func italic() -> Font {
    var f = self
    f.isItalic = true
    return f
  }

  /// The same font with another weight, as SwiftUI's `Font.weight(_:)`.
  public func weight(_ weight: Weight) -> Font {
    var f = self
    f.weight = weight
    return f
  }

  /// The same font with tabular digits.
  public func monospacedDigit() -> Font {
    var f = self
    f.usesMonospacedDigits = true
    return f
  }

  /// The bold face of this font.
  public func bold() -> Font { weight(.bold) }

  // SwiftUI's text styles at iOS's default sizes.
  public static let largeTitle = Font(size: 34)
  public static let title = Font(size: 28)
  public static let title2 = Font(size: 22)
  public static let title3 = Font(size: 20)
  public static let headline = Font(size: 17, weight: .semibold)
  public static let body = Font(size: 17)
  public static let callout = Font(size: 16)
  public static let subheadline = Font(size: 15)
  public static let footnote = Font(size: 13)
  public static let caption = Font(size: 12)
  public static let caption2 = Font(size: 11)
}

/// One glyph placed in a run, in the run's pixel coordinates at the requested scale.
public struct PositionedGlyph: Hashable, Sendable {
  /// Where the glyph's bitmap goes, relative to the run's top-left, in pixels.
  public var rect: Rect
  /// The glyph's bitmap in the atlas, in normalized texture coordinates.
  public var uv: Rect
  /// Whether the bitmap carries its own colors (emoji) and must not be tinted.
  public var isColor: Bool
  /// The part of `rect` (and of `uv`) worth drawing, as fractions of it: an emoji's visible
  /// pixels and a transparent border. Drawing is cut to it after the glyph is placed and
  /// snapped, so the pixels are the whole glyph's.
  public var visible: Rect

  /// Creates a placed glyph.
  public init(rect: Rect, uv: Rect, isColor: Bool, visible: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) {
    self.rect = rect
    self.uv = uv
    self.isColor = isColor
    self.visible = visible
  }
}

/// A laid-out line of text.
public struct GlyphRun: Hashable, Sendable {
  public var glyphs: [PositionedGlyph]
  /// The run's extent in pixels: total advance by line height.
  public var size: Size

  /// Creates a run.
  public init(glyphs: [PositionedGlyph], size: Size) {
    self.glyphs = glyphs
    self.size = size
  }
}

/// Turns strings into glyph runs backed by a texture atlas; the SDL backend implements it.
public protocol TextEngine: AnyObject {
  /// Lays out one line of `text` at `pixelSize` pixels per em.
  func layout(_ text: String, font: Font, pixelSize: Double) -> GlyphRun
  /// Changes whenever glyphs already laid out move in the atlas (it grew or was cleared), so
  /// quads kept from an earlier frame no longer point at them.
  var layoutEpoch: Int { get }
  /// The glyph atlas the runs' quads sample, for drawing them into a layer on the CPU; nil
  /// for an engine without glyphs.
  var atlasImage: ImageBuffer? { get }
}

extension TextEngine {
  /// Glyphs that never move: an engine without an atlas.
  public var layoutEpoch: Int { 0 }
  /// No atlas: an engine without glyph bitmaps.
  public var atlasImage: ImageBuffer? { nil }
}

/// A deterministic text engine without glyphs, for layout tests and tools with no renderer.
///
/// Every character advances 0.6 em (plus the font's tracking) and lines are 1.2 em tall, so
/// sizes are easy to predict.
public final class FixedAdvanceTextEngine: TextEngine {
  /// Creates the engine.
  public init() {}

  /// Lays out `text` with fixed advances and no glyph bitmaps.
  public func layout(_ text: String, font: Font, pixelSize: Double) -> GlyphRun {
    GlyphRun(
      glyphs: [],
      size: Size(
        width: Double(text.unicodeScalars.filter { $0.value != 0xFE0F }.count)
          * (0.6 * pixelSize + font.tracking * pixelSize / max(font.size, 1e-6)),
        height: 1.2 * pixelSize))
  }
}

/// The family names fonts have asked for, numbered from 1 in the order first seen.
enum FontFamilies {
  private struct Table {
    var names: [String] = []
    var ids: [String: UInt32] = [:]
  }
  private static let table = Mutex(Table())

  /// The number of `name`, given one on first sight.
  static func id(_ name: String) -> UInt32 {
    table.withLock { t in
      if let known = t.ids[name] { return known }
      t.names.append(name)
      let id = UInt32(t.names.count)
      t.ids[name] = id
      return id
    }
  }

  /// The name numbered `id`.
  static func name(_ id: UInt32) -> String { table.withLock { $0.names[Int(id) - 1] } }
}
