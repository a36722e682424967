import FoundationEssentials
import Glibc
import Timeline

/// Watches a sketch's folders with inotify and calls back once per save.
///
/// An editor's save-by-rename, or a burst of writes, is one save: after the first event the
/// watcher waits until the folder has been quiet for `quiet` seconds. Idle, its thread sleeps
/// in `read`; nothing polls.
final class SketchWatcher: @unchecked Sendable {
  /// How long the folders must be quiet before a burst of events counts as one save.
  static let quiet = 0.04
  private let fd: Int32

  /// Starts watching `folders` for changes to the files `matches` accepts (by name); `saved`
  /// runs on the watcher's thread with the uptime of the burst's first event. Nil when inotify
  /// is not available.
  init?(folders: [String], matches: @escaping @Sendable (String) -> Bool, saved: @escaping @Sendable (Double) -> Void) {
    fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { return nil }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    for folder in folders where inotify_add_watch(fd, folder, mask) < 0 {
      close(fd)
      return nil
    }
    let fd = self.fd
    let started = startThread {
      var buffer = [UInt8](repeating: 0, count: 8192)
      while true {
        guard Self.waitForEvent(fd, timeout: -1), Self.readEvents(fd, &buffer).contains(where: matches) else {
          continue
        }
        let first = monotonicSeconds()
        // The rest of the burst: whatever arrives until the folders are quiet.
        while Self.waitForEvent(fd, timeout: Self.quiet) { _ = Self.readEvents(fd, &buffer) }
        saved(first)
      }
    }
    if !started {
      close(fd)
      return nil
    }
  }

  /// Whether the descriptor became readable within `timeout` seconds (negative: no limit).
  private static func waitForEvent(_ fd: Int32, timeout: Double) -> Bool {
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ms = timeout < 0 ? -1 : Int32(timeout * 1000)
    while true {
      let r = poll(&p, 1, ms)
      if r < 0 && errno == EINTR { continue }
      return r > 0
    }
  }

  /// Reads the pending events and returns the names they are about.
  private static func readEvents(_ fd: Int32, _ buffer: inout [UInt8]) -> [String] {
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return [] }
    var names: [String] = []
    var at = 0
    let header = MemoryLayout<inotify_event>.size
    buffer.withUnsafeBytes { raw in
      while at + header <= n {
        let length = Int(raw.load(fromByteOffset: at + 12, as: UInt32.self))
        let nameBytes = raw[(at + header)..<min(n, at + header + length)].prefix { $0 != 0 }
        names.append(String(decoding: nameBytes, as: UTF8.self))
        at += header + length
      }
    }
    return names
  }
}
