import Foundation
import Testing

@testable import SceneGraph

// Apple's "Controlling the timing and movements of your animations", as published.
struct AnimationValues {
  var scale = 1.0
  var verticalStretch = 1.0
  var verticalTranslation = 0.0
  var angle = Angle.zero
}

struct BunnyView: View {
  var body: some View {
    Text("🐰")
      .font(.largeTitle)
      .keyframeAnimator(initialValue: AnimationValues()) { content, value in
        content
          .foregroundStyle(.red)
          .rotationEffect(value.angle)
          .scaleEffect(value.scale)
          .scaleEffect(y: value.verticalStretch)
          .offset(y: value.verticalTranslation)
      } keyframes: { _ in
        KeyframeTrack(\.angle) {
          CubicKeyframe(.zero, duration: 0.58)
          CubicKeyframe(.degrees(16), duration: 0.125)
          CubicKeyframe(.degrees(-16), duration: 0.125)
          CubicKeyframe(.degrees(16), duration: 0.125)
          CubicKeyframe(.zero, duration: 0.125)
        }

        KeyframeTrack(\.verticalStretch) {
          CubicKeyframe(1.0, duration: 0.1)
          CubicKeyframe(0.6, duration: 0.15)
          CubicKeyframe(1.5, duration: 0.1)
          CubicKeyframe(1.05, duration: 0.15)
          CubicKeyframe(1.0, duration: 0.88)
          CubicKeyframe(0.8, duration: 0.1)
          CubicKeyframe(1.04, duration: 0.4)
          CubicKeyframe(1.0, duration: 0.22)
        }

        KeyframeTrack(\.scale) {
          LinearKeyframe(1.0, duration: 0.36)
          SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
          SpringKeyframe(1.0, spring: .bouncy)
        }

        KeyframeTrack(\.verticalTranslation) {
          LinearKeyframe(0.0, duration: 0.1)
          SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
          SpringKeyframe(-60.0, duration: 1.0, spring: .bouncy)
          SpringKeyframe(0.0, spring: .bouncy)
        }
      }
  }
}

/// A 10-point square scaled by keyframes: up to 3 and back to 1, a linear second each way.
struct KeyframedSquare: View {
  var repeating = true
  var trigger: Int?

  var body: some View {
    let square = Rectangle().frame(width: 10, height: 10)
    if let trigger {
      square.keyframeAnimator(initialValue: 1.0, trigger: trigger) { content, scale in
        content.scaleEffect(scale)
      } keyframes: { _ in
        LinearKeyframe(3.0, duration: 1)
        LinearKeyframe(1.0, duration: 1)
      }
    } else {
      square.keyframeAnimator(initialValue: 1.0, repeating: repeating) { content, scale in
        content.scaleEffect(scale)
      } keyframes: { _ in
        MoveKeyframe(2.0)
        LinearKeyframe(3.0, duration: 1)
        LinearKeyframe(1.0, duration: 1)
      }
    }
  }
}

@Suite struct KeyframeAnimatorTests {
  @Test("repeating keyframes loop, each loop from where the last ended")
  func repeating() {
    let driver = FrameDriver()
    let times = [0, 0.5, 1, 1.5, 1.75, 2, 2.5, 3.75, 4.25]
    #expect(driver.widths(times) { _ in KeyframedSquare() } == [20, 25, 30, 20, 15, 20, 25, 15, 22.5])
    #expect(driver.frame(5, KeyframedSquare()).inFlight)
  }

  @Test("not repeating, the content gets the value at the start of the keyframes, and frames rest")
  func resting() {
    let driver = FrameDriver()
    #expect(driver.widths([0, 1]) { _ in KeyframedSquare(repeating: false) } == [20, 20])
    #expect(driver.frame(2, KeyframedSquare(repeating: false)).inFlight == false)
    // Switched on, it plays from there; switched off, it goes back to the start.
    #expect(driver.widths([3, 3.5, 4]) { _ in KeyframedSquare(repeating: true) } == [20, 25, 30])
    #expect(driver.frame(5, KeyframedSquare(repeating: false)) == (Rect(x: 190, y: 190, width: 20, height: 20), false))
  }

  @Test("a trigger plays the keyframes once; a change during a run restarts from where it is")
  func trigger() {
    let driver = FrameDriver()
    func view(_ t: Double) -> KeyframedSquare { KeyframedSquare(trigger: t < 1 ? 0 : t < 1.75 ? 1 : 2) }
    #expect(driver.frame(0, view(0)) == (Rect(x: 195, y: 195, width: 10, height: 10), false))
    let times = [1, 1.5, 1.75, 2.25, 2.75, 3.25]
    #expect(driver.widths(times, view) == [10, 20, 25, 27.5, 30, 20])
    #expect(driver.frame(3.75, view(3.75)) == (Rect(x: 195, y: 195, width: 10, height: 10), false))
  }

  @Test("each run's keyframes are made from the value the last run ended at")
  func keyframesSeeCurrentValue() {
    struct Stepper: View {
      let trigger: Int
      var body: some View {
        KeyframeAnimator(initialValue: 1.0, trigger: trigger) { scale in
          Rectangle().frame(width: 10, height: 10).scaleEffect(scale)
        } keyframes: { scale in
          LinearKeyframe(scale + 1, duration: 1)
        }
      }
    }
    let driver = FrameDriver()
    let widths = [0, 1, 1.5, 2, 3, 3.5, 4, 5].map { t in
      driver.frame(t, Stepper(trigger: t < 1 ? 0 : t < 3 ? 1 : 2)).bounds.width
    }
    #expect(widths == [10, 10, 15, 20, 20, 25, 30, 30])
  }

  @Test("points, sizes and angles are keyframe values")
  func geometryValues() {
    let path = KeyframeTimeline(initialValue: CGPoint.zero) {
      CubicKeyframe(.init(x: 0, y: 100), duration: 0.3)
      CubicKeyframe(.init(x: 0, y: 0), duration: 0.7)
    }
    #expect(path.duration == 1)
    #expect(path.value(time: 0.3) == CGPoint(x: 0, y: 100))
    #expect(path.value(time: 1) == .zero)
    let turn = KeyframeTimeline(initialValue: Angle.zero) { LinearKeyframe(.degrees(90), duration: 1) }
    #expect(abs(turn.value(time: 0.5).degrees - 45) < 1e-9)
    let grow = KeyframeTimeline(initialValue: CGSize.zero) {
      LinearKeyframe(CGSize(width: 10, height: 20), duration: 2)
    }
    #expect(grow.value(time: 1) == CGSize(width: 5, height: 10))
  }

  @Test("Apple's keyframe example turns, stretches, scales and lifts the bunny as its tracks say")
  func appleExample() {
    let scale = KeyframeTimeline(initialValue: 1.0) {
      LinearKeyframe(1.0, duration: 0.36)
      SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
      SpringKeyframe(1.0, spring: .bouncy)
    }
    let lift = KeyframeTimeline(initialValue: 0.0) {
      LinearKeyframe(0.0, duration: 0.1)
      SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
      SpringKeyframe(-60.0, duration: 1.0, spring: .bouncy)
      SpringKeyframe(0.0, spring: .bouncy)
    }
    let driver = FrameDriver()
    // The large title's glyph box is 20.4 × 40.8 points, centred in the 400-point frame.
    let start = driver.frame(0, BunnyView())
    #expect(abs(start.bounds.minX - 189.8) < 1e-9 && abs(start.bounds.minY - 179.6) < 1e-9)
    #expect(abs(start.bounds.width - 20.4) < 1e-9 && abs(start.bounds.height - 40.8) < 1e-9)
    #expect(start.inFlight)
    // Once the wobble is over (1.08 s) the bunny is upright: its width is the scale's alone,
    // and its centre is lifted by the translation track.
    for t in [1.2, 1.5, 1.9] {
      let b = driver.frame(t, BunnyView()).bounds
      #expect(abs(b.width - 20.4 * scale.value(time: t)) < 1e-9)
      #expect(abs(b.midY - (200 + lift.value(time: t))) < 1e-9)
    }
    #expect(abs(scale.value(time: 1.5) - 1.5) > 0.01)
  }
}
