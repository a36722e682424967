import FoundationEssentials

/// The frame being updated, as the display sees it: for views that count their own frames.
///
/// Read it in a body that runs every frame (inside `TimelineView(.animation)`); it is not part
/// of the environment, because a value that changes every frame there would make every view
/// compare unequal every frame.
public struct DisplayFrame: Sendable, Equatable {
  /// The runtime's frame counter.
  public var number: Int
  /// The frame's monotonic time.
  public var time: Double
  /// Whether the frame is presented on the display's refresh grid (a paced frame), rather
  /// than whenever something happened to ask for it.
  public var onDisplayGrid: Bool
  /// Whether the frame is drawn at all (false while minimized).
  public var draws: Bool

  /// The frame being updated now, by the runtime that is updating it (a frame counter of
  /// zero outside an update).
  public static var current: DisplayFrame {
    CurrentRuntime.reference?.runtime?.displayFrame
      ?? DisplayFrame(number: 0, time: 0, onDisplayGrid: true, draws: true)
  }
}

/// The runtime updating a frame on this task, so that the values views read beside their
/// inputs (`DisplayFrame.current`, `UpdateLoopGuard.latest`) belong to that runtime, not to
/// whichever runtime ran last in the process (tests and `bench` run several).
enum CurrentRuntime {
  @TaskLocal static var reference: RuntimeReference?
}

/// A weak handle on a runtime that can cross into a task-local.
final class RuntimeReference: @unchecked Sendable {
  weak var runtime: SceneRuntime?
  init(_ runtime: SceneRuntime) { self.runtime = runtime }
}

/// The update-loop guard's latest warning, for views that show it (the update-trap scene).
public enum UpdateLoopGuard {
  /// The latest trip in a few words, or nil while the guard has not tripped in this scene.
  public static var latest: String? { CurrentRuntime.reference?.runtime?.loopGuardSummary }
}
