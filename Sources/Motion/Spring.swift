import FoundationEssentials

/// A spring's physics, described the ways SwiftUI's `Spring` takes: a perceptual duration and
/// bounce, a response and damping ratio, or mass, stiffness and damping.
public struct Spring: Sendable, Hashable {
  /// The undamped period, in seconds.
  public var response: Double
  /// 0 oscillates forever, below 1 overshoots, 1 is critically damped, above 1 overdamped.
  public var dampingRatio: Double

  /// A spring with an undamped period `response` and a damping ratio. (`Spring()` is the
  /// perceptual form's default: 0.5 s, no bounce.)
  public init(response: Double, dampingRatio: Double) {
    self.response = response.isFinite && response > 0 ? response : 0.5
    self.dampingRatio = dampingRatio.isFinite ? max(0, dampingRatio) : 1
  }

  /// A spring that settles in about `duration` seconds and overshoots by `bounce` (0 none,
  /// up to 1; negative values are overdamped), SwiftUI's perceptual parameters.
  public init(duration: Double = 0.5, bounce: Double = 0) {
    let b = bounce.isFinite ? min(1, bounce) : 0
    self.init(response: duration, dampingRatio: b >= 0 ? 1 - b : 1 / (1 + max(b, -0.99)))
  }

  /// A spring with a mass on a spring of `stiffness`, slowed by `damping`.
  public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
    let m = mass.isFinite && mass > 0 ? mass : 1
    let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
    let ratio = (damping.isFinite ? max(0, damping) : 0) / (2 * (k * m).squareRoot())
    self.init(response: 2 * Double.pi / (k / m).squareRoot(), dampingRatio: allowOverDamping ? ratio : min(1, ratio))
  }

  /// The perceptual duration: the response.
  public var duration: Double { response }
  /// How much it overshoots: 1 − damping ratio (negative when overdamped).
  public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 - 1 / dampingRatio }

  /// A smooth spring with no bounce, settling in 0.5 s.
  public static var smooth: Spring { Spring(duration: 0.5, bounce: 0) }
  /// A smooth spring with no bounce.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: extraBounce)
  }
  /// A spring with a little bounce (0.15).
  public static var snappy: Spring { Spring(duration: 0.5, bounce: 0.15) }
  /// A spring with a little bounce (0.15), plus `extraBounce`.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: 0.15 + extraBounce)
  }
  /// A spring with a noticeable bounce (0.3).
  public static var bouncy: Spring { Spring(duration: 0.5, bounce: 0.3) }
  /// A spring with a noticeable bounce (0.3), plus `extraBounce`.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: 0.3 + extraBounce)
  }
}

extension Animation {
  /// A spring animation with `spring`'s physics.
  public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
    .spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
  }

  /// A spring that settles in about `duration` seconds and overshoots by `bounce`. (`.spring()`
  /// with no arguments is the classic response-and-damping spring.)
  @_disfavoredOverload
  public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
    .spring(Spring(duration: duration, bounce: bounce), blendDuration: blendDuration)
  }

  /// A spring without bounce, settling in 0.5 s; SwiftUI's `.smooth`.
  public static var smooth: Animation { .spring(.smooth) }
  /// A spring without bounce, plus `extraBounce`.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    .spring(.smooth(duration: duration, extraBounce: extraBounce))
  }
  /// A spring with a little bounce; SwiftUI's `.snappy`.
  public static var snappy: Animation { .spring(.snappy) }
  /// A spring with a little bounce, plus `extraBounce`.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    .spring(.snappy(duration: duration, extraBounce: extraBounce))
  }
  /// A spring with a noticeable bounce; SwiftUI's `.bouncy`.
  public static var bouncy: Animation { .spring(.bouncy) }
  /// A spring with a noticeable bounce, plus `extraBounce`.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    .spring(.bouncy(duration: duration, extraBounce: extraBounce))
  }

  /// A spring of a mass (default 1) on `stiffness` with `damping`; the initial velocity is
  /// taken from the motion in flight, as with every spring here.
  public static func interpolatingSpring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> Animation {
    .spring(Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true))
  }

  /// An interpolating spring given by its perceptual duration and bounce.
  public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0)
    -> Animation
  {
    .spring(Spring(duration: duration, bounce: bounce))
  }

  /// An interpolating spring with SwiftUI's defaults (mass 1, stiffness 170, damping 15).
  public static var interpolatingSpring: Animation { interpolatingSpring(stiffness: 170, damping: 15) }
}
