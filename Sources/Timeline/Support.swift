import FoundationEssentials
import Glibc

/// `printf`-style formatting (`%5.1f`, `%02d`, `%s` with a C string) through the C library.
///
/// `String(format:)` lives in the full Foundation, which the program does not link (it and
/// ICU cost every scene about 9 MB of resident memory). Integer arguments must match their
/// conversions as in C: `Int` with `%d` is read as a 32-bit `int`, which is right for the
/// small values printed here, and `%ld` reads all of it.
public func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
  var buffer = [CChar](repeating: 0, count: 256)
  var size = buffer.count
  let needed = withVaList(arguments) { vsnprintf(&buffer, size, format, $0) }
  guard needed >= 0 else { return "" }
  if Int(needed) >= size {
    size = Int(needed) + 1
    buffer = [CChar](repeating: 0, count: size)
    _ = withVaList(arguments) { vsnprintf(&buffer, size, format, $0) }
  }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A mutual-exclusion lock (a `pthread_mutex_t`), for state shared with audio and signal
/// threads.
public final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  public func lock() { pthread_mutex_lock(mutex) }
  public func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// Writes `text` to standard error unbuffered, as warnings and progress lines need.
public func writeToStandardError(_ text: String) {
  // write(2) on the descriptor: C's `stderr` is a mutable global Swift 6 will not read.
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let n = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    if n < 0 && errno == EINTR { continue }
    guard n > 0 else { return }
    bytes = bytes.dropFirst(n)
  }
}

/// `n` with at least two digits (`07`), as clocks print minutes and seconds.
public func twoDigits(_ n: Int) -> String { n >= 0 && n < 10 ? "0\(n)" : "\(n)" }

/// Starts a detached thread running `body` (Foundation's `Thread` is not linked); false when
/// the system refused one.
@discardableResult
public func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  final class Box: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let context = Unmanaged.passRetained(Box(body)).toOpaque()
  var thread = pthread_t()
  let status = pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
      return nil
    }, context)
  guard status == 0 else {
    Unmanaged<Box>.fromOpaque(context).release()
    return false
  }
  pthread_detach(thread)
  return true
}

/// What a child process printed and how it ended.
public struct ChildResult: Sendable {
  /// The exit status, or nil when it was killed (by a signal, or for running too long).
  public var status: Int32?
  public var output: String
  public var errorOutput: String
  public var timedOut: Bool
}

/// Runs `path` with `arguments` (argv[0] included), collecting its standard output and error,
/// and kills it after `timeout` seconds; nil when it could not be started.
public func runChild(_ path: String, _ arguments: [String], timeout: Double) -> ChildResult? {
  var outPipe: [Int32] = [0, 0]
  var errPipe: [Int32] = [0, 0]
  guard pipe(&outPipe) == 0 else { return nil }
  guard pipe(&errPipe) == 0 else {
    close(outPipe[0])
    close(outPipe[1])
    return nil
  }
  // Close-on-exec, so no other child inherits them (the spawned one gets its dup2 copies).
  for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
  let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  defer { for a in argv { free(a) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
  close(outPipe[1])
  close(errPipe[1])
  defer {
    close(outPipe[0])
    close(errPipe[0])
  }
  guard spawned == 0 else { return nil }
  var out: [UInt8] = []
  var err: [UInt8] = []
  var open = 2
  let deadline = ProcessInfo.processInfo.systemUptime + timeout
  var timedOut = false
  var fds = [
    pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
    pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0),
  ]
  var buffer = [UInt8](repeating: 0, count: 4096)
  while open > 0 {
    let left = deadline - ProcessInfo.processInfo.systemUptime
    if left <= 0 {
      timedOut = true
      break
    }
    let ready = poll(&fds, 2, Int32(min(left, 1) * 1000) + 1)
    if ready < 0 && errno == EINTR { continue }
    guard ready > 0 else { continue }
    for k in 0..<2 where fds[k].fd >= 0 && fds[k].revents != 0 {
      let n = buffer.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
      if n > 0 {
        if k == 0 { out += buffer[0..<n] } else { err += buffer[0..<n] }
      } else if n == 0 || errno != EINTR {
        fds[k].fd = -1
        open -= 1
      }
    }
  }
  if timedOut { kill(pid, SIGKILL) }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  // WIFEXITED and WEXITSTATUS, which Swift does not import (they are macros).
  let exited = status & 0x7F == 0
  return ChildResult(
    status: exited && !timedOut ? (status >> 8) & 0xFF : nil, output: String(decoding: out, as: UTF8.self),
    errorOutput: String(decoding: err, as: UTF8.self), timedOut: timedOut)
}
