import FoundationEssentials
import SDLBackend
import Timeline

/// The events the window loop writes to a `--trace` file: frames and their phases, sleeps,
/// state changes, input, sounds and scene switches.
///
/// Every method does nothing when the run is not traced.
struct FrameTracer {
  /// Where the events go; nil when the run is not traced.
  private let writer: TraceWriter?
  /// The cadence and visibility last written to the trace, to record only changes.
  private var tracedState: (cadence: Cadence, visibility: Visibility)?

  /// Writes to `writer`, or nowhere when it is nil.
  init(writer: TraceWriter?) {
    self.writer = writer
  }

  /// Records visibility and cadence changes as they happen, so a trace explains slow-downs.
  mutating func stateChanges(cadence: Cadence, visibility: Visibility) {
    guard let writer else { return }
    let now = (cadence: cadence, visibility: visibility)
    if let last = tracedState, last.cadence == now.cadence, last.visibility == now.visibility { return }
    let t = monotonicSeconds()
    if tracedState?.visibility != now.visibility {
      writer.instant(
        "visibility", category: "visibility", at: t, global: true, args: ["state": .string(now.visibility.rawValue)])
    }
    if tracedState?.cadence != now.cadence {
      writer.instant(
        "cadence", category: "cadence", at: t, global: true,
        args: ["from": .string(tracedState?.cadence.name ?? "none"), "to": .string(now.cadence.name)])
    }
    tracedState = now
  }

  /// Marks the scene now shown, across the whole timeline.
  func scene(_ name: String) {
    writer?.instant("scene", category: "scene", at: monotonicSeconds(), global: true, args: ["name": .string(name)])
  }

  /// Marks a reload of the parameter files, across the whole timeline.
  func parametersReloaded() {
    writer?.instant("parameters reloaded", category: "assets", at: monotonicSeconds(), global: true)
  }

  /// Marks a window event the loop acts on.
  func event(_ e: WindowEvent) {
    // Pointer motion with no button held comes in hundreds a second and changes nothing but hover.
    if let writer, e != .ignored, !e.isHover {
      writer.instant("event", category: "input", at: monotonicSeconds(), args: ["event": .string("\(e)")])
    }
  }

  /// Marks a frame whose update-loop guard stopped an update loop after `passes` passes.
  func loopGuard(passes: Int, warning: String?) {
    writer?.instant(
      "update loop guard", category: "update", at: monotonicSeconds(),
      args: ["passes": .int(passes), "warning": .string(warning ?? "")])
  }

  /// A timed sleep from `start` to `end`, which woke `lateMs` after its deadline.
  func sleep(start: Double, end: Double, lateMs: Double) {
    writer?.slice("sleep", category: "sleep", start: start, end: end, args: ["late_ms": .number(lateMs)])
  }

  /// A sleep with nothing scheduled, which input ended.
  func sleepUntilInput(start: Double, end: Double) {
    writer?.slice("sleep until input", category: "sleep", start: start, end: end)
  }

  /// An update of the minimized window's timelines, which draws nothing.
  func minimizedEvaluation(start: Double, end: Double, cadence: Cadence) {
    writer?.slice(
      "evaluate (minimized)", category: "frame", start: start, end: end, args: ["cadence": .string(cadence.name)])
  }

  /// A presented frame as one slice, with its phases beneath it.
  func frame(
    _ phases: FramePhases, number: Int, reason: RenderReason?, scene: String, vertices: Int, drawCalls: Int
  ) {
    guard let writer else { return }
    let reason: String =
      switch reason {
      case .invalidated, nil: "input or invalidation"
      case .animation: "animation"
      case .scheduleEntry: "schedule entry"
      }
    writer.slice(
      "frame", category: "frame", start: phases.start, end: phases.presented,
      args: [
        "frame": .int(number), "reason": .string(reason), "scene": .string(scene), "vertices": .int(vertices),
        "draw_calls": .int(drawCalls),
      ])
    writer.slice("build+lower", category: "phase", start: phases.start, end: phases.built)
    writer.slice("submit", category: "phase", start: phases.built, end: phases.drawn)
    if phases.handedOver > phases.drawn {
      writer.slice("hold until present", category: "phase", start: phases.drawn, end: phases.handedOver)
    }
    writer.slice("present", category: "phase", start: phases.handedOver, end: phases.presented)
  }

  /// Marks the schedule entry a frame begun at `t` was for: its date, and how late the frame
  /// began by the wall clock (`wall`).
  func scheduleEntry(_ reason: RenderReason?, at t: Double, wall: Date) {
    guard let writer, case .scheduleEntry(let scheduled) = reason else { return }
    writer.instant(
      "schedule entry", category: "schedule", at: t,
      args: [
        "scheduled": .string(ScheduleFormat.iso8601(scheduled)), "rendered": .string(ScheduleFormat.iso8601(wall)),
        "late_ms": .number(wall.timeIntervalSince(scheduled) * 1000),
      ])
  }

  /// Marks when each sound was heard, and how long after its frame's present.
  func sounds(_ heard: [HeardSound]) {
    guard let writer else { return }
    for s in heard {
      writer.instant(
        "sound", category: "audio", at: s.heard,
        args: ["sound": .string(s.name), "after_present_ms": .number(s.afterPresentMs)])
    }
  }

  /// Hands buffered events to the kernel; called before long sleeps, so no frame pays for it.
  func flush() {
    writer?.flush()
  }

  /// Ends the trace and puts the file in place.
  func close() {
    writer?.close()
  }

  /// Marks a sketch reload: from the save, its compile, load and swap phases up to the first
  /// frame with the new code presented.
  func reload(_ timing: SketchHost.ReloadTiming, presented: Double) {
    guard let writer else { return }
    let compileEnd = timing.swapStarted - timing.load
    writer.slice(
      "reload", category: "reload", start: timing.saved, end: presented,
      args: ["ms": .number((presented - timing.saved) * 1000)])
    writer.slice("compile", category: "reload", start: compileEnd - timing.compile, end: compileEnd)
    writer.slice("load", category: "reload", start: compileEnd, end: timing.swapStarted)
    writer.slice("swap", category: "reload", start: timing.swapStarted, end: presented)
  }
}
