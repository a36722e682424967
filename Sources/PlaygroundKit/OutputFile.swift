import ArgumentParser
import FoundationEssentials
import Glibc
import SDLBackend
import Timeline

#if canImport(Glibc)
  import Glibc
#endif

/// A write to an output path that failed, with the reason in words.
struct OutputError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String { "cannot write \(path): \(reason)" }

  init(_ path: String, _ reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error for the current `errno`.
  static func errno(_ path: String) -> OutputError { OutputError(path, String(cString: strerror(Glibc.errno))) }
}

/// Runs `body`, which produces an output; a failure to render or write it is one line on
/// standard error and exit status 73.
func writingOutput(_ body: () throws -> Void) throws {
  do {
    try body()
  } catch let e as OutputError {
    printError("playground: \(e)")
    throw ExitCode(73)
  } catch let e as BackendError {
    printError("playground: \(e)")
    throw ExitCode(73)
  }
}

/// How every output of the program (`--out`, `--json`, `--csv`, `--plot`, `--trace`) reaches
/// the disk.
///
/// - A device or FIFO (`/dev/null`, `/dev/stdout`, a pipe) is written through, never replaced.
/// - A symbolic link is followed: the file it points to is what gets written.
/// - A regular file is replaced atomically: the data goes to a temporary file beside the target,
///   every write and the close are checked, and only then is it renamed over the target, so a
///   failure (a full disk) or an interruption never leaves a cut-off file in the target's place.
enum OutputFile {
  /// Where writing `path` really lands, and whether that is a device or FIFO.
  struct Target {
    var path: String
    var isSpecial: Bool
  }

  /// Resolves symbolic links (also a dangling one's target directory) and classifies the result.
  static func target(_ path: String) throws -> Target {
    guard !path.isEmpty else { throw OutputError("''", "the path is empty") }
    var resolved = path
    var hops = 0
    // Follow links one at a time, so a link to a file that does not exist yet still works.
    while let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: resolved) {
      hops += 1
      if hops > 32 { throw OutputError(path, "too many levels of symbolic links") }
      let linkDir = Paths.deletingLastComponent(resolved)
      resolved = destination.hasPrefix("/") || linkDir.isEmpty ? destination : linkDir + "/" + destination
    }
    var st = stat()
    if stat(resolved, &st) == 0 {
      let kind = st.st_mode & S_IFMT
      if kind == S_IFDIR { throw OutputError(path, "it is a directory") }
      return Target(path: resolved, isSpecial: kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK)
    }
    let dir = Paths.deletingLastComponent(resolved)
    let parent = dir.isEmpty ? "." : dir
    var dst = stat()
    guard stat(parent, &dst) == 0, dst.st_mode & S_IFMT == S_IFDIR else {
      throw OutputError(path, "the directory \(parent) does not exist")
    }
    guard access(parent, W_OK) == 0 else { throw OutputError.errno(path) }
    return Target(path: resolved, isSpecial: false)
  }

  /// Why `path` cannot be written, or nil if it looks writable; checked before long work.
  static func problem(_ path: String) -> String? {
    do {
      let t = try target(path)
      if FileManager.default.fileExists(atPath: t.path), access(t.path, W_OK) != 0 {
        return String(cString: strerror(errno))
      }
      if Paths.lastComponent(t.path).utf8.count > 250 { return "the file name is too long" }
      return nil
    } catch let e as OutputError {
      return e.reason
    } catch {
      return "\(error)"
    }
  }

  /// Writes `data` to `path` as described above.
  static func write(_ data: Data, to path: String) throws {
    try produce(path) { temp in
      let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw OutputError.errno(path) }
      var closed = false
      defer { if !closed { _ = Glibc.close(fd) } }
      try writeAll(fd, data, path: path)
      closed = true
      guard Glibc.close(fd) == 0 else { throw OutputError.errno(path) }
    }
  }

  /// Lets `make` write a file at a temporary path, then puts it in place: renamed over a
  /// regular target, or copied through to a device or FIFO.
  static func produce(_ path: String, _ make: (String) throws -> Void) throws {
    let t = try target(path)
    let temp = temporaryPath(beside: t)
    if t.isSpecial {
      // Devices take the bytes directly; the temporary file only holds what `make` produced.
      let scratch =
        (ProcessInfo.processInfo.environment["TMPDIR"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/tmp/")
        + "playground-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      defer { unlink(scratch) }
      try make(scratch)
      guard let data = FileManager.default.contents(atPath: scratch) else {
        throw OutputError(path, "nothing to write")
      }
      let fd = open(t.path, O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { throw OutputError.errno(path) }
      defer { _ = Glibc.close(fd) }
      try writeAll(fd, data, path: path)
      return
    }
    do {
      try make(temp)
      guard rename(temp, t.path) == 0 else { throw OutputError.errno(path) }
    } catch {
      unlink(temp)
      throw error
    }
  }

  /// A hidden file beside `target`, in the same directory so renaming it over the target is atomic.
  static func temporaryPath(beside target: Target) -> String {
    let dir = Paths.deletingLastComponent(target.path)
    let name = Paths.lastComponent(target.path).prefix(200)
    return (dir.isEmpty ? "." : dir) + "/.\(name).tmp-\(getpid())"
  }

  /// Writes every byte of `data`, retrying interrupted and short writes; throws on any error.
  static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
    try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      guard var p = raw.baseAddress else { return }
      var left = raw.count
      while left > 0 {
        let n = Glibc.write(fd, p, left)
        if n < 0 {
          if errno == EINTR { continue }
          throw OutputError.errno(path)
        }
        if n == 0 { throw OutputError(path, "the device accepted no data") }
        p += n
        left -= n
      }
    }
  }
}
