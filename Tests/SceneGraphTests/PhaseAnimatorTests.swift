import Foundation
import Testing

@testable import SceneGraph

/// Drives a runtime frame by frame and reads back the first shape or text drawn.
struct FrameDriver {
  let runtime = SceneRuntime(textEngine: FixedAdvanceTextEngine())

  /// The drawn item's bounds at `time`, and whether the frame said animations are in flight.
  func frame<V: View>(_ time: Double, _ view: V) -> (bounds: Rect, inFlight: Bool) {
    let out = runtime.frame(
      { view },
      input: FrameInput(now: Date(timeIntervalSince1970: time), time: time, size: Size(width: 400, height: 400))
    )
    let item = out.items.first { $0.kind == .shape || $0.kind == .text }
    return (item?.bounds ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan), out.animationsInFlight)
  }

  /// The drawn widths at `times`, rounded to 1e-9, the view made afresh for each time.
  func widths<V: View>(_ times: [Double], _ view: (Double) -> V) -> [Double] {
    times.map { ((frame($0, view($0)).bounds.width) * 1e9).rounded() / 1e9 }
  }
}

/// A 10-point square whose scale steps through `phases`, each step a linear second.
struct PulsingSquare: View {
  var phases: [Double] = [1, 2]
  var trigger: Int?

  var body: some View {
    let square = Rectangle().fill(Color.red).frame(width: 10, height: 10)
    if let trigger {
      square.phaseAnimator(phases, trigger: trigger) { content, phase in
        content.scaleEffect(phase)
      } animation: { _ in
        .linear(duration: 1)
      }
    } else {
      square.phaseAnimator(phases) { content, phase in
        content.scaleEffect(phase)
      } animation: { _ in
        .linear(duration: 1)
      }
    }
  }
}

@Suite struct PhaseAnimatorTests {
  @Test("without a trigger the phases cycle, each change animated with the phase's animation")
  func cycles() {
    let driver = FrameDriver()
    let times = [0, 0.5, 1, 1.5, 2, 2.25, 3]
    #expect(driver.widths(times) { _ in PulsingSquare() } == [10, 15, 20, 15, 10, 12.5, 20])
    #expect(driver.frame(3.5, PulsingSquare()).inFlight)
  }

  @Test("the animation closure gets the phase being entered")
  func animationPerPhase() {
    struct Square: View {
      var body: some View {
        Rectangle().frame(width: 10, height: 10)
          .phaseAnimator([1.0, 3.0]) { content, phase in
            content.scaleEffect(phase)
          } animation: { phase in
            phase == 3 ? .linear(duration: 2) : nil
          }
      }
    }
    let driver = FrameDriver()
    // Into 3: two linear seconds; back to 1: at once, in the frame that finds the 2 s over.
    #expect(driver.widths([0, 1, 2, 2.5, 3]) { _ in Square() } == [10, 20, 10, 10, 15])
  }

  @Test("with a trigger each change runs through the phases once and back to the first")
  func trigger() {
    let driver = FrameDriver()
    func view(_ t: Double) -> PulsingSquare { PulsingSquare(phases: [1, 2, 3], trigger: t < 1 ? 0 : 1) }
    #expect(driver.frame(0, view(0)) == (Rect(x: 195, y: 195, width: 10, height: 10), false))
    #expect(driver.frame(0.5, view(0.5)).inFlight == false)
    let times = [1, 1.5, 2, 2.5, 3, 3.5]
    #expect(driver.widths(times, view) == [10, 15, 20, 25, 30, 20])
    #expect(driver.frame(4, view(4)) == (Rect(x: 195, y: 195, width: 10, height: 10), false))
    #expect(driver.frame(5, view(5)).bounds.width == 10)
  }

  @Test("a trigger during a run moves on to the next phase at once")
  func triggerDuringRun() {
    let driver = FrameDriver()
    func view(_ t: Double) -> PulsingSquare { PulsingSquare(phases: [1, 2, 3], trigger: t < 1 ? 0 : t < 1.5 ? 1 : 2) }
    // The step into 3 starts from where the step into 2 had got to, and takes its own second.
    #expect(driver.widths([0, 1, 1.5, 2, 2.5], view) == [10, 10, 15, 25, 30])
  }

  @Test("PhaseAnimator hands its content each phase")
  func view() {
    struct Slider: View {
      let trigger: Bool
      var body: some View {
        PhaseAnimator([0.0, 40.0], trigger: trigger) { x in
          Rectangle().frame(width: 10, height: 10).offset(x: x)
        } animation: { _ in
          .easeInOut(duration: 0.5)
        }
      }
    }
    let driver = FrameDriver()
    let xs = [0, 1, 1.25, 1.5, 2].map {
      ((driver.frame($0, Slider(trigger: $0 >= 1)).bounds.minX - 195) * 1e6).rounded() / 1e6
    }
    #expect(xs == [0, 0, 20, 40, 0])
  }
}
