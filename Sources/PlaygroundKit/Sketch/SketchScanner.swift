/// A view a sketch offers: a `#Preview` or a top-level type conforming to `View`.
struct SketchCandidate: Equatable {
  enum Kind: Equatable { case preview, type, scene }
  var kind: Kind
  /// What `--view` takes: the type's name, the preview's title, or `#Preview@LINE`.
  var name: String
  var file: String
  var line: Int
  /// The Swift expression that makes the view from `context` (a `SceneContext`), in the
  /// generated entry file.
  var expression: String
}

/// Reads sketch files the way the compiler will see them, without a parser: strings and
/// comments are skipped, braces counted, and only declarations at the top level looked at.
///
/// It finds the candidates in declaration order and gives each file's text as compiled:
/// `import SwiftUI` reads as `import TimelinePlayground`, and each `#Preview { … }` becomes a
/// function whose body is the preview's, so published files keep their previews. Every line
/// stays where it was, so the compiler's line numbers are the file's.
struct SketchScanner {
  private let bytes: [UInt8]
  private let file: String
  private let fileIndex: Int
  private var i = 0
  private var line = 1
  private var depth = 0
  private(set) var candidates: [SketchCandidate] = []
  /// Replacements, in order: byte range and the text to put there.
  private var edits: [(Range<Int>, String)] = []

  /// Scans one file's text; `fileIndex` tells apart previews of a folder's files.
  init(text: String, file: String, fileIndex: Int) {
    bytes = Array(text.utf8)
    self.file = file
    self.fileIndex = fileIndex
    scan()
  }

  /// The text as the compiler gets it.
  var compiledText: String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 64 * edits.count)
    var at = 0
    for (range, text) in edits {
      out += bytes[at..<range.lowerBound]
      out += Array(text.utf8)
      at = range.upperBound
    }
    out += bytes[at...]
    return String(decoding: out, as: UTF8.self)
  }

  private func byte(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

  private static func isIdentifier(_ c: UInt8) -> Bool {
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 95 || c >= 0x80
  }

  private mutating func scan() {
    while i < bytes.count {
      let c = bytes[i]
      switch c {
      case 10:
        line += 1
        i += 1
      case 47 where byte(i + 1) == 47: skipLineComment()
      case 47 where byte(i + 1) == 42: skipBlockComment()
      case 34: skipString(hashes: 0)
      case 35 where byte(i + 1) == 35 || byte(i + 1) == 34:
        var hashes = 0
        while byte(i + hashes) == 35 { hashes += 1 }
        if byte(i + hashes) == 34 {
          i += hashes
          skipString(hashes: hashes)
        } else {
          i += hashes
        }
      case 35 where depth == 0 && word(at: i + 1) == "Preview": preview()
      case 123:
        depth += 1
        i += 1
      case 125:
        depth = max(0, depth - 1)
        i += 1
      default:
        guard Self.isIdentifier(c) else {
          i += 1
          break
        }
        let w = readWord()
        guard depth == 0 else { break }
        switch w {
        case "struct", "class", "enum", "actor", "extension": declaration()
        case "import": importDeclaration()
        default: break
        }
      }
    }
  }

  private func word(at k: Int) -> String {
    var e = k
    while e < bytes.count, Self.isIdentifier(bytes[e]) { e += 1 }
    return String(decoding: bytes[k..<e], as: UTF8.self)
  }

  private mutating func readWord() -> String {
    let w = word(at: i)
    i += max(1, w.utf8.count)
    return w
  }

  private mutating func skipSpaces() {
    while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 { i += 1 }
  }

  private mutating func skipLineComment() {
    while i < bytes.count, bytes[i] != 10 { i += 1 }
  }

  private mutating func skipBlockComment() {
    var nesting = 0
    while i < bytes.count {
      if bytes[i] == 47, byte(i + 1) == 42 {
        nesting += 1
        i += 2
      } else if bytes[i] == 42, byte(i + 1) == 47 {
        nesting -= 1
        i += 2
        if nesting == 0 { return }
      } else {
        if bytes[i] == 10 { line += 1 }
        i += 1
      }
    }
  }

  /// Skips a string literal starting at its opening quote (after any `#`s), with
  /// interpolations, which may hold strings of their own.
  private mutating func skipString(hashes: Int) {
    let multiline = byte(i + 1) == 34 && byte(i + 2) == 34
    i += multiline ? 3 : 1
    while i < bytes.count {
      let c = bytes[i]
      if c == 10 {
        line += 1
        if !multiline { return }
        i += 1
      } else if c == 92 && (0..<hashes).allSatisfy({ byte(i + 1 + $0) == 35 }) {
        i += 1 + hashes
        if byte(i) == 40 {
          i += 1
          skipInterpolation()
        } else {
          i += 1
        }
      } else if c == 34 && (!multiline || (byte(i + 1) == 34 && byte(i + 2) == 34))
        && (0..<hashes).allSatisfy({ byte(i + (multiline ? 3 : 1) + $0) == 35 })
      {
        i += (multiline ? 3 : 1) + hashes
        return
      } else {
        i += 1
      }
    }
  }

  /// Skips an interpolation's expression up to its closing parenthesis.
  private mutating func skipInterpolation() {
    var parens = 1
    while i < bytes.count, parens > 0 {
      switch bytes[i] {
      case 40:
        parens += 1
        i += 1
      case 41:
        parens -= 1
        i += 1
      case 34: skipString(hashes: 0)
      case 10:
        line += 1
        i += 1
      default: i += 1
      }
    }
  }

  /// `import SwiftUI` compiles as `import TimelinePlayground`, and `import Combine` as
  /// `import OpenCombine` (Combine's API, which TimelinePlayground also re-exports).
  private mutating func importDeclaration() {
    skipSpaces()
    let start = i
    switch readWord() {
    case "SwiftUI": edits.append((start..<i, "TimelinePlayground"))
    case "Combine": edits.append((start..<i, "OpenCombine"))
    default: break
    }
  }

  /// A type declaration or extension at the top level: a candidate when it conforms to
  /// `View` and is not generic (it must be made with no arguments).
  private mutating func declaration() {
    let declLine = line
    skipSpaces()
    let nameStart = i
    while i < bytes.count, Self.isIdentifier(bytes[i]) || bytes[i] == 46 { i += 1 }
    let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
    guard !name.isEmpty, let brace = bytes[i...].firstIndex(of: 123) else { return }
    let header = String(decoding: bytes[i..<brace], as: UTF8.self)
    guard !header.hasPrefix("<"), let colon = header.firstIndex(of: ":") else { return }
    var inherited = String(header[header.index(after: colon)...])
    if let whereRange = inherited.firstRange(of: " where ") { inherited = String(inherited[..<whereRange.lowerBound]) }
    let conformances = inherited.split(separator: ",").map { $0.trimmed().split(separator: ".").last ?? "" }
    if conformances.contains("View") {
      candidates.append(
        SketchCandidate(kind: .type, name: name, file: file, line: declLine, expression: "AnyView(\(name)())"))
    } else if conformances.contains("PlaygroundScene") {
      candidates.append(
        SketchCandidate(
          kind: .scene, name: name, file: file, line: declLine, expression: "AnyView(\(name)().body(context))"))
    }
  }

  /// `#Preview("Title") { … }`: a candidate named by its title (or `#Preview@LINE`), and a
  /// function in the compiled text.
  private mutating func preview() {
    let start = i
    let previewLine = line
    i += 8
    var title: String?
    skipSpacesAndNewlines()
    if byte(i) == 40 {
      i += 1
      skipSpacesAndNewlines()
      if byte(i) == 34 {
        let open = i + 1
        skipString(hashes: 0)
        title = String(decoding: bytes[open..<max(open, i - 1)], as: UTF8.self)
      }
      var parens = 1
      while i < bytes.count, parens > 0 {
        switch bytes[i] {
        case 40: parens += 1
        case 41: parens -= 1
        case 10: line += 1
        case 34:
          skipString(hashes: 0)
          continue
        default: break
        }
        i += 1
      }
      skipSpacesAndNewlines()
    }
    guard byte(i) == 123 else { return }
    let function = "__playgroundPreview_\(fileIndex)_\(previewLine)"
    let newlines = bytes[start..<i].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    edits.append(
      (start..<i, "@ViewBuilder func \(function)() -> some View " + String(repeating: "\n", count: newlines)))
    candidates.append(
      SketchCandidate(
        kind: .preview, name: title ?? "#Preview@\(previewLine)", file: file, line: previewLine,
        expression: "AnyView(\(function)())"))
  }

  private mutating func skipSpacesAndNewlines() {
    while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 {
      if bytes[i] == 10 { line += 1 }
      i += 1
    }
  }
}
