import Foundation
import Testing

@testable import Motion

@Suite("VectorArithmetic")
struct VectorArithmeticTests {
  @Test("Pairs add, subtract, scale and measure component-wise")
  func pairArithmetic() {
    let a = AnimatablePair(3.0, AnimatablePair(Float(1), Double(2)))
    let b = AnimatablePair(1.0, AnimatablePair(Float(2), Double(-1)))
    #expect(a + b == AnimatablePair(4.0, AnimatablePair(Float(3), Double(1))))
    #expect(a - b == AnimatablePair(2.0, AnimatablePair(Float(-1), Double(3))))
    #expect(a.scaled(by: 2) == AnimatablePair(6.0, AnimatablePair(Float(2), Double(4))))
    #expect(a.magnitudeSquared == 14)
    #expect(type(of: a).zero.magnitudeSquared == 0)
  }

  @Test("scale(by:) mutates in place like scaled(by:)")
  func scaleInPlace() {
    var pose = JumpPose(rotation: 90, yScale: 1, y: -20)
    pose.scale(by: 0.5)
    #expect(pose == JumpPose(rotation: 45, yScale: 0.5, y: -10))
    let expected: Double = 2025.25 + 100
    #expect(pose.magnitudeSquared == expected)
  }
}
