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

/// A handle on a runtime for what may outlive it (a task-local, `@State` storage): nil once
/// the runtime is gone.
///
/// Cleared by the runtime's `deinit` rather than held `weak`: a weak reference gives the
/// runtime a side table, and then every retain of it, one for each update context a node is
/// handed, takes the runtime's slow path (2 % of the visualizer's update). The runtime and
/// the views it updates are used on one thread.
final class RuntimeReference: @unchecked Sendable {
  private(set) unowned(unsafe) var runtime: SceneRuntime?
  init(_ runtime: SceneRuntime) { self.runtime = runtime }
  /// Called as the runtime goes.
  func clear() { runtime = nil }
}

/// The update-loop guard's latest warning, for views that show it (the update-trap scene).
public enum UpdateLoopGuard {
  /// The latest trip in a few words, or nil while the guard has not tripped in this scene.
  public static var latest: String? { CurrentRuntime.reference?.runtime?.loopGuardSummary }
}
