import FoundationEssentials
import Glibc

/// The Swift files a sketch path names: one file, or a folder's `.swift` files in name order.
struct SketchSources: Equatable {
  /// The path as the user gave it.
  let path: String
  /// The files, absolute, in the order their declarations count.
  let files: [String]
  /// The folders to watch for saves.
  var folders: [String] { Array(Set(files.map(Paths.deletingLastComponent))).sorted() }
  /// A short name for the window title and `--stats`: the file or folder name without `.swift`.
  var name: String {
    let last = Paths.lastComponent(path)
    return last.hasSuffix(".swift") ? String(last.dropLast(6)) : last
  }

  /// Whether a `--scene` value names a sketch rather than a built-in scene: it holds a `/` or
  /// ends in `.swift`.
  static func isSketchPath(_ value: String) -> Bool { value.contains("/") || value.hasSuffix(".swift") }

  /// Finds the files, or fails with one line: a missing path, a file that is not Swift, a
  /// folder without Swift files.
  static func resolve(_ path: String) throws(SketchFailure) -> SketchSources {
    let absolute = path.hasPrefix("/") ? path : Paths.join(FileManager.default.currentDirectoryPath, path)
    var isDir = false
    guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDir) else {
      throw .usage("\(path): no such file or folder")
    }
    if isDir {
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? [])
        .filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted()
      guard !names.isEmpty else { throw .usage("\(path): a folder with no .swift files") }
      return SketchSources(path: path, files: names.map { Paths.join(absolute, $0) })
    }
    guard absolute.hasSuffix(".swift") else { throw .usage("\(path): not a Swift file (a sketch ends in .swift)") }
    guard FileManager.default.isReadableFile(atPath: absolute) else { throw .usage("\(path): cannot be read") }
    return SketchSources(path: path, files: [absolute])
  }
}
