import FoundationEssentials
import Graphics
import Timeline

/// Everything a frame needs from outside the scene: time, size and the timelines' mode.
public struct FrameInput: Sendable {
  /// The wall-clock date of this frame.
  public var now: Date
  /// Monotonic seconds; animations are timed on this clock.
  public var time: Double
  /// The scene's size in points.
  public var size: Size
  /// Pixels per point (2 on a HiDPI display).
  public var pixelScale: Double
  public var cadence: Cadence
  public var mode: TimelineScheduleMode
  /// When true, timelines keep showing their last context (the user paused).
  public var timelinesFrozen: Bool
  /// Whether the frame will be drawn; when not (a minimized window), the tree is updated, so
  /// state and timelines advance, but nothing is laid out or tessellated.
  public var draws = true
  /// Whether the frame is presented on the display's refresh grid (paced), not at once.
  public var onDisplayGrid = true

  /// Creates a frame input.
  public init(
    now: Date, time: Double, size: Size, pixelScale: Double = 1, cadence: Cadence = .live,
    mode: TimelineScheduleMode = .normal, timelinesFrozen: Bool = false
  ) {
    self.now = now
    self.time = time
    self.size = size
    self.pixelScale = pixelScale
    self.cadence = cadence
    self.mode = mode
    self.timelinesFrozen = timelinesFrozen
  }
}

/// One primitive the frame drew, in pixels: what tests and the HUD inspect.
public struct DrawnItem: Hashable, Sendable {
  /// What kind of primitive it was.
  public enum Kind: Hashable, Sendable { case shape, text, image, mesh, canvas }
  public var kind: Kind
  /// The axis-aligned bounds of the primitive after every transform, in pixels.
  public var bounds: Rect
  /// The solid color (or the first gradient stop) it was drawn with, opacity included.
  public var color: Color?
  /// The string, for text.
  public var text: String?
}

/// The output of one frame.
public struct FrameOutput {
  public var drawList: DrawList
  /// The primitives in drawing order.
  public var items: [DrawnItem]
  /// Whether some implicit animation is still moving; the pump then renders every frame.
  public var animationsInFlight: Bool
  /// How many update passes the frame took (more than one when actions changed state).
  public var passes: Int
  /// How many bodies (and timeline contents) ran this frame.
  public var evaluations: Int = 0
  /// Whether the update-loop guard stopped this frame's passes.
  public var loopGuardTripped = false
  /// Seconds spent updating the view graph (bodies, state, timelines).
  public var buildSeconds: Double = 0
  /// Seconds spent on layout and lowering to the draw list.
  public var lowerSeconds: Double = 0
  /// Unchanged subtrees whose kept draw-list fragments were appended instead of tessellated.
  public var fragmentsReplayed = 0
  /// Subtrees kept as fragments this frame.
  public var fragmentsRecorded = 0
  /// Canvas drawing calls appended as their last lowering drew them (`CanvasDrawMemo`).
  public var canvasCallsReplayed = 0
}
