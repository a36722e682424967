import FoundationEssentials
import Glibc
import Graphics
import Histogram
import SDLBackend
import SceneGraph
import Scenes
import Timeline

#if canImport(Glibc)
  import Glibc
#endif

/// Every scene at once, as the G key shows it; benchmarked as one more scene.
struct OverviewScene: PlaygroundScene {
  static let name = "overview"
  static let title = "Overview"
  static let scheduleSummary = "every scene's own"
  func body(_ context: SceneContext) -> some View {
    Overlays.Grid(
      size: context.size, start: context.start, selected: -1, scenes: SceneCatalog.all.map { $0.init() })
  }
}

/// Percentiles of one measured quantity, in milliseconds.
struct Percentiles: Codable {
  var min, p50, p90, p99, max, mean: Double

  init(_ h: Histogram<UInt64>) {
    let ms = { (ns: UInt64) in Double(ns) / 1e6 }
    min = ms(h.min)
    p50 = ms(h.valueAtPercentile(50))
    p90 = ms(h.valueAtPercentile(90))
    p99 = ms(h.valueAtPercentile(99))
    max = ms(h.max)
    mean = h.mean / 1e6
  }
}

/// One scene's results.
struct SceneResult: Codable {
  var scene: String
  var frames: Int
  var frame_ms: Percentiles
  var phases_ms: [String: Percentiles]
  var vertices: Int
  var indices: Int
  var draw_calls: Double
  var texture_uploads: Double
  /// Mean fraction of the frame repainted (1 when every frame is redrawn in full).
  var redrawn_fraction: Double
  var peak_rss_kb: Int
  /// With `--compare`: the same frames through each renderer, by name.
  var renderers: [String: RendererFigures]?
}

/// One renderer's figures for a scene in a `--compare` run.
struct RendererFigures: Codable {
  var frame_ms: Percentiles
  var submit_ms: Percentiles?
  var redrawn_fraction: Double

  init(_ r: SceneResult) {
    frame_ms = r.frame_ms
    submit_ms = r.phases_ms["submit"]
    redrawn_fraction = r.redrawn_fraction
  }
}

/// The machine the numbers came from.
struct MachineInfo: Codable {
  var cpu: String
  var cores: Int
  var os: String
  var renderer: String
  var video_driver: String
  var sdl: String
  var build: String
  var size: String
  /// "damage-tracked" (only what changed is repainted) or "full".
  var redraw = "damage-tracked"
  /// Milliseconds slept before each frame (`--frame-gap`); 0 is back to back.
  var frame_gap_ms: Double = 0
  /// OpenGL's renderer string, when the accelerated renderer was measured.
  var gpu: String?

  static func current(renderer: String, size: PixelSize) -> MachineInfo {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let cpu =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmed() } ?? "" }
      ?? "unknown"
    let osRelease = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
    let os =
      osRelease.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
      .map { String($0.dropFirst(12)).trimmed(of: ["\""]) } ?? "Linux"
    #if DEBUG
      let build = "debug"
    #elseif HOST_TUNED
      // Package.swift compiles release builds for the building CPU unless PLAYGROUND_PORTABLE is set.
      let build = "host-tuned release"
    #else
      let build = "release"
    #endif
    return MachineInfo(
      cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount, os: os, renderer: renderer,
      video_driver: Platform.videoDriver ?? "none (offscreen surface)", sdl: Platform.sdlVersion, build: build,
      size: size.description)
  }
}

/// The whole report `--json` writes.
struct BenchReport: Codable {
  var machine: MachineInfo
  var scenes: [SceneResult]
  /// True when a signal stopped the run: the figures cover only what was measured by then.
  var interrupted = false
}

/// Targets for 1280×720 on a 2-core machine without a GPU (p50, p99 in ms), for the CPU
/// rasterizer, damage-tracked.
let frameTargets: [String: (p50: Double, p99: Double)] = [
  "visualizer": (0.6, 1.5), "live-indicator": (0.4, 1.0), "mesh-gradient": (1.5, 3),
  "clock": (0.6, 1.5), "emoji-wave": (0.8, 2), "overview": (2.5, 4.5),
]

/// The `--compare` table: p50/p99 per renderer and how many times faster cpu is than
/// sdl-software at p50.
func comparisonTable(_ results: [SceneResult], renderers: [String]) -> String {
  var header = "scene           "
  for r in renderers { header += " | " + "\(r) p50/p99 ms".padded(to: 24) }
  header += " | sdl-software / cpu"
  var lines = [header]
  for res in results {
    var line = res.scene.padded(to: 16)
    for r in renderers {
      let cell = res.renderers?[r].map { cFormat("%7.3f / %7.3f", $0.frame_ms.p50, $0.frame_ms.p99) } ?? "—"
      line += " | " + cell.padded(to: 24)
    }
    if let c = res.renderers?["cpu"], let s = res.renderers?["sdl-software"], c.frame_ms.p50 > 0 {
      let ratio = s.frame_ms.p50 / c.frame_ms.p50
      line += cFormat(" | %5.1f× ", ratio) + (ratio >= 4 ? "met (≥ 4×)" : "MISSED (< 4×)")
    }
    lines.append(line)
  }
  return lines.joined(separator: "\n")
}

/// Targets for updating the view graph and lowering it to a draw list (p50, ms): skipped
/// subtrees keep their resolved, laid-out output, so only what changed is rebuilt.
let buildLowerTargets: [String: Double] = [
  "visualizer": 0.15, "live-indicator": 0.15, "mesh-gradient": 0.15, "clock": 0.15, "emoji-wave": 0.15,
  "overview": 0.6,
]

/// The process's peak resident set, in kilobytes.
func peakRSSKilobytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss
}

/// Process CPU time (user + system), in seconds.
func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
    + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Measures per-phase frame costs of scenes, headless or in a window.
struct FrameBenchmark {
  var frames: Int
  var warmup: Int
  var size: PixelSize
  var samples: [(scene: String, build: Double, lower: Double, submit: Double, present: Double)] = []
  /// Repaint every pixel of every frame instead of only what changed.
  var fullRedraw = false
  /// Microseconds slept before each frame, not counted: a paced loop's idle time between
  /// display frames, after which caches and the CPU are no longer warm.
  var gapMicroseconds: UInt32 = 0
  var progress: (String) -> Void

  /// A fixed start date, so every run draws the same pictures.
  static let start = Date(timeIntervalSince1970: 1_767_263_670)

  mutating func run(_ scene: any PlaygroundScene, renderer: any Renderer, label: String? = nil) -> SceneResult {
    let name = type(of: scene).name
    let shown = label.map { "\(name) (\($0))" } ?? name
    let replay = Replay(
      scene: scene, start: Self.start, size: Size(width: Double(size.width), height: Double(size.height)),
      textEngine: renderer.atlas)
    replay.runtime.tessellation = renderer.preferredTessellation
    func hist() -> Histogram<UInt64> {
      Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
    }
    var total = hist()
    var build = hist()
    var lower = hist()
    var buildLower = hist()
    var submit = hist()
    var present = hist()
    var vertices = 0
    var indices = 0
    var drawCalls = 0
    var uploads = 0
    var redrawn = 0.0
    var measured = 0
    let pixelScale = Double(renderer.outputSize.width) / Double(size.width)
    let step = max(1, (warmup + frames) / 10)
    for i in 0..<(warmup + frames) {
      if Interruption.requested { break }
      if gapMicroseconds > 0 { usleep(gapMicroseconds) }
      renderer.atlas.beginFrame()
      let out = replay.nextScheduledFrame(pixelScale: pixelScale)
      let t1 = monotonicSeconds()
      // A full redraw is the one the app makes after a resize or a scene switch: nothing
      // retained, every pixel painted, the background skipped only under an opaque backdrop.
      if fullRedraw { renderer.invalidateRetainedPixels() }
      renderer.draw(out.drawList, background: .black)
      renderer.flush()
      let t2 = monotonicSeconds()
      renderer.present()
      renderer.finish()
      let t3 = monotonicSeconds()
      if i >= warmup {
        let ns = { (s: Double) in UInt64(max(0, s) * 1e9) }
        _ = build.record(ns(out.buildSeconds))
        _ = lower.record(ns(out.lowerSeconds))
        _ = buildLower.record(ns(out.buildSeconds + out.lowerSeconds))
        _ = submit.record(ns(t2 - t1))
        _ = present.record(ns(t3 - t2))
        _ = total.record(ns(out.buildSeconds + out.lowerSeconds + (t3 - t1)))
        vertices = out.drawList.vertices.count
        indices = out.drawList.indices.count
        drawCalls += renderer.lastDrawCalls
        uploads += renderer.lastTextureUploads
        redrawn += renderer.lastRedrawFraction
        samples.append((shown, out.buildSeconds, out.lowerSeconds, t2 - t1, t3 - t2))
        measured += 1
      }
      if (i + 1) % step == 0 { progress("\(shown) \(i + 1)/\(warmup + frames) frames") }
    }
    return SceneResult(
      scene: name, frames: measured, frame_ms: Percentiles(total),
      phases_ms: [
        "build": Percentiles(build), "lower": Percentiles(lower), "build_lower": Percentiles(buildLower),
        "submit": Percentiles(submit),
        "present": Percentiles(present),
      ], vertices: vertices, indices: indices, draw_calls: Double(drawCalls) / Double(max(1, measured)),
      texture_uploads: Double(uploads) / Double(max(1, measured)), redrawn_fraction: redrawn / Double(max(1, measured)),
      peak_rss_kb: peakRSSKilobytes())
  }
}

/// Formats results as a terminal table.
func benchTable(_ results: [SceneResult]) -> String {
  func f(_ v: Double) -> String { cFormat("%.3f", v) }
  var lines = [
    "scene            frames   p50 ms   p90 ms   p99 ms   max ms  mean ms | build  lower submit present (p50) | verts draws upl/f redrawn | target p50/p99      | build+lower p50 / target"
  ]
  for r in results {
    let phase = { (name: String) in r.phases_ms[name]?.p50 ?? 0 }
    let t = frameTargets[r.scene]
    let met = t.map { r.frame_ms.p50 <= $0.p50 && r.frame_ms.p99 <= $0.p99 ? "met" : "MISSED" } ?? ""
    let target = (t.map { "\(f($0.p50))/\(f($0.p99)) \(met)" } ?? "").padded(to: 20)
    let bl = phase("build_lower")
    let blTarget = buildLowerTargets[r.scene].map { " / \(f($0)) \(bl <= $0 ? "met" : "MISSED")" } ?? ""
    lines.append(
      r.scene.padded(to: 16)
        + cFormat(
          " %6d %8.3f %8.3f %8.3f %8.3f %8.3f | %6.3f %6.3f %6.3f %6.3f       | %5d %5.1f %5.2f %6.0f%% | ",
          r.frames, r.frame_ms.p50, r.frame_ms.p90, r.frame_ms.p99, r.frame_ms.max, r.frame_ms.mean,
          phase("build"), phase("lower"), phase("submit"), phase("present"), r.vertices, r.draw_calls,
          r.texture_uploads, r.redrawn_fraction * 100) + target + "| " + f(bl) + blTarget)
  }
  return lines.joined(separator: "\n")
}
