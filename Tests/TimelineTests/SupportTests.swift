import Foundation
import Testing

@testable import Timeline

/// The small system helpers that stand in for the parts of Foundation the program does not link.
@Suite struct SupportTests {
  @Test("a child's output, error output and exit status come back")
  func childOutput() throws {
    let r = try #require(runChild("/bin/sh", ["sh", "-c", "echo out; echo err >&2; exit 3"], timeout: 10))
    #expect(r.status == 3)
    #expect(r.output == "out\n")
    #expect(r.errorOutput == "err\n")
    #expect(!r.timedOut)
  }

  @Test("a child that runs too long is killed at the timeout")
  func childTimeout() throws {
    let start = Date()
    let r = try #require(runChild("/bin/sleep", ["sleep", "30"], timeout: 0.3))
    #expect(r.timedOut)
    #expect(r.status == nil)
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test("a program that does not exist gives no result rather than a crash")
  func missingProgram() {
    let r = runChild("/nonexistent/program", ["x"], timeout: 1)
    // posix_spawn reports the failure, or the child exits 127 when the C library forks first.
    #expect(r == nil || r?.status == 127)
  }

  @Test("a started thread runs its body")
  func thread() async {
    let flag = ChildFlag()
    #expect(startThread { flag.set() })
    for _ in 0..<500 where !flag.isSet { try? await Task.sleep(for: .milliseconds(10)) }
    #expect(flag.isSet)
  }
}

/// A flag set from another thread.
final class ChildFlag: @unchecked Sendable {
  private let lock = Lock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
