import SceneGraph

/// The scenes' parameter files (in `Assets/params/`) and how each is checked.
public enum SceneParameterFiles {
  /// Checks that decode a file and test its values; a thrown `Problem` names what is wrong.
  static let checks: [String: @Sendable (Data) throws -> Void] = [
    "metronome.json": { data in
      let p = try JSONDecoder().decode(MetronomeScene.Parameters.self, from: data)
      guard p.bpm.isFinite, MetronomeScene.bpmRange.contains(p.bpm) else {
        throw Problem(key: "bpm", message: "must be between 20 and 300, got \(p.bpm)")
      }
      guard (1...16).contains(p.beatsPerBar) else {
        throw Problem(key: "beatsPerBar", message: "must be between 1 and 16, got \(p.beatsPerBar)")
      }
    },
    "quips.json": { data in
      let p = try JSONDecoder().decode(QuipsScene.Parameters.self, from: data)
      guard !p.sentences.isEmpty else { throw Problem(key: "sentences", message: "needs at least one sentence") }
    },
    "world-clock.json": { data in
      let p = try JSONDecoder().decode(WorldClockScene.Parameters.self, from: data)
      guard !p.zones.isEmpty else { throw Problem(key: "zones", message: "needs at least one zone") }
      for z in p.zones where ZoneInfo(identifier: z.identifier) == nil {
        throw Problem(key: z.identifier, message: "is not a time zone this system knows")
      }
    },
    "mesh-gradient.json": { data in
      let p = try JSONDecoder().decode(MeshGradientScene.Parameters.self, from: data)
      guard p.colors.count == 9 else {
        throw Problem(key: "colors", message: "needs 9 colors (3×3, row by row), got \(p.colors.count)")
      }
      for c in p.colors where Color(hexString: c) == nil {
        throw Problem(key: c, message: "is not a color; write #RRGGBB")
      }
      guard p.points.count == 9 else {
        throw Problem(key: "points", message: "needs 9 [x, y] pairs (3×3, row by row), got \(p.points.count)")
      }
      for (i, pt) in p.points.enumerated()
      where pt.count != 2 || !pt.allSatisfy({ $0.isFinite && (0...1).contains($0) }) {
        throw Problem(key: "points", message: "[\(i)] must be [x, y] with both in 0…1")
      }
      guard p.drift.isFinite, (0...0.5).contains(p.drift) else {
        throw Problem(key: "drift", message: "must be between 0 and 0.5, got \(p.drift)")
      }
    },
    "emoji-wave.json": { data in
      let p = try JSONDecoder().decode(EmojiWave.Parameters.self, from: data)
      guard (1...5).contains(p.emoji.count), !p.emoji.contains(where: \.isEmpty) else {
        throw Problem(key: "emoji", message: "needs one to five non-empty strings")
      }
      guard (2...64).contains(p.keyframes.count) else {
        throw Problem(
          key: "keyframes", message: "needs 2 to 64 rows (the initial pose first), got \(p.keyframes.count)")
      }
      for (i, row) in p.keyframes.enumerated() {
        guard EmojiWave.curves[row.curve] != nil else {
          throw Problem(key: row.curve, message: "is not a curve; write none, linear, easeIn, easeOut or easeInOut")
        }
        // Row 0 is the resting pose; every later row is a segment the cyclic schedule waits for.
        guard row.offset.isFinite, (i == 0 ? 0...10 : 0.01...10).contains(row.offset) else {
          throw Problem(
            key: "offset", message: "of row \(i) must be between 0.01 and 10 seconds, got \(row.offset)", occurrence: i)
        }
        let pose = [row.rotation, row.yScale, row.y]
        guard pose.allSatisfy({ $0.isFinite && abs($0) <= 10_000 }) else {
          throw Problem(
            key: "rotation", message: "of row \(i): a pose value is not a number within ±10000", occurrence: i)
        }
      }
    },
    "visualizer.json": { data in
      let p = try JSONDecoder().decode(Visualizer.Parameters.self, from: data)
      guard (1...64).contains(p.barCount) else {
        throw Problem(key: "barCount", message: "must be between 1 and 64, got \(p.barCount)")
      }
      for c in p.colors where Color(hexString: c) == nil {
        throw Problem(key: c, message: "is not a color; write #RRGGBB")
      }
    },
  ]

  /// The file names, sorted.
  public static var names: [String] { checks.keys.sorted() }

  /// What is wrong with `data` as the file `name`, as `line: what`, or nil when it is usable.
  public static func problem(in data: Data, file name: String) -> String? {
    guard let check = checks[name] else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    do {
      try check(data)
      return nil
    } catch let p as Problem {
      return "\(line(of: p.key, in: text, occurrence: p.occurrence)): \(p.key) \(p.message)"
    } catch let DecodingError.dataCorrupted(context) {
      // The parser's own message says where ("… around line 3, column 17").
      if let e = JSONSyntax.firstError(in: [UInt8](data)) {
        return "\(e.line): not valid JSON (\(e.message) at line \(e.line), column \(e.column))"
      }
      let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      return "\(syntaxLine(detail, in: data) ?? 1): not valid JSON (\(oneLine(detail)))"
    } catch let DecodingError.keyNotFound(key, context) {
      let parent = context.codingPath.last?.stringValue
      return "\(parent.map { line(of: $0, in: text) } ?? 1): missing \"\(key.stringValue)\""
    } catch let DecodingError.typeMismatch(type, context), let DecodingError.valueNotFound(type, context) {
      let key = context.codingPath.last { $0.intValue == nil }?.stringValue ?? "value"
      // In a table, the row's index says which appearance of the key is meant.
      let row = context.codingPath.last { $0.intValue != nil }?.intValue ?? 0
      return "\(line(of: key, in: text, occurrence: row)): \(path(context.codingPath)) should be \(describe(type))"
    } catch {
      return "1: \(oneLine("\(error)"))"
    }
  }

  struct Problem: Error {
    let key: String
    let message: String
    /// Which appearance of `key` the problem is about (the row of a table), counting from 0.
    var occurrence = 0
  }

  /// The line on which `"key"` (or the value) appears for the `occurrence`-th time, or the
  /// first time, or 1 when it cannot be found.
  static func line(of key: String, in text: String, occurrence: Int = 0) -> Int {
    func find(_ needle: String) -> Range<String.Index>? {
      var from = text.startIndex
      var found: Range<String.Index>?
      for _ in 0...max(0, occurrence) {
        guard let r = text[from...].firstRange(of: needle) else { break }
        found = r
        from = r.upperBound
      }
      return found
    }
    guard let r = find("\"\(key)\"") ?? find(key) else { return 1 }
    return text[..<r.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
  }

  /// The line a JSON parser's message points at: "around line 3, column 7", or "around
  /// character 34" (a byte offset, turned into a line here).
  static func syntaxLine(_ message: String, in data: Data) -> Int? {
    func number(after word: String) -> Int? {
      guard let r = message.firstRange(of: word) else { return nil }
      return Int(message[r.upperBound...].prefix { $0.isNumber })
    }
    if let line = number(after: "line ") { return line }
    guard let offset = number(after: "character ") else { return nil }
    return data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  }

  static func oneLine(_ s: String) -> String {
    String(s.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(160))
  }

  static func path(_ keys: [CodingKey]) -> String {
    keys.reduce(into: "") { out, key in
      if let i = key.intValue {
        out += "[\(i)]"
      } else {
        out += (out.isEmpty ? "" : ".") + key.stringValue
      }
    }
  }

  static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type, is Float.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default: "a \(type)"
    }
  }
}

/// Finds where JSON text first breaks the grammar (RFC 8259), so a parameter file's problem
/// can name its line: the decoder only says the data "was not valid JSON".
enum JSONSyntax {
  struct Failure: Equatable {
    var line: Int
    var column: Int
    var message: String
  }

  /// The first syntax error in `bytes`, or nil when they are one valid JSON value.
  static func firstError(in bytes: [UInt8]) -> Failure? {
    var p = Reader(bytes: bytes)
    do throws(Failure) {
      p.space()
      try p.value(depth: 0)
      p.space()
      if p.i < bytes.count { throw p.fail("unexpected text after the value") }
      return nil
    } catch {
      return error
    }
  }

  struct Reader {
    let bytes: [UInt8]
    var i = 0

    func fail(_ message: String) -> Failure {
      var line = 1
      var start = 0
      for k in 0..<min(i, bytes.count) where bytes[k] == 10 {
        line += 1
        start = k + 1
      }
      return Failure(line: line, column: i - start + 1, message: message)
    }

    var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func space() {
      while let c = current, c == 32 || c == 9 || c == 10 || c == 13 { i += 1 }
    }

    mutating func expect(_ word: String) throws(Failure) {
      for b in word.utf8 {
        guard current == b else { throw fail("expected '\(word)'") }
        i += 1
      }
    }

    mutating func value(depth: Int) throws(Failure) {
      guard depth < 512 else { throw fail("nested too deeply") }
      guard let c = current else { throw fail("unexpected end of the file") }
      switch c {
      case UInt8(ascii: "{"):
        i += 1
        space()
        if current == UInt8(ascii: "}") {
          i += 1
          return
        }
        while true {
          space()
          guard current == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
          try string()
          space()
          guard current == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
          i += 1
          space()
          try value(depth: depth + 1)
          space()
          if current == UInt8(ascii: ",") {
            i += 1
          } else if current == UInt8(ascii: "}") {
            i += 1
            return
          } else {
            throw fail("expected ',' or '}'")
          }
        }
      case UInt8(ascii: "["):
        i += 1
        space()
        if current == UInt8(ascii: "]") {
          i += 1
          return
        }
        while true {
          space()
          try value(depth: depth + 1)
          space()
          if current == UInt8(ascii: ",") {
            i += 1
          } else if current == UInt8(ascii: "]") {
            i += 1
            return
          } else {
            throw fail("expected ',' or ']'")
          }
        }
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try expect("true")
      case UInt8(ascii: "f"): try expect("false")
      case UInt8(ascii: "n"): try expect("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw fail("unexpected character")
      }
    }

    mutating func string() throws(Failure) {
      i += 1
      while let c = current {
        i += 1
        switch c {
        case UInt8(ascii: "\""): return
        case UInt8(ascii: "\\"):
          guard let e = current else { break }
          i += 1
          if e == UInt8(ascii: "u") {
            for _ in 0..<4 {
              guard let h = current, (48...57).contains(h) || (65...70).contains(h) || (97...102).contains(h)
              else { throw fail("bad \\u escape") }
              i += 1
            }
          } else if !"\"\\/bfnrt".utf8.contains(e) {
            throw fail("bad escape")
          }
        case 0..<32: throw fail("control character in a string")
        default: break
        }
      }
      throw fail("unterminated string")
    }

    mutating func number() throws(Failure) {
      func digits() -> Int {
        let start = i
        while let c = current, (48...57).contains(c) { i += 1 }
        return i - start
      }
      if current == UInt8(ascii: "-") { i += 1 }
      if current == UInt8(ascii: "0") {
        i += 1
      } else if digits() == 0 {
        throw fail("expected a digit")
      }
      if current == UInt8(ascii: ".") {
        i += 1
        guard digits() > 0 else { throw fail("expected a digit after '.'") }
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        i += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { throw fail("expected an exponent") }
      }
    }
  }
}

extension JSONSyntax.Failure: Error {}

extension Color {
  /// Parses `#RRGGBB` (or `RRGGBB`); nil for anything else.
  public init?(hexString: String) {
    let digits = hexString.hasPrefix("#") ? String(hexString.dropFirst()) : hexString
    guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
    self.init(hex: v)
  }
}
