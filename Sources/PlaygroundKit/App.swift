import Audio
import FoundationEssentials
import Glibc
import Graphics
import SDLBackend
import SceneGraph
import Scenes
import Timeline

#if canImport(Glibc)
  import Glibc
#endif

/// What `playground run` was asked to do.
struct AppOptions {
  var sceneIndex: Int
  var size: PixelSize
  var duration: Double?
  var stats: Bool
  var forcedCadence: Cadence?
  var minimizedGrace: Double
  var renderer: Window.RendererChoice
  /// Print one line per body evaluation, like SwiftUI's `Self._printChanges()`.
  var printChanges = false
  var keys: [(key: Key, shift: Bool)] = []
  /// Where to stream a Chrome trace of the run, if anywhere.
  var trace: TraceWriter?
  /// Parameter files and asset paths, watched for changes while the window runs.
  var assets = AssetOptions()
  /// Start in desktop fullscreen.
  var fullscreen = false
  /// Where F12 writes screenshots.
  var screenshotDir = "."
}

/// The window's visibility as far as drawing is concerned.
enum Visibility: String {
  case visible, minimized
}

/// The interactive loop: events in, schedule decisions, frames out, sleep in between.
final class PlaygroundApp {
  let options: AppOptions
  let window: Window
  let clock = SystemClock()
  /// The scene's view graph and the pump deciding when it needs frames.
  let session: FrameSession
  var runtime: SceneRuntime { session.runtime }
  var pump: FramePump { session.pump }
  /// When frames start and are presented.
  var pacing: FramePacing
  var sceneIndex: Int
  var scene: any PlaygroundScene {
    didSet { sceneRevision &+= 1 }
  }
  /// Bumped whenever `scene` or `gridScenes` is assigned: the root view compares it instead
  /// of the scenes' values (`AppRoot.==`).
  private(set) var sceneRevision = 0
  var sceneStart: Date
  /// Counters for `--stats`, the HUD's frame timings, and what benchmarks ask to have kept.
  var stats = RunStats()
  var running = true
  let visibilityState: VisibilityController
  var visibility: Visibility { visibilityState.state == .visible ? .visible : .minimized }
  var paused = false
  var hudVisible = false
  var helpVisible = false
  var gridMode = false
  var gridSelection = 0
  var gridScenes: [any PlaygroundScene] = [] {
    didSet { sceneRevision &+= 1 }
  }
  /// A one-line message shown at the top of the window until `until` (uptime): the F12
  /// confirmation.
  var toast: (text: String, until: Double)?
  /// The window's recording, while Ctrl+F12 has one running.
  var recording: WindowRecording?
  /// When the loop must wake for the overlays: the toast's end, the REC mark's next second.
  var overlayDeadline: Double? { [toast?.until, recording?.nextMarkUptime].compactMap { $0 }.min() }
  /// A scene a grid cell's tap asked for; opened once the tap has been handled.
  var pendingSceneOpen: Int?
  /// The display's refresh period.
  var period: Double { pacing.period }
  let startUptime: Double
  /// Writes the run's trace events; does nothing when the run is not traced.
  var tracer: FrameTracer
  /// The parameter files, reloaded when they change.
  let parameters: ParameterStore
  /// Matches the sounds scenes play to their frames, for their latency.
  var sounds = AudioLatencyTracker()
  /// Parameter problems already printed, so one bad edit is printed once.
  var reportedProblems: Set<String> = []

  init(options: AppOptions) throws {
    // Before the window opens: a thread started later inherits the timer slack this tightens.
    let deadlines = FramePacing.tightenedDeadlines()
    self.options = options
    tracer = FrameTracer(writer: options.trace)
    sceneIndex = options.sceneIndex
    let type = SceneCatalog.all[sceneIndex]
    scene = type.init()
    window = try Window(
      title: "Timeline Playground — \(type.title)", width: options.size.width, height: options.size.height,
      renderer: options.renderer)
    if options.fullscreen { window.isFullscreen = true }
    window.setIcon(AppIcon.render(size: 64))
    for w in window.renderer.atlas.warnings { printError("warning: \(w)") }
    let picked = window.renderer.selection
    options.trace?.label("renderer: \(picked.label) (\(picked.reason))")
    let period = window.refreshPeriod
    pacing = FramePacing(period: period, deadlines: deadlines)
    session = FrameSession(textEngine: window.renderer.atlas, clock: clock, displayPeriod: period, name: type.name)
    session.runtime.tessellation = window.renderer.preferredTessellation
    session.runtime.wallClockWithinFrame = true
    if options.printChanges { session.runtime.printChanges = { print($0) } }
    // Observed changes, publishers and `.task`s resuming wake the loop from any thread.
    session.runtime.wakeHandler = { Window.wake() }
    // `DispatchQueue.main` and `@MainActor` work sent by a scene runs between frames.
    MainQueue.startForwarding()
    sceneStart = clock.now
    visibilityState = VisibilityController(grace: options.minimizedGrace, forcedCadence: options.forcedCadence)
    startUptime = clock.uptime
    parameters = ParameterStore(options: options.assets)
    for line in parameters.problems { printError("warning: \(line)") }
    Self.installAudio()
    parameters.startWatching { Window.wake() }
    sketch?.startWatching { Window.wake() }
  }

  /// Opens SDL's audio output the first time a scene plays a sound; no device gives one
  /// warning line and the scenes run on silently.
  static func installAudio() {
    final class Keep: @unchecked Sendable { var device: AudioDevice? }
    let keep = Keep()
    AudioSystem.install(opener: {
      let d = try AudioDevice()
      keep.device = d
      return d.mixer
    })
  }

  /// Takes in parameter files that changed since the last look; a bad edit is reported once
  /// and the last good values stay.
  func reloadParametersIfChanged() {
    guard parameters.reloadIfChanged() else { return }
    for line in parameters.problems where !reportedProblems.contains(line) { printError("warning: \(line)") }
    reportedProblems = Set(parameters.problems)
    tracer.parametersReloaded()
    invalidate()
  }

  /// The cadence timelines see now: forced by the user, or derived from visibility.
  var cadence: Cadence { visibilityState.cadence(at: clock.uptime) }

  func run() {
    // If the X server goes away, Xlib ends the process from inside an event poll: keep what
    // the run measured.
    LostDisplay.onLoss { [unowned self] in
      tracer.close()
      if options.stats { printStats() }
    }
    tracer.scene(type(of: scene).name)
    runLoop(until: options.duration.map { startUptime + $0 })
    stopRecording(reason: nil)
    tracer.close()
    if options.stats { printStats() }
  }

  /// Runs the loop until `endUptime` (or until the user quits).
  func runLoop(until endUptime: Double?) {
    invalidate()
    // Scripted keys go through SDL's own queue, exactly like a user's keystrokes.
    for k in options.keys { Window.pushKey(k.key, shift: k.shift) }
    while running {
      // A signal also pushes a quit event; this catches one that found SDL's queue full.
      if Interruption.requested {
        running = false
        break
      }
      reloadParametersIfChanged()
      reloadSketchIfChanged()
      if let t = toast, clock.uptime >= t.until {
        toast = nil
        invalidate()
      }
      if let due = recording?.nextMarkUptime, clock.uptime >= due { invalidate() }
      if MainQueue.drain() || runtime.hasPendingWork { invalidate() }
      // State first, so a change made by the last input before the end still reaches the trace.
      syncVisibility()
      tracer.stateChanges(cadence: cadence, visibility: visibility)
      if let end = endUptime, clock.uptime >= end { break }
      pump.cadence = cadence
      pump.mode = visibilityState.mode
      pump.isPaused = paused && visibility == .visible
      switch pump.decide() {
      case .render:
        if let notBefore = pacing.runawayHold(at: clock.uptime) {
          if wait(untilUptime: notBefore) == .reached { pacing.endRunawayHold() }
          continue
        }
        frame()
      case .sleep(let until):
        var deadline = pacing.wakeUptime(forDeadline: clock.uptime + until.timeIntervalSince(clock.now))
        if let end = endUptime { deadline = min(deadline, end) }
        if let due = overlayDeadline { deadline = min(deadline, due) }
        // A deadline reached with no input goes straight to its frame: polling X for events
        // first costs ~0.1 ms of lateness, and any that came are handled right after the frame.
        if wait(untilUptime: deadline) == .reached { continue }
      case .sleepIndefinitely:
        // Nothing is scheduled: a look at the parameter files skipped for being too soon is
        // the only thing that would bring an edit in (without inotify).
        if let until = [endUptime, overlayDeadline, parameters.pollDue].compactMap({ $0 }).min() {
          wait(untilUptime: until)
        } else {
          tracer.flush()
          let t0 = monotonicSeconds()
          if let e = window.waitEvent(untilUptime: nil) {
            tracer.sleepUntilInput(start: t0, end: monotonicSeconds())
            countWakeup()
            handle(e)
          }
        }
      }
      while let e = window.pollEvent() { handle(e) }
    }
  }

  /// Drives the scene the way the articles call incorrect: a fixed-rate timer that fires on its
  /// own schedule, ignores the display, and renders and presents at once on every tick.
  func runFixedTimer(hz: Double, seconds: Double) -> [Double] {
    var times: [Double] = []
    let end = clock.uptime + seconds
    let tick = 1 / hz
    while clock.uptime < end, !Interruption.requested {
      let size = window.logicalSize
      let context = SceneContext(
        size: Size(width: Double(size.width), height: Double(size.height)), start: sceneStart, assets: parameters.assets
      )
      let out = runtime.frame(
        rootBody(context), input: FrameInput(now: clock.now, time: clock.uptime, size: context.size))
      window.renderer.draw(out.drawList, background: .black)
      window.renderer.present()
      times.append(monotonicSeconds())
      while let e = window.pollEvent() { handle(e) }
      // A Timer.publish-style timer: sleeps its interval after each tick, so it drifts and
      // beats against the display's refresh.
      usleep(useconds_t(tick * 1e6))
    }
    return times
  }

  /// Minimizes the window and waits until the window manager has done it.
  func minimizeAndWait(timeout: Double = 2) -> Bool {
    window.minimize()
    let end = clock.uptime + timeout
    while clock.uptime < end, !Interruption.requested {
      while let e = window.pollEvent() { handle(e) }
      syncVisibility()
      if visibility == .minimized { return true }
      usleep(10_000)
    }
    return false
  }

  /// Counts a wake-up of the loop, for `--stats` and the benchmarks.
  func countWakeup() {
    stats.countWakeup(minimized: visibility == .minimized)
  }

  /// Sleeps until `deadline` (uptime), handling any input that comes first.
  ///
  /// It never spins: it ends with one sleep, some tens of microseconds late (on X11 the only
  /// one, on the X connection; elsewhere SDL's millisecond wait comes first). Only the
  /// hold before a paced frame's present is precise (`FramePacing.holdUntilPresent`: a sleep
  /// aimed by its learned lateness, then microseconds of spin), because that is when its
  /// pixels reach the screen; a paced frame's start takes its display slot's time
  /// whenever the wait for it ended, and a schedule entry's frame is not a microsecond matter.
  /// Spinning here too cost a fifth of the visualizer's CPU in a window.
  @discardableResult
  func wait(untilUptime deadline: Double) -> DeadlinePacer.Outcome {
    let t0 = monotonicSeconds()
    // Long sleeps are when the trace reaches the disk, so no frame pays for the write.
    if deadline - clock.uptime > 0.05 { tracer.flush() }
    defer { tracer.sleep(start: t0, end: monotonicSeconds(), lateMs: (clock.uptime - deadline) * 1000) }
    let result: DeadlinePacer.Outcome
    if window.waitsPrecisely {
      result = waitForInput(untilUptime: deadline)
    } else {
      // A copy: an event handled during the wait may change `pacing`.
      var deadlines = pacing.deadlines
      result = deadlines.wait(untilUptime: deadline, precise: false) { [self] seconds in
        if let e = window.waitEvent(timeout: seconds) {
          handle(e)
          return true
        }
        return false
      }
    }
    countWakeup()
    return result
  }

  /// Sleeps on the window's input until `deadline` in one wait (X11), handling the first event.
  private func waitForInput(untilUptime deadline: Double) -> DeadlinePacer.Outcome {
    while monotonicSeconds() < deadline {
      if let e = window.waitEvent(untilUptime: deadline) {
        handle(e)
        return .interrupted
      }
    }
    return .reached
  }

  /// Renders one frame, or only advances state when nobody can see the window.
  func frame() {
    let size = window.logicalSize
    let (pw, _) = window.renderer.outputSize
    let scale = size.width > 0 ? Double(pw) / Double(size.width) : 1
    let context = SceneContext(
      size: Size(width: Double(size.width), height: Double(size.height)), start: sceneStart, assets: parameters.assets)
    var input = FrameInput(
      now: clock.now, time: clock.uptime, size: context.size, pixelScale: scale, cadence: cadence,
      mode: visibility == .minimized ? .lowFrequency : .normal, timelinesFrozen: paused)
    let body = rootBody(context)
    if visibility == .minimized {
      evaluateMinimized(body, input)
      return
    }
    let paced = pacing.pacesFrame(for: pump)
    if let slotStart = pacing.slotAhead(paced: paced, at: clock.uptime) { wait(untilUptime: slotStart) }
    let slot = pacing.beginFrame(at: clock.uptime, paced: paced)
    input.now = clock.now.addingTimeInterval(slot.start - clock.uptime)
    input.time = slot.start
    input.onDisplayGrid = paced
    window.renderer.atlas.beginFrame()
    runtime.followsPreferredColorScheme = !gridMode
    let t0 = monotonicSeconds()
    let out = session.frame(body, input: input)
    let t1 = monotonicSeconds()
    pacing.frameUpdated(loopGuardTripped: out.loopGuardTripped, slot: slot)
    record(out)
    recordingWillDraw()
    window.renderer.draw(out.drawList, background: .black)
    let captured = recordingCapture(size: context.size, pixelScale: scale)
    window.renderer.flush()
    let t2 = monotonicSeconds()
    stats.recordWork(seconds: t2 - t0, endingAt: clock.uptime)
    if paced { pacing.holdUntilPresent(slot, renderSeconds: t2 - t0) }
    let t2b = monotonicSeconds()
    window.renderer.present()
    let phases = FramePhases(start: t0, built: t1, drawn: t2, handedOver: t2b, presented: monotonicSeconds())
    recordingPresented(captured, at: phases.presented)
    noteSounds(phases)
    tracer.frame(
      phases, number: stats.framesPresented + 1, reason: pump.lastRenderReason,
      scene: gridMode ? "overview" : type(of: scene).name, vertices: out.drawList.vertices.count,
      drawCalls: window.renderer.lastDrawCalls)
    tracer.scheduleEntry(pump.lastRenderReason, at: t0, wall: input.now)
    pacing.inputDriven = false
    stats.recordPresented(phases, at: clock.uptime)
    sketchFramePresented(phases)
  }

  /// Updates a minimized window's scene: timelines keep their state moving at the downgraded
  /// cadence; nothing is drawn.
  func evaluateMinimized(_ body: () -> AppRoot, _ input: FrameInput) {
    var input = input
    let t0 = monotonicSeconds()
    let wall = clock.now
    input.draws = false
    record(session.frame(body, input: input))
    tracer.minimizedEvaluation(start: t0, end: monotonicSeconds(), cadence: cadence)
    tracer.scheduleEntry(pump.lastRenderReason, at: t0, wall: wall)
    stats.evaluationsMinimized += 1
    updateTitle()
  }

  /// Records how long after the frame's present the sounds its update asked for were heard
  /// (trace and `--stats`).
  func noteSounds(_ phases: FramePhases) {
    let heard = sounds.soundsHeard(after: (phases.start, phases.handedOver, phases.handedOver))
    stats.soundLatenciesMs += heard.map(\.afterPresentMs)
    tracer.sounds(heard)
  }

  /// The scene (or the overview grid) with the HUD and help layered on top.
  func rootBody(_ context: SceneContext) -> () -> AppRoot {
    let root = AppRoot(
      open: Overlays.OpenScene { [unowned self] i in pendingSceneOpen = i },
      context: context, scene: scene, sceneRevision: sceneRevision, grid: gridMode ? gridScenes : nil,
      selection: gridSelection,
      hud: hudVisible ? Overlays.HUD(info: hudInfo(), timings: stats.timings.ordered, window: context.size) : nil,
      help: helpVisible, assets: parameters.assets, pausedMark: paused && !hudVisible,
      toast: recording == nil ? toast?.text : nil)
    return { root }
  }

  /// What the HUD shows, gathered only while it is shown: the renderer's name and the frame
  /// rate are worked out afresh each time.
  func hudInfo() -> HUDInfo {
    HUDInfo(
      scene: gridMode ? "overview" : type(of: scene).name,
      schedule: gridMode ? "every scene's own" : type(of: scene).scheduleSummary, cadence: cadence,
      forced: visibilityState.forcedCadence != nil, visibility: visibility.rawValue, paused: paused,
      framesPresented: stats.framesPresented, wakeups: stats.wakeups,
      evaluationsMinimized: stats.evaluationsMinimized, fps: stats.timings.fps(at: clock.uptime),
      renderer: window.renderer.selection.reason.hasPrefix("auto")
        ? "\(window.renderer.name) (auto)" : window.renderer.name, loopWarning: runtime.loopGuardSummary,
      assetProblems: parameters.problems, reload: sketchReloadSummary)
  }

  func updateTitle() {
    var title = "Timeline Playground — \(gridMode ? "Overview" : type(of: scene).title)"
    if visibility == .minimized, let detail = scene.titleDetail(date: clock.now, cadence: cadence) {
      title += " \(detail)"
    }
    if window.title != title { window.title = title }
  }

  /// Folds the window manager's flags into the visibility state; events alone are not
  /// trusted because X11 window managers differ in what they send.
  func syncVisibility() {
    let hidden = window.isMinimizedOrHidden
    if hidden && visibility == .visible {
      becomeMinimized()
    } else if !hidden && visibility == .minimized {
      becomeVisible()
    }
  }

  func becomeMinimized() {
    visibilityState.minimize(at: clock.uptime)
    runtime.settleAnimations(at: clock.uptime)
    pump.animationsInFlight = false
    // Evaluate once at the downgraded cadence right away, so the title shows live
    // information (the clock's time) from the moment the window is minimized.
    invalidate()
  }

  func becomeVisible() {
    visibilityState.restore(at: clock.uptime)
    runtime.settleAnimations(at: clock.uptime)
    stats.restoreRequestedAt = clock.uptime
    window.renderer.invalidateRetainedPixels()
    updateTitle()
    invalidate()
  }

  func invalidate() {
    pacing.inputDriven = true
    pump.invalidate()
  }

  func switchScene(to index: Int) {
    let count = SceneCatalog.all.count
    sceneIndex = ((index % count) + count) % count
    let type = SceneCatalog.all[sceneIndex]
    scene = type.init()
    gridMode = false
    tracer.scene(type.name)
    session.reset(name: type.name)
    sceneStart = clock.now
    stats.sceneSwitches += 1
    updateTitle()
    invalidate()
  }

}

/// The window's content: the scene or the overview grid, with the HUD and help on top.
///
/// Its fields are compared like any view's, so a frame that only changes the HUD re-runs the
/// HUD and leaves the scene's views as they stand.
struct AppRoot: View, Equatable {
  /// Opens a scene from the grid (a cell was clicked).
  var open = Overlays.OpenScene { _ in }
  let context: SceneContext
  let scene: any PlaygroundScene
  /// The app's count of scene assignments (`PlaygroundApp.sceneRevision`): a reloaded sketch
  /// is a new value of the same scene type.
  var sceneRevision = 0
  /// The overview grid's scenes, when the grid is shown.
  let grid: [any PlaygroundScene]?
  let selection: Int
  let hud: Overlays.HUD?
  let help: Bool
  let assets: SceneAssets
  /// Shows the small "paused" mark (when paused and the HUD, which says so, is hidden).
  var pausedMark = false
  /// A one-line confirmation at the top of the window.
  var toast: String?

  /// Whether two roots show the same thing. Made afresh every frame and compared with the
  /// last one, the root was compared field by field through the runtime's generic
  /// comparisons, its scenes as existentials: 4 % of the visualizer's CPU in a window. Here
  /// the scenes compare by type and the app's revision, and `open`, which always opens a
  /// scene of the same app, is the same action.
  static func == (a: AppRoot, b: AppRoot) -> Bool {
    func sameScenes(_ x: [any PlaygroundScene]?, _ y: [any PlaygroundScene]?) -> Bool {
      guard let x, let y else { return x == nil && y == nil }
      return x.count == y.count
        && zip(x, y).allSatisfy { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(type(of: $1)) }
    }
    return a.sceneRevision == b.sceneRevision
      && ObjectIdentifier(type(of: a.scene)) == ObjectIdentifier(type(of: b.scene)) && a.context == b.context
      && a.selection == b.selection && a.help == b.help && a.pausedMark == b.pausedMark
      && a.toast == b.toast && a.assets == b.assets && a.hud == b.hud && sameScenes(a.grid, b.grid)
  }

  var body: some View {
    // Every layer is framed to the window: a scene whose content is wider than a small window
    // would otherwise widen the stack, and the overlays, aligned to its corner, would start
    // off the window's left edge.
    let (w, h) = (context.size.width, context.size.height)
    ZStack(alignment: .topLeading) {
      if let grid {
        Overlays.Grid(
          size: context.size, start: context.start, selected: selection, scenes: grid, assets: assets, open: open
        )
        .frame(width: w, height: h)
      } else {
        SceneView(scene: scene, context: context).frame(width: w, height: h)
      }
      if let hud {
        // Docked where the scene leaves room; the grid's corner cell is as good as any.
        hud.frame(width: w, height: h, alignment: grid == nil ? type(of: scene).hudCorner : .topLeading)
      }
      if let toast {
        Overlays.Toast(text: toast).frame(width: context.size.width, height: context.size.height, alignment: .top)
      }
      if pausedMark {
        Overlays.PausedMark().frame(width: context.size.width, height: context.size.height, alignment: .topTrailing)
      }
      if help {
        Overlays.Help().scaleEffect(Overlays.Help.scale(in: context.size))
          .frame(width: context.size.width, height: context.size.height)
      }
    }
  }
}
