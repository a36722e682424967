import ArgumentParser
import FoundationEssentials
import Glibc
import Graphics
import SDLBackend
import Timeline

/// Where `record` writes, and in which format, checked before any frame is drawn.
struct RecordTarget {
  /// What `--out` asks for.
  enum Format: Equatable {
    case mp4, webm, gif, folder

    /// The format's name in messages.
    var name: String {
      switch self {
      case .mp4: "MP4"
      case .webm: "WebM"
      case .gif: "GIF"
      case .folder: "a folder of PNGs"
      }
    }
  }

  /// `--out` as given.
  var path: String
  /// What it asks for.
  var format: Format

  /// The format `--out` names: a trailing `/` or an existing folder is a folder of PNGs, and
  /// otherwise the extension decides.
  static func format(of path: String) -> Format? {
    if path.hasSuffix("/") || Paths.isDirectory(path) { return .folder }
    switch Paths.pathExtension(path).lowercased() {
    case "mp4": return .mp4
    case "webm": return .webm
    case "gif": return .gif
    default: return nil
    }
  }

  /// The target for `path`, or the usage failure (64) or output failure (73) it is.
  ///
  /// A video or GIF must be a regular file: faststart rewrites the MP4 after encoding, and each
  /// format is renamed into place whole, neither of which a device, FIFO or socket allows. A
  /// folder may not hold `frame-*.png` files already, unless `overwrite` says to replace them.
  static func checked(_ path: String, overwrite: Bool) throws -> RecordTarget {
    var st = stat()
    if stat(path, &st) == 0 {
      let kind = st.st_mode & S_IFMT
      if kind != S_IFREG && kind != S_IFDIR {
        let what = kind == S_IFSOCK ? "a socket" : kind == S_IFIFO ? "a FIFO" : "a device"
        throw UsageFailure.fail(
          "--out \(path) is \(what); record writes a regular file (.mp4, .webm, .gif) or a folder only")
      }
    }
    guard let format = format(of: path) else {
      throw UsageFailure.fail(
        "--out must name an .mp4, .webm or .gif file, or end in / for a folder of PNG frames (got '\(path)')")
    }
    if format == .folder {
      try checkFolder(path, overwrite: overwrite)
      return RecordTarget(path: path, format: format)
    }
    if let problem = OutputFile.problem(path) {
      printError("playground: cannot write \(path): \(problem)")
      throw ExitCode(73)
    }
    return RecordTarget(path: path, format: format)
  }

  /// The frame files a folder holds: `frame-` then digits then `.png`.
  static func frameFiles(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { name in
      guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
      let digits = name.dropFirst(6).dropLast(4)
      return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
  }

  private static func checkFolder(_ path: String, overwrite: Bool) throws {
    var st = stat()
    let bare = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    guard stat(bare, &st) == 0 else { return }
    guard st.st_mode & S_IFMT == S_IFDIR else {
      throw UsageFailure.fail("--out \(path) ends in / but \(bare) is not a folder")
    }
    let existing = frameFiles(in: bare)
    if !existing.isEmpty && !overwrite {
      throw UsageFailure.fail(
        "--out \(path) already holds \(existing.count) frame-*.png files; pass --overwrite to replace them")
    }
    guard access(bare, W_OK) == 0 else {
      printError("playground: cannot write \(path): \(String(cString: strerror(errno)))")
      throw ExitCode(73)
    }
  }
}

/// Where the frames of a clip go, one after another.
protocol FrameSink: AnyObject {
  /// Takes frame `index`, the picture `camera` has drawn; `repeated` when it is the same
  /// picture as the frame before.
  func write(_ camera: OffscreenReplay, index: Int, repeated: Bool) throws
  /// Completes the output with the `frames` written so far.
  func finish(frames: Int) throws
  /// Gives up: nothing is left in the target's place (an older file there stays).
  func abandon()
  /// Lines for the user about how the output was made (the GIF's delays, say).
  var notes: [String] { get }
}

/// A folder of numbered PNG frames, each written whole as `OutputFile` writes any output.
final class FolderSink: FrameSink {
  /// The folder, without a trailing slash.
  let folder: String
  /// How many digits frame numbers are padded to.
  let digits: Int
  /// The bytes of the PNGs written.
  private(set) var bytes = 0
  /// The frame written last, whose bytes a repeated frame copies.
  private var lastFile: String?
  /// Nothing to say about PNGs.
  var notes: [String] { [] }

  /// Makes the folder (and any missing parents).
  init(target: RecordTarget, clip: ClipSettings) throws {
    let path = target.path
    folder = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    // Five digits sort up to 100,000 frames; a longer clip gets as many as its last number needs.
    digits = max(5, String(clip.frames - 1).count)
    try Self.makeFolder(folder, for: path)
  }

  /// Makes `folder` and the parents it lacks, as `mkdir -p` does.
  static func makeFolder(_ folder: String, for path: String) throws {
    var prefix = folder.hasPrefix("/") ? "/" : ""
    for component in folder.split(separator: "/") {
      prefix = Paths.join(prefix, String(component))
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        throw OutputError(path, "cannot make the folder \(prefix): \(String(cString: strerror(errno)))")
      }
    }
    guard Paths.isDirectory(folder) else { throw OutputError(path, "\(folder) is not a folder") }
  }

  /// The file name of frame `index`: `frame-00007.png`.
  func name(_ index: Int) -> String {
    let n = String(index)
    return "frame-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
  }

  func write(_ camera: OffscreenReplay, index: Int, repeated: Bool) throws {
    let file = Paths.join(folder, name(index))
    if repeated, let lastFile, let data = FileManager.default.contents(atPath: lastFile) {
      // The same picture: its PNG bytes again, without encoding it a second time.
      try OutputFile.write(data, to: file)
      bytes += data.count
    } else {
      try PNGFile.write(camera.pixels(), to: file)
      bytes += Self.fileSize(file)
    }
    lastFile = file
  }

  func finish(frames: Int) throws {
    // Frames of an older, longer clip (replaced with --overwrite) would read as part of this one.
    for name in RecordTarget.frameFiles(in: folder) {
      guard let n = Int(name.dropFirst(6).dropLast(4)), n >= frames else { continue }
      unlink(Paths.join(folder, name))
    }
  }

  func abandon() {}

  /// The size of the file at `path`, or 0.
  static func fileSize(_ path: String) -> Int {
    var st = stat()
    return stat(path, &st) == 0 ? Int(st.st_size) : 0
  }
}
