internal import CSDL2
import FoundationEssentials
import Glibc
import Timeline

/// Runs the main dispatch queue inside the window's loop, as a run loop does.
///
/// The loop waits in SDL, not in `dispatch_main`, so work sent to the main queue
/// (`DispatchQueue.main.async`, `@MainActor` code, `MainActor.run`) would otherwise never run.
/// A thread waits on the queue's wake-up descriptor and wakes the loop, which then drains
/// the queue on the main thread. Nothing runs while the queue is empty: the thread sleeps in
/// `poll`, and the loop's own sleep is not shortened.
public enum MainQueue {
  private static let lock = Lock()
  nonisolated(unsafe) private static var started = false
  nonisolated(unsafe) private static var pending = false

  /// Starts waking the loop for main-queue work; call once, on the main thread.
  public static func startForwarding() {
    let fd: Int32? = lock.withLock {
      guard !started else { return nil }
      started = true
      return _dispatch_get_main_queue_handle_4CF()
    }
    guard let fd, fd >= 0 else { return }
    startThread {
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      while true {
        let n = poll(&p, 1, -1)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return }
        // The descriptor is non-blocking: whoever reads first takes the count.
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
        lock.withLock { pending = true }
        Window.wake()
      }
    }
  }

  /// Runs what the main queue holds, if it was woken since the last call; true when it was.
  @discardableResult
  public static func drain() -> Bool {
    let due = lock.withLock {
      defer { pending = false }
      return pending
    }
    guard due else { return false }
    _dispatch_main_queue_callback_4CF(nil)
    return true
  }
}
