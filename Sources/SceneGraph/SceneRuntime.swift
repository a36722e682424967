import FoundationEssentials
import Graphics
import Motion
import Timeline

/// What the draw list is set up with; kept fragments are dropped when it changes.
private struct LoweringSettings: Equatable {
  var tessellation: DrawList.Tessellation
  var targetBounds: Rect?
}

/// Keeps a scene's view graph and brings it up to date frame after frame, SwiftUI-style.
///
/// Per frame: timelines whose next entry is due and views whose state changed are marked;
/// one pass walks the graph from the root, running only the bodies that are marked or whose
/// inputs changed and reusing everything else as it stands; `onChange`/`onAppear`/
/// `onDisappear` actions run after the pass, and if they changed state, another pass
/// follows in the same frame, up to `maxPasses`. As in SwiftUI, an `onChange` action runs at
/// most once per frame, so an action whose state change leads back to its own value costs
/// two passes, not a loop; and a view that appears is shown with what its `onAppear` set,
/// within the pass that ran it. Then layout and lowering to a draw list.
public final class SceneRuntime {
  /// Lays out text; the SDL backend's glyph atlas in the app, a fixed-advance engine in tests.
  public let textEngine: TextEngine
  /// A name for warnings, usually the scene's.
  public var name: String
  /// Where warnings go; standard error by default.
  public var warn: (String) -> Void = { msg in
    writeToStandardError(("warning: " + msg + "\n"))
  }
  /// Receives one line per body evaluation when set, like SwiftUI's `Self._printChanges()`.
  public var printChanges: ((String) -> Void)?
  /// The most update passes per frame.
  ///
  /// Two, as in SwiftUI: an `onChange` loop ends in its second pass, where the action is
  /// skipped (see `enqueueChange`), and what `onAppear` and `onDisappear` actions set settles
  /// within the pass that ran them (see `settleAppearingViews`). What is still dirty after the
  /// second pass is updated at the start of the next frame, which comes a display period
  /// later; when that happens `loopFrames` frames running, it is a loop no action can see
  /// (views whose `onAppear` and `onDisappear` bring each other back), and the guard warns.
  public var maxPasses = 2
  /// Frames running that end with state still to update before the guard calls it a loop.
  static let loopFrames = 3
  /// Frames running, up to this one, that ended with state still to update.
  var framesLeftDirty = 0
  /// When true, timelines that appear after a frame's first pass start at the wall-clock
  /// time of that pass, as they do in a live app; replays keep the frame's date instead, so
  /// a given time always gives the same picture.
  public var wallClockWithinFrame = false

  private(set) var root: ViewNode?
  var rootOutput: [RNode] = []
  var serial: UInt64 = 0
  var stamp: UInt64 = 0
  private(set) var input = FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: .zero)
  private(set) var frameNumber = 0
  /// The frame being updated, as `DisplayFrame.current` shows it to this runtime's views.
  private(set) var displayFrame = DisplayFrame(number: 0, time: 0, onDisplayGrid: true, draws: true)
  /// How this runtime's views (and their `@State` storage) find it.
  private(set) lazy var reference = RuntimeReference(self)
  var pass = 0
  var passStartedWall = Date(timeIntervalSince1970: 0)
  var timelineNodes: [UInt64: ViewNode] = [:]
  var animatingNodes: [UInt64: ViewNode] = [:]
  /// Removed views still drawn while their transitions run, in the whole graph: stacks look
  /// for them among their children only when there are some.
  var leavingCount = 0
  /// Nodes with an insertion or leaving views in flight: updated each frame until they end.
  var transitionNodes: [UInt64: ViewNode] = [:]
  /// The animation of this frame's first animated change of state (`withAnimation`), which
  /// layout follows everywhere.
  var layoutAnimation: Animation?
  /// Whether an `.animation` modifier armed layout animation inside itself in this frame
  /// (`ViewNode.scopedAnimation`).
  var scopedLayoutAnimations = false
  /// Nodes whose drawn view's frame is in flight.
  var geometryNodes: [UInt64: ViewNode] = [:]
  /// The drawn views this frame draws elsewhere than layout put them, with layout's frames.
  var presentedFrames: [(RNode, Rect)] = []
  /// The resolved views this frame draws moved (`RNode.presentedTransform`).
  var offsetNodes: [RNode] = []
  /// Whether a matched view inside a leaving view is drawn in flight this frame
  /// (`presentNested`): its parents are not in the view tree to be marked.
  var flightsInLeavingViews = false
  /// The last frame whose views' drawn frames were worked out (`animateGeometry`), and the
  /// last frame laid out and lowered.
  var lastGeometryWalk = -1
  var lastLaidOutFrame = -1
  /// Nodes this frame's geometry walks visited (`noteDrawnFrames` and `animateGeometry`).
  var geometryWalkVisits = 0
  /// Where the matched views removed in this frame were drawn, by id.
  var departedMatches: [MatchedKey: Rect] = [:]
  /// The flights of the matched views removed in this frame, by id, for the views that come in.
  var departingFlights: [MatchedKey: MatchedFlight] = [:]
  /// Which custom modifier types are `Animatable`, by type (see `animateIfAnimatable`).
  var animatableTypes: [ObjectIdentifier: Bool] = [:]
  /// The views that take key presses and clicks.
  var routes = EventRoutes()
  /// The environment the root view starts from: the preferred color scheme's.
  var rootEnvironment = EnvironmentValues()
  /// Whether a view's `preferredColorScheme` sets the scheme for all: off where several
  /// scenes share one window (the overview), so that one cannot darken the others.
  public var followsPreferredColorScheme = true
  var dirty: [ViewNode] = []
  var pending: [PendingAction] = []
  var runningAction: String?
  /// The `onChange` modifier node whose action is running, if one is.
  var runningSource: UInt64?
  /// The `onChange` modifier nodes whose actions ran (or were queued) this frame.
  var changeActionsRun: Set<UInt64> = []
  /// The state each `onChange` action that ran this frame last wrote: (view, state).
  var changeActionWrites: [UInt64: (String, String)] = [:]
  /// Whether the loop guard stepped in during this frame.
  var loopGuardTrippedThisFrame = false
  /// State writes by actions that hit a view already evaluated this frame: (view, state, action).
  var rewrites: [(String, String, String)] = []
  var warnedLoops: Set<String> = []
  var evaluationsThisFrame = 0
  /// State recorded by `carryStateOver()` for the next frame's new views, by identity path.
  var carriedState: [String: Any]?
  var carriedOffered = 0
  var carriedTaken = 0
  /// What lowering renders once and reuses: meshes, gradient backdrops, shrunk images.
  let caches = LoweringCaches()
  /// Work handed over by other threads and tasks (see `RuntimeInbox`).
  let inbox = RuntimeInbox()
  /// Where views' `.task` closures run: this runtime's thread, between passes.
  private(set) lazy var executor = LoopExecutor(inbox: inbox)

  /// How many entries each of the runtime's caches holds now (the soak watches them).
  public var cacheCounts: (meshes: Int, gradients: Int) { (caches.meshes.count, caches.gradients.count) }

  /// Bytes of pixels those caches hold.
  public var cacheBytes: Int { caches.bytes }
  /// Shrunk images not drawn for this many drawn frames are dropped.
  static let scaledImageFrames = LoweringCaches.scaledImageFrames
  private var drawList = DrawList()
  /// How many items the last lowering drew.
  private var lastItemCount = 0
  /// Frames lowered so far; fragments are kept for nodes lowered in two frames running.
  private var loweredFrames = 0
  private var loweringSettings: LoweringSettings?
  private var settingsEpoch = 0
  /// Whether unchanged subtrees replay the draw-list fragments they lowered to (on by
  /// default; tests turn it off to compare against tessellating everything afresh).
  public var keepsFragments = true
  /// How the draw list cuts shapes into triangles: the renderer's preference
  /// (`Renderer.preferredTessellation`), set by whoever pairs the runtime with it.
  public var tessellation = DrawList.Tessellation.standard
  /// Per-type decisions: how to compare values and how to resolve primitives.
  let comparators = Comparators()
  var typeInfo: [ObjectIdentifier: ViewTypeInfo] = [:]
  /// Whether a view type has dynamic properties (`@State`, `@Environment`) to bind.
  /// Each view type's `@State` and `@Environment` properties, found once per type.
  var dynamicFields: [ObjectIdentifier: [DynamicField]] = [:]

  /// The timelines on screen after the last frame, for the frame pump.
  public private(set) var activeDrivers: [TimelineDriver] = []
  /// The last loop-guard warning; nil while the guard never tripped.
  public internal(set) var loopGuardMessage: String?
  /// The same in a few words, for the HUD: the view, its state and the action.
  public internal(set) var loopGuardSummary: String?
  /// Frames in which the loop guard stepped in: it skipped an `onChange` action's second
  /// run, or state was still dirty after `maxPasses` passes, `loopFrames` frames running.
  public internal(set) var loopGuardTrips = 0
  /// Bodies evaluated since the runtime started (or was reset).
  public internal(set) var totalEvaluations = 0

  /// Creates a runtime.
  public init(textEngine: TextEngine, name: String = "scene") {
    self.textEngine = textEngine
    self.name = name
  }

  deinit {
    // Nodes hold their parents strongly (see `ViewNode.parent`): free the tree explicitly.
    if let root { teardown(root, runActions: false) }
    reference.clear()
  }

  /// Forgets all state, as when a scene is switched to afresh.
  public func reset() {
    if let root { teardown(root, runActions: false) }
    root = nil
    rootOutput = []
    timelineNodes.removeAll()
    animatingNodes.removeAll()
    leavingCount = 0
    transitionNodes.removeAll()
    geometryNodes.removeAll()
    lastGeometryWalk = -1
    routes.removeAll()
    rootEnvironment = EnvironmentValues()
    dirty.removeAll()
    pending.removeAll()
    caches.removeAll()
    activeDrivers.removeAll()
    warnedLoops.removeAll()
    loopGuardMessage = nil
    loopGuardSummary = nil
    loopGuardTrips = 0
    framesLeftDirty = 0
  }

  /// Ends every animation in flight at its target; used when frames stop (minimized) so
  /// nothing jumps or replays when they resume.
  public func settleAnimations(at time: Double) {
    for node in animatingNodes.values {
      for i in node.anims.indices { node.anims[i].settle(at: time) }
      invalidateOutput(node)
    }
    animatingNodes.removeAll()
    for node in transitionNodes.values {
      // Insertions end in place, and removed views are gone.
      node.insertion = nil
      leavingCount -= node.leaving.count
      node.leaving.removeAll()
      invalidateOutput(node)
    }
    transitionNodes.removeAll()
    for node in geometryNodes.values { node.geometry = nil }
    geometryNodes.removeAll()
    // What was drawn in flight before is not where anything is now.
    lastGeometryWalk = -1
  }

  // MARK: The frame

  /// Updates, lays out and lowers one frame of the view `body` returns.
  ///
  /// `body` is called once per frame; the view it returns is compared with the last one
  /// like any other, so a root made of equal values costs almost nothing.
  public func frame<V: View>(_ body: () -> V, input: FrameInput) -> FrameOutput {
    CurrentRuntime.$reference.withValue(reference) { updateFrame(body, input: input) }
  }

  private func updateFrame<V: View>(_ body: () -> V, input: FrameInput) -> FrameOutput {
    let startTime = monotonicSeconds()
    self.input = input
    frameNumber += 1
    displayFrame = DisplayFrame(
      number: frameNumber, time: input.time, onDisplayGrid: input.onDisplayGrid, draws: input.draws)
    evaluationsThisFrame = 0
    rewrites.removeAll(keepingCapacity: true)
    changeActionsRun.removeAll(keepingCapacity: true)
    changeActionWrites.removeAll(keepingCapacity: true)
    loopGuardTrippedThisFrame = false
    layoutAnimation = nil
    scopedLayoutAnimations = false
    geometryWalkVisits = 0
    if !departedMatches.isEmpty { departedMatches.removeAll() }
    if !departingFlights.isEmpty { departingFlights.removeAll() }
    if !input.timelinesFrozen { pollTimelines() }
    drainInbox()
    for node in animatingNodes.values { invalidateOutput(node) }
    for node in transitionNodes.values { invalidateOutput(node) }
    let rootView = body()
    pass = 0
    runPasses(rootView)
    // A view asked for another color scheme: everything updates from the new environment.
    if adoptPreferredColorScheme() {
      invalidate(rootNode(for: type(of: rootView)))
      runPasses(rootView)
    }
    finishCarryOver()
    activeDrivers = timelineNodes.values.sorted { $0.serial < $1.serial }.compactMap { $0.timeline?.driver }
    let builtTime = monotonicSeconds()
    var out = FrameOutput(
      drawList: DrawList(), items: [],
      animationsInFlight: !animatingNodes.isEmpty || !transitionNodes.isEmpty || !dirty.isEmpty, passes: pass,
      evaluations: evaluationsThisFrame, loopGuardTripped: loopGuardTrippedThisFrame,
      buildSeconds: builtTime - startTime)
    // A frame nobody sees needs its state advanced, not its geometry.
    guard input.draws else { return out }
    var rootNode = single(rootOutput)
    noteDrawnFrames()
    var moved = layout(rootNode)
    // A `GeometryReader`'s content was built from where the reader was at the last layout
    // (see `GeometryReader`). Readers that layout put elsewhere are built again, and the tree
    // laid out again, within this frame, so no frame draws content built for another size.
    // A reader's own size never depends on its content, so one round settles every reader
    // but those nested in a rebuilt reader's content: one more round per level of nesting.
    // The rounds count as layout in `lowerSeconds`.
    var rounds = 0
    while !moved.isEmpty, rounds < Self.geometryRounds {
      rounds += 1
      for node in moved { invalidate(node) }
      runPasses(rootView)
      rootNode = single(rootOutput)
      moved = layout(rootNode)
    }
    if rounds > 0 {
      activeDrivers = timelineNodes.values.sorted { $0.serial < $1.serial }.compactMap { $0.timeline?.driver }
      out.animationsInFlight = !animatingNodes.isEmpty || !transitionNodes.isEmpty || !dirty.isEmpty
      (out.passes, out.evaluations, out.loopGuardTripped) = (pass, evaluationsThisFrame, loopGuardTrippedThisFrame)
    }
    animateGeometry()
    out.animationsInFlight = out.animationsInFlight || !geometryNodes.isEmpty
    drawList.reset()
    drawList.tessellation = tessellation
    drawList.targetBounds = Rect(
      x: 0, y: 0, width: input.size.width * input.pixelScale, height: input.size.height * input.pixelScale)
    var lowerer = Lowerer(textEngine: textEngine, list: drawList, caches: caches)
    loweredFrames += 1
    let settings = LoweringSettings(tessellation: tessellation, targetBounds: drawList.targetBounds)
    if settings != loweringSettings {
      loweringSettings = settings
      settingsEpoch += 1
    }
    lowerer.lowering = loweredFrames
    lowerer.settings = settingsEpoch
    // Room for as many items as the last frame drew, at once: grown by doubling, the list
    // copied its items over and over (some thousands a frame in the overview).
    lowerer.items.reserveCapacity(lastItemCount)
    // A view in flight is drawn away from its layout under parents whose fragments do not
    // know it: those parents are lowered afresh (`markFlightsAbove`). A matched view flying
    // inside a leaving container has no parents to mark: then nothing is kept or replayed.
    lowerer.keepsFragments = keepsFragments && !flightsInLeavingViews
    if lowerer.keepsFragments { markFlightsAbove(lowering: loweredFrames) }
    // Handed over, not shared: while this object still held it, the lowerer's first append
    // copied every buffer into fresh memory, every frame.
    drawList = DrawList()
    caches.beginFrame()
    lowerer.lower(rootNode, .scale(input.pixelScale, input.pixelScale), 1)
    routes.pixelScale = input.pixelScale
    restoreLaidOutFrames()
    caches.endFrame()
    drawList = lowerer.list
    out.drawList = drawList
    out.items = lowerer.items
    lastItemCount = lowerer.items.count
    out.fragmentsReplayed = lowerer.fragmentsReplayed
    out.fragmentsRecorded = lowerer.fragmentsRecorded
    out.canvasCallsReplayed = lowerer.canvasCallsReplayed
    out.lowerSeconds = monotonicSeconds() - builtTime
    return out
  }

  /// Update passes until no state is left dirty (actions may change state), or until the
  /// loop guard stops them. `pass` counts on across calls, so only a frame's first pass
  /// treats the root view as new.
  private func runPasses<V: View>(_ rootView: V) {
    var passes = 0
    while true {
      pass += 1
      passes += 1
      passStartedWall = Date()
      propagateDirty()
      let node = rootNode(for: V.self)
      var ctx = UpdateContext(runtime: self)
      ctx.env = rootEnvironment
      ctx.sameValue = pass > 1
      rootOutput = update(node, rootView, ctx)
      settleAppearingViews(node, rootView)
      runActions()
      // What the actions changed through observed objects, and tasks they started.
      drainInbox()
      if dirty.isEmpty {
        framesLeftDirty = 0
        return
      }
      if passes >= maxPasses {
        // The frame is drawn as it stands; what is left stays dirty for the next frame, so
        // no state change is lost and a longer chain of actions settles a frame later.
        framesLeftDirty += 1
        if framesLeftDirty >= Self.loopFrames { tripLoopGuard() }
        return
      }
    }
  }

  /// The most times a frame rebuilds geometry readers' content and lays the tree out again;
  /// readers nested deeper than this show the last layout's geometry for a frame.
  static let geometryRounds = 4

  /// Lays out the tree, and returns the geometry readers that layout put somewhere other
  /// than where their content was built for. Resolved nodes are immutable and a changed
  /// subtree brings new nodes up to the root, so sizes and positions remembered by reused
  /// nodes stay valid.
  private func layout(_ root: RNode) -> [ViewNode] {
    let layout = Layout(textEngine: textEngine)
    let size = input.size
    let rootSize = layout.size(root, ProposedSize(width: size.width, height: size.height))
    layout.place(
      root,
      in: Rect(
        x: (size.width - rootSize.width) / 2, y: (size.height - rootSize.height) / 2, width: rootSize.width,
        height: rootSize.height))
    return layout.movedReaders.nodes
  }

  private func rootNode<V: View>(for type: V.Type) -> ViewNode {
    if let root, root.typeID == ObjectIdentifier(V.self) { return root }
    if let root { teardown(root, runActions: true) }
    let node = makeNode(V.self, parent: nil, key: ChildKey(0))
    root = node
    return node
  }

}
