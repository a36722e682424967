import Foundation
import Testing

@testable import Motion

/// A value with two properties that tracks move separately.
struct Pose {
  var x = 0.0
  var y = 100.0
}

/// Whether `a` and `b` agree to 1e-9.
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Suite struct KeyframeTimelineTests {
  @Test("linear keyframes follow one another; before and after, the ends hold")
  func linear() {
    let timeline = KeyframeTimeline(initialValue: 0.0) {
      LinearKeyframe(10.0, duration: 1)
      LinearKeyframe(30.0, duration: 2)
    }
    #expect(timeline.duration == 3)
    #expect([-1, 0, 0.5, 1, 2, 3, 4].map { timeline.value(time: $0) } == [0, 0, 5, 10, 20, 30, 30])
    #expect(timeline.value(progress: 0.5) == 15)
    #expect(timeline.value(progress: 2) == 30)
  }

  @Test("a linear keyframe's timing curve paces it")
  func timingCurve() {
    let timeline = KeyframeTimeline(initialValue: 0.0) { LinearKeyframe(10.0, duration: 2, timingCurve: .easeIn) }
    let half = timeline.value(time: 1)
    #expect(close(half, 10 * UnitCurve.easeIn.value(at: 0.5)))
    #expect(half > 3 && half < 3.5)
  }

  @Test("a move keyframe jumps at its moment and takes no time")
  func move() {
    let timeline = KeyframeTimeline(initialValue: 0.0) {
      MoveKeyframe(5.0)
      LinearKeyframe(15.0, duration: 1)
      MoveKeyframe(0.0)
      LinearKeyframe(10.0, duration: 1)
    }
    #expect(timeline.duration == 2)
    #expect([0, 0.5, 0.75, 1, 1.5, 2].map { timeline.value(time: $0) } == [5, 10, 12.5, 0, 5, 10])
  }

  @Test("cubic keyframes make a Catmull-Rom spline that starts and ends at rest")
  func cubicSpline() {
    let timeline = KeyframeTimeline(initialValue: 0.0) {
      CubicKeyframe(10.0, duration: 1)
      CubicKeyframe(20.0, duration: 1)
      CubicKeyframe(0.0, duration: 2)
    }
    // Velocities at the knots: 0, (20 - 0) / 2 = 10, (0 - 10) / 3, 0; Hermite halfway through
    // each segment is (p0 + p1) / 2 + (m0 - m1) / 8 with tangents m = velocity × duration.
    #expect(timeline.value(time: 1) == 10)
    #expect(timeline.value(time: 2) == 20)
    #expect(timeline.value(time: 4) == 0)
    #expect(close(timeline.value(time: 0.5), 5 + (0 - 10) / 8))
    #expect(close(timeline.value(time: 1.5), 15 + (10 + 10.0 / 3) / 8))
    #expect(close(timeline.value(time: 3), 10 + (-20.0 / 3) / 8))
  }

  @Test("a cubic keyframe's own velocities shape its segment")
  func cubicVelocities() {
    let timeline = KeyframeTimeline(initialValue: 0.0) {
      CubicKeyframe(10.0, duration: 1, startVelocity: 5, endVelocity: 0)
    }
    #expect(close(timeline.value(time: 0.5), 5 + 5.0 / 8))
    #expect(timeline.value(time: 1) == 10)
  }

  @Test("a spring keyframe follows the spring, and one cut short hands on where it is")
  func spring() {
    let timeline = KeyframeTimeline(initialValue: 0.0) {
      SpringKeyframe(1.0, duration: 0.5, spring: Spring(duration: 0.5, bounce: 0))
      LinearKeyframe(0.0, duration: 1)
    }
    // Critically damped with ω = 2π / 0.5, released at rest one unit away.
    let w = 4 * Double.pi
    func spring(_ t: Double) -> Double { 1 - exp(-w * t) * (1 + w * t) }
    #expect(close(timeline.value(time: 0.25), spring(0.25)))
    #expect(close(timeline.value(time: 0.5), spring(0.5)))
    #expect(close(timeline.value(time: 1), spring(0.5) / 2))
    #expect(timeline.duration == 1.5)
  }

  @Test("a spring keyframe without a duration lasts until it settles")
  func springSettles() {
    let timeline = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(1.0, spring: .bouncy) }
    #expect(timeline.duration > 0.5 && timeline.duration < 3)
    #expect(abs(timeline.value(time: timeline.duration) - 1) < 1e-3)
    // A bouncy spring overshoots on the way.
    #expect(stride(from: 0.0, to: timeline.duration, by: 0.01).map(timeline.value(time:)).max()! > 1.02)
  }

  @Test("tracks move their own properties; the longest sets the duration, the later wins a tie")
  func tracks() {
    let timeline = KeyframeTimeline(initialValue: Pose()) {
      KeyframeTrack(\.x) { LinearKeyframe(10.0, duration: 1) }
      KeyframeTrack(\.y) {
        LinearKeyframe(100.0, duration: 1)
        LinearKeyframe(0.0, duration: 1)
      }
      KeyframeTrack(\.x) { MoveKeyframe(-1.0) }
    }
    #expect(timeline.duration == 2)
    #expect(timeline.value(time: 0.5).x == -1)
    #expect(timeline.value(time: 1.5).y == 50)
    #expect(timeline.value(time: 0).y == 100)
  }

  @Test("conditions and loops build track content")
  func builders() {
    func timeline(_ flag: Bool) -> KeyframeTimeline<Pose> {
      KeyframeTimeline(initialValue: Pose()) {
        KeyframeTrack(\.x) {
          for step in 1...3 { LinearKeyframe(Double(step), duration: 1) }
          if flag { MoveKeyframe(10.0) } else { LinearKeyframe(-3.0, duration: 1) }
        }
      }
    }
    #expect(timeline(true).duration == 3)
    #expect(timeline(true).value(time: 3).x == 10)
    #expect(timeline(false).value(time: 3.5).x == 0)
  }

  @Test("a timeline started with a velocity carries it into a spring")
  func carriedVelocity() {
    let keyframes = KeyframeTrack(\Pose.x) { SpringKeyframe(0.0, duration: 1) }
    let resting = KeyframeTimeline(initialValue: Pose(), velocities: [:], keyframes)
    let moving = KeyframeTimeline(initialValue: Pose(), velocities: [\Pose.x: 10.0], keyframes)
    #expect(resting.value(time: 0.1).x == 0)
    #expect(moving.value(time: 0.1).x > 0.1)
    #expect(close(moving.velocities(time: 0)[\Pose.x] as? Double ?? .nan, 10))
  }
}
