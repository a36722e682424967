import ArgumentParser
import FoundationEssentials
import Glibc
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// The `playground` command: SwiftUI's TimelineView model on SDL2.
public struct PlaygroundCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "playground",
    abstract: "Time-driven scenes on SwiftUI's TimelineView model, drawn with SDL2.",
    discussion: """
      Each scene runs on timeline schedules (.animation, .periodic, .explicit, .cyclic, …). The window \
      redraws only when a schedule entry falls due, an animation is in flight or input arrives, and \
      sleeps otherwise; minimized, it draws nothing and wakes at most once per second or minute.

      Keys in the window: 1–9 and 0 pick a scene, ←/→ or Tab/Shift+Tab step through them, G shows every \
      scene at once, Space pauses, C cycles a forced cadence, F shows frame times, F11 toggles \
      fullscreen, F12 saves a screenshot, H or ? lists the keys, Q or Esc quits.
      """,
    version: PlaygroundCommand.version,
    subcommands: [
      RunCommand.self, ListCommand.self, SnapshotCommand.self, RecordCommand.self, InspectCommand.self,
      ScheduleCommand.self,
      BenchCommand.self, SoakCommand.self, IconCommand.self, ProbeGLCommand.self, NewCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )

  /// The release, printed by `playground --version`.
  public static let version = "0.5.0"

  public init() {}
}

/// `playground list`: the scenes, one per line.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the scenes: name, title and schedule, in hot-key order; or a sketch's views.",
    discussion: """
      With a path, lists the views the sketch offers, one a line, in the order `run` picks from: \
      #Preview blocks (by title, or #Preview@LINE), then top-level types conforming to View. Exit \
      status 65 when there is none.
      """)

  @Argument(help: ArgumentHelp("A sketch: a .swift file or a folder of them.", valueName: "path"))
  var path: String?

  func run() throws {
    if let path {
      do {
        let candidates = try SketchCompiler.scan(SketchSources.resolve(path)).candidates
        guard !candidates.isEmpty else {
          throw SketchFailure.noView("\(path) has no view: no #Preview and no top-level type conforming to View")
        }
        let previews = candidates.filter { $0.kind == .preview }
        var printed: Set<String> = []
        for c in previews + candidates.filter({ $0.kind != .preview }) where printed.insert(c.name).inserted {
          print(c.name)
        }
      } catch let failure as SketchFailure {
        throw failure.exit()
      }
      return
    }
    for (i, s) in SceneCatalog.all.enumerated() {
      let key = (SceneCatalog.keyLabel(i) ?? "").padded(to: 3)
      let name = s.name.padded(to: 19)
      let title = s.title.padded(to: 18)
      print("\(key)\(name)\(title)\(s.scheduleSummary)")
    }
  }
}

/// `playground run`: open the window.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Open the window on a scene (the default command).")

  @Argument(
    help: ArgumentHelp(
      "A sketch to open: a .swift file, or a folder of them, reloaded on every save.", valueName: "path"))
  var path: String?

  @Option(help: "The scene to start on (see `playground list`), or a sketch's path.")
  var scene: String = SceneCatalog.names[0]

  @OptionGroup var sketch: SketchArguments

  @Option(help: "Window size in points, WIDTHxHEIGHT.")
  var size: PixelSize = .defaultWindow

  @Option(help: "Quit cleanly after this many seconds.")
  var duration: Double?

  @Flag(help: "Print one JSON object with frame, wake-up and CPU figures on exit.")
  var stats = false

  @Option(help: "Force a cadence while visible: live, seconds or minutes.")
  var cadence: Cadence?

  @Option(help: "Seconds minimized before the cadence drops from .seconds to .minutes.")
  var minimizedGrace: Double = 60

  @Option(help: "Press keys once the window is open, comma-separated (e.g. 4,right,f,shift+tab); for demos and tests.")
  var keys: String?

  @Option(
    help: ArgumentHelp(
      "Renderer: auto, cpu, sdl-software or accelerated.",
      discussion:
        "auto uses the GPU when OpenGL reports a hardware device and the project's own anti-aliased CPU rasterizer otherwise (llvmpipe and other software OpenGL cost more CPU than drawing directly). sdl-software is SDL's whole-pixel rasterizer, kept for comparison."
    ))
  var renderer: Window.RendererChoice = .auto

  @Flag(
    help: ArgumentHelp(
      "Print one line per body evaluation, naming the view and why it ran (SwiftUI's Self._printChanges()).",
      discussion: "For example `HappyEmoji: _idx changed.` or `SubView: @self changed.`"))
  var printChanges = false

  @Option(
    help: ArgumentHelp(
      "Write a Chrome trace (JSON) of every frame, sleep, schedule entry and cadence change.",
      discussion: "Open it in https://ui.perfetto.dev or chrome://tracing.", valueName: "file"))
  var trace: String?

  @Flag(help: "Start in desktop fullscreen (F11 toggles it in the window).")
  var fullscreen = false

  @Option(
    help: ArgumentHelp("Where F12 writes screenshots (default: the current folder).", valueName: "dir"))
  var screenshotDir: String?

  @OptionGroup var assetOptions: AssetArguments

  func validate() throws {
    if let dir = screenshotDir {
      guard Paths.isDirectory(dir) else {
        throw UsageFailure.fail("--screenshot-dir '\(dir)' is not a folder")
      }
    }
    if let d = duration, !(d >= 0) || !d.isFinite {
      throw UsageFailure.fail("--duration must be a non-negative number of seconds, got \(d)")
    }
    if !(minimizedGrace >= 0) { throw UsageFailure.fail("--minimized-grace must be non-negative") }
    if let keys, KeyScript.parse(keys) == nil {
      throw UsageFailure.fail(
        "--keys '\(keys)' has an unknown key; use digits, letters, left, right, up, down, tab, space, enter, escape, f11, f12, ?, plus, minus, and shift+KEY"
      )
    }
  }

  func run() throws {
    let sceneType = try UsageFailure.scene(path ?? scene, sketch: sketch, keepsRunning: true)
    let options = AppOptions(
      sceneIndex: SceneCatalog.all.firstIndex { $0 == sceneType } ?? 0, size: size, duration: duration,
      stats: stats, forcedCadence: cadence, minimizedGrace: minimizedGrace, renderer: renderer,
      keys: keys.flatMap(KeyScript.parse) ?? [])
    var appOptions = options
    appOptions.printChanges = printChanges
    appOptions.assets = assetOptions.options
    appOptions.fullscreen = fullscreen
    appOptions.screenshotDir = screenshotDir ?? "."
    if let trace {
      // Opened before the window, so a bad path fails at once and even without a display.
      do {
        appOptions.trace = try TraceWriter(path: trace, originUptime: monotonicSeconds())
      } catch {
        printError("playground: \(error)")
        throw ExitCode(73)
      }
    }
    let app: PlaygroundApp
    do {
      app = try PlaygroundApp(options: appOptions)
    } catch let e as BackendError {
      printError("playground: \(e)")
      if case .noDisplay = e { throw ExitCode(69) }
      throw ExitCode(70)
    }
    Interruption.cooperative = true
    app.run()
    // Stopped by a signal: the trace is closed and the stats printed; say so in the status.
    try Interruption.exitIfRequested()
  }
}

extension RendererChoice: ExpressibleByArgument {}

/// Where scenes find their parameter files and the GIF to play.
struct AssetArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The assets folder (default: ./Assets, else the installed copy); parameter files are read from its params/ subfolder and reloaded when they change.",
      valueName: "dir"))
  var assets: String?

  @Option(help: ArgumentHelp("Play this GIF in the gif scene instead of the bundled one.", valueName: "file"))
  var gif: String?

  var options: AssetOptions { AssetOptions(directory: assets ?? AssetOptions.defaultDirectory, gifPath: gif) }
}

/// Key presses given on the command line.
enum KeyScript {
  /// Parses `4,right,f,shift+tab`; nil if a name is unknown.
  static func parse(_ spec: String) -> [(key: Key, shift: Bool)]? {
    var out: [(Key, Bool)] = []
    for raw in spec.split(separator: ",") {
      var name = raw.trimmed().lowercased()
      var shift = false
      if name.hasPrefix("shift+") {
        shift = true
        name.removeFirst(6)
      }
      let key: Key
      switch name {
      case "left": key = .left
      case "right": key = .right
      case "down": key = .down
      case "up": key = .up
      case "tab": key = .tab
      case "space": key = .space
      case "enter", "return": key = .enter
      case "escape", "esc": key = .escape
      case "f11": key = .f11
      case "f12": key = .f12
      case "?": key = .questionMark
      case "plus", "+": key = .letter("+")
      case "minus", "-": key = .letter("-")
      default:
        guard name.count == 1, let c = name.first, c.isASCII else { return nil }
        if let d = c.wholeNumberValue {
          key = .digit(d)
        } else if c.isLetter {
          key = .letter(c)
        } else {
          return nil
        }
      }
      out.append((key, shift))
    }
    return out.isEmpty ? nil : out
  }
}

extension PlaygroundCommand {
  /// Parses the command line and runs it, exiting with its status.
  ///
  /// ArgumentParser answers a bad flag with an error, a help line and a usage block; a user
  /// gets one line instead, naming what was wrong and where help is. `--help` is unchanged.
  /// Gives the view layer its picture decoders (SDL_image) and the working directory as the
  /// last folder `Image(_ name:)` looks in.
  static func installDecoders() {
    AnimatedImage.decoder = { try GIFDecoder.load($0) }
    NamedImages.shared.setDecoder { try PNGWriter.read($0) }
    NamedImages.shared.addFolder(FileManager.default.currentDirectoryPath)
  }

  public static func runMain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    installDecoders()
    Platform.openGLProbe = ProbeGLCommand.probeInChild
    Interruption.install()
    useFixedMmapThreshold()
    do {
      var command = try parseAsRoot(attachingNegativeNumbers(arguments))
      try command.run()
      Glibc.exit(0)
    } catch let code as ExitCode {
      // Our commands print their own one-line message before throwing a status.
      Glibc.exit(code.rawValue)
    } catch {
      let status = exitCode(for: error)
      if status == .success {
        print(fullMessage(for: error))
        Glibc.exit(0)
      }
      // An empty message means our own validation already printed its line.
      if !message(for: error).isEmpty {
        printError("playground: \(oneLineMessage(for: error)) (see 'playground --help')")
      }
      Glibc.exit(status.rawValue)
    }
  }

  /// Joins an option to a following negative number (`--at -1` → `--at=-1`, `--size -3x4`).
  ///
  /// ArgumentParser reads `-1` as a flag and reports "missing value for '--at'", which sends the
  /// user looking for the wrong mistake; joined, the value reaches the command's own check,
  /// which says what the value must be.
  static func attachingNegativeNumbers(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      if a == "--" {
        out += arguments[i...]
        break
      }
      if a.hasPrefix("--"), !a.contains("="), i + 1 < arguments.count,
        arguments[i + 1].hasPrefix("-"), arguments[i + 1].dropFirst().first.map({ $0.isNumber || $0 == "." }) == true
      {
        out.append("\(a)=\(arguments[i + 1])")
        i += 2
        continue
      }
      out.append(a)
      i += 1
    }
    return out
  }

  /// The first line of ArgumentParser's message, starting lower-case to follow "playground:".
  static func oneLineMessage(for error: Error) -> String {
    var line = message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
    if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
    guard let first = line.first else { return "invalid arguments" }
    return first.lowercased() + line.dropFirst()
  }
}

/// `playground icon`: the program's own icon as a PNG, for desktop entries (`make install`).
struct IconCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "icon", abstract: "Write the program's icon (drawn by the program) as a PNG.")

  @Option(help: "Side length in pixels, 16 to 1024.")
  var size = 256

  @Option(help: "Where to write the PNG.")
  var out: String

  func validate() throws {
    guard (16...1024).contains(size) else { throw UsageFailure.fail("--size must be from 16 to 1024, got \(size)") }
    try requirePNGExtension(out, option: "--out")
  }

  func run() throws {
    try writingOutput { try PNGFile.write(AppIcon.render(size: size), to: out) }
  }
}

/// `playground probe-gl` (hidden): prints OpenGL's renderer string, for `--renderer auto`,
/// which asks it in a child process so the GL driver never loads into the window's process.
struct ProbeGLCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "probe-gl", abstract: "Print OpenGL's renderer string (used by --renderer auto).",
    shouldDisplay: false)

  func run() throws {
    let (device, problem) = Platform.openGLDevice()
    guard let device else {
      printError("playground: no OpenGL: \(problem ?? "unknown")")
      throw ExitCode(69)
    }
    print(device)
  }

  /// Runs `probe-gl` in a child process, giving up after five seconds (a wedged driver must not
  /// keep the window from opening).
  @Sendable static func probeInChild() -> (device: String?, problem: String?) {
    guard let child = runChild("/proc/self/exe", ["playground", "probe-gl"], timeout: 5) else {
      return Platform.openGLDevice()
    }
    if child.timedOut { return (nil, "the OpenGL probe did not answer within 5 s") }
    let text = child.output.trimmed()
    if child.status == 0, !text.isEmpty { return (text, nil) }
    let why = child.errorOutput.trimmed().replacing("playground: no OpenGL: ", with: "")
    return (nil, why.isEmpty ? "the OpenGL probe failed" : why)
  }
}
