import Timeline

/// A tiny lock around a value, for the few globals the runtime publishes.
final class Mutex<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = Lock()
  init(_ value: Value) { self.value = value }
  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
