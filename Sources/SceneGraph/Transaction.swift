import FoundationEssentials
import Motion

/// The context of a state change: the animation it runs with; SwiftUI's `Transaction`.
public struct Transaction: Sendable {
  /// The animation for the change; nil changes at once.
  public var animation: Animation?
  /// When true, implicit `.animation(_:value:)` animations inside are not used either.
  public var disablesAnimations = false

  /// A transaction with no animation.
  public init() {}

  /// A transaction that animates with `animation`.
  public init(animation: Animation?) { self.animation = animation }

  /// The transaction of the `withAnimation` or `withTransaction` block running on this
  /// thread, if any.
  ///
  /// One slot per thread: one program can update several view graphs on several threads (tests
  /// do), and one block's transaction must neither reach another thread's state changes nor be
  /// reset under it when another block ends. Not task-local: a `Task` started inside the block
  /// would inherit it, and its later changes would animate, which SwiftUI's do not.
  static var current: Transaction? { TransactionSlot.forThisThread()?.value }
}

/// The running block's transaction for one thread, kept under a pthread key.
private final class TransactionSlot {
  var value: Transaction?

  /// The key; each thread's slot is released when the thread ends.
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { slot in
      guard let slot else { return }
      Unmanaged<TransactionSlot>.fromOpaque(slot).release()
    }
    return key
  }()

  /// This thread's slot, made on first use when `create` is true.
  static func forThisThread(create: Bool = false) -> TransactionSlot? {
    if let raw = pthread_getspecific(key) { return Unmanaged<TransactionSlot>.fromOpaque(raw).takeUnretainedValue() }
    guard create else { return nil }
    let slot = TransactionSlot()
    pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
    return slot
  }
}

/// Runs `body`, and animates the views whose state it changes with `animation`; SwiftUI's
/// `withAnimation`.
///
/// A changed `@State` re-runs its view's body in the next update with the transaction's
/// animation, so every animatable property below it that changes (offset, scale, opacity,
/// frame, …) animates there.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with `transaction` for the state changes it makes; SwiftUI's `withTransaction`.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
  // A slot is made on first use, so this always finds one.
  guard let slot = TransactionSlot.forThisThread(create: true) else { return try body() }
  let outer = slot.value
  slot.value = transaction
  defer { slot.value = outer }
  return try body()
}

extension Binding {
  /// The same binding, each of its writes made in `withAnimation(animation)`: what it
  /// changes animates (`Toggle(isOn: $show.animation())`).
  public func animation(_ animation: Animation? = .default) -> Binding<Value> {
    transaction(Transaction(animation: animation))
  }

  /// The same binding, each of its writes made in `transaction`. A view given it compares it
  /// as a new binding each time, as a binding made from closures is.
  public func transaction(_ transaction: Transaction) -> Binding<Value> {
    let base = self
    return Binding(
      get: { base.wrappedValue }, set: { value in withTransaction(transaction) { base.wrappedValue = value } })
  }
}
