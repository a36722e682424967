import FoundationEssentials
import Glibc
import SceneGraph
import Scenes
import Timeline

#if canImport(Glibc)
  import Glibc
#endif

/// Where parameter files and assets come from.
struct AssetOptions {
  /// The assets folder; parameter files are in its `params/` subfolder.
  var directory = "Assets"

  /// `./Assets` when there is one (a checkout), else the copy `make install` put beside the
  /// binary (`PREFIX/share/timeline-playground/Assets`), else the checkout a build folder's
  /// binary was built in (a sketch run from its own folder), else `./Assets` (defaults apply).
  static var defaultDirectory: String {
    if FileManager.default.fileExists(atPath: "Assets") { return "Assets" }
    let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let installed = exe.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share/timeline-playground/Assets").path
    if FileManager.default.fileExists(atPath: installed) { return installed }
    // `.build/<triple>/<configuration>/playground`: the checkout is above `.build`.
    var folder = exe.deletingLastPathComponent()
    for _ in 0..<4 {
      let assets = folder.appendingPathComponent("Assets").path
      if folder.lastPathComponent != ".build", FileManager.default.fileExists(atPath: assets),
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return assets
      }
      folder = folder.deletingLastPathComponent()
    }
    return "Assets"
  }
  /// The GIF the `gif` scene plays instead of the bundled one.
  var gifPath: String?
}

/// The scenes' parameter files: loaded at start-up, reloaded when they change on disk.
///
/// A file that does not parse or holds a value out of range keeps the last good contents (or
/// the built-in defaults) and is listed in `problems` as `file:line: what is wrong`. Files
/// are only ever read.
final class ParameterStore {
  private(set) var assets = SceneAssets()
  /// One line per file that could not be used.
  private(set) var problems: [String] = []
  private let folder: String
  private var lastBytes: [String: Data] = [:]
  private let changed = ChangeFlag()
  private var pollMTimes: [String: Date]?
  /// When the files were last compared by modification time (monotonic seconds).
  private var lastPoll = -Double.infinity
  /// When a comparison skipped for being too soon after the last one is due; a loop with
  /// nothing else scheduled wakes for it. Nil with inotify, or when none was skipped.
  private(set) var pollDue: Double?
  /// The least time between two such comparisons. The loop wakes 60 times a second while it
  /// animates, and each comparison is two system calls a file. Under a second, so a scene
  /// that wakes once a second (the clock) looks at each wake-up and needs no extra one.
  static let pollInterval = 0.5

  init(options: AssetOptions) {
    folder = Paths.join(options.directory, "params")
    assets.directory = options.directory
    assets.gifPath = options.gifPath
    if !Paths.isDirectory(options.directory) {
      problems.append("\(options.directory): no such assets folder; built-in defaults apply")
    }
    _ = load()
  }

  /// Reads every parameter file; returns whether any usable contents changed.
  @discardableResult
  func load() -> Bool {
    var files = assets.files
    var issues: [String] = problems.filter { $0.hasSuffix("built-in defaults apply") }
    var any = false
    for name in SceneParameterFiles.names {
      let path = Paths.join(folder, name)
      let data: Data?
      switch Self.readFile(path) {
      case .success(let d): data = d
      case .failure(let why):
        // Something there that is not a small regular file: say so once, keep the old values.
        if !problems.contains("\(path):1: \(why.message)") { any = true }
        issues.append("\(path):1: \(why.message)")
        continue
      }
      guard let data else {
        // A file removed: back to the defaults.
        if files.removeValue(forKey: name) != nil { any = true }
        lastBytes[name] = nil
        continue
      }
      if lastBytes[name] == data {
        if let old = problems.first(where: { $0.hasPrefix(path + ":") }) { issues.append(old) }
        continue
      }
      lastBytes[name] = data
      if let problem = SceneParameterFiles.problem(in: data, file: name) {
        issues.append("\(path):\(problem)")
      } else {
        files[name] = data
        any = true
      }
    }
    problems = issues
    if any {
      assets.files = files
      assets.generation += 1
    }
    return any
  }

  /// Why a parameter path cannot be read as a parameter file.
  struct Unreadable: Error {
    let message: String
  }

  /// The largest parameter file read; a real one is a few hundred bytes.
  static let maxFileBytes = 1 << 20

  /// Reads `path` if it is a regular file (links followed) of at most `maxFileBytes`; nil
  /// when nothing is there. A FIFO would block the loop and `/dev/zero` would never end.
  static func readFile(_ path: String) -> Result<Data?, Unreadable> {
    var st = stat()
    guard stat(path, &st) == 0 else { return .success(nil) }
    guard st.st_mode & S_IFMT == S_IFREG else { return .failure(Unreadable(message: "not a regular file; ignored")) }
    guard st.st_size <= maxFileBytes else {
      return .failure(Unreadable(message: "larger than \(maxFileBytes >> 20) MB; ignored"))
    }
    return .success(FileManager.default.contents(atPath: path))
  }

  /// Watches the folder with inotify; `wake` is called from the watcher's thread on a change.
  /// Without inotify (or without the folder), `reloadIfChanged` compares modification times
  /// instead, on wake-ups at least `pollInterval` apart; a loop with nothing scheduled wakes
  /// once more when the last of them came too soon to look.
  func startWatching(wake: @escaping @Sendable () -> Void) {
    let fd = inotify_init1(Int32(IN_CLOEXEC))
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    guard fd >= 0, inotify_add_watch(fd, folder, mask) >= 0 else {
      if fd >= 0 { close(fd) }
      pollMTimes = modificationTimes()
      return
    }
    let flag = changed
    let started = startThread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        flag.set()
        wake()
      }
    }
    if !started {
      close(fd)
      pollMTimes = modificationTimes()
    }
  }

  /// Reloads when the watcher saw a change; returns whether anything visible changed
  /// (new values, or a new problem to show).
  func reloadIfChanged(uptime: Double = monotonicSeconds()) -> Bool {
    if let old = pollMTimes {
      guard uptime - lastPoll >= Self.pollInterval || uptime < lastPoll else {
        // Skipped: the loop comes back when the look is due, so an edit made now is not
        // left waiting for the next input.
        pollDue = lastPoll + Self.pollInterval
        return false
      }
      lastPoll = uptime
      pollDue = nil
      let now = modificationTimes()
      guard now != old else { return false }
      pollMTimes = now
    } else if !changed.take() {
      return false
    }
    let before = problems
    return load() || problems != before
  }

  private func modificationTimes() -> [String: Date] {
    var out: [String: Date] = [:]
    for name in SceneParameterFiles.names {
      let path = Paths.join(folder, name)
      out[name] = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
    return out
  }
}

/// A flag set by the watcher thread and taken by the loop.
final class ChangeFlag: @unchecked Sendable {
  private let lock = Lock()
  private var value = false
  func set() { lock.withLock { value = true } }
  func take() -> Bool {
    lock.withLock {
      defer { value = false }
      return value
    }
  }
}
