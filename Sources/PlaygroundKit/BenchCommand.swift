import ArgumentParser
import FoundationEssentials
import Glibc
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// `playground bench`: frame-time, pacing and idle benchmarks.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure frame costs per phase (default), frame pacing (--pacing) or idle cost (--idle).",
    discussion: """
      The frame benchmark renders N frames of each scene after a warm-up and reports, per phase — \
      build (body → tree), lower (layout and tessellation → draw list), submit (SDL calls and the \
      software rasterizer), present — and for the whole frame: min, p50, p90, p99, max and mean in \
      milliseconds, from HdrHistogram. --headless (default) draws into an offscreen surface on a \
      simulated clock that steps from one frame the live loop would draw to the next (every display \
      frame while animating, each schedule entry otherwise: the clock's once-a-second frame), so it \
      needs no display; --window uses a real \
      window. Waiting for a deadline or vsync is not counted as work.

      --pacing runs an .animation scene in a real window for --seconds and reports the frame \
      intervals, and the same scene driven the way the articles call incorrect: a fixed 30 Hz timer \
      that ignores the display. --idle measures wake-ups per second and CPU for every scene, \
      visible and then minimized.
      """)

  enum Target: String, EnumerableFlag {
    case headless, window
  }

  @Option(
    help: """
      A scene name, 'overview' (every scene at once), 'geometry-grid' (100 GeometryReader cells), 'all', \
      or a sketch's .swift path.
      """)
  var scene: String = "all"

  @OptionGroup var sketch: SketchArguments

  @Option(help: "Frames measured per scene.")
  var frames: Int = 600

  @Option(help: "Frames rendered first and not measured.")
  var warmup: Int = 60

  @Option(help: "Frame size, WIDTHxHEIGHT.")
  var size: PixelSize = .defaultWindow

  @Flag(help: "Where frames are drawn: --headless (offscreen surface) or --window (a real window).")
  var target: Target = .headless

  @Option(help: "Write every figure, and the machine, as JSON.")
  var json: String?

  @Option(help: "Write every measured frame's phases as CSV (the frame benchmark only).")
  var csv: String?

  @Option(help: "Draw the frame-time distribution per scene as a PNG (the frame benchmark and --compare).")
  var plot: String?

  @Flag(help: "Repaint every pixel of every frame, as if the target kept nothing between frames.")
  var fullRedraw = false

  @Option(
    help: ArgumentHelp(
      "Milliseconds to sleep before each measured frame, as a 60 Hz loop idles between frames (0 to 1000).",
      discussion:
        "0 (the default) renders frames back to back, with caches warm. A paced loop sleeps between frames; 15 shows what a frame costs after such a sleep."
    ))
  var frameGap: Double = 0

  @Option(
    help: ArgumentHelp(
      "Renderer to measure: auto, cpu, sdl-software or accelerated.",
      discussion:
        "Headless, auto means cpu (the numbers must not depend on the GPU present); in a window it picks as `run` does."
    ))
  var renderer: RendererChoice = .auto

  @Flag(
    help: ArgumentHelp(
      "Run the same frames through cpu, sdl-software and (where OpenGL works) accelerated, one scene at a time.",
      discussion:
        "Prints p50/p99 per scene for each renderer and the ratio of sdl-software to cpu, the figure that holds on a noisy machine. Headless only."
    ))
  var compare = false

  @Flag(help: "Run the pacing benchmark instead (needs a display).")
  var pacing = false

  @Flag(help: "Run the idle benchmark instead (needs a display).")
  var idle = false

  @Option(help: "Seconds per run for --pacing and --idle.")
  var seconds: Double = 5

  @Option(
    name: .customLong("reload"),
    help: ArgumentHelp(
      "Measure live reload instead: save → first frame with the new code, for the sketch at PATH.",
      discussion: "Works on a temporary copy, changing one number literal per edit.", valueName: "path"))
  var reloadPath: String?

  @Option(help: "Saves measured by --reload (1 to 1000).")
  var edits: Int = 20

  func validate() throws {
    if !(1...1000).contains(edits) { throw UsageFailure.fail("--edits must be from 1 to 1000") }
    if reloadPath != nil && (pacing || idle || compare) {
      throw UsageFailure.fail(
        "--reload is a benchmark of its own; it cannot be combined with --pacing, --idle or --compare")
    }
    if !(1...1_000_000).contains(frames) { throw UsageFailure.fail("--frames must be from 1 to 1000000") }
    if !(0...1_000_000).contains(warmup) { throw UsageFailure.fail("--warmup must be from 0 to 1000000") }
    if !(seconds > 0 && seconds <= 3600) {
      throw UsageFailure.fail("--seconds must be more than 0 and at most 3600")
    }
    if !(0...1000).contains(frameGap) { throw UsageFailure.fail("--frame-gap must be from 0 to 1000 (milliseconds)") }
    if frameGap > 0 && (pacing || idle) {
      throw UsageFailure.fail("--frame-gap applies to the frame benchmark, not to --pacing or --idle")
    }
    if pacing && idle { throw UsageFailure.fail("choose one of --pacing and --idle") }
    if compare && (pacing || idle || target == .window) {
      throw UsageFailure.fail(
        "--compare measures headless frames; it cannot be combined with --pacing, --idle or --window")
    }
    // Each output belongs to some modes; asking for one a mode does not write is an error,
    // not a run that ends without it.
    if csv != nil && (compare || pacing || idle) {
      throw UsageFailure.fail("--csv is written by the frame benchmark alone, not with --compare, --pacing or --idle")
    }
    if plot != nil && (pacing || idle) {
      throw UsageFailure.fail("--plot is written by the frame benchmark and --compare, not with --pacing or --idle")
    }
    if let plot { try requirePNGExtension(plot, option: "--plot") }
    // A long run must not end by failing to save its results, so output paths are checked first.
    for path in [json, csv, plot].compactMap({ $0 }) {
      if let problem = OutputFile.problem(path) {
        printError("playground: cannot write \(path): \(problem)")
        throw ExitCode(73)
      }
    }
  }

  func scenes() throws -> [any PlaygroundScene] {
    if scene == "all" { return SceneCatalog.all.map { $0.init() } + [OverviewScene(), GeometryGridScene()] }
    if scene == "overview" { return [OverviewScene()] }
    if scene == GeometryGridScene.name { return [GeometryGridScene()] }
    return [try UsageFailure.scene(scene, sketch: sketch).init()]
  }

  func run() throws {
    if let reloadPath {
      try ReloadBenchmark(path: reloadPath, edits: edits, arguments: sketch, json: json).run()
      return
    }
    let list = try scenes()
    Interruption.cooperative = true
    do {
      if pacing {
        try PacingBenchmark(seconds: seconds, size: size, renderer: renderer).run(json: json)
        return
      }
      if idle {
        try IdleBenchmark(seconds: seconds, size: size, renderer: renderer).run(
          scenes: list.filter { !($0 is OverviewScene || $0 is GeometryGridScene) }, json: json)
        return
      }
      if compare {
        try runComparison(list)
      } else {
        try runFrames(list)
      }
    } catch let e as BackendError {
      printError("playground: \(e)")
      if case .noDisplay = e { throw ExitCode(69) }
      throw ExitCode(70)
    } catch let e as OutputError {
      printError("playground: \(e)")
      throw ExitCode(73)
    }
  }

  private func runFrames(_ list: [any PlaygroundScene]) throws {
    let renderer: any Renderer
    var window: Window?
    var offscreen: OffscreenTarget?
    switch target {
    case .headless:
      let o = try OffscreenTarget(width: size.width, height: size.height, renderer: self.renderer)
      offscreen = o
      renderer = o.renderer
    case .window:
      let w = try Window(
        title: "Timeline Playground — bench", width: size.width, height: size.height, renderer: self.renderer)
      window = w
      renderer = w.renderer
    }
    // Numbers measured without fonts would not be the real frame's; say so up front.
    for w in renderer.atlas.warnings { printError("warning: \(w)") }
    let isTTY = isatty(2) == 1
    var bench = makeBenchmark(isTTY: isTTY)
    var results: [SceneResult] = []
    for s in list {
      if Interruption.requested { break }
      results.append(bench.run(s, renderer: renderer))
      while let e = window?.pollEvent() { _ = e }
    }
    let interrupted = Interruption.requested
    if interrupted { printError("bench: interrupted; writing the \(bench.samples.count) frames measured so far") }
    if isTTY { writeToStandardError("\r\u{1B}[K") }
    var machine = MachineInfo.current(renderer: renderer.name, size: size)
    machine.redraw = fullRedraw || !renderer.incremental ? "full" : "damage-tracked"
    machine.frame_gap_ms = frameGap
    print(
      "machine: \(machine.cpu), \(machine.cores) cores, \(machine.os); renderer \(machine.renderer) (\(target.rawValue)), "
        + "SDL \(machine.sdl), \(machine.build) build, \(size), \(machine.redraw) redraw"
        + (frameGap > 0 ? cFormat(", %g ms asleep before each frame", frameGap) : ""))
    print(benchTable(results))
    print(cFormat("peak RSS: %.1f MB", Double(peakRSSKilobytes()) / 1024))
    if let json {
      let enc = JSONEncoder()
      enc.outputFormatting = [.prettyPrinted, .sortedKeys]
      try write(try enc.encode(BenchReport(machine: machine, scenes: results, interrupted: interrupted)), to: json)
    }
    if let csv {
      var text = "scene,frame,build_ms,lower_ms,submit_ms,present_ms,total_ms\n"
      var index: [String: Int] = [:]
      for s in bench.samples {
        let i = index[s.scene, default: 0]
        index[s.scene] = i + 1
        let total = s.build + s.lower + s.submit + s.present
        text +=
          s.scene
          + cFormat(
            ",%d,%.4f,%.4f,%.4f,%.4f,%.4f\n", i, s.build * 1000, s.lower * 1000, s.submit * 1000, s.present * 1000,
            total * 1000)
      }
      try write(Data(text.utf8), to: csv)
    }
    if let plot {
      try writingOutput {
        let image = try BenchPlot.render(results: results, samples: bench.samples, machine: machine)
        try PNGFile.write(image, to: plot)
      }
    }
    _ = offscreen
    try Interruption.exitIfRequested()
  }

  /// The frame benchmark these options describe, reporting progress on stderr: one line
  /// rewritten in place on a terminal, a line each otherwise.
  private func makeBenchmark(isTTY: Bool) -> FrameBenchmark {
    var bench = FrameBenchmark(frames: frames, warmup: warmup, size: size) { line in
      writeToStandardError(((isTTY ? "\r\u{1B}[K" : "") + "bench: " + line + (isTTY ? "" : "\n")))
    }
    bench.fullRedraw = fullRedraw
    // Validated to 0...1000 ms, so the microseconds fit.
    bench.gapMicroseconds = UInt32((frameGap * 1000).rounded())
    return bench
  }

  /// `--compare`: every scene through each renderer in turn, interleaved so that a noisy
  /// moment hurts all of them alike.
  private func runComparison(_ list: [any PlaygroundScene]) throws {
    var targets: [(name: String, target: OffscreenTarget)] = []
    for choice in RendererChoice.renderers {
      do {
        targets.append((choice.rawValue, try OffscreenTarget(width: size.width, height: size.height, renderer: choice)))
      } catch {
        guard choice.mayBeUnavailable else { throw error }
        printError("bench: \(choice.rawValue) left out: \(error)")
      }
    }
    // OpenGL's renderer string, from the renderer that asked for one.
    let openGLDevice = targets.lazy.compactMap { $0.target.renderer.selection.device }.first
    for w in targets.first?.target.renderer.atlas.warnings ?? [] { printError("warning: \(w)") }
    let isTTY = isatty(2) == 1
    var bench = makeBenchmark(isTTY: isTTY)
    var results: [SceneResult] = []
    for s in list {
      if Interruption.requested { break }
      var main: SceneResult?
      var figures: [String: RendererFigures] = [:]
      for (name, t) in targets {
        if Interruption.requested { break }
        let r = bench.run(s, renderer: t.renderer, label: name)
        figures[name] = RendererFigures(r)
        if main == nil { main = r }
      }
      guard var main else { break }
      main.renderers = figures
      results.append(main)
    }
    let interrupted = Interruption.requested
    if isTTY { writeToStandardError("\r\u{1B}[K") }
    var machine = MachineInfo.current(renderer: targets.map(\.name).joined(separator: ", "), size: size)
    machine.redraw = fullRedraw ? "full" : "damage-tracked"
    machine.gpu = openGLDevice
    machine.frame_gap_ms = frameGap
    print(
      "machine: \(machine.cpu), \(machine.cores) cores, \(machine.os); SDL \(machine.sdl), \(machine.build) build, "
        + "\(size), \(machine.redraw) redraw, headless" + (openGLDevice.map { "; OpenGL: \($0)" } ?? "")
        + (frameGap > 0 ? cFormat(", %g ms asleep before each frame", frameGap) : ""))
    print(comparisonTable(results, renderers: targets.map(\.name)))
    print(cFormat("peak RSS: %.1f MB", Double(peakRSSKilobytes()) / 1024))
    if let json {
      let enc = JSONEncoder()
      enc.outputFormatting = [.prettyPrinted, .sortedKeys]
      try write(try enc.encode(BenchReport(machine: machine, scenes: results, interrupted: interrupted)), to: json)
    }
    if let plot {
      // One row per scene and renderer, named as the samples are.
      var rows: [SceneResult] = []
      for r in results {
        for name in targets.map(\.name) {
          guard let f = r.renderers?[name] else { continue }
          var row = r
          row.scene = "\(r.scene) (\(name))"
          row.frame_ms = f.frame_ms
          rows.append(row)
        }
      }
      try writingOutput {
        let image = try BenchPlot.render(results: rows, samples: bench.samples, machine: machine, rowHeight: 44)
        try PNGFile.write(image, to: plot)
      }
    }
    withExtendedLifetime(targets) {}
    try Interruption.exitIfRequested()
  }

  private func write(_ data: Data, to path: String) throws {
    try writingOutput { try OutputFile.write(data, to: path) }
  }
}

/// PNG outputs: encoded by SDL_image into a temporary file, checked to end with the PNG's
/// closing chunk (a full disk can cut a PNG short without the encoder noticing), then put in
/// place.
enum PNGFile {
  /// The last 12 bytes of every complete PNG: the empty IEND chunk and its checksum.
  static let trailer: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

  /// Writes `image` to `path` as `OutputFile` writes any output.
  static func write(_ image: ImageBuffer, to path: String) throws {
    try OutputFile.produce(path) { temp in
      try PNGWriter.write(image, to: temp)
      guard let data = FileManager.default.contents(atPath: temp), data.count > 12,
        Array(data.suffix(12)) == trailer
      else {
        throw OutputError(path, "the PNG came out incomplete (is the disk full?)")
      }
    }
  }
}
