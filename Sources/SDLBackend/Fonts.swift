import Foundation
import Graphics

/// Finds font files through fontconfig's `fc-match`, so any distribution's layout works.
public enum FontLocator {
  /// A font file and the family fontconfig actually matched.
  public struct Match: Hashable, Sendable {
    public var path: String
    public var family: String
  }

  /// Answers already given, failures included: fontconfig's answer does not change while the
  /// program runs, and asking costs a process (milliseconds, or seconds on a cold cache).
  nonisolated(unsafe) private static var answers: [String: Match?] = [:]
  private static let answersLock = NSLock()

  /// Asks fontconfig for the best file for `pattern`; nil if fc-match is missing or fails.
  /// Each pattern is asked once per process.
  public static func match(_ pattern: String) -> Match? {
    if let known = answersLock.withLock({ answers[pattern] }) { return known }
    let found = ask(pattern)
    answersLock.withLock { answers[pattern] = .some(found) }
    return found
  }

  /// How many patterns have been asked (each spawned `fc-match` once).
  public static var patternsAsked: Int { answersLock.withLock { answers.count } }

  private static func ask(_ pattern: String) -> Match? {
    let candidates = ["/usr/bin/fc-match", "/bin/fc-match", "/usr/local/bin/fc-match"]
    guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      return nil
    }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: tool)
    p.arguments = ["-f", "%{file}\n%{family}\n", pattern]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0, let text = String(data: data, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 2, !lines[0].isEmpty, FileManager.default.fileExists(atPath: lines[0]) else {
      return nil
    }
    return Match(path: lines[0], family: lines[1])
  }

  /// The fontconfig pattern for a text face of the given weight and design.
  public static func pattern(for weight: Font.Weight, design: Font.Design) -> String {
    let family =
      switch design {
      case .monospaced: "DejaVu Sans Mono"
      case .serif: "DejaVu Serif"
      case .default, .rounded: "DejaVu Sans"
      }
    let style =
      switch weight {
      case .ultraLight, .thin, .light: ":light"
      case .regular, .medium: ""
      case .semibold, .bold, .heavy, .black: ":bold"
      }
    return family + style
  }

  /// Finds the color emoji font; nil when fontconfig only offers a substitute.
  public static func emojiFont() -> Match? {
    guard let m = match("Noto Color Emoji"), m.family.localizedCaseInsensitiveContains("emoji") else {
      return nil
    }
    return m
  }
}
