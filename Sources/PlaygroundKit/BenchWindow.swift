import FoundationEssentials
import Glibc
import Graphics
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// Statistics of the intervals between presented frames.
struct IntervalStats: Codable {
  var frames: Int
  var mean_ms: Double
  var stddev_ms: Double
  var median_ms: Double
  var p99_deviation_ms: Double
  var max_ms: Double
  /// Intervals longer than 1.5 display periods: a vsync was missed.
  var missed_vsync: Int
  /// Intervals that are not within 1 ms of a whole number of display periods: the frame
  /// reached the screen out of step with the display.
  var off_vsync: Int

  init(_ times: [Double], period: Double) {
    let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
    frames = times.count
    let n = Double(max(1, intervals.count))
    let mean = intervals.reduce(0, +) / n
    mean_ms = mean * 1000
    stddev_ms = (intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n).squareRoot() * 1000
    let sorted = intervals.sorted()
    median_ms = (sorted.isEmpty ? 0 : sorted[sorted.count / 2]) * 1000
    let deviations = intervals.map { abs($0 - period) }.sorted()
    p99_deviation_ms =
      (deviations.isEmpty ? 0 : deviations[min(deviations.count - 1, Int(Double(deviations.count) * 0.99))]) * 1000
    max_ms = (sorted.last ?? 0) * 1000
    missed_vsync = intervals.filter { $0 > period * 1.5 }.count
    off_vsync =
      intervals.filter { iv in
        let k = (iv / period).rounded()
        return abs(iv - k * period) > 0.001
      }.count
  }
}

/// Frame pacing in a real window: the pump at the display rate against a fixed 30 Hz timer.
struct PacingBenchmark {
  var seconds: Double
  var size: PixelSize
  var renderer: RendererChoice = .auto

  struct Report: Codable {
    var machine: MachineInfo
    var period_ms: Double
    var timeline: IntervalStats
    var timer_30hz: IntervalStats
    /// True when a signal stopped the run early.
    var interrupted = false
  }

  func run(json: String?) throws {
    let options = AppOptions(
      sceneIndex: 0, size: size, duration: nil, stats: false, forcedCadence: nil, minimizedGrace: 60,
      renderer: renderer)
    let app = try PlaygroundApp(options: options)
    app.stats.presentTimes = []
    app.runLoop(until: app.clock.uptime + seconds)
    let paced = app.stats.presentTimes ?? []
    let period = app.period
    let timer = Interruption.requested ? [] : app.runFixedTimer(hz: 30, seconds: seconds)
    let a = IntervalStats(Array(paced.dropFirst(2)), period: period)
    let b = IntervalStats(Array(timer.dropFirst(2)), period: period)
    let machine = MachineInfo.current(renderer: app.window.renderer.name, size: size)
    print("pacing: \(seconds) s of .animation (visualizer), display period \(cFormat("%.3f", period * 1000)) ms")
    print("driver                 frames  mean ms  stddev  median  p99 |dev|  max ms  missed vsync  off-vsync")
    for (name, s) in [("TimelineView pump", a), ("30 Hz timer (the articles' way)", b)] {
      print(
        name.padded(to: 22)
          + cFormat(
            " %6d %8.3f %7.3f %7.3f %9.3f %7.3f %13d %10d", s.frames, s.mean_ms, s.stddev_ms, s.median_ms,
            s.p99_deviation_ms, s.max_ms, s.missed_vsync, s.off_vsync))
    }
    if let json {
      let enc = JSONEncoder()
      enc.outputFormatting = [.prettyPrinted, .sortedKeys]
      try OutputFile.write(
        enc.encode(
          Report(
            machine: machine, period_ms: period * 1000, timeline: a, timer_30hz: b,
            interrupted: Interruption.requested)), to: json)
    }
    try Interruption.exitIfRequested()
  }
}

/// Wake-ups and CPU per scene, visible and minimized.
struct IdleBenchmark {
  var seconds: Double
  var size: PixelSize
  var renderer: RendererChoice = .auto

  struct Row: Codable {
    var scene: String
    var visible_wakeups_per_s: Double
    var visible_frames_per_s: Double
    var visible_cpu_percent: Double
    var minimized: Bool
    var minimized_wakeups_per_s: Double
    var minimized_frames: Int
    var minimized_cpu_percent: Double
    /// From the restore (as the loop sees it) to the first presented frame; nil if none came.
    var restore_to_frame_ms: Double?
  }

  struct Report: Codable {
    var machine: MachineInfo
    var seconds: Double
    var scenes: [Row]
    /// True when a signal stopped the run early; the last scene's row is then left out.
    var interrupted = false
  }

  func run(scenes: [any PlaygroundScene], json: String?) throws {
    var rows: [Row] = []
    var rendererName = "software"
    for scene in scenes {
      if Interruption.requested { break }
      let index = SceneCatalog.all.firstIndex { $0 == type(of: scene) } ?? 0
      let options = AppOptions(
        sceneIndex: index, size: size, duration: nil, stats: false, forcedCadence: nil, minimizedGrace: 60,
        renderer: renderer)
      let app = try PlaygroundApp(options: options)
      rendererName = app.window.renderer.name
      // Let the first frames and font loading pass before measuring.
      app.runLoop(until: app.clock.uptime + 0.5)
      var (w0, f0, c0, t0) = (app.stats.wakeups, app.stats.framesPresented, cpuSeconds(), app.clock.uptime)
      app.runLoop(until: t0 + seconds)
      let visible = (
        wakeups: Double(app.stats.wakeups - w0) / seconds, frames: Double(app.stats.framesPresented - f0) / seconds,
        cpu: (cpuSeconds() - c0) / (app.clock.uptime - t0) * 100
      )
      let minimized = app.minimizeAndWait()
      app.runLoop(until: app.clock.uptime + 0.3)
      (w0, f0, c0, t0) = (app.stats.wakeups, app.stats.framesPresented, cpuSeconds(), app.clock.uptime)
      app.runLoop(until: t0 + seconds)
      let minimizedRow = (
        wakeups: Double(app.stats.wakeups - w0) / seconds, frames: app.stats.framesPresented - f0,
        cpu: (cpuSeconds() - c0) / (app.clock.uptime - t0) * 100
      )
      // Restore, and time the frame that must follow at once.
      let restores = app.stats.firstFrameAfterRestoreMs.count
      app.window.restore()
      let restoreEnd = app.clock.uptime + 2
      while app.stats.firstFrameAfterRestoreMs.count == restores && app.clock.uptime < restoreEnd,
        !Interruption.requested
      {
        app.runLoop(until: min(restoreEnd, app.clock.uptime + 0.05))
      }
      // A scene cut short by a signal has no honest row.
      if Interruption.requested { break }
      rows.append(
        Row(
          scene: type(of: scene).name, visible_wakeups_per_s: visible.wakeups, visible_frames_per_s: visible.frames,
          visible_cpu_percent: visible.cpu, minimized: minimized, minimized_wakeups_per_s: minimizedRow.wakeups,
          minimized_frames: minimizedRow.frames, minimized_cpu_percent: minimizedRow.cpu,
          restore_to_frame_ms: app.stats.firstFrameAfterRestoreMs.count > restores
            ? app.stats.firstFrameAfterRestoreMs.last : nil))
      writeToStandardError("bench: idle \(type(of: scene).name) done\n")
    }
    print("idle: \(seconds) s visible, then \(seconds) s minimized, per scene")
    print("scene            visible: wake/s  frames/s   CPU %  | minimized: wake/s  frames   CPU %  | restore→frame ms")
    for r in rows {
      let restore = r.restore_to_frame_ms.map { cFormat("%16.1f", $0) } ?? "            none"
      print(
        r.scene.padded(to: 16)
          + cFormat(
            "          %7.2f  %8.2f  %6.2f  | %17.2f  %6d  %6.2f  | ", r.visible_wakeups_per_s,
            r.visible_frames_per_s, r.visible_cpu_percent, r.minimized_wakeups_per_s, r.minimized_frames,
            r.minimized_cpu_percent) + restore + (r.minimized ? "" : "  (window manager did not minimize)"))
    }
    if let json {
      let enc = JSONEncoder()
      enc.outputFormatting = [.prettyPrinted, .sortedKeys]
      try OutputFile.write(
        enc.encode(
          Report(
            machine: MachineInfo.current(renderer: rendererName, size: size), seconds: seconds, scenes: rows,
            interrupted: Interruption.requested)),
        to: json)
    }
    try Interruption.exitIfRequested()
  }
}

/// Draws the frame-time distribution of each scene as a picture, with our own renderer.
enum BenchPlot {
  static func render(
    results: [SceneResult], samples: [(scene: String, build: Double, lower: Double, submit: Double, present: Double)],
    machine: MachineInfo, rowHeight rowH: Double = 70
  ) throws -> ImageBuffer {
    let w = 1200
    let h = Int(110 + rowH * Double(results.count))
    let target = try OffscreenTarget(width: w, height: h)
    let axisMax = max(2, (results.map { max($0.frame_ms.p99, frameTargets[$0.scene]?.p99 ?? 0) }.max() ?? 2) * 1.25)
    // Ticks at 1, 2 or 5 × a power of ten, about eight across the axis.
    let raw = axisMax / 8
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
    let plotX = 190.0
    let plotW = Double(w) - plotX - 40
    var perScene: [String: [Double]] = [:]
    for s in samples { perScene[s.scene, default: []].append((s.build + s.lower + s.submit + s.present) * 1000) }
    let runtime = SceneRuntime(textEngine: target.renderer.atlas)
    runtime.tessellation = target.renderer.preferredTessellation
    let body = {
      ZStack(alignment: .topLeading) {
        Rectangle().fill(Color(hex: 0x111318))
        VStack(alignment: .leading, spacing: 0) {
          Text("Frame time per scene (build + lower + submit + present), \(machine.size), \(machine.renderer)")
            .font(.system(size: 18, weight: .bold)).foregroundStyle(Color.white).padding(.bottom, 4)
          Text(
            "\(machine.cpu) · \(machine.cores) cores · \(machine.build) build · bars: distribution · white p50 · orange p99 · green target"
          )
          .font(.system(size: 12)).foregroundStyle(Color.white.opacity(0.6)).padding(.bottom, 16)
          ForEach(0..<results.count, id: \.self) { ri in
            let r = results[ri]
            HStack(spacing: 0) {
              VStack(alignment: .leading, spacing: 2) {
                Text(r.scene).font(.system(size: rowH < 60 ? 12 : 14, weight: .bold)).foregroundStyle(Color.white)
                Text(cFormat("p50 %.3f  p99 %.3f ms", r.frame_ms.p50, r.frame_ms.p99))
                  .font(.system(size: 11, design: .monospaced)).foregroundStyle(Color.white.opacity(0.7))
              }
              .frame(width: plotX - 20, alignment: .leading)
              Canvas { ctx in
                let values = perScene[r.scene] ?? []
                let bins = 200
                var counts = [Int](repeating: 0, count: bins)
                for v in values { counts[min(bins - 1, max(0, Int(v / axisMax * Double(bins))))] += 1 }
                let peak = Double(max(1, counts.max() ?? 1))
                let bw = ctx.size.width / Double(bins)
                for (i, c) in counts.enumerated() where c > 0 {
                  let bh = (ctx.size.height - 4) * Double(c) / peak
                  ctx.fill(
                    Path {
                      $0.addRect(Rect(x: Double(i) * bw, y: ctx.size.height - bh, width: max(1, bw - 0.5), height: bh))
                    },
                    with: Color.cyan.opacity(0.8))
                }
                func mark(_ ms: Double, _ c: Color, _ width: Double) {
                  let x = ms / axisMax * ctx.size.width
                  ctx.stroke(
                    Path {
                      $0.move(to: Point(x: x, y: 0))
                      $0.addLine(to: Point(x: x, y: ctx.size.height))
                    }, with: c, lineWidth: width)
                }
                for k in 0...Int(axisMax / step) {
                  mark(Double(k) * step, Color.white.opacity(0.08), 1)
                }
                if let t = frameTargets[r.scene] {
                  mark(t.p50, Color.green.opacity(0.6), 1)
                  mark(t.p99, Color.green, 2)
                }
                mark(r.frame_ms.p50, .white, 2)
                mark(r.frame_ms.p99, .orange, 2)
              }
              .frame(width: plotW, height: rowH - 14)
            }
            .frame(height: rowH, alignment: .leading)
          }
          // The time axis: a labelled tick every `step` milliseconds.
          ZStack(alignment: .topLeading) {
            ForEach(0..<(Int(axisMax / step) + 1), id: \.self) { k in
              Text(k == 0 ? "0 ms" : cFormat(step < 1 ? "%.1f" : "%.0f", Double(k) * step))
                .font(.system(size: 11, design: .monospaced)).foregroundStyle(Color.white.opacity(0.6))
                .offset(x: plotX - 20 + Double(k) * step / axisMax * plotW, y: 0)
            }
          }
          .frame(height: 16, alignment: .topLeading)
        }
        .padding(20)
      }
    }
    let out = runtime.frame(
      body, input: FrameInput(now: FrameBenchmark.start, time: 0, size: Size(width: Double(w), height: Double(h))))
    target.renderer.clear(.black)
    target.renderer.submit(out.drawList)
    return try target.renderer.readPixels()
  }
}
