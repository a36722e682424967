import FoundationEssentials
import Glibc
import Timeline

/// Runs a command that executes sketch code in a child process, so that a trap in the
/// sketch cannot end the program: Swift cannot catch a trap in the process that traps.
///
/// The parent re-runs its own command line with `PLAYGROUND_SKETCH_CHILD=1` and passes the
/// child's output through, noting the runtime's `Fatal error:` line. When the child dies of
/// a signal, the parent prints that message; under `run` it starts the child again, which
/// opens the window with the message and waits for the next save. Elsewhere it exits 70.
enum SketchSupervisor {
  static let childVariable = "PLAYGROUND_SKETCH_CHILD"
  /// The message of the crash a restarted child shows.
  static let crashVariable = "PLAYGROUND_SKETCH_CRASH"

  /// Whether this process is the child that runs sketch code.
  static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] == "1" }

  /// The crash a restarted child was started to show.
  static var crashToShow: String? { ProcessInfo.processInfo.environment[crashVariable] }

  /// Runs this command line in a child until it exits; returns the status to exit with.
  static func supervise(restartAfterCrash: Bool) -> Int32 {
    // The terminal's Ctrl+C reaches the child too; the parent waits for it to finish. A
    // termination asked of the parent alone is passed on, so no window outlives it.
    signal(SIGINT, SIG_IGN)
    for s in [SIGTERM, SIGHUP] {
      signal(s) { received in
        if supervisedChild > 0 { kill(supervisedChild, received) }
      }
    }
    var crash: String?
    while true {
      guard let (status, message) = runChild(crash: crash) else {
        printError("playground: cannot start a process for the sketch: \(String(cString: strerror(errno)))")
        return 71
      }
      guard let message else { return status }
      if restartAfterCrash {
        printError("playground: the sketch crashed: \(message); fix it and save to run it again")
        crash = message
        continue
      }
      printError("playground: the sketch crashed: \(message)")
      return 70
    }
  }

  /// Runs the child once: its exit status, and the crash message when a signal ended it.
  private static func runChild(crash: String?) -> (Int32, String?)? {
    var errPipe: [Int32] = [0, 0]
    guard pipe(&errPipe) == 0 else { return nil }
    _ = fcntl(errPipe[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    var environment = ProcessInfo.processInfo.environment
    environment[childVariable] = "1"
    environment[crashVariable] = crash
    // The runtime's backtrace takes seconds to write; the message line is what the user needs.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let env: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    let argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
    defer { for p in env + argv { free(p) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, env)
    close(errPipe[1])
    defer { close(errPipe[0]) }
    guard spawned == 0 else { return nil }
    supervisedChild = pid
    defer { supervisedChild = 0 }
    var fatal: String?
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(errPipe[0], $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      _ = buffer.withUnsafeBytes { write(2, $0.baseAddress, n) }
      pending += buffer[..<n]
      while let newline = pending.firstIndex(of: 10) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if line.contains("Fatal error") || line.contains("fatal error") { fatal = withoutModule(line.trimmed()) }
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    if signal == 0 { return ((status >> 8) & 0xFF, nil) }
    return (128 + signal, fatal ?? "killed by signal \(signal) (\(String(cString: strsignal(signal))))")
  }
}

/// `Sketch123_4/Pulse.swift:12: Fatal error: …` → `Pulse.swift:12: Fatal error: …`: the
/// module name is the build's, which means nothing to the user.
func withoutModule(_ line: String) -> String {
  guard line.hasPrefix("Sketch"), let slash = line.firstIndex(of: "/"),
    line[line.startIndex..<slash].dropFirst(6).allSatisfy({ $0.isNumber || $0 == "_" })
  else { return line }
  return String(line[line.index(after: slash)...])
}

/// The running child, for the parent's signal handlers (which cannot capture anything).
nonisolated(unsafe) private var supervisedChild: pid_t = 0
