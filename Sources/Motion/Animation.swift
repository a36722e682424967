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
    precondition(factor > 0 && factor.isFinite, "speed factor must be positive and finite")
    switch kind {
    case .curve(let curve, let duration):
      return Animation(.curve(curve, duration: duration / factor))
    case .spring(let spring):
      return Animation(
        .spring(
          SpringModel(
            response: spring.response / factor,
            dampingFraction: spring.dampingFraction,
            blendDuration: spring.blendDuration / factor)))
    }
  }

  // MARK: Evaluation

  /// Whether this animation is a spring (its length comes from physics, not a duration).
  public var isSpring: Bool {
    if case .spring = kind { return true }
    return false
  }

  /// How long the animation runs: the curve's duration, or the spring's settling time.
  ///
  /// For a spring this is the first elapsed time at which `isComplete(at:)` holds
  /// (infinite for `dampingFraction == 0`).
  public var duration: Double {
    switch kind {
    case .curve(_, let duration): return duration
    case .spring(let spring): return spring.settlingDuration
    }
  }

  /// Returns the progress from start (0) to target (1) after `elapsed` seconds.
  ///
  /// Curves are clamped to [0, 1] outside their duration. Springs return their normalized
  /// displacement toward the target, which exceeds 1 while an underdamped spring overshoots.
  public func fraction(at elapsed: Double) -> Double {
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
    switch kind {
    case .curve(let curve, let duration):
      guard elapsed >= 0, elapsed < duration else { return 0 }
      return curve.slope(at: elapsed / duration) / duration
    case .spring(let spring):
      guard elapsed >= 0 else { return 0 }
      return -spring.coefficients(at: elapsed).dp
    }
  }

  /// Whether the animation has finished after `elapsed` seconds.
  ///
  /// A curve finishes at its duration. A spring finishes once both its displacement and its
  /// velocity (divided by ω₀ = 2π/response) are within 1e-3 of the unit distance; the
  /// test is analytic and, because the oscillator's energy only decreases, stays true.
  public func isComplete(at elapsed: Double) -> Bool {
    switch kind {
    case .curve(_, let duration): return elapsed >= duration
    case .spring(let spring): return spring.isSettled(at: elapsed)
    }
  }
}
