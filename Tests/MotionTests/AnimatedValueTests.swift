import Foundation
import Testing

@testable import Motion

@Suite("AnimatedValue")
struct AnimatedValueTests {
  @Test("A nil animation jumps straight to the target")
  func nilAnimationJumps() {
    var value = AnimatedValue(0.0)
    value.animate(to: 10, with: .linear(duration: 1), at: 0)
    value.animate(to: 4, with: nil, at: 0.5)
    #expect(value.target == 4)
    #expect(value.value(at: 0.5) == 4)
    #expect(!value.isAnimating(at: 0.5))
  }

  @Test("A target moved without an animation keeps the flight as an offset from the new target")
  func moveKeepsTheFlight() {
    var value = AnimatedValue(0.0)
    value.animate(to: 100, with: .linear(duration: 2), at: 0)
    #expect(abs(value.value(at: 1) - 50) < 1e-12)
    value.move(to: 200)
    // At once by as much as the target moved, then on to it over the rest of the second.
    #expect(value.target == 200)
    #expect(abs(value.value(at: 1) - 150) < 1e-12 && abs(value.value(at: 1.5) - 175) < 1e-12)
    #expect(value.isAnimating(at: 1.9) && !value.isAnimating(at: 2) && value.value(at: 2) == 200)
    // A spring blending out an earlier trajectory moves both.
    var spring = AnimatedValue(0.0)
    spring.animate(to: 10, with: .spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0.5), at: 0)
    spring.animate(to: 20, with: .spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0.5), at: 0.2)
    var moved = spring
    moved.move(to: 25)
    for t in [0.2, 0.3, 0.5, 0.8, 1.5] {
      #expect(abs(moved.value(at: t) - (spring.value(at: t) + 5)) < 1e-9, "at \(t)")
    }
  }

  @Test("A curve animation interpolates from the presentation value")
  func curveInterpolates() {
    var value = AnimatedValue(2.0)
    value.animate(to: 6, with: .linear(duration: 2), at: 10)
    #expect(value.value(at: 10) == 2)
    #expect(abs(value.value(at: 11) - 4) < 1e-12)
    #expect(abs(value.velocity(at: 11) - 2) < 1e-12)
    #expect(value.isAnimating(at: 11.9))
    #expect(!value.isAnimating(at: 12))
    #expect(value.value(at: 12) == 6)
  }

  @Test("Retargeting a curve mid-flight is continuous")
  func curveRetargetContinuity() {
    var value = AnimatedValue(0.0)
    value.animate(to: 100, with: .easeInOut(duration: 1), at: 0)
    let retarget = 0.4
    let before = value.value(at: retarget)
    let velocityBefore = value.velocity(at: retarget)
    let slightlyBefore = value.value(at: retarget - 1e-7)
    value.animate(to: -50, with: .easeInOut(duration: 1), at: retarget)
    #expect(abs(value.value(at: retarget) - before) < 1e-9)
    // The new ease starts with zero slope, so additive blending keeps velocity too.
    #expect(abs(value.velocity(at: retarget) - velocityBefore) < 1e-9)
    #expect(abs(value.value(at: retarget + 1e-7) - slightlyBefore) < 1e-3)
    #expect(value.target == -50)
    #expect(value.isAnimating(at: 1.39))
    #expect(!value.isAnimating(at: 1.41))
    #expect(value.value(at: 1.41) == -50)
  }

  @Test("Retargeting a spring mid-flight keeps value and velocity continuous")
  func springRetargetContinuity() {
    var value = AnimatedValue(0.0)
    let spring = Animation.spring(response: 0.3, dampingFraction: 0.5)
    value.animate(to: 1, with: spring, at: 0)
    let retarget = 0.12
    let before = value.value(at: retarget)
    let velocityBefore = value.velocity(at: retarget)
    #expect(velocityBefore > 1)  // Genuinely mid-flight.
    value.animate(to: -2, with: .spring(response: 0.5, dampingFraction: 0.9), at: retarget)
    #expect(abs(value.value(at: retarget) - before) < 1e-9)
    #expect(abs(value.velocity(at: retarget) - velocityBefore) < 1e-9)
    // Velocity carried into the new spring: it keeps moving up briefly before turning.
    #expect(value.value(at: retarget + 0.01) > before)
  }

  @Test("A retargeted spring follows the ODE from its carried-over state")
  func retargetedSpringMatchesIntegration() {
    let response = 0.4
    let damping = 0.3
    var value = AnimatedValue(0.0)
    value.animate(to: 1, with: .spring(response: response, dampingFraction: damping), at: 0)
    let retarget = 0.1
    let x0 = value.value(at: retarget)
    let v0 = value.velocity(at: retarget)
    value.animate(to: 3, with: .spring(response: response, dampingFraction: damping), at: retarget)
    // Integrate from the carried state toward 3 with RK4.
    let omega = 2 * Double.pi / response
    let c = 4 * Double.pi * damping / response
    var x = x0
    var v = v0
    let h = 1e-5
    for _ in 0..<30_000 {
      func a(_ x: Double, _ v: Double) -> Double { -omega * omega * (x - 3) - c * v }
      let k1 = (v, a(x, v))
      let k2 = (v + h / 2 * k1.1, a(x + h / 2 * k1.0, v + h / 2 * k1.1))
      let k3 = (v + h / 2 * k2.1, a(x + h / 2 * k2.0, v + h / 2 * k2.1))
      let k4 = (v + h * k3.1, a(x + h * k3.0, v + h * k3.1))
      x += h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
      v += h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
    }
    #expect(abs(value.value(at: retarget + 0.3) - x) < 1e-8)
    #expect(abs(value.velocity(at: retarget + 0.3) - v) < 1e-6)
  }

  @Test("A settled spring stops animating and rests exactly on the target")
  func springSettles() {
    var value = AnimatedValue(0.0)
    let spring = Animation.spring(response: 0.10, dampingFraction: 0.24)
    value.animate(to: 5, with: spring, at: 1)
    #expect(value.isAnimating(at: 1.2))
    let settled = 1 + spring.duration
    #expect(!value.isAnimating(at: settled + 1e-9))
    #expect(value.value(at: settled + 1e-9) == 5)
    #expect(abs(value.value(at: settled - 0.001) - 5) < 5 * 1e-3)
  }

  @Test("settle() ends every animation at the target", arguments: [false, true])
  func settleFreezes(useSpring: Bool) {
    var value = AnimatedValue(0.0)
    let animation: Animation = useSpring ? .spring : .easeInOut(duration: 1)
    value.animate(to: 8, with: animation, at: 0)
    #expect(value.isAnimating(at: 0.2))
    value.settle(at: 0.2)
    #expect(!value.isAnimating(at: 0.2))
    #expect(value.value(at: 0.2) == 8)
    #expect(value.velocity(at: 0.2) == 0)
  }

  @Test("A curve layered on a running spring blends additively and continuously")
  func curveOverSpring() {
    var value = AnimatedValue(0.0)
    value.animate(to: 1, with: .spring(response: 0.4, dampingFraction: 0.5), at: 0)
    let before = value.value(at: 0.15)
    value.animate(to: 2, with: .linear(duration: 0.5), at: 0.15)
    #expect(abs(value.value(at: 0.15) - before) < 1e-9)
    // After the curve ends, only the spring's residual remains relative to the new target.
    let springAlone = Animation.spring(response: 0.4, dampingFraction: 0.5)
    let expected = 2 - (1 - springAlone.fraction(at: 0.8))
    #expect(abs(value.value(at: 0.8) - expected) < 1e-12)
  }

  @Test("Pairs animate component-wise with a shared timing")
  func pairAnimation() {
    var value = AnimatedValue(AnimatablePair(0.0, 10.0))
    value.animate(to: AnimatablePair(4.0, 2.0), with: .linear(duration: 1), at: 0)
    let mid = value.value(at: 0.25)
    #expect(abs(mid.first - 1) < 1e-12)
    #expect(abs(mid.second - 8) < 1e-12)
    let spring = Animation.spring(response: 0.3, dampingFraction: 0.7)
    value.animate(to: AnimatablePair(0.0, 0.0), with: spring, at: 2)
    let f = spring.fraction(at: 0.1)
    let sprung = value.value(at: 2.1)
    #expect(abs(sprung.first - 4 * (1 - f)) < 1e-12)
    #expect(abs(sprung.second - 2 * (1 - f)) < 1e-12)
  }

  @Test("Animating to the current target with a curve changes nothing")
  func sameTargetNoOp() {
    var value = AnimatedValue(3.0)
    value.animate(to: 3, with: .easeIn, at: 0)
    #expect(!value.isAnimating(at: 0))
    #expect(value.value(at: 0.1) == 3)
  }
}
