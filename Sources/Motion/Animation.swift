import FoundationEssentials

/// A timing curve that maps elapsed time to progress, in the style of SwiftUI's `Animation`.
///
/// Two families exist: fixed-duration timing curves (linear and cubic-Bézier eases) and
/// springs, whose length follows from their physics. Values are plain data, so animations
/// can be compared, hashed and sent across concurrency domains.
public struct Animation: Sendable, Hashable {
  /// The two families of timing behaviour.
  enum Kind: Sendable, Hashable {
    case curve(UnitCurve, duration: Double)
    case spring(SpringModel)
  }

  let kind: Kind
  /// Seconds before the animation starts moving (`delay(_:)`).
  var delay: Double = 0
  /// How the base animation repeats (`repeatCount`, `repeatForever`), if it does.
  var repetition: Repetition?

  /// A base animation played again: `count` times in all (nil: forever), every other pass
  /// backwards when it autoreverses.
  struct Repetition: Sendable, Hashable {
    var count: Int?
    var autoreverses: Bool
  }

  init(_ kind: Kind) {
    self.kind = kind
  }

  // MARK: Timing curves

  /// SwiftUI's duration for the parameterless curve animations.
  static let defaultDuration = 0.35

  /// An animation with constant speed over `duration` seconds.
  public static func linear(duration: Double) -> Animation {
    curve(.linear, duration: duration)
  }

  /// An animation that starts slowly: cubic Bézier (0.42, 0, 1, 1).
  public static func easeIn(duration: Double) -> Animation {
    curve(.easeIn, duration: duration)
  }

  /// An animation that ends slowly: cubic Bézier (0, 0, 0.58, 1).
  public static func easeOut(duration: Double) -> Animation {
    curve(.easeOut, duration: duration)
  }

  /// An animation that starts and ends slowly: cubic Bézier (0.42, 0, 0.58, 1).
  public static func easeInOut(duration: Double) -> Animation {
    curve(.easeInOut, duration: duration)
  }

  /// An animation following a custom cubic Bézier from (0, 0) through the two control
  /// points to (1, 1); control x coordinates are clamped to [0, 1].
  public static func timingCurve(
    _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double
  ) -> Animation {
    curve(UnitCurve(c0x, c0y, c1x, c1y), duration: duration)
  }

  private static func curve(_ curve: UnitCurve, duration: Double) -> Animation {
    Animation(.curve(curve, duration: max(duration, 0)))
  }

  /// A linear animation lasting 0.35 seconds.
  public static var linear: Animation { linear(duration: defaultDuration) }

  /// An ease-in animation lasting 0.35 seconds.
  public static var easeIn: Animation { easeIn(duration: defaultDuration) }

  /// An ease-out animation lasting 0.35 seconds.
  public static var easeOut: Animation { easeOut(duration: defaultDuration) }

  /// An ease-in-out animation lasting 0.35 seconds.
  public static var easeInOut: Animation { easeInOut(duration: defaultDuration) }

  /// The default animation: ease-in-out over 0.35 seconds (SwiftUI's classic default).
  public static var `default`: Animation { easeInOut }

  // MARK: Springs

  /// A spring animation described by its undamped period and damping fraction.
  ///
  /// - Parameters:
  ///   - response: Period of the undamped oscillation in seconds (stiffness `(2π/response)²`).
  ///   - dampingFraction: 0 oscillates forever, below 1 overshoots, 1 is critically damped.
  ///   - blendDuration: Seconds over which a retarget cross-fades from the motion in flight
  ///     to the new spring (see `AnimatedValue`); 0 turns at once.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation {
    Animation(
      .spring(
        SpringModel(
          response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)))
  }

  /// A spring with SwiftUI's default response 0.5 s and damping fraction 0.825.
  public static var spring: Animation { spring() }

  // MARK: Modifiers

  /// Returns this animation played `factor` times faster.
  ///
  /// A curve's duration is divided by `factor`. A spring is time-scaled, which for the
  /// oscillator is the same as dividing its response (and blend duration) by `factor`
  /// while keeping the damping fraction. `factor` must be positive and finite.
  public func speed(_ factor: Double) -> Animation {
    // A nonsensical factor leaves the animation as it is rather than trapping in user code.
    guard factor > 0 && factor.isFinite else { return self }
    var result = self
    switch kind {
    case .curve(let curve, let duration):
      result = Animation(.curve(curve, duration: duration / factor))
    case .spring(let spring):
      result = Animation(
        .spring(
          SpringModel(
            response: spring.response / factor,
            dampingFraction: spring.dampingFraction,
            blendDuration: spring.blendDuration / factor)))
    }
    result.delay = delay / factor
    result.repetition = repetition
    return result
  }

  /// Returns this animation starting `delay` seconds later.
  public func delay(_ delay: Double) -> Animation {
    var result = self
    result.delay = self.delay + (delay.isFinite ? max(0, delay) : 0)
    return result
  }

  /// Returns this animation played `repeatCount` times in all; with `autoreverses`, every
  /// other pass runs backwards. The value ends at its target.
  public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
    var result = self
    result.repetition = Repetition(count: max(1, repeatCount), autoreverses: autoreverses)
    return result
  }

  /// Returns this animation played over and over; with `autoreverses`, back and forth.
  public func repeatForever(autoreverses: Bool = true) -> Animation {
    var result = self
    result.repetition = Repetition(count: nil, autoreverses: autoreverses)
    return result
  }

  /// Whether the animation is a plain spring, which a retarget continues from its current
  /// velocity; delayed or repeating springs are played as timing curves of their shape.
  var isPlainSpring: Bool { isSpring && delay == 0 && repetition == nil }

  // MARK: Evaluation

  /// Whether this animation is a spring (its length comes from physics, not a duration).
  public var isSpring: Bool {
    if case .spring = kind { return true }
    return false
  }

  /// How long one pass of the base animation runs: the curve's duration, or the spring's
  /// settling time.
  var passDuration: Double {
    switch kind {
    case .curve(_, let duration): return duration
    case .spring(let spring): return spring.settlingDuration
    }
  }

  /// How long the animation runs: its delay and every pass (infinite when it repeats forever).
  ///
  /// For a spring a pass lasts until `isComplete(at:)` holds (infinite for
  /// `dampingFraction == 0`).
  public var duration: Double {
    guard let repetition else { return delay + passDuration }
    guard let count = repetition.count else { return .infinity }
    return delay + passDuration * Double(count)
  }

  /// The pass under way after `elapsed` seconds, the time into it, and whether it runs
  /// backwards; nil once every pass is over.
  private func pass(at elapsed: Double) -> (time: Double, backwards: Bool)? {
    let t = elapsed - delay
    guard let repetition, passDuration > 0, passDuration.isFinite else { return (t, false) }
    let index = (t / passDuration).rounded(.down)
    if let count = repetition.count, index >= Double(count) { return nil }
    let backwards = repetition.autoreverses && Int(index.truncatingRemainder(dividingBy: 2)) == 1
    return (t - index * passDuration, backwards)
  }

  /// Returns the progress from start (0) to target (1) after `elapsed` seconds.
  ///
  /// Curves are clamped to [0, 1] outside their duration. Springs return their normalized
  /// displacement toward the target, which exceeds 1 while an underdamped spring overshoots.
  /// A repeating animation's backward passes run from 1 to 0; once every pass is over the
  /// progress is 1.
  public func fraction(at elapsed: Double) -> Double {
    guard elapsed - delay >= 0 else { return 0 }
    guard let pass = pass(at: elapsed) else { return 1 }
    let f = passFraction(at: pass.time)
    return pass.backwards ? 1 - f : f
  }

  private func passFraction(at elapsed: Double) -> Double {
    switch kind {
    case .curve(let curve, let duration):
      // Checked first so a zero-duration curve is complete (1) at elapsed 0.
      if elapsed >= duration { return 1 }
      if elapsed <= 0 { return 0 }
      return curve.value(at: elapsed / duration)
    case .spring(let spring):
      guard elapsed > 0 else { return 0 }
      return 1 - spring.coefficients(at: elapsed).p
    }
  }

  /// Returns the rate of change of `fraction(at:)`, in progress per second.
  public func velocity(at elapsed: Double) -> Double {
    guard elapsed - delay >= 0, let pass = pass(at: elapsed) else { return 0 }
    let v: Double
    switch kind {
    case .curve(let curve, let duration):
      guard pass.time >= 0, pass.time < duration else { return 0 }
      v = curve.slope(at: pass.time / duration) / duration
    case .spring(let spring):
      guard pass.time >= 0 else { return 0 }
      v = -spring.coefficients(at: pass.time).dp
    }
    return pass.backwards ? -v : v
  }

  /// Whether the animation has finished after `elapsed` seconds.
  ///
  /// A curve finishes at its duration. A spring finishes once both its displacement and its
  /// velocity (divided by ω₀ = 2π/response) are within 1e-3 of the unit distance; the
  /// test is analytic and, because the oscillator's energy only decreases, stays true. A
  /// repeating animation finishes after its last pass, one repeating forever never.
  public func isComplete(at elapsed: Double) -> Bool {
    if let repetition {
      guard let count = repetition.count else { return false }
      return elapsed - delay >= passDuration * Double(count)
    }
    switch kind {
    case .curve(_, let duration): return elapsed - delay >= duration
    case .spring(let spring): return elapsed - delay > 0 && spring.isSettled(at: elapsed - delay)
    }
  }
}
