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
      for z in p.zones where TimeZone(identifier: z.identifier) == nil {
        throw Problem(key: z.identifier, message: "is not a time zone this system knows")
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
      return "\(line(of: p.key, in: text)): \(p.key) \(p.message)"
    } catch let DecodingError.dataCorrupted(context) {
      // The parser's own message says where ("… around line 3, column 17").
      var detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      do {
        _ = try JSONSerialization.jsonObject(with: data)
      } catch {
        let ns = error as NSError
        detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
      }
      return "\(syntaxLine(detail, in: data) ?? 1): not valid JSON (\(oneLine(detail)))"
    } catch let DecodingError.keyNotFound(key, context) {
      let parent = context.codingPath.last?.stringValue
      return "\(parent.map { line(of: $0, in: text) } ?? 1): missing \"\(key.stringValue)\""
    } catch let DecodingError.typeMismatch(type, context), let DecodingError.valueNotFound(type, context) {
      let key = context.codingPath.last?.stringValue ?? "value"
      return "\(line(of: key, in: text)): \(path(context.codingPath)) should be \(describe(type))"
    } catch {
      return "1: \(oneLine("\(error)"))"
    }
  }

  struct Problem: Error {
    let key: String
    let message: String
  }

  /// The line on which `"key"` (or the value) first appears, 1 when it cannot be found.
  static func line(of key: String, in text: String) -> Int {
    guard let r = text.range(of: "\"\(key)\"") ?? text.range(of: key) else { return 1 }
    return text[..<r.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
  }

  /// The line a JSON parser's message points at: "around line 3, column 7", or "around
  /// character 34" (a byte offset, turned into a line here).
  static func syntaxLine(_ message: String, in data: Data) -> Int? {
    func number(after word: String) -> Int? {
      guard let r = message.range(of: word) else { return nil }
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
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
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

extension Color {
  /// Parses `#RRGGBB` (or `RRGGBB`); nil for anything else.
  public init?(hexString: String) {
    let digits = hexString.hasPrefix("#") ? String(hexString.dropFirst()) : hexString
    guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
    self.init(hex: v)
  }
}
