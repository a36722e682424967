import Foundation

@testable import SceneGraph

/// A view drawn by a runtime of its own at chosen times, in seconds, in a window of `size`:
/// for tests that press a key between frames.
struct KeyedFrames<V: View> {
  let runtime = SceneRuntime(textEngine: FixedAdvanceTextEngine())
  let view: V
  let size: Size

  /// The frame at time `t`.
  func callAsFunction(_ t: Double) -> FrameOutput {
    runtime.frame({ view }, input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: size))
  }

  /// Draws a frame at 0, presses A, and draws the frame at 1 that takes the change; says
  /// whether a view took the key.
  func pressAfterFirstFrame() -> Bool {
    _ = self(0)
    let taken = runtime.keyPress("a")
    _ = self(1)
    return taken
  }
}
