import Foundation
import Graphics
import Testing

@testable import SceneGraph
@testable import Scenes

/// Fixed-seed fuzzing of every parameter file the program reads: random bytes, truncation,
/// deep nesting, huge numbers and swapped values. Each mutation is either refused with one
/// line that starts with a line number, or accepted and then drawn without trapping.
@Suite("Parameter file fuzz") struct ParameterFuzzTests {
  typealias Random = SplitMix64

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets/params")

  /// The scene that reads each file.
  static let readers: [String: any PlaygroundScene] = [
    "metronome.json": MetronomeScene(), "quips.json": QuipsScene(), "world-clock.json": WorldClockScene(),
    "visualizer.json": Visualizer(), "mesh-gradient.json": MeshGradientScene(), "emoji-wave.json": EmojiWave(),
  ]

  static let numbers = [
    "1e400", "-1e400", "1e308", "-0", "0", "123456789012345678901234567890", "1.5", "-7", "1e-320", "null", "true",
    "\"\"", "\"#FFFFFF\"", "[]", "{}", "[1,2]", "\"🙂\"", "9223372036854775808",
  ]

  /// One mutation of `text`.
  static func mutate(_ text: String, _ r: inout Random) -> Data {
    var bytes = Array(text.utf8)
    switch r.below(6) {
    case 0:  // flip random bytes
      for _ in 0...r.below(4) where !bytes.isEmpty { bytes[r.below(bytes.count)] = UInt8(truncatingIfNeeded: r.next()) }
    case 1:  // cut short
      bytes = Array(bytes.prefix(r.below(bytes.count)))
    case 2:  // nested far deeper than any parser should follow
      let depth = 1 + r.below(100_000)
      return Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    case 3:  // a number or value swapped for another
      let scalars = text.unicodeScalars.map { $0 }
      let digits = scalars.indices.filter { ("0"..."9").contains(Character(scalars[$0])) }
      guard let at = digits.isEmpty ? nil : digits[r.below(digits.count)] else { break }
      var end = at
      while end < scalars.count, "0123456789.-e".unicodeScalars.contains(scalars[end]) { end += 1 }
      let replaced =
        String(String.UnicodeScalarView(scalars[..<at])) + numbers[r.below(numbers.count)]
        + String(String.UnicodeScalarView(scalars[end...]))
      return Data(replaced.utf8)
    case 4:  // random bytes
      return Data((0..<r.below(300)).map { _ in UInt8(truncatingIfNeeded: r.next()) })
    default:  // a string swapped for a number, or an array emptied
      let s =
        r.below(2) == 0
        ? text.replacingOccurrences(of: "\"#", with: "1e999 , \"#")
        : text.replacingOccurrences(
          of: "[", with: "[]]", options: [], range: nil)
      return Data(s.utf8)
    }
    return Data(bytes)
  }

  @Test("every parameter file, 150 mutations each: refused in one numbered line, or drawn")
  func fuzzEveryFile() throws {
    var r = Random(state: 0xF1_1E5)
    var accepted = 0
    var refused = 0
    for name in SceneParameterFiles.names {
      let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
      let scene = try #require(Self.readers[name], "a reader for \(name)")
      for _ in 0..<150 {
        let data = Self.mutate(text, &r)
        if let problem = SceneParameterFiles.problem(in: data, file: name) {
          refused += 1
          #expect(!problem.contains("\n"), "\(name): \(problem)")
          #expect(problem.first?.isNumber == true && problem.contains(": "), "\(name): \(problem)")
        } else {
          accepted += 1
          // Accepted: the scene must draw it (a few frames, across its first schedule entries).
          var assets = SceneAssets()
          assets.files[name] = data
          assets.generation = 1
          let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
          let out = play(scene, until: 0.5, runtime: rt, assets: assets)
          #expect(!out.drawList.vertices.isEmpty, "\(name) drew nothing for \(String(decoding: data, as: UTF8.self))")
        }
      }
    }
    // Both sides are exercised: some mutations stay valid, most do not.
    #expect(accepted > 30)
    #expect(refused > 400)
  }
}
