import FoundationEssentials
import Glibc
import SDLBackend
import SceneGraph
import Timeline

/// The sketch this process shows: its compiler, the last good code, and what went wrong.
///
/// The window's loop asks it between frames whether a save produced a new build
/// (`takeReload`), loads that build, and swaps the view in; a failed build keeps the last good
/// code on screen with the diagnostics over it.
final class SketchHost: @unchecked Sendable {
  /// The sketch of this process, once a command named one.
  nonisolated(unsafe) static var current: SketchHost?

  let compiler: SketchCompiler
  var sources: SketchSources { compiler.sources }
  /// The loaded code; nil until a build succeeds.
  private(set) var entry: SketchEntry?
  /// What the overlay shows: diagnostics of the last failed build, or a crash.
  private(set) var problem: SketchProblem?
  /// Bumped on every swap, so the scene's value changes and its body runs again.
  private(set) var generation = 0
  /// Reload figures for `--stats`, the HUD and the trace.
  private(set) var reloads = 0
  private(set) var reloadFailures = 0
  private(set) var reloadMilliseconds: [Double] = []
  /// The reload waiting for its first presented frame: save time and its phases.
  private(set) var pendingPresent: ReloadTiming?
  /// The last reload's phases, once presented.
  private(set) var lastReload: ReloadTiming?

  /// One reload's phases, in seconds (uptime for `saved`).
  struct ReloadTiming {
    var saved: Double
    var compile: Double
    var load: Double
    var swapStarted: Double
    var total: Double?
  }

  private let lock = Lock()
  private var finished: (SketchCompiler.Outcome, saved: Double)?
  private var watcher: SketchWatcher?

  init(compiler: SketchCompiler) { self.compiler = compiler }

  /// Prepares the sketch at `path` for this process: finds the toolchain and the files.
  static func prepare(path: String, view: String?, swiftVersion: String) throws(SketchFailure) -> SketchHost {
    let sources = try SketchSources.resolve(path)
    // `Image(_ name:)` looks beside the sketch first.
    for folder in sources.folders.reversed() { NamedImages.shared.addFolder(folder, first: true) }
    let toolchain = try SketchToolchain.locate()
    let compiler = try SketchCompiler(
      toolchain: toolchain, sources: sources, viewName: view, swiftVersion: swiftVersion)
    return SketchHost(compiler: compiler)
  }

  /// Builds and loads the sketch; on failure prints the diagnostics and returns the failure.
  @discardableResult
  func buildNow() -> SketchFailure? {
    switch compiler.build() {
    case .failed(let failure, let diagnostics):
      if !diagnostics.isEmpty { writeToStandardError(diagnostics) }
      problem = .compile(failure.message, SketchDiagnostic.errors(in: diagnostics))
      return failure
    case .built(let library, _, let warnings, _):
      if !warnings.isEmpty { writeToStandardError(warnings) }
      do {
        entry = try SketchLoader.load(library)
      } catch {
        problem = .compile(error.message, [])
        return error
      }
      problem = nil
      generation += 1
      return nil
    }
  }

  /// Shows a crash of an earlier run instead of any code, until the next save.
  func showCrash(_ message: String) { problem = .crash(message) }

  /// Recompiles after every save, on the watcher's thread; `wake` tells the window's loop.
  func startWatching(wake: @escaping @Sendable () -> Void) {
    let names = Set(sources.files.map(Paths.lastComponent))
    let isFolder = Paths.isDirectory(sources.path)
    watcher = SketchWatcher(
      folders: sources.folders, matches: { isFolder ? $0.hasSuffix(".swift") : names.contains($0) },
      saved: { [self] saved in
        let outcome = compiler.build()
        lock.withLock { finished = (outcome, saved) }
        wake()
      })
    if watcher == nil { printError("warning: cannot watch \(sources.path) for saves (inotify); reload is off") }
  }

  /// Waits until a save's build has finished (for `bench --reload`); false after `timeout`.
  func waitForBuild(timeout: Double) -> Bool {
    let end = monotonicSeconds() + timeout
    while monotonicSeconds() < end {
      if lock.withLock({ finished != nil }) { return true }
      usleep(1000)
    }
    return false
  }

  /// Takes a finished build, if a save produced one, and swaps it in. Returns whether the
  /// view changed (a new build, or a new problem to show).
  func takeReload(state runtime: SceneRuntime) -> Bool {
    guard
      let (outcome, saved) = lock.withLock({ () -> (SketchCompiler.Outcome, saved: Double)? in
        defer { finished = nil }
        return finished
      })
    else { return false }
    switch outcome {
    case .failed(let failure, let diagnostics):
      if !diagnostics.isEmpty { writeToStandardError(diagnostics) }
      printError("playground: \(failure.message); the last good code keeps running")
      problem = .compile(failure.message, SketchDiagnostic.errors(in: diagnostics))
      reloadFailures += 1
      generation += 1
      return true
    case .built(let library, _, let warnings, let compileSeconds):
      if !warnings.isEmpty { writeToStandardError(warnings) }
      let loadStart = monotonicSeconds()
      do {
        let loaded = try SketchLoader.load(library)
        let loadEnd = monotonicSeconds()
        runtime.carryStateOver()
        entry = loaded
        // Pictures are read again with the new code: one saved beside the sketch shows.
        NamedImages.shared.forget()
        problem = nil
        generation += 1
        reloads += 1
        pendingPresent = ReloadTiming(
          saved: saved, compile: compileSeconds, load: loadEnd - loadStart, swapStarted: loadEnd)
      } catch {
        printError("playground: \(error.message); the last good code keeps running")
        problem = .compile(error.message, [])
        reloadFailures += 1
        generation += 1
      }
      return true
    }
  }

  /// Called when a frame was presented: completes the pending reload's timing.
  func framePresented(at uptime: Double) -> ReloadTiming? {
    guard var timing = pendingPresent else { return nil }
    timing.total = uptime - timing.saved
    reloadMilliseconds.append(timing.total! * 1000)
    lastReload = timing
    pendingPresent = nil
    return timing
  }

  /// The view for the window: the sketch (on white, as a preview canvas shows a view, unless
  /// it is a whole scene) with any problem over it.
  func content(_ context: SceneContext) -> AnyView {
    let view = entry.map { $0.makeView(context) }
    let backdrop = !(entry?.isScene ?? false)
    return AnyView(
      ZStack {
        // The canvas: white, or black when the sketch prefers the dark scheme.
        if backdrop { Color.clear.background(in: Rectangle()) }
        if let view, !(problem?.isCrash ?? false) { view }
        if let problem { SketchProblemView(problem: problem, size: context.size, lastGoodRuns: view != nil) }
      })
  }
}

/// What went wrong with a sketch, as the overlay shows it.
enum SketchProblem: Equatable {
  /// The summary and the errors of a build that failed.
  case compile(String, [SketchDiagnostic])
  /// The message of a trap or crash.
  case crash(String)

  var isCrash: Bool {
    if case .crash = self { return true }
    return false
  }
}
