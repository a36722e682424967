import FoundationEssentials
import Glibc

/// Closed-form solution of the damped harmonic oscillator behind `Animation.spring`.
///
/// Mass is 1, stiffness `k = ω₀²` with `ω₀ = 2π / response`, damping `c = 2ζω₀ =
/// 4πζ / response`. With `x` the displacement from the target, `x'' = -k x - c x'`. The
/// equation is linear, so any motion is `x(t) = x₀ P(t) + v₀ Q(t)` where `P` answers a unit
/// displacement at rest and `Q` a unit kick from the target; solving for those two once
/// makes vector values and velocity carry-over (retargeting) exact.
struct SpringModel: Sendable, Hashable {
  /// Period of the undamped oscillation, in seconds.
  let response: Double
  /// ζ: 0 never settles, < 1 overshoots, 1 is critically damped, > 1 is sluggish.
  let dampingFraction: Double
  /// Seconds over which a retarget blends the old motion into the new one.
  let blendDuration: Double

  /// Settled once the energy norm has fallen to this fraction of its starting value.
  static let settleTolerance = 1e-3

  init(response: Double, dampingFraction: Double, blendDuration: Double) {
    // A zero response would mean infinite stiffness; a tiny one is visually instant.
    // NaN (which `max` passes through) falls back to SwiftUI's defaults, so no loop below spins.
    self.response = response.isNaN ? 0.5 : max(response, 1e-4)
    self.dampingFraction = dampingFraction.isNaN ? 0.825 : max(dampingFraction, 0)
    self.blendDuration = blendDuration.isNaN ? 0 : max(blendDuration, 0)
  }

  /// Natural angular frequency ω₀.
  var omega: Double { 2 * Double.pi / response }

  /// `P`, `Q` and their time derivatives at one instant.
  struct Coefficients {
    /// Displacement caused by a unit initial displacement.
    var p: Double
    /// Displacement caused by a unit initial velocity.
    var q: Double
    /// Velocity caused by a unit initial displacement.
    var dp: Double
    /// Velocity caused by a unit initial velocity.
    var dq: Double
  }

  /// Returns the response coefficients `elapsed` seconds after release.
  func coefficients(at elapsed: Double) -> Coefficients {
    let t = max(elapsed, 0)
    let w = omega
    let zeta = dampingFraction
    // Treat a narrow band around ζ = 1 as critical: the under/over-damped formulas divide
    // by a frequency that tends to zero there and would lose precision.
    if abs(zeta - 1) < 1e-6 {
      let decay = exp(-w * t)
      return Coefficients(
        p: decay * (1 + w * t),
        q: decay * t,
        dp: -w * w * t * decay,
        dq: decay * (1 - w * t))
    } else if zeta < 1 {
      let a = zeta * w
      let wd = w * (1 - zeta * zeta).squareRoot()
      let decay = exp(-a * t)
      let c = cos(wd * t)
      let s = sin(wd * t)
      return Coefficients(
        p: decay * (c + a / wd * s),
        q: decay * s / wd,
        dp: -decay * s * w * w / wd,
        dq: decay * (c - a / wd * s))
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      // r1 = -ω(ζ - √(ζ²-1)) rewritten to avoid cancellation for large ζ.
      let r1 = -w / (zeta + root)
      let r2 = -w * (zeta + root)
      let e1 = exp(r1 * t)
      let e2 = exp(r2 * t)
      let span = r1 - r2
      return Coefficients(
        p: (-r2 * e1 + r1 * e2) / span,
        q: (e1 - e2) / span,
        dp: r1 * r2 * (e2 - e1) / span,
        dq: (r1 * e1 - r2 * e2) / span)
    }
  }

  /// Returns `x² + (v/ω₀)²`, the oscillator's energy up to a constant factor.
  ///
  /// Its time derivative is `-2c v² / ω₀² ≤ 0`, so it never increases: once below a
  /// threshold the spring stays below it, which makes "is settled" a pointwise test.
  /// It bounds both `|x|` and `|v| / ω₀`, so velocity is judged on the spring's own
  /// time scale and the test does not depend on `response` or `speed`.
  func energy(displacementSquared: Double, velocitySquared: Double) -> Double {
    let w = omega
    return displacementSquared + velocitySquared / (w * w)
  }

  /// Whether a spring released from unit displacement at rest has settled at `elapsed`.
  func isSettled(at elapsed: Double) -> Bool {
    guard elapsed >= 0 else { return false }
    let k = coefficients(at: elapsed)
    let tolerance = Self.settleTolerance
    return energy(displacementSquared: k.p * k.p, velocitySquared: k.dp * k.dp)
      <= tolerance * tolerance
  }

  /// The first time at which `isSettled(at:)` holds; infinite without damping.
  var settlingDuration: Double {
    guard dampingFraction > 0 else { return .infinity }
    // The energy decreases monotonically, so bracket the crossing and bisect.
    var high = response
    while !isSettled(at: high) {
      high *= 2
      if !(high <= 1e7) { return .infinity }
    }
    var low = 0.0
    for _ in 0..<80 {
      let mid = (low + high) / 2
      if isSettled(at: mid) { high = mid } else { low = mid }
    }
    return high
  }
}
