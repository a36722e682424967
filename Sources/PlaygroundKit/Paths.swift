import FoundationEssentials
import Glibc
import Timeline

/// Path and text helpers the full Foundation's `NSString` provides elsewhere (the program links
/// only FoundationEssentials), with the same results for the paths this program handles.
enum Paths {
  /// `a/b`, without doubling a slash.
  static func join(_ a: String, _ b: String) -> String {
    a.isEmpty ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
  }

  /// The path without trailing slashes (`/` stays `/`).
  private static func stripped(_ p: String) -> Substring {
    var s = Substring(p)
    while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
    return s
  }

  /// The last component: `b` for `/a/b/`, `/` for `/`.
  static func lastComponent(_ p: String) -> String {
    let s = stripped(p)
    if s == "/" { return "/" }
    return String(s.split(separator: "/").last ?? s)
  }

  /// The path without its last component: `/a` for `/a/b`, `/` for `/a`, empty for `a`.
  static func deletingLastComponent(_ p: String) -> String {
    let s = stripped(p)
    guard let slash = s.lastIndex(of: "/") else { return "" }
    let head = s[..<slash]
    return head.isEmpty ? "/" : String(stripped(String(head)))
  }

  /// The extension of the last component (`png` for `shot.png`); empty for none or a dot file.
  static func pathExtension(_ p: String) -> String {
    let name = lastComponent(p)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// Whether `path` is a directory (following links).
  static func isDirectory(_ path: String) -> Bool {
    var isDir = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and newlines (or the given characters).
  func trimmed(of characters: Set<Character> = [" ", "\t", "\n", "\r"]) -> String {
    guard let first = firstIndex(where: { !characters.contains($0) }) else { return "" }
    let last = lastIndex(where: { !characters.contains($0) }) ?? first
    return String(self[first...last])
  }
}

extension String {
  /// `self` cut or padded with spaces to `width` characters, as table columns need.
  func padded(to width: Int) -> String {
    count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
  }
}
