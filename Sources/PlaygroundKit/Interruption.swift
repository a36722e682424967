import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import SDLBackend
import Timeline

/// SIGINT, SIGTERM and SIGHUP turned into a request to stop that every long loop honours.
///
/// The signals are received on a dispatch queue, not in a signal handler, so stopping can do
/// real work: the window loop gets a quit event (it is asleep in `SDL_WaitEvent`), the trace is
/// closed as valid JSON, `--stats` and `bench` print and write what they have, and the process
/// exits 128 + the signal's number (130, 143, 129). A second signal ends the process at once,
/// for a user whose first Ctrl-C was not enough.
public enum Interruption {
  private static let lock = Lock()
  nonisolated(unsafe) private static var received: Int32 = 0
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  /// Starts listening; called once, before any command runs.
  static func install() {
    lock.withLock {
      guard sources.isEmpty else { return }
      for sig in [SIGINT, SIGTERM, SIGHUP] {
        // Ignored, the signal is still delivered to the dispatch source; and SDL, seeing a
        // disposition that is not the default, leaves it alone instead of installing its own.
        Glibc.signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler { request(sig) }
        source.resume()
        sources.append(source)
      }
    }
  }

  /// Records `sig` as the reason to stop and wakes the window loop.
  static func request(_ sig: Int32) {
    let first = lock.withLock {
      defer { if received == 0 { received = sig } }
      return received == 0
    }
    // Commands without a loop that checks for the request (schedule, snapshot, inspect) end
    // now: they have nothing half-done to save, and outputs are renamed into place whole.
    guard first, cooperative else {
      lock.withLock { forcedExitCleanup }?()
      _exit(128 + sig)
    }
    Window.pushQuit()
  }

  nonisolated(unsafe) private static var forcedExitCleanup: (@Sendable () -> Void)?

  /// Sets what runs just before a signal ends the process at once (a second one, or one that
  /// a command without a loop receives): `record` stops its encoder and removes the temporary
  /// file there, which nothing would remove after `_exit`. Nil clears it.
  static func setForcedExitCleanup(_ cleanup: (@Sendable () -> Void)?) {
    lock.withLock { forcedExitCleanup = cleanup }
  }

  /// Whether the running command checks `requested` and stops by itself (run, bench).
  nonisolated(unsafe) static var cooperative = false

  /// The signal that asked the program to stop, if one did.
  public static var signal: Int32? {
    let s = lock.withLock { received }
    return s == 0 ? nil : s
  }

  /// Whether a signal asked the program to stop.
  public static var requested: Bool { signal != nil }

  /// Throws the exit status a stopped command ends with (128 + the signal), if it was stopped.
  static func exitIfRequested() throws {
    if let s = signal { throw ExitCode(128 + s) }
  }

  /// Forgets a request (tests).
  static func reset() { lock.withLock { received = 0 } }
}
