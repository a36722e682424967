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
      on a simulated clock, frame by frame on a 60 Hz display's grid, and the picture is the last \
      frame at or before --at: what the window shows then. The same --at and --date always give \
      the same pixels, and `record` draws frame i of a clip exactly as `snapshot --at FROM+i/FPS`. \
      --date is the wall-clock date at which the timeline started (default: now); the clock scene \
      shows it.
      """)

  @OptionGroup var moment: ReplayMoment

  // Optional, so `--help` does not print the default as its raw value ("default: 0").
  @Option(help: "Force a cadence: live, seconds or minutes (default: live).")
  var cadence: Cadence?

  @Option(help: "Where to write the PNG.")
  var out: String

  @Option(help: "Renderer: cpu (default; auto means cpu here), sdl-software or accelerated (needs OpenGL).")
  var renderer: RendererChoice = .cpu

  @OptionGroup var density: DensityArguments

  func validate() throws {
    try requirePNGExtension(out, option: "--out")
    try density.check(moment.size)
    // Checked before rendering, which at 16384 pixels a side takes a while and a gigabyte.
    if let problem = OutputFile.problem(out) {
      printError("playground: cannot write \(out): \(problem)")
      throw ExitCode(73)
    }
  }

  func run() throws {
    let (at, size) = (moment.at, moment.size)
    let type = try moment.replay.sceneType()
    let start = moment.start
    let image: ImageBuffer
    do {
      image = try Snapshotter.render(
        scene: type.init(), start: start, at: at, size: size, cadence: cadence ?? .live, assets: moment.assets,
        renderer: renderer, pixelScale: density.scale)
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

/// `--scale`: how many pixels a point is drawn with, for `snapshot` and `record`.
struct DensityArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Pixel density, 1 to 4: the scene laid out at --size and drawn at SCALE times as many pixels, as on a HiDPI screen.",
      valueName: "scale"))
  var scale: Int = 1

  /// Throws (64) unless the density is 1 to 4 and `size` drawn at it is at most 16384 pixels
  /// a side.
  func check(_ size: PixelSize) throws {
    guard (1...4).contains(scale) else { throw UsageFailure.fail("--scale must be a whole number from 1 to 4") }
    guard size.width * scale <= 16384, size.height * scale <= 16384 else {
      throw UsageFailure.fail("--size \(size) at --scale \(scale) is over 16384 pixels on a side")
    }
  }

  /// `size` points in pixels.
  func pixels(_ size: PixelSize) -> PixelSize { PixelSize(width: size.width * scale, height: size.height * scale) }
}

/// The scene a replay shows, and the date its timeline started: what `snapshot`, `inspect` and
/// `record` all take.
struct ReplayScene: ParsableArguments {
  @Option(help: "The scene (see `playground list`), or a sketch: a .swift file or a folder of them.")
  var scene: String

  @OptionGroup var sketch: SketchArguments

  @Option(help: "ISO 8601 date at which the timeline started, e.g. 2026-01-01T10:34:30Z (default: now).")
  var date: String?

  @OptionGroup var assetOptions: AssetArguments

  /// The parameter files and GIF the scene sees; problems are printed as warnings.
  var assets: SceneAssets {
    let store = ParameterStore(options: assetOptions.options)
    for p in store.problems { printError("warning: \(p)") }
    return store.assets
  }

  func validate() throws {
    if let d = date, ScheduleFormat.parseISO8601(d) == nil {
      throw UsageFailure.fail("--date '\(d)' is not an ISO 8601 date such as 2026-01-01T10:34:30Z")
    }
  }

  /// The date the timeline started: `--date`, or now.
  var start: Date { date.flatMap(ScheduleFormat.parseISO8601) ?? Date() }

  /// The scene's type: built in, or the sketch `--scene` names (run in a supervised child).
  func sceneType() throws -> any PlaygroundScene.Type { try UsageFailure.scene(scene, sketch: sketch) }
}

/// A scene at a moment of its replay: what `snapshot` and `inspect` both take.
struct ReplayMoment: ParsableArguments {
  @OptionGroup var replay: ReplayScene

  @Option(help: "Seconds after the timeline started.")
  var at: Double

  @Option(help: "Size in pixels (points for inspect), WIDTHxHEIGHT.")
  var size: PixelSize = .defaultWindow

  func validate() throws {
    if !(at >= 0) || !at.isFinite { throw UsageFailure.fail("--at must be a non-negative number of seconds") }
    if at > 86_400 { throw UsageFailure.fail("--at must be at most 86400 seconds (one day)") }
  }

  /// The date the timeline started (see `ReplayScene.start`).
  var start: Date { replay.start }
  /// The parameter files and GIF the scene sees (see `ReplayScene.assets`).
  var assets: SceneAssets { replay.assets }
}

/// Renders scenes offscreen; shared by `snapshot`, the tests and the README screenshots.
public enum Snapshotter {
  /// The pixels of `scene` at `seconds` after `start`, laid out at `size` points and drawn at
  /// `pixelScale` pixels per point (a HiDPI screen's density).
  public static func render(
    scene: any PlaygroundScene, start: Date, at seconds: Double, size: PixelSize, cadence: Cadence = .live,
    assets: SceneAssets = SceneAssets(), renderer: RendererChoice = .cpu, pixelScale: Int = 1
  ) throws -> ImageBuffer {
    let camera = try OffscreenReplay(
      scene: scene, start: start, size: size, cadence: cadence, assets: assets, renderer: renderer,
      pixelScale: pixelScale)
    for w in camera.warnings { printError("warning: \(w)") }
    return try camera.image(at: seconds)
  }
}

/// A scene replayed offscreen: its pictures at increasing times, each one exactly what
/// `snapshot` renders for that time (see `Replay` for the stepping rule that makes it so).
/// `snapshot` asks it for one picture, `record` for every frame of a clip.
final class OffscreenReplay {
  /// What the pictures are drawn into.
  let target: OffscreenTarget
  /// The scene's replay on the simulated clock.
  let replay: Replay
  /// Pixels per point.
  let pixelScale: Int
  /// Whether pictures after the first redraw only what changed (`record`); `snapshot` draws its
  /// one picture whole.
  var incremental = false
  /// The replay's evaluation count when the target was last drawn; nil before the first.
  private var drawnAt: Int?
  /// The drawn picture as an image, once asked for.
  private var image: ImageBuffer?

  /// A replay of `scene` drawn into a target of `size` points at `pixelScale` pixels per point.
  init(
    scene: any PlaygroundScene, start: Date, size: PixelSize, cadence: Cadence = .live,
    assets: SceneAssets = SceneAssets(), renderer: RendererChoice = .cpu, pixelScale: Int = 1
  ) throws {
    target = try OffscreenTarget(
      width: size.width * pixelScale, height: size.height * pixelScale, renderer: renderer)
    replay = Replay(
      scene: scene, start: start, size: Size(width: Double(size.width), height: Double(size.height)),
      textEngine: target.renderer.atlas, cadence: cadence, assets: assets)
    replay.runtime.tessellation = target.renderer.preferredTessellation
    self.pixelScale = pixelScale
    let atlas = target.renderer.atlas
    replay.willEvaluate = { atlas.beginFrame() }
  }

  /// What the text engine could not set up (a missing font), for the user.
  var warnings: [String] { target.renderer.atlas.warnings }

  /// Draws the picture at `seconds` after the start; not earlier than the last one asked for,
  /// or the replay starts over. Returns false when it is the same frame as the last one, which
  /// is then left as drawn.
  @discardableResult
  func draw(at seconds: Double) -> Bool {
    let out = replay.frame(at: seconds, pixelScale: Double(pixelScale))
    if let drawnAt, drawnAt == replay.evaluations { return false }
    if drawnAt == nil || !incremental {
      target.renderer.clear(.black)
      target.renderer.submit(out.drawList)
    } else {
      // Only what changed since the last picture is drawn again: the same pixels as a full
      // redraw (the damage tests hold the renderers to that), for a fraction of the work.
      target.renderer.draw(out.drawList, background: .black)
    }
    drawnAt = replay.evaluations
    image = nil
    return true
  }

  /// The picture last drawn, as RGBA pixels.
  func pixels() throws -> ImageBuffer {
    if let image { return image }
    let read = try target.renderer.readPixels()
    image = read
    return read
  }

  /// The picture at `seconds` after the start, as RGBA pixels.
  func image(at seconds: Double) throws -> ImageBuffer {
    draw(at: seconds)
    return try pixels()
  }
}
