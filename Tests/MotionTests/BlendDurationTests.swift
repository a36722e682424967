import Foundation
import Testing

@testable import Motion

@Suite("Spring blend duration")
struct BlendDurationTests {
  /// The heart's spring: scale 1.0 → 1.6 at t = 0, retargeted to 2.0 at t = 0.2 mid-flight.
  func heart(blend: Double) -> AnimatedValue<Double> {
    var v = AnimatedValue(1.0)
    let spring = Animation.spring(response: 0.10, dampingFraction: 0.24, blendDuration: blend)
    v.animate(to: 1.6, with: spring, at: 0)
    v.animate(to: 2.0, with: spring, at: 0.05)
    return v
  }

  @Test("A retarget with a blend duration keeps position and velocity continuous")
  func continuous() {
    var before = AnimatedValue(1.0)
    before.animate(to: 1.6, with: .spring(response: 0.10, dampingFraction: 0.24, blendDuration: 0.2), at: 0)
    let after = heart(blend: 0.2)
    #expect(abs(after.value(at: 0.05) - before.value(at: 0.05)) < 1e-12)
    #expect(abs(after.velocity(at: 0.05) - before.velocity(at: 0.05)) < 1e-9)
    // The numeric derivative of the blended value agrees with the reported velocity.
    let h = 1e-6
    let numeric = (after.value(at: 0.1 + h) - after.value(at: 0.1 - h)) / (2 * h)
    #expect(abs(numeric - after.velocity(at: 0.1)) < 1e-3 * max(1, abs(numeric)))
  }

  @Test("During the blend the motion differs from an instant retarget; after it, it is the new spring")
  func blendsThenMatches() {
    let blended = heart(blend: 0.2)
    let instant = heart(blend: 0)
    // Halfway through the blend the old trajectory still pulls the value.
    #expect(abs(blended.value(at: 0.15) - instant.value(at: 0.15)) > 1e-3)
    // Once the blend is over, only the new spring is left.
    #expect(abs(blended.value(at: 0.3) - instant.value(at: 0.3)) < 1e-12)
    #expect(blended.isAnimating(at: 0.2))
    #expect(!blended.isAnimating(at: 5))
    #expect(blended.value(at: 5) == 2.0)
  }

  @Test("A spring at rest retargets without blending, whatever its blend duration")
  func restingDoesNotBlend() {
    var v = AnimatedValue(1.0)
    v.animate(to: 1.6, with: .spring(response: 0.1, dampingFraction: 0.24, blendDuration: 0.2), at: 0)
    var w = AnimatedValue(1.0)
    w.animate(to: 1.6, with: .spring(response: 0.1, dampingFraction: 0.24, blendDuration: 0), at: 0)
    #expect(v.value(at: 0.07) == w.value(at: 0.07))
    #expect(v.blendDepth == 0)
  }

  @Test("Nested blends stay bounded")
  func boundedDepth() {
    var v = AnimatedValue(0.0)
    let spring = Animation.spring(response: 0.5, dampingFraction: 0.2, blendDuration: 1)
    for i in 0..<50 { v.animate(to: Double(i % 2), with: spring, at: Double(i) * 0.01) }
    #expect(v.blendDepth <= 4)
    #expect(v.value(at: 0.6).isFinite)
  }
}
