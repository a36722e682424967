import FoundationEssentials

/// A cubic Bézier easing curve from (0, 0) to (1, 1), as used by CSS; SwiftUI's `UnitCurve`.
///
/// The curve is parametric in `t`, but animations ask for `y` at a given `x` (normalized
/// time), so `x(t) = x` is solved numerically: Newton's method converges in a few steps for
/// well-behaved curves, and bisection is the fallback where the derivative vanishes (the
/// flat ends of `easeIn`/`easeOut`), since `x(t)` is monotone for control x in [0, 1].
public struct UnitCurve: Sendable, Hashable {
  let c1x: Double
  let c1y: Double
  let c2x: Double
  let c2y: Double

  init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    // Clamping x keeps x(t) monotone, so every x has exactly one t.
    self.c1x = min(max(c1x, 0), 1)
    self.c1y = c1y
    self.c2x = min(max(c2x, 0), 1)
    self.c2y = c2y
  }

  /// Constant speed.
  public static let linear = UnitCurve(0, 0, 1, 1)
  /// Starts slowly: cubic Bézier (0.42, 0, 1, 1).
  public static let easeIn = UnitCurve(0.42, 0, 1, 1)
  /// Ends slowly: cubic Bézier (0, 0, 0.58, 1).
  public static let easeOut = UnitCurve(0, 0, 0.58, 1)
  /// Starts and ends slowly: cubic Bézier (0.42, 0, 0.58, 1).
  public static let easeInOut = UnitCurve(0.42, 0, 0.58, 1)

  /// Control points on the diagonal make y == x exactly; skipping the solver keeps
  /// `linear` bit-exact.
  private var isIdentity: Bool { c1x == c1y && c2x == c2y }

  // Power-basis coefficients: B(t) = ((a t + b) t + c) t.
  private var cx: Double { 3 * c1x }
  private var bx: Double { 3 * (c2x - c1x) - cx }
  private var ax: Double { 1 - cx - bx }
  private var cy: Double { 3 * c1y }
  private var by: Double { 3 * (c2y - c1y) - cy }
  private var ay: Double { 1 - cy - by }

  private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
  private func slopeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

  /// Returns the Bézier parameter `t` whose x coordinate is `x`.
  func parameter(forX x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let tolerance = 1e-12
    var t = x
    for _ in 0..<8 {
      let error = sampleX(t) - x
      if abs(error) < tolerance { return t }
      let slope = slopeX(t)
      if abs(slope) < 1e-9 { break }
      t -= error / slope
      if t < 0 || t > 1 { break }
    }
    var low = 0.0
    var high = 1.0
    t = x
    for _ in 0..<100 {
      let value = sampleX(t)
      if abs(value - x) < tolerance { break }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return t
  }

  /// Returns the curve's progress at normalized time `x`, with exact endpoints.
  public func value(at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if isIdentity { return x }
    return sampleY(parameter(forX: x))
  }

  /// Returns the rate of change of `value(at:)` at normalized time `x`; SwiftUI's name.
  public func velocity(at x: Double) -> Double { slope(at: x) }

  /// Returns dy/dx at normalized time `x`.
  func slope(at x: Double) -> Double {
    if isIdentity { return 1 }
    let t = parameter(forX: min(max(x, 0), 1))
    let dx = slopeX(t)
    let dy = slopeY(t)
    if abs(dx) > 1e-9 { return dy / dx }
    // Both first derivatives vanish at a flat end (e.g. easeOut at t = 0):
    // L'Hôpital with the second derivatives gives the limiting slope.
    let ddx = 6 * ax * t + 2 * bx
    let ddy = 6 * ay * t + 2 * by
    return abs(ddx) > 1e-12 ? ddy / ddx : 0
  }
}
