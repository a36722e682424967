import ArgumentParser
import FoundationEssentials
import Glibc
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// `playground snapshot`: one frame of a scene, rendered offscreen to a PNG.
struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Render a scene offscreen as it looks SECONDS after its timeline started, to a PNG.",
    discussion: """
      No display is needed. The scene's timelines, state and animations are replayed from the start \
      on a simulated clock, so the same --at and --date always give the same pixels. --date is the \
      wall-clock date at which the timeline started (default: now); the clock scene shows it.
      """)

  @OptionGroup var moment: ReplayMoment

  // Optional, so `--help` does not print the default as its raw value ("default: 0").
  @Option(help: "Force a cadence: live, seconds or minutes (default: live).")
  var cadence: Cadence?

  @Option(help: "Where to write the PNG.")
  var out: String

  @Option(help: "Renderer: cpu (default; auto means cpu here), sdl-software or accelerated (needs OpenGL).")
  var renderer: RendererChoice = .cpu

  @Option(
    help: ArgumentHelp(
      "Pixel density, 1 to 4: the scene laid out at --size and drawn at SCALE times as many pixels, as on a HiDPI screen.",
      valueName: "scale"))
  var scale: Int = 1

  func validate() throws {
    try requirePNGExtension(out, option: "--out")
    guard (1...4).contains(scale) else { throw UsageFailure.fail("--scale must be a whole number from 1 to 4") }
    let size = moment.size
    guard size.width * scale <= 16384, size.height * scale <= 16384 else {
      throw UsageFailure.fail("--size \(size) at --scale \(scale) is over 16384 pixels on a side")
    }
    // Checked before rendering, which at 16384 pixels a side takes a while and a gigabyte.
    if let problem = OutputFile.problem(out) {
      printError("playground: cannot write \(out): \(problem)")
      throw ExitCode(73)
    }
  }

  func run() throws {
    let (scene, at, size) = (moment.scene, moment.at, moment.size)
    let type = try UsageFailure.scene(scene, sketch: moment.sketch)
    let start = moment.start
    let image: ImageBuffer
    do {
      image = try Snapshotter.render(
        scene: type.init(), start: start, at: at, size: size, cadence: cadence ?? .live, assets: moment.assets,
        renderer: renderer, pixelScale: scale)
    } catch let e as BackendError {
      // No OpenGL for --renderer accelerated, say: a missing service, not an output problem.
      printError("playground: \(e)")
      throw ExitCode(69)
    }
    try writingOutput { try PNGFile.write(image, to: out) }
  }
}

/// Refuses an output name whose extension asks for a format other than PNG: writing PNG
/// bytes into `shot.jpg` would leave a file that viewers misread. No extension is fine.
func requirePNGExtension(_ path: String, option: String) throws {
  let ext = Paths.pathExtension(path).lowercased()
  guard ext.isEmpty || ext == "png" else {
    throw UsageFailure.fail("\(option) writes PNG only; name the file .png (got .\(ext))")
  }
}

/// A scene at a moment of its replay: what `snapshot` and `inspect` both take.
struct ReplayMoment: ParsableArguments {
  @Option(help: "The scene (see `playground list`), or a sketch: a .swift file or a folder of them.")
  var scene: String

  @OptionGroup var sketch: SketchArguments

  @Option(help: "Seconds after the timeline started.")
  var at: Double

  @Option(help: "ISO 8601 date at which the timeline started, e.g. 2026-01-01T10:34:30Z (default: now).")
  var date: String?

  @Option(help: "Size in pixels (points for inspect), WIDTHxHEIGHT.")
  var size: PixelSize = .defaultWindow

  @OptionGroup var assetOptions: AssetArguments

  /// The parameter files and GIF the scene sees; problems are printed as warnings.
  var assets: SceneAssets {
    let store = ParameterStore(options: assetOptions.options)
    for p in store.problems { printError("warning: \(p)") }
    return store.assets
  }

  func validate() throws {
    if !(at >= 0) || !at.isFinite { throw UsageFailure.fail("--at must be a non-negative number of seconds") }
    if at > 86_400 { throw UsageFailure.fail("--at must be at most 86400 seconds (one day)") }
    if let d = date, ScheduleFormat.parseISO8601(d) == nil {
      throw UsageFailure.fail("--date '\(d)' is not an ISO 8601 date such as 2026-01-01T10:34:30Z")
    }
  }

  /// The date the timeline started: `--date`, or now.
  var start: Date { date.flatMap(ScheduleFormat.parseISO8601) ?? Date() }
}

/// Renders scenes offscreen; shared by `snapshot`, the tests and the README screenshots.
public enum Snapshotter {
  /// The pixels of `scene` at `seconds` after `start`, laid out at `size` points and drawn at
  /// `pixelScale` pixels per point (a HiDPI screen's density).
  public static func render(
    scene: any PlaygroundScene, start: Date, at seconds: Double, size: PixelSize, cadence: Cadence = .live,
    assets: SceneAssets = SceneAssets(), renderer: RendererChoice = .cpu, pixelScale: Int = 1
  ) throws -> ImageBuffer {
    let target = try OffscreenTarget(
      width: size.width * pixelScale, height: size.height * pixelScale, renderer: renderer)
    let replay = Replay(
      scene: scene, start: start, size: Size(width: Double(size.width), height: Double(size.height)),
      textEngine: target.renderer.atlas, cadence: cadence, assets: assets)
    replay.runtime.tessellation = target.renderer.preferredTessellation
    for w in target.renderer.atlas.warnings { printError("warning: \(w)") }
    let out = replay.frame(at: seconds, pixelScale: Double(pixelScale))
    target.renderer.clear(.black)
    target.renderer.submit(out.drawList)
    return try target.renderer.readPixels()
  }
}
