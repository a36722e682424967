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
    var st = stat()
    // What the path leads to, as the kernel follows it: `/dev/stdout` on a pipe is a link to
    // `/proc/self/fd/1`, whose own target (`pipe:[…]`) is no path, but opening it works.
    if stat(path, &st) == 0 {
      switch st.st_mode & S_IFMT {
      case S_IFDIR: throw OutputError(path, "it is a directory")
      case S_IFSOCK: throw OutputError(path, "it is a socket")
      case S_IFCHR, S_IFIFO, S_IFBLK: return Target(path: path, isSpecial: true)
      default:
        // A regular file, maybe through links: the file itself is replaced, the links kept.
        guard let real = realpath(path, nil) else { throw OutputError.errno(path) }
        defer { free(real) }
        let resolved = String(cString: real)
        try requireWritableDirectory(of: resolved, for: path)
        return Target(path: resolved, isSpecial: false)
      }
    }
    var resolved = path
    var hops = 0
    // Nothing there yet: follow links one at a time, so a link to a file that does not exist
    // yet still works.
    while let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: resolved) {
      hops += 1
      if hops > 32 { throw OutputError(path, "too many levels of symbolic links") }
      let linkDir = Paths.deletingLastComponent(resolved)
      resolved = destination.hasPrefix("/") || linkDir.isEmpty ? destination : linkDir + "/" + destination
    }
    try requireWritableDirectory(of: resolved, for: path)
    return Target(path: resolved, isSpecial: false)
  }

  /// Throws unless the directory that will hold `file` exists and may be written: the
  /// temporary file is made there and renamed over `file`.
  static func requireWritableDirectory(of file: String, for path: String) throws {
    let dir = Paths.deletingLastComponent(file)
    let parent = dir.isEmpty ? "." : dir
    var dst = stat()
    guard stat(parent, &dst) == 0, dst.st_mode & S_IFMT == S_IFDIR else {
      throw OutputError(path, "the directory \(parent) does not exist")
    }
    guard access(parent, W_OK) == 0 else { throw OutputError.errno(path) }
  }

  /// Why `path` cannot be written, or nil if it looks writable; checked before long work.
  static func problem(_ path: String) -> String? {
    do {
      let t = try target(path)
      if FileManager.default.fileExists(atPath: t.path), access(t.path, W_OK) != 0 {
        return String(cString: strerror(errno))
      }
      if Paths.lastComponent(t.path).utf8.count > 255 { return "the file name is too long" }
      return nil
    } catch let e as OutputError {
      return e.reason
    } catch {
      return "\(error)"
    }
  }

  /// Writes `data` to `path` as described above.
  static func write(_ data: Data, to path: String) throws {
    let t = try target(path)
    if t.isSpecial {
      // Devices and pipes take the bytes directly.
      let fd = open(t.path, O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { throw OutputError.errno(path) }
      defer { _ = Glibc.close(fd) }
      try writeAll(fd, data, path: path)
      return
    }
    let (temp, fd) = try createTemporary(beside: t, for: path)
    do {
      var closed = false
      defer { if !closed { _ = Glibc.close(fd) } }
      try writeAll(fd, data, path: path)
      // `finish` closes the descriptor whether or not it succeeds.
      closed = true
      try finish(fd, path: path)
      guard rename(temp, t.path) == 0 else { throw OutputError.errno(path) }
    } catch {
      unlink(temp)
      throw error
    }
  }

  /// Lets `make` write a file at a temporary path, then puts it in place: renamed over a
  /// regular target, or copied through to a device or FIFO.
  static func produce(_ path: String, _ make: (String) throws -> Void) throws {
    let t = try target(path)
    if t.isSpecial {
      // `make` writes a scratch file, whose bytes then go to the device.
      let scratch = try scratchDirectory(for: path) + "/.playground-\(getpid())-\(randomSuffix())"
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
    // Made first, exclusively, so `make` writes a new file of this program's own.
    let (temp, fd) = try createTemporary(beside: t, for: path)
    _ = Glibc.close(fd)
    do {
      try make(temp)
      let again = open(temp, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      guard again >= 0 else { throw OutputError.errno(path) }
      try finish(again, path: path)
      guard rename(temp, t.path) == 0 else { throw OutputError.errno(path) }
    } catch {
      unlink(temp)
      throw error
    }
  }

  /// Flushes a finished temporary file to the disk and closes it, so that after the rename
  /// a crash cannot leave an empty file where the old one was.
  static func finish(_ fd: Int32, path: String) throws {
    guard fsync(fd) == 0 || errno == EINVAL else {
      let e = OutputError.errno(path)
      _ = Glibc.close(fd)
      throw e
    }
    guard Glibc.close(fd) == 0 else { throw OutputError.errno(path) }
  }

  /// A new hidden file beside `target`, in the same directory so renaming it over the target
  /// is atomic: created exclusively and never through a link (a stale or planted one at the
  /// name is not followed), with the permissions of the file it will replace.
  static func createTemporary(beside target: Target, for path: String) throws -> (String, Int32) {
    let dir = Paths.deletingLastComponent(target.path)
    // The name cut to whole characters within 200 bytes, so the temporary name fits in 255.
    var name = Substring(Paths.lastComponent(target.path))
    while name.utf8.count > 200 { name = name.dropLast() }
    var old = stat()
    let mode = stat(target.path, &old) == 0 ? mode_t(old.st_mode & 0o7777) : 0o644
    for _ in 0..<16 {
      let temp = (dir.isEmpty ? "." : dir) + "/.\(name).tmp-\(getpid())-\(randomSuffix())"
      let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if fd >= 0 {
        // The mode given to open is masked by the umask; a replaced file keeps its own.
        if stat(target.path, &old) == 0 { _ = fchmod(fd, mode) }
        return (temp, fd)
      }
      if errno != EEXIST { throw OutputError.errno(path) }
    }
    throw OutputError(path, "could not make a temporary file beside it")
  }

  /// Eight random hex digits for temporary names.
  static func randomSuffix() -> String { String(UInt32.random(in: 0...UInt32.max), radix: 16) }

  /// Where scratch files go: `TMPDIR` when it names a writable directory, otherwise /tmp.
  static func scratchDirectory(for path: String) throws -> String {
    for candidate in [ProcessInfo.processInfo.environment["TMPDIR"] ?? "", "/tmp"] where !candidate.isEmpty {
      var st = stat()
      if stat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, access(candidate, W_OK) == 0 {
        return candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
      }
    }
    throw OutputError(path, "no writable directory for a scratch file (TMPDIR or /tmp)")
  }

  /// Writes every byte of `data`, retrying interrupted and short writes; throws on any error.
  static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
    try data.withUnsafeBytes { try writeAll(fd, $0, path: path) }
  }

  /// Writes every byte of `raw`, retrying interrupted and short writes; throws on any error.
  static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer, path: String) throws {
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
