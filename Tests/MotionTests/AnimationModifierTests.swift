import Testing

@testable import Motion

@Suite("Delay, repetition and spring presets")
struct AnimationModifierTests {
  @Test("delay holds the start, then the curve runs as before")
  func delay() {
    let a = Animation.linear(duration: 1).delay(0.5)
    #expect(a.fraction(at: 0.25) == 0)
    #expect(abs(a.fraction(at: 1.0) - 0.5) < 1e-12)
    #expect(a.duration == 1.5)
    #expect(!a.isComplete(at: 1.4) && a.isComplete(at: 1.5))
  }

  @Test("repeatCount with autoreverses runs forward, back, forward, and ends at the target")
  func repeatCount() {
    let a = Animation.linear(duration: 1).repeatCount(3, autoreverses: true)
    #expect(abs(a.fraction(at: 0.25) - 0.25) < 1e-12)
    #expect(abs(a.fraction(at: 1.25) - 0.75) < 1e-12)
    #expect(abs(a.fraction(at: 2.25) - 0.25) < 1e-12)
    #expect(a.velocity(at: 1.5) == -1)
    #expect(a.fraction(at: 3.5) == 1)
    #expect(a.duration == 3 && a.isComplete(at: 3) && !a.isComplete(at: 2.99))
  }

  @Test("repeatForever never completes; without autoreverse each pass starts again from 0")
  func repeatForever() {
    let a = Animation.linear(duration: 2).repeatForever(autoreverses: false)
    #expect(abs(a.fraction(at: 5) - 0.5) < 1e-12)
    #expect(!a.isComplete(at: 1e6))
    #expect(a.duration == .infinity)
  }

  @Test("an animated value under repeatForever keeps moving between start and target")
  func animatedValueRepeats() {
    var v = AnimatedValue(0.0)
    v.animate(to: 10, with: .linear(duration: 1).repeatForever(autoreverses: true), at: 0)
    #expect(abs(v.value(at: 0.5) - 5) < 1e-9)
    #expect(abs(v.value(at: 1.25) - 7.5) < 1e-9)
    #expect(v.isAnimating(at: 100))
    var d = AnimatedValue(0.0)
    d.animate(to: 10, with: .spring(duration: 0.4, bounce: 0).delay(1), at: 0)
    #expect(d.value(at: 0.9) == 0)
    #expect(d.value(at: 1.2) > 0)
  }

  @Test("spring presets: perceptual duration and bounce map to response and damping")
  func presets() {
    #expect(Spring.smooth.dampingRatio == 1 && Spring.smooth.response == 0.5)
    #expect(abs(Spring.snappy.dampingRatio - 0.85) < 1e-12)
    #expect(abs(Spring.bouncy.dampingRatio - 0.7) < 1e-12)
    #expect(abs(Spring.bouncy(extraBounce: 0.1).bounce - 0.4) < 1e-12)
    let k = Spring(mass: 1, stiffness: 100, damping: 10)
    #expect(abs(k.response - 2 * Double.pi / 10) < 1e-12 && abs(k.dampingRatio - 0.5) < 1e-12)
    #expect(Animation.bouncy == Animation.spring(response: 0.5, dampingFraction: 0.7))
    // A nonsensical speed leaves the animation as it was instead of trapping.
    #expect(Animation.easeIn.speed(0) == Animation.easeIn)
    #expect(Animation.linear(duration: 1).delay(1).speed(2).duration == 1)
  }
}
