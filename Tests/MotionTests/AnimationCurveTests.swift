import Foundation
import Testing

@testable import Motion

@Suite("Timing curves")
struct AnimationCurveTests {
  static let curves: [(String, Animation)] = [
    ("linear", .linear(duration: 2)),
    ("easeIn", .easeIn(duration: 2)),
    ("easeOut", .easeOut(duration: 2)),
    ("easeInOut", .easeInOut(duration: 2)),
  ]

  @Test("Every curve starts at 0 and ends at exactly 1", arguments: [0, 1, 2, 3])
  func endpoints(index: Int) {
    let animation = Self.curves[index].1
    #expect(animation.fraction(at: 0) == 0)
    #expect(animation.fraction(at: -1) == 0)
    #expect(animation.fraction(at: 2) == 1)
    #expect(animation.fraction(at: 5) == 1)
    #expect(!animation.isComplete(at: 1.999))
    #expect(animation.isComplete(at: 2))
  }

  @Test("Linear progresses at constant speed")
  func linearMidpoint() {
    let animation = Animation.linear(duration: 2)
    #expect(animation.fraction(at: 1) == 0.5)
    #expect(abs(animation.fraction(at: 0.5) - 0.25) < 1e-15)
    #expect(abs(animation.velocity(at: 1.3) - 0.5) < 1e-15)
  }

  @Test("easeInOut passes through 0.5 at half time and is point-symmetric")
  func easeInOutSymmetry() {
    let animation = Animation.easeInOut(duration: 1)
    #expect(abs(animation.fraction(at: 0.5) - 0.5) < 1e-9)
    for step in 1..<100 {
      let t = Double(step) / 100
      let sum = animation.fraction(at: t) + animation.fraction(at: 1 - t)
      #expect(abs(sum - 1) < 1e-9, "f(\(t)) + f(1-\(t)) = \(sum)")
    }
  }

  @Test("easeIn lags and easeOut leads linear at a quarter of the way")
  func easeOrdering() {
    let quarter = 0.25
    #expect(Animation.easeIn(duration: 1).fraction(at: quarter) < quarter - 0.05)
    #expect(Animation.easeOut(duration: 1).fraction(at: quarter) > quarter + 0.05)
  }

  @Test("Eases match reference values of the CSS cubic Béziers")
  func referenceValues() {
    // Reference: solve x(t) = 0.5 for easeIn (0.42, 0, 1, 1) by high-precision bisection
    // in the test itself, then evaluate y(t); compare with the animation's answer.
    func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if bezier(0.42, 1, mid) < 0.5 { low = mid } else { high = mid }
    }
    let expected = bezier(0, 1, low)
    #expect(abs(Animation.easeIn(duration: 1).fraction(at: 0.5) - expected) < 1e-10)
    // Known value of CSS ease-in at x = 0.5 (≈ 0.3153).
    #expect(abs(expected - 0.3153) < 5e-4)
  }

  @Test("Eases are monotone non-decreasing on a fine grid", arguments: [1, 2, 3])
  func monotone(index: Int) {
    let animation = Self.curves[index].1
    var previous = 0.0
    for step in 0...2000 {
      let value = animation.fraction(at: Double(step) / 1000)
      #expect(value >= previous - 1e-12)
      #expect(value >= 0 && value <= 1)
      previous = value
    }
  }

  @Test("Curve velocity matches a central finite difference", arguments: [0, 1, 2, 3])
  func velocityMatchesDerivative(index: Int) {
    let animation = Self.curves[index].1
    let h = 1e-6
    for t in stride(from: 0.1, to: 1.95, by: 0.15) {
      let numeric = (animation.fraction(at: t + h) - animation.fraction(at: t - h)) / (2 * h)
      #expect(abs(animation.velocity(at: t) - numeric) < 1e-5)
    }
  }

  @Test("Flat curve ends have a finite limiting slope")
  func flatEndSlope() {
    // easeOut (0, 0, 0.58, 1) starts with slope y''/x'' = 6 / 3.48 per unit time.
    let start = Animation.easeOut(duration: 1).velocity(at: 0)
    #expect(abs(start - 6 / 3.48) < 1e-6)
    #expect(Animation.easeIn(duration: 1).velocity(at: 0) == 0)
  }

  @Test("Parameterless curves and .default last 0.35 s")
  func defaults() {
    #expect(Animation.linear == .linear(duration: 0.35))
    #expect(Animation.easeIn.duration == 0.35)
    #expect(Animation.easeOut.duration == 0.35)
    #expect(Animation.default == .easeInOut(duration: 0.35))
  }

  @Test("speed divides a curve's duration")
  func speedScalesCurves() {
    let base = Animation.easeInOut(duration: 1)
    #expect(base.speed(2).duration == 0.5)
    #expect(base.speed(0.5).duration == 2)
    #expect(abs(base.speed(2).fraction(at: 0.1) - base.fraction(at: 0.2)) < 1e-15)
  }

  @Test("A zero-length curve is complete immediately")
  func zeroDuration() {
    let animation = Animation.linear(duration: 0)
    #expect(animation.fraction(at: 0) == 1)
    #expect(animation.isComplete(at: 0))
  }

  @Test("Custom timing curves reproduce the named eases")
  func customTimingCurve() {
    let custom = Animation.timingCurve(0.42, 0, 0.58, 1, duration: 1)
    #expect(custom == .easeInOut(duration: 1))
    #expect(!custom.isSpring)
  }
}
