import FoundationEssentials
import Glibc
import SceneGraph
import Timeline

#if canImport(Glibc)
  import Glibc
#endif

/// What the window loop measures: the counters `--stats` reports, the frame timings the HUD
/// shows, and the per-frame records a benchmark or the soak asks for.
struct RunStats {
  var framesPresented = 0
  var framesVisible = 0
  var wakeups = 0
  var wakeupsVisible = 0
  var wakeupsMinimized = 0
  var evaluationsMinimized = 0
  var sceneSwitches = 0
  var firstFrameAfterRestoreMs: [Double] = []
  var buildSeconds = 0.0
  var submitSeconds = 0.0
  var presentSeconds = 0.0
  var bodyEvaluations = 0
  var loopGuardTrips = 0
  /// For each sound played: milliseconds from the present of the frame that asked for it to
  /// its first sample leaving the device.
  var soundLatenciesMs: [Double] = []
  /// When the window was restored (uptime), until the frame that follows it is presented.
  var restoreRequestedAt: Double?
  /// Recent frames' phase times, for the HUD.
  var timings = FrameTimings()
  /// Monotonic times of presented frames, kept only while a benchmark asks for them.
  var presentTimes: [Double]?
  /// Each drawn frame's work (update, lowering, drawing) in ms and when it ended, kept only
  /// while the soak asks for it.
  var frameWork: [(uptime: Double, ms: Double)]?

  /// Counts a wake-up of the loop, by the window's visibility.
  mutating func countWakeup(minimized: Bool) {
    wakeups += 1
    if minimized { wakeupsMinimized += 1 } else { wakeupsVisible += 1 }
  }

  /// Counts what a frame's update did.
  mutating func record(_ out: FrameOutput) {
    bodyEvaluations += out.evaluations
    if out.loopGuardTripped { loopGuardTrips += 1 }
  }

  /// Notes a drawn frame's work, `seconds` from its update to its flushed drawing, ending at
  /// `uptime`.
  mutating func recordWork(seconds: Double, endingAt uptime: Double) {
    frameWork?.append((uptime, seconds * 1000))
  }

  /// Counts a presented frame, and times the first one after a restore to `uptime`.
  mutating func recordPresented(_ phases: FramePhases, at uptime: Double) {
    buildSeconds += phases.build
    submitSeconds += phases.submit
    presentSeconds += phases.present
    timings.record(
      FrameTimings.Sample(build: phases.build, submit: phases.submit, present: phases.present), at: phases.presented)
    // Pacing is judged where the frame is handed to the display, not after the copy returns.
    presentTimes?.append(phases.handedOver)
    framesPresented += 1
    framesVisible += 1
    if let asked = restoreRequestedAt {
      firstFrameAfterRestoreMs.append((uptime - asked) * 1000)
      restoreRequestedAt = nil
    }
  }
}

/// What `run --stats` prints: one JSON object with sorted keys.
struct RunReport: Encodable {
  /// A string that is written as `null` when absent, rather than left out.
  struct Nullable: Encodable {
    var value: String?
    func encode(to encoder: Encoder) throws {
      var c = encoder.singleValueContainer()
      if let value { try c.encode(value) } else { try c.encodeNil() }
    }
  }
  /// Mean milliseconds per visible frame, by phase.
  struct Means: Encodable {
    var build_lower: Double
    var submit: Double
    var present: Double
  }
  var scene: String
  var duration_s: Double
  var frames_presented: Int
  var wakeups: Int
  var wakeups_visible: Int
  var wakeups_minimized: Int
  var evaluations_minimized: Int
  /// Bodies (and timeline contents) evaluated during the run.
  var body_evaluations: Int
  /// Frames in which the update-loop guard stopped an update loop.
  var loop_guard_trips: Int
  var visibility: String
  var cadence: String
  var restore_to_frame_ms: [Double]
  var scene_switches: Int
  var title: String
  var hud: Bool
  var help: Bool
  var grid: Bool
  var paused: Bool
  var forced_cadence: Nullable
  var renderer: String
  /// Why that renderer: "asked for", or what `auto` found.
  var renderer_reason: String
  var refresh_period_ms: Double
  var cpu_user_s: Double
  var cpu_sys_s: Double
  var max_rss_kb: Int
  var mean_ms: Means
  /// Sounds played, and the worst and median delay from their frame's present, in ms.
  var sounds: Int
  var sound_latency_ms_max: Double?
  var sound_latency_ms_p50: Double?
  /// A sketch's reloads: how many swapped new code in, how many builds failed, and each
  /// reload's time from the save to its first presented frame. Absent for built-in scenes.
  var reloads: Int?
  var reload_failures: Int?
  var reload_ms: [Double]?

  /// The report as one line of JSON.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Reporting: the `--stats` JSON printed when a run ends.
extension PlaygroundApp {
  /// Prints the run's figures as one line of JSON on standard output.
  func printStats() {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let sys = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    let n = Double(max(1, stats.framesVisible))
    func ms(_ total: Double) -> Double { (total / n * 1e6).rounded() / 1000 }
    let report = RunReport(
      scene: type(of: scene).name, duration_s: clock.uptime - startUptime, frames_presented: stats.framesPresented,
      wakeups: stats.wakeups, wakeups_visible: stats.wakeupsVisible, wakeups_minimized: stats.wakeupsMinimized,
      evaluations_minimized: stats.evaluationsMinimized, body_evaluations: stats.bodyEvaluations,
      loop_guard_trips: stats.loopGuardTrips, visibility: visibility.rawValue, cadence: cadence.name,
      restore_to_frame_ms: stats.firstFrameAfterRestoreMs, scene_switches: stats.sceneSwitches, title: window.title,
      hud: hudVisible, help: helpVisible, grid: gridMode, paused: paused,
      forced_cadence: .init(value: visibilityState.forcedCadence?.name), renderer: window.renderer.name,
      renderer_reason: window.renderer.selection.reason, refresh_period_ms: period * 1000, cpu_user_s: user,
      cpu_sys_s: sys, max_rss_kb: usage.ru_maxrss,
      mean_ms: .init(
        build_lower: ms(stats.buildSeconds), submit: ms(stats.submitSeconds), present: ms(stats.presentSeconds)),
      sounds: stats.soundLatenciesMs.count, sound_latency_ms_max: stats.soundLatenciesMs.max(),
      sound_latency_ms_p50: stats.soundLatenciesMs.sorted().dropFirst(stats.soundLatenciesMs.count / 2).first,
      reloads: sketch?.reloads, reload_failures: sketch?.reloadFailures,
      reload_ms: sketch.map { $0.reloadMilliseconds.map { ($0 * 10).rounded() / 10 } })
    print(report.json)
  }

  /// Counts what a frame's update did, and marks a tripped loop guard in the trace.
  func record(_ out: FrameOutput) {
    stats.record(out)
    if out.loopGuardTripped { tracer.loopGuard(passes: out.passes, warning: runtime.loopGuardMessage) }
  }
}
