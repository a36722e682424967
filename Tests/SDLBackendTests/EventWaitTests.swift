import Foundation
import Glibc
import Testing
import Timeline

@testable import SDLBackend

/// The window's one-sleep wait on X11, driven through a pipe standing in for the X connection:
/// it ends at its deadline (not milliseconds before it, as SDL's waits may), at once when the
/// connection has something to read, and when another thread wakes it.
@Suite(.serialized) struct EventWaitTests {
  /// A pipe: reading end, writing end.
  private static func pipeEnds() throws -> (Int32, Int32) {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    return (fds[0], fds[1])
  }

  @Test func aQuietConnectionSleepsUntilTheDeadlineAndNoLonger() throws {
    let (r, w) = try Self.pipeEnds()
    defer { _ = (close(r), close(w)) }
    let start = monotonicSeconds()
    let deadline = start + 0.03
    let readable = Window.waitReadable(r, untilUptime: deadline)
    let end = monotonicSeconds()
    #expect(!readable)
    #expect(end >= deadline)
    // Generous: a busy two-core host can wake a sleeper late, but not by a second.
    #expect(end - deadline < 0.5)
  }

  @Test func inputOnTheConnectionEndsTheWaitAtOnce() throws {
    let (r, w) = try Self.pipeEnds()
    defer { _ = (close(r), close(w)) }
    var byte: UInt8 = 1
    #expect(write(w, &byte, 1) == 1)
    let start = monotonicSeconds()
    #expect(Window.waitReadable(r, untilUptime: start + 10))
    #expect(monotonicSeconds() - start < 1)
  }

  @Test func aWakeFromAnotherThreadEndsTheWait() throws {
    let (r, w) = try Self.pipeEnds()
    defer { _ = (close(r), close(w)) }
    let waker = Thread {
      usleep(20_000)
      Window.signalWake()
    }
    let start = monotonicSeconds()
    waker.start()
    // A deadline far enough off that only the wake can end the wait this soon.
    let readable = Window.waitReadable(r, untilUptime: start + 3)
    #expect(!readable)
    #expect(monotonicSeconds() - start < 1.5)
    // The wake was taken: the next wait sleeps to its deadline again.
    let again = monotonicSeconds()
    Window.waitReadable(r, untilUptime: again + 0.02)
    #expect(monotonicSeconds() >= again + 0.02)
  }

  @Test func withNoDeadlineTheWaitLastsUntilInputComes() throws {
    let (r, w) = try Self.pipeEnds()
    defer { _ = (close(r), close(w)) }
    let writer = Thread {
      usleep(30_000)
      var byte: UInt8 = 1
      _ = write(w, &byte, 1)
    }
    let start = monotonicSeconds()
    writer.start()
    #expect(Window.waitReadable(r, untilUptime: nil))
    #expect(monotonicSeconds() - start >= 0.03)
  }

  @Test func aDeadlineAlreadyPastReturnsWithoutSleeping() throws {
    let (r, w) = try Self.pipeEnds()
    defer { _ = (close(r), close(w)) }
    let start = monotonicSeconds()
    #expect(!Window.waitReadable(r, untilUptime: start - 1))
    #expect(monotonicSeconds() - start < 0.5)
  }
}
