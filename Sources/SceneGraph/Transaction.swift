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

  /// The transaction of the `withAnimation` or `withTransaction` block that is running, if any.
  ///
  /// Task-local (on a thread outside any task, thread-local): one program can update several
  /// view graphs on several threads (tests do), and one block's transaction must not reach
  /// another thread's state changes, nor be reset under it when another block ends.
  @TaskLocal static var current: Transaction?
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
  try Transaction.$current.withValue(transaction) { try body() }
}
