internal import CSDL2
import Glibc
import Timeline

/// Waiting for the window's input until a deadline, precisely, in one sleep.
///
/// SDL's own waits take whole milliseconds and may end 1.5 ms early, so a loop waiting for a
/// frame's deadline through them wakes once in SDL and once more in `clock_nanosleep` for the
/// last milliseconds. On X11 the window waits on the X connection's descriptor itself, with
/// a nanosecond timeout: one wake-up per deadline, and input that arrives in the last
/// milliseconds before a frame is answered at once instead of after it. Other threads wake
/// the wait through a descriptor of their own (`Window.wake`).
extension Window {
  /// Ends a wait in progress from any thread: the descriptor `wake` and `pushQuit` write to.
  static let wakeDescriptor: Int32 = tp_make_wake_fd()

  /// Makes the descriptor readable, so a `waitEvent(untilUptime:)` in progress returns.
  static func signalWake() {
    guard wakeDescriptor >= 0 else { return }
    var one: UInt64 = 1
    // A full counter (2⁶⁴ − 2 wakes unread) fails with EAGAIN and is still readable.
    _ = write(wakeDescriptor, &one, 8)
  }

  /// The X connection to wait on, or nil where SDL's own wait must be used (Wayland, say,
  /// whose events may come through descriptors this code does not know).
  static func xConnection(of window: OpaquePointer) -> Int32? {
    guard Platform.videoDriver == "x11" else { return nil }
    let fd = tp_x11_connection_fd(window)
    return fd >= 0 ? fd : nil
  }

  /// Whether `waitEvent(untilUptime:)` waits in one precise sleep (on X11).
  public var waitsPrecisely: Bool { xConnection != nil }

  /// Waits for one event until `deadline` (monotonic seconds; nil: forever) and returns it, or
  /// nil when the deadline passed or another thread woke the wait with nothing queued.
  ///
  /// Off X11 it is one SDL wait of whole milliseconds, which may end before the deadline:
  /// callers loop until the deadline has passed.
  public func waitEvent(untilUptime deadline: Double?) -> WindowEvent? {
    // Pumping moves whatever Xlib read into its own queue (during the last present's round
    // trip, say) into SDL's and flushes what Xlib has to send: the descriptor is then quiet.
    // `SDL_PollEvent` alone skips the pump while a poll sentinel of SDL's is still queued, and
    // would pump again on top of this one.
    SDL_PumpEvents()
    if let e = takeQueuedEvent() { return e }
    guard let fd = xConnection else {
      return waitEvent(timeout: deadline.map { $0 - monotonicSeconds() })
    }
    if let deadline, deadline <= monotonicSeconds() { return nil }
    // A wait that ended with the connection quiet (the deadline, or another thread's wake)
    // has nothing new to pump: the pump above took what Xlib held. Pumping anyway cost a
    // frame seven failed reads of the socket.
    guard Self.waitReadable(fd, untilUptime: deadline) else { return takeQueuedEvent() }
    SDL_PumpEvents()
    return takeQueuedEvent()
  }

  /// Takes the first event SDL has queued, without pumping X for more.
  private func takeQueuedEvent() -> WindowEvent? {
    var e = SDL_Event()
    let got = SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    return got == 1 ? Self.translate(e) : nil
  }

  /// Sleeps until `fd` is readable, a wake is signalled (and taken), or `deadline` passes
  /// (nil: no deadline); true when `fd` became readable.
  @discardableResult
  static func waitReadable(_ fd: Int32, untilUptime deadline: Double?) -> Bool {
    var timeout: Int64 = -1
    if let deadline {
      // Clamped: a far-off deadline (or an infinite one) must not overflow.
      let remaining = max(0, deadline - monotonicSeconds())
      timeout = remaining < 1e9 ? Int64(remaining * 1e9) : Int64(1e18)
    }
    var ready: Int32 = 0
    _ = tp_wait_readable(fd, wakeDescriptor, timeout, &ready)
    if ready & 2 != 0 {
      var count: UInt64 = 0
      _ = read(wakeDescriptor, &count, 8)
    }
    return ready & 1 != 0
  }
}
