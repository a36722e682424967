import FoundationEssentials
import Timeline

/// A scene's view graph and the frame pump that decides when it next needs a frame.
///
/// After each frame the timelines on screen are handed to the pump, so the pump sleeps until
/// the earliest of their next entries; while an animation moves (and frames are drawn and not
/// paused) it asks for every display frame instead. The live app, replays and benchmarks all
/// drive scenes through one of these.
public final class FrameSession {
  public let runtime: SceneRuntime
  public let pump: FramePump

  /// Creates a session timed by `clock`.
  public init(textEngine: TextEngine, clock: any TimelineClock, displayPeriod: Double = 1.0 / 60.0, name: String) {
    runtime = SceneRuntime(textEngine: textEngine, name: name)
    pump = FramePump(clock: clock, displayPeriod: displayPeriod)
  }

  /// Updates and lowers one frame, then tells the pump what the frame left scheduled.
  @discardableResult
  public func frame<V: View>(_ body: () -> V, input: FrameInput) -> FrameOutput {
    let out = runtime.frame(body, input: input)
    pump.removeAll()
    for d in runtime.activeDrivers { pump.register(d) }
    pump.animationsInFlight = out.animationsInFlight && input.draws && !input.timelinesFrozen
    return out
  }

  /// Forgets the scene's state and timelines, as when another scene is shown.
  public func reset(name: String? = nil) {
    runtime.reset()
    if let name { runtime.name = name }
    pump.removeAll()
  }
}
