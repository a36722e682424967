import Foundation
import Testing

@testable import Motion

/// Integrates x'' = -k (x - target) - c x' from rest at 0 toward target 1 with classic RK4.
func rk4SpringPosition(
  response: Double, dampingFraction: Double, at time: Double, step: Double = 1e-4
) -> Double {
  let omega = 2 * Double.pi / response
  let k = omega * omega
  let c = 4 * Double.pi * dampingFraction / response
  func acceleration(_ x: Double, _ v: Double) -> Double { -k * (x - 1) - c * v }
  var x = 0.0
  var v = 0.0
  let steps = Int((time / step).rounded())
  let h = time / Double(max(steps, 1))
  for _ in 0..<steps {
    let k1x = v
    let k1v = acceleration(x, v)
    let k2x = v + h / 2 * k1v
    let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
    let k3x = v + h / 2 * k2v
    let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
    let k4x = v + h * k3v
    let k4v = acceleration(x + h * k3x, v + h * k3v)
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
  }
  return x
}

func peak(of animation: Animation, until end: Double) -> Double {
  var best = 0.0
  for step in 0...20_000 {
    best = max(best, animation.fraction(at: end * Double(step) / 20_000))
  }
  return best
}

@Suite("Springs")
struct SpringTests {
  @Test("a NaN response or damping falls back to the defaults instead of never settling")
  func nanParametersSettle() {
    for spring in [
      Animation.spring(response: .nan, dampingFraction: 0.8),
      Animation.spring(response: 0.4, dampingFraction: .nan),
      Animation.spring(response: .nan, dampingFraction: .nan, blendDuration: .nan),
    ] {
      #expect(spring.duration.isFinite && spring.duration > 0)
    }
  }

  @Test("The heart's spring (response 0.10, damping 0.24) overshoots")
  func heartOvershoots() {
    let heart = Animation.spring(response: 0.10, dampingFraction: 0.24, blendDuration: 0.2)
    // Analytic first overshoot for ζ = 0.24: exp(-πζ/√(1-ζ²)) ≈ 0.4603.
    let expected = exp(-Double.pi * 0.24 / (1 - 0.24 * 0.24).squareRoot())
    #expect(abs(peak(of: heart, until: 1) - (1 + expected)) < 1e-6)
  }

  @Test("A half-damped spring overshoots by about 16 %")
  func halfDampedOvershoots() {
    let spring = Animation.spring(response: 0.5, dampingFraction: 0.5)
    let expected = exp(-Double.pi * 0.5 / (1 - 0.25).squareRoot())
    let top = peak(of: spring, until: 3)
    #expect(top > 1.1)
    #expect(abs(top - (1 + expected)) < 1e-6)
  }

  @Test("Critically and over-damped springs never overshoot", arguments: [1.0, 1.5, 3.0])
  func noOvershoot(damping: Double) {
    let spring = Animation.spring(response: 0.5, dampingFraction: damping)
    #expect(peak(of: spring, until: 10) <= 1 + 1e-9)
  }

  @Test(
    "Closed form matches RK4 integration",
    arguments: [(0.10, 0.24), (0.5, 0.5), (0.5, 0.825), (0.4, 1.0), (0.3, 2.0)])
  func matchesIntegration(response: Double, damping: Double) {
    let spring = Animation.spring(response: response, dampingFraction: damping)
    for time in [0.01, 0.05, 0.1, 0.2, 0.37, 0.6, 1.0] {
      let numeric = rk4SpringPosition(response: response, dampingFraction: damping, at: time)
      #expect(abs(spring.fraction(at: time) - numeric) < 1e-8, "t = \(time)")
    }
  }

  @Test(
    "Springs settle analytically, in reasonable time, within 1e-3",
    arguments: [(0.10, 0.24), (0.5, 0.5), (0.5, 0.825), (0.5, 1.0), (0.5, 2.0)])
  func settles(response: Double, damping: Double) {
    let spring = Animation.spring(response: response, dampingFraction: damping)
    let settle = spring.duration
    #expect(settle > 0 && settle < 5)
    #expect(spring.isComplete(at: settle))
    #expect(!spring.isComplete(at: settle * 0.99))
    #expect(!spring.isComplete(at: 0))
    // Once complete it stays complete and stays within tolerance of the target.
    for step in 0...500 {
      let t = settle + Double(step) * 0.01
      #expect(spring.isComplete(at: t))
      #expect(abs(1 - spring.fraction(at: t)) < 1e-3)
    }
  }

  @Test("The default spring settles in well under a second and a half")
  func defaultSpringSettles() {
    #expect(Animation.spring == .spring(response: 0.5, dampingFraction: 0.825))
    #expect(Animation.spring.duration < 1.5)
    #expect(Animation.spring.isSpring)
  }

  @Test("An undamped spring never completes")
  func undampedNeverSettles() {
    let spring = Animation.spring(response: 0.5, dampingFraction: 0)
    #expect(spring.duration == .infinity)
    #expect(!spring.isComplete(at: 100))
  }

  @Test("speed time-scales a spring")
  func speedScalesSprings() {
    let base = Animation.spring(response: 0.5, dampingFraction: 0.6)
    let fast = base.speed(2)
    let slow = base.speed(0.5)
    for t in [0.05, 0.1, 0.3] {
      #expect(abs(fast.fraction(at: t) - base.fraction(at: 2 * t)) < 1e-12)
      #expect(abs(slow.fraction(at: t) - base.fraction(at: t / 2)) < 1e-12)
    }
    #expect(abs(fast.duration - base.duration / 2) < 1e-9)
    #expect(abs(slow.duration - base.duration * 2) < 1e-9)
  }

  @Test("Spring velocity matches a finite difference of its fraction")
  func springVelocity() {
    let spring = Animation.spring(response: 0.3, dampingFraction: 0.4)
    let h = 1e-6
    for t in [0.02, 0.1, 0.25, 0.5] {
      let numeric = (spring.fraction(at: t + h) - spring.fraction(at: t - h)) / (2 * h)
      #expect(abs(spring.velocity(at: t) - numeric) < 1e-4)
    }
  }
}
