internal import CSDL2
import FoundationEssentials
import Graphics
import Timeline

/// Finds font files through libfontconfig: by family, weight and slant for a text face, and by
/// character coverage for glyphs that face lacks.
public enum FontLocator {
  /// A font file (and face within it) and what fontconfig says it is.
  public struct Match: Hashable, Sendable {
    public var path: String
    /// The face's index in a collection file (`.ttc`); 0 for single-face files.
    public var index: Int
    public var family: String
    public var style: String
    /// fontconfig's weight: 40 extra-light, 50 light, 80 regular, 200 bold, 210 black.
    public var weight: Int
    /// fontconfig's slant: 0 roman, 100 italic, 110 oblique.
    public var slant: Int
  }

  /// What a text face is asked for: families in order of preference, a weight and a slant.
  public struct Request: Hashable, Sendable {
    public var families: [String]
    public var weight: Int
    public var italic: Bool

    /// Creates a request; `weight` is on fontconfig's scale.
    public init(families: [String], weight: Int = 80, italic: Bool = false) {
      self.families = families
      self.weight = weight
      self.italic = italic
    }
  }

  /// Answers already given, failures included: fontconfig's answers do not change while the
  /// program runs, and a miss would otherwise be asked again every frame.
  nonisolated(unsafe) private static var answers: [Request: Match?] = [:]
  nonisolated(unsafe) private static var fallbacks: [FallbackKey: Match?] = [:]
  private static let lock = Lock()

  private struct FallbackKey: Hashable {
    var request: Request
    var scalar: UInt32
  }

  /// The best installed face for `request`, or nil when fontconfig has no font at all.
  public static func match(_ request: Request) -> Match? {
    lock.withLock {
      if let known = answers[request] { return known }
      let found = ask(request, scalar: nil)
      answers[request] = .some(found)
      return found
    }
  }

  /// A face like `request`'s that has a glyph for `scalar`, or nil when no installed font has.
  public static func fallback(for scalar: UInt32, like request: Request) -> Match? {
    let key = FallbackKey(request: request, scalar: scalar)
    return lock.withLock {
      if let known = fallbacks[key] { return known }
      let found = ask(request, scalar: scalar)
      fallbacks[key] = .some(found)
      return found
    }
  }

  /// How many distinct requests and fallbacks have been put to fontconfig.
  public static var questionsAsked: Int { lock.withLock { answers.count + fallbacks.count } }

  /// The request for a text face of `font`'s weight, design and slant.
  ///
  /// DejaVu comes first so the scenes look the same on every machine that follows the README;
  /// the generic family after it lets fontconfig substitute where DejaVu is missing. `.rounded`
  /// asks for the rounded families commonly packaged before settling for DejaVu Sans. A font
  /// with a `family` asks for that family first.
  public static func request(for font: Font) -> Request {
    var families: [String] =
      switch font.design {
      case .monospaced: ["DejaVu Sans Mono", "monospace"]
      case .serif: ["DejaVu Serif", "serif"]
      case .rounded: ["Nunito", "Varela Round", "M PLUS Rounded 1c", "Comfortaa", "DejaVu Sans", "sans-serif"]
      case .default: ["DejaVu Sans", "sans-serif"]
      }
    if let family = font.family { families.insert(family, at: 0) }
    return Request(families: families, weight: fontconfigWeight(font.weight), italic: font.isItalic)
  }

  /// SwiftUI's weights on fontconfig's scale (`FC_WEIGHT_*`).
  public static func fontconfigWeight(_ w: Font.Weight) -> Int {
    switch w {
    case .ultraLight: 40
    case .thin: 45
    case .light: 50
    case .regular: 80
    case .medium: 100
    case .semibold: 180
    case .bold: 200
    case .heavy: 205
    case .black: 210
    }
  }

  /// Finds the color emoji font; nil when fontconfig only offers a substitute.
  public static func emojiFont() -> Match? {
    guard let m = match(Request(families: ["Noto Color Emoji"])),
      m.family.lowercased().contains("emoji")
    else { return nil }
    return m
  }

  /// One question to fontconfig; the caller holds `lock`.
  /// Families that draw icons, not text (`Image(systemName:)`'s).
  static let iconFamilies: Set<String> = ["Material Icons"]

  private static func ask(_ request: Request, scalar: UInt32?) -> Match? {
    guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    for family in request.families {
      _ = family.withCString {
        FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
      }
    }
    FcPatternAddInteger(pattern, FC_WEIGHT, Int32(request.weight))
    FcPatternAddInteger(pattern, FC_SLANT, request.italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
    var wanted: OpaquePointer?
    if let scalar {
      // Coverage outranks family in fontconfig's matching order, so this finds the nearest
      // face that has the character.
      wanted = FcCharSetCreate()
      FcCharSetAddChar(wanted, scalar)
      FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
    }
    defer { if let wanted { FcCharSetDestroy(wanted) } }
    FcPatternAddBool(pattern, FC_SCALABLE, 1)
    guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let found = FcFontMatch(nil, pattern, &result), result == FcResultMatch else { return nil }
    defer { FcPatternDestroy(found) }
    if let scalar {
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(found, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        FcCharSetHasChar(charset, scalar) != 0
      else { return nil }
    }
    func string(_ object: String) -> String? {
      var value: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(found, object, 0, &value) == FcResultMatch, let value else { return nil }
      return String(cString: value)
    }
    func integer(_ object: String) -> Int? {
      var value: Int32 = 0
      return FcPatternGetInteger(found, object, 0, &value) == FcResultMatch ? Int(value) : nil
    }
    guard let path = string(FC_FILE), FileManager.default.fileExists(atPath: path) else { return nil }
    // An icon font is asked for by name only: its letters and private-use code points are
    // ligatures and pictures, never the fallback for a character of text.
    if scalar != nil, let family = string(FC_FAMILY), iconFamilies.contains(family) { return nil }
    return Match(
      path: path, index: integer(FC_INDEX) ?? 0, family: string(FC_FAMILY) ?? "", style: string(FC_STYLE) ?? "",
      weight: integer(FC_WEIGHT) ?? 80, slant: integer(FC_SLANT) ?? 0)
  }
}
