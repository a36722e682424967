import FoundationEssentials
import Graphics
import Motion
import Timeline

/// Everything a frame needs from outside the scene: time, size and the timelines' mode.
public struct FrameInput: Sendable {
  /// The wall-clock date of this frame.
  public var now: Date
  /// Monotonic seconds; animations are timed on this clock.
  public var time: Double
  /// The scene's size in points.
  public var size: Size
  /// Pixels per point (2 on a HiDPI display).
  public var pixelScale: Double
  public var cadence: Cadence
  public var mode: TimelineScheduleMode
  /// When true, timelines keep showing their last context (the user paused).
  public var timelinesFrozen: Bool
  /// Whether the frame will be drawn; when not (a minimized window), the tree is updated, so
  /// state and timelines advance, but nothing is laid out or tessellated.
  public var draws = true
  /// Whether the frame is presented on the display's refresh grid (paced), not at once.
  public var onDisplayGrid = true

  /// Creates a frame input.
  public init(
    now: Date, time: Double, size: Size, pixelScale: Double = 1, cadence: Cadence = .live,
    mode: TimelineScheduleMode = .normal, timelinesFrozen: Bool = false
  ) {
    self.now = now
    self.time = time
    self.size = size
    self.pixelScale = pixelScale
    self.cadence = cadence
    self.mode = mode
    self.timelinesFrozen = timelinesFrozen
  }
}

/// One primitive the frame drew, in pixels: what tests and the HUD inspect.
public struct DrawnItem: Hashable, Sendable {
  /// What kind of primitive it was.
  public enum Kind: Hashable, Sendable { case shape, text, image, mesh, canvas }
  public var kind: Kind
  /// The axis-aligned bounds of the primitive after every transform, in pixels.
  public var bounds: Rect
  /// The solid color (or the first gradient stop) it was drawn with, opacity included.
  public var color: Color?
  /// The string, for text.
  public var text: String?
}

/// The output of one frame.
public struct FrameOutput {
  public var drawList: DrawList
  /// The primitives in drawing order.
  public var items: [DrawnItem]
  /// Whether some implicit animation is still moving; the pump then renders every frame.
  public var animationsInFlight: Bool
  /// How many update passes the frame took (more than one when actions changed state).
  public var passes: Int
  /// How many bodies (and timeline contents) ran this frame.
  public var evaluations: Int = 0
  /// Whether the update-loop guard stopped this frame's passes.
  public var loopGuardTripped = false
  /// Seconds spent updating the view graph (bodies, state, timelines).
  public var buildSeconds: Double = 0
  /// Seconds spent on layout and lowering to the draw list.
  public var lowerSeconds: Double = 0
  /// Unchanged subtrees whose kept draw-list fragments were appended instead of tessellated.
  public var fragmentsReplayed = 0
  /// Subtrees kept as fragments this frame.
  public var fragmentsRecorded = 0
}

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
/// follows in the same frame, up to `maxPasses`. Then layout and lowering to a draw list.
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
  /// The most update passes per frame before the loop guard steps in.
  public var maxPasses = 8
  /// When true, timelines that appear after a frame's first pass start at the wall-clock
  /// time of that pass, as they do in a live app; replays keep the frame's date instead, so
  /// a given time always gives the same picture.
  public var wallClockWithinFrame = false

  private(set) var root: ViewNode?
  private var rootOutput: [RNode] = []
  private var serial: UInt64 = 0
  private var stamp: UInt64 = 0
  private(set) var input = FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: .zero)
  private(set) var frameNumber = 0
  /// The frame being updated, as `DisplayFrame.current` shows it to this runtime's views.
  private(set) var displayFrame = DisplayFrame(number: 0, time: 0, onDisplayGrid: true, draws: true)
  /// How this runtime's views find it while it updates them.
  private lazy var reference = RuntimeReference(self)
  private var pass = 0
  private var passStartedWall = Date(timeIntervalSince1970: 0)
  private var timelineNodes: [UInt64: ViewNode] = [:]
  private var animatingNodes: [UInt64: ViewNode] = [:]
  private var keyNodes: [UInt64: ViewNode] = [:]
  /// Nodes with an `onTapGesture` handler, by serial.
  private var tapNodes: [UInt64: ViewNode] = [:]
  private var dirty: [ViewNode] = []
  private var pending: [(String, () -> Void)] = []
  private var runningAction: String?
  /// State writes by actions that hit a view already evaluated this frame: (view, state, action).
  private var rewrites: [(String, String, String)] = []
  private var warnedLoops: Set<String> = []
  private var evaluationsThisFrame = 0
  private var meshes: [UInt64: (MeshSpec, Int, Int, ImageBuffer)] = [:]
  private var gradients: [GradientKey: ImageBuffer] = [:]
  private var scaledImages: [ScaledImageKey: ImageBuffer] = [:]
  /// The frame in which each shrunk image was last drawn.
  private var scaledImageUse: [ScaledImageKey: Int] = [:]
  /// Shrunk images not drawn for this many frames are dropped, and past `maxScaledImageBytes`
  /// the least recently drawn go first: a GIF's frames come round again within its loop.
  static let scaledImageFrames = 240
  static let maxScaledImageBytes = 16 << 20
  /// The most bytes of gradient images kept between frames.
  static let maxGradientBytes = 64 << 20

  /// How many entries each of the runtime's caches holds now (the soak watches them).
  public var cacheCounts: (meshes: Int, gradients: Int) { (meshes.count, gradients.count) }

  /// Bytes of pixels those caches hold.
  public var cacheBytes: Int {
    gradients.values.reduce(0) { $0 + $1.width * $1.height * 4 }
      + meshes.values.reduce(0) { $0 + $1.3.width * $1.3.height * 4 }
      + scaledImages.values.reduce(0) { $0 + $1.width * $1.height * 4 }
  }
  private var drawList = DrawList()
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
  private var typeInfo: [ObjectIdentifier: ViewTypeInfo] = [:]
  /// Whether a view type has dynamic properties (`@State`, `@Environment`) to bind.
  /// Each view type's `@State` and `@Environment` properties, found once per type.
  private var dynamicFields: [ObjectIdentifier: [DynamicField]] = [:]

  /// The timelines on screen after the last frame, for the frame pump.
  public private(set) var activeDrivers: [TimelineDriver] = []
  /// The last loop-guard warning; nil while the guard never tripped.
  public private(set) var loopGuardMessage: String?
  /// The same in a few words, for the HUD: the view, its state and the action.
  public private(set) var loopGuardSummary: String?
  /// Frames in which the loop guard stopped the passes.
  public private(set) var loopGuardTrips = 0
  /// Bodies evaluated since the runtime started (or was reset).
  public private(set) var totalEvaluations = 0

  /// Creates a runtime.
  public init(textEngine: TextEngine, name: String = "scene") {
    self.textEngine = textEngine
    self.name = name
  }

  deinit {
    // Nodes hold their parents strongly (see `ViewNode.parent`): free the tree explicitly.
    if let root { teardown(root, runActions: false) }
  }

  /// Forgets all state, as when a scene is switched to afresh.
  public func reset() {
    if let root { teardown(root, runActions: false) }
    root = nil
    rootOutput = []
    timelineNodes.removeAll()
    animatingNodes.removeAll()
    keyNodes.removeAll()
    tapNodes.removeAll()
    dirty.removeAll()
    pending.removeAll()
    meshes.removeAll()
    scaledImages.removeAll()
    scaledImageUse.removeAll()
    activeDrivers.removeAll()
    warnedLoops.removeAll()
    loopGuardMessage = nil
    loopGuardSummary = nil
    loopGuardTrips = 0
  }

  /// Ends every animation in flight at its target; used when frames stop (minimized) so
  /// nothing jumps or replays when they resume.
  public func settleAnimations(at time: Double) {
    for node in animatingNodes.values {
      for i in node.anims.indices { node.anims[i].settle(at: time) }
      invalidateOutput(node)
    }
    animatingNodes.removeAll()
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
    if !input.timelinesFrozen { pollTimelines() }
    for node in animatingNodes.values { invalidateOutput(node) }
    let rootView = body()
    var tripped = false
    pass = 0
    while true {
      pass += 1
      passStartedWall = Date()
      propagateDirty()
      let node = rootNode(for: V.self)
      var ctx = UpdateContext(runtime: self)
      ctx.sameValue = pass > 1
      rootOutput = update(node, rootView, ctx)
      runActions()
      if dirty.isEmpty { break }
      if pass >= maxPasses {
        tripped = true
        tripLoopGuard()
        // Drop what is left: the frame is drawn as it stands, and the loop starts again only
        // when something (the next entry) changes the state once more.
        for n in dirty { n.needsBody = false }
        dirty.removeAll()
        break
      }
    }
    activeDrivers = timelineNodes.values.sorted { $0.serial < $1.serial }.compactMap { $0.timeline?.driver }
    let builtTime = monotonicSeconds()
    var out = FrameOutput(
      drawList: DrawList(), items: [], animationsInFlight: !animatingNodes.isEmpty, passes: pass,
      evaluations: evaluationsThisFrame, loopGuardTripped: tripped, buildSeconds: builtTime - startTime)
    // A frame nobody sees needs its state advanced, not its geometry.
    guard input.draws else { return out }
    let rootNode = single(rootOutput)
    layout(rootNode)
    drawList.reset()
    drawList.tessellation = tessellation
    drawList.targetBounds = Rect(
      x: 0, y: 0, width: input.size.width * input.pixelScale, height: input.size.height * input.pixelScale)
    var lowerer = Lowerer(textEngine: textEngine, list: drawList, meshes: meshes, gradients: gradients)
    lowerer.scaledImages = scaledImages
    loweredFrames += 1
    let settings = LoweringSettings(tessellation: tessellation, targetBounds: drawList.targetBounds)
    if settings != loweringSettings {
      loweringSettings = settings
      settingsEpoch += 1
    }
    lowerer.lowering = loweredFrames
    lowerer.settings = settingsEpoch
    lowerer.keepsFragments = keepsFragments
    scaledImages = [:]
    // Handed over, not shared: while this object still held them, the lowerer's first append
    // or insertion copied every buffer into fresh memory, every frame (a third of the
    // overview's page faults came from there).
    (drawList, meshes, gradients) = (DrawList(), [:], [:])
    lowerer.lower(rootNode, .scale(input.pixelScale, input.pixelScale), 1)
    drawList = lowerer.list
    meshes = lowerer.meshes.filter { lowerer.usedMeshes.contains($0.key) }
    // Only this frame's gradients stay: a resize leaves stale sizes behind, and the overview
    // grid draws thirteen at once, which a cap on the count would re-render every frame. The
    // bytes are capped too (a 4K window's backdrop alone is 33 MB).
    gradients = lowerer.gradients.filter { lowerer.usedGradients.contains($0.key) }
    if gradients.values.reduce(0, { $0 + $1.width * $1.height * 4 }) > Self.maxGradientBytes { gradients.removeAll() }
    scaledImages = lowerer.scaledImages
    pruneScaledImages(used: lowerer.usedScaledImages)
    out.drawList = drawList
    out.items = lowerer.items
    out.fragmentsReplayed = lowerer.fragmentsReplayed
    out.fragmentsRecorded = lowerer.fragmentsRecorded
    out.lowerSeconds = monotonicSeconds() - builtTime
    return out
  }

  /// Keeps the shrunk images drawn recently, within a byte budget. Runs every drawn frame, so
  /// it only sorts when the budget is exceeded.
  private func pruneScaledImages(used: Set<ScaledImageKey>) {
    guard !scaledImages.isEmpty else { return }
    // A replayed fragment names the images it holds, whether or not the cache still has them.
    for k in used where scaledImages[k] != nil { scaledImageUse[k] = frameNumber }
    var bytes = 0
    for (k, image) in scaledImages {
      if frameNumber - scaledImageUse[k, default: 0] > Self.scaledImageFrames {
        scaledImages[k] = nil
        scaledImageUse[k] = nil
      } else {
        bytes += image.width * image.height * 4
      }
    }
    guard bytes > Self.maxScaledImageBytes else { return }
    // Over budget: the least recently drawn go first.
    for k in scaledImageUse.keys.sorted(by: { scaledImageUse[$0, default: 0] < scaledImageUse[$1, default: 0] }) {
      guard bytes > Self.maxScaledImageBytes else { break }
      bytes -= scaledImages[k].map { $0.width * $0.height * 4 } ?? 0
      scaledImages[k] = nil
      scaledImageUse[k] = nil
    }
  }

  /// Lays out the tree. Resolved nodes are immutable and a changed subtree brings new nodes
  /// up to the root, so sizes and positions remembered by reused nodes stay valid.
  private func layout(_ root: RNode) {
    let layout = Layout(textEngine: textEngine)
    let size = input.size
    let rootSize = layout.size(root, ProposedSize(width: size.width, height: size.height))
    layout.place(
      root,
      in: Rect(
        x: (size.width - rootSize.width) / 2, y: (size.height - rootSize.height) / 2, width: rootSize.width,
        height: rootSize.height))
  }

  private func rootNode<V: View>(for type: V.Type) -> ViewNode {
    if let root, root.typeID == ObjectIdentifier(V.self) { return root }
    if let root { teardown(root, runActions: true) }
    let node = makeNode(V.self, parent: nil, key: ChildKey(0))
    root = node
    return node
  }

  /// How this runtime handles views of type `V`.
  func info<V: View>(_ type: V.Type) -> ViewTypeInfo {
    let id = ObjectIdentifier(type)
    if let known = typeInfo[id] { return known }
    let made = ViewTypeInfo(type)
    typeInfo[id] = made
    return made
  }

  private func makeNode<V: View>(_ type: V.Type, parent: ViewNode?, key: ChildKey) -> ViewNode {
    serial += 1
    return ViewNode(type: V.self, composite: V.Body.self != Never.self, parent: parent, key: key, serial: serial)
  }

  /// Asks each timeline on screen whether an entry came due, and marks those that have one
  /// (or whose cadence changed).
  private func pollTimelines() {
    for node in timelineNodes.values {
      guard let slot = node.timeline else { continue }
      let delivered = slot.driver.update(now: input.now, mode: input.mode, cadence: input.cadence)
      if delivered != nil || slot.context?.cadence != input.cadence { invalidate(node) }
    }
  }

  /// Starts (or restarts, when its schedule changed) the timeline of `node`.
  func startTimeline<S: TimelineSchedule>(_ node: ViewNode, _ schedule: S) {
    // A timeline appearing after actions changed state appears at that moment; in a replay
    // that moment is the frame's own date.
    var start = input.now
    if wallClockWithinFrame && pass > 1 { start = max(start, passStartedWall) }
    let driver = TimelineDriver(schedule: schedule, start: start)
    _ = driver.update(now: start, mode: input.mode, cadence: input.cadence)
    node.timeline = TimelineSlot(schedule: schedule, driver: driver)
    timelineNodes[node.serial] = node
  }

  // MARK: Keys

  func registerKeyHandler(_ node: ViewNode) { keyNodes[node.serial] = node }

  /// Offers a key press to the views on screen, innermost and newest first, and says whether
  /// one handled it. State the handler changes is drawn in the next frame.
  public func keyPress(_ key: KeyEquivalent) -> Bool {
    let press = KeyPress(key: key)
    for node in keyNodes.values.sorted(by: { $0.serial > $1.serial }) {
      if node.keyHandler?(press) == .handled { return true }
    }
    return false
  }

  // MARK: Pointer

  func registerTapHandler(_ node: ViewNode) { tapNodes[node.serial] = node }

  /// Offers a click at `point` (window points, as laid out in the last frame) to the views
  /// with `onTapGesture` under it, innermost first, and says whether one took it.
  public func tap(at point: Point) -> Bool {
    let hits = tapNodes.values.filter { node in
      guard let r = Self.union(node.output) else { return false }
      return point.x >= r.minX && point.x < r.maxX && point.y >= r.minY && point.y < r.maxY
    }
    // Children are made after their parents, so the largest serial is the innermost view.
    guard let node = hits.max(by: { $0.serial < $1.serial }), let action = node.tapHandler else { return false }
    action()
    return true
  }

  /// Whether some view's state changed since the last frame (a key handler ran, say).
  public var hasPendingChanges: Bool { !dirty.isEmpty }

  // MARK: Invalidation

  /// Marks a node whose body must run again in the next pass.
  func invalidate(_ node: ViewNode) {
    node.needsBody = true
    dirty.append(node)
  }

  /// Marks a node whose output must be rebuilt (an animation moved) without running bodies.
  private func invalidateOutput(_ node: ViewNode) {
    node.needsRefresh = true
    dirty.append(node)
  }

  private func propagateDirty() {
    for node in dirty {
      var p = node.parent
      while let q = p, !q.descendantDirty {
        q.descendantDirty = true
        p = q.parent
      }
    }
    dirty.removeAll(keepingCapacity: true)
  }

  /// Counts a timeline content evaluation as a body evaluation of this frame.
  func noteEvaluation(_ node: ViewNode) {
    node.evaluations += 1
    node.evaluatedInFrame = frameNumber
    evaluationsThisFrame += 1
    totalEvaluations += 1
  }

  func stateDidChange(_ box: AnyStateBox) {
    guard let node = box.node else { return }
    if let action = runningAction, node.evaluatedInFrame == frameNumber {
      rewrites.append((node.typeName, box.name, action))
    }
    invalidate(node)
  }

  func enqueue(_ description: String, _ action: @escaping () -> Void) {
    pending.append((description, action))
  }

  private func runActions() {
    while !pending.isEmpty {
      // Views that went away say so before the ones that arrived in their place.
      let actions = pending.filter { $0.0 == "onDisappear" } + pending.filter { $0.0 != "onDisappear" }
      pending.removeAll()
      for (description, action) in actions {
        runningAction = description
        action()
      }
    }
    runningAction = nil
  }

  private func tripLoopGuard() {
    loopGuardTrips += 1
    let (view, state, action) = rewrites.last ?? ("a view", "its state", "An action")
    let message =
      "\(action) action tried to update multiple times per frame. (\(view): \(state) changed in each of "
      + "\(maxPasses) updates of one frame in scene '\(name)'; the frame was drawn as it stood)"
    loopGuardMessage = message
    loopGuardSummary = "update loop: \(view).\(state) set by \(action) ×\(maxPasses) per frame"
    if warnedLoops.insert("\(view).\(state)").inserted { warn(message) }
  }

  // MARK: Updating nodes

  /// Updates the child of `parent` under `key` with `view`, making a new node when the key
  /// is new or the view's type changed (a new identity: the old node and its state go).
  func child<V: View>(_ parent: ViewNode, _ key: ChildKey, _ view: V, _ ctx: UpdateContext) -> [RNode] {
    var c = ctx
    let node: ViewNode
    if let existing = parent.children[key], existing.typeID == ObjectIdentifier(V.self) {
      node = existing
    } else {
      if let old = parent.children[key] { teardown(old, runActions: true) }
      node = makeNode(V.self, parent: parent, key: key)
      parent.children[key] = node
      c.sameValue = false
    }
    if node.stamp != parent.childStamp { parent.childOrder.append(key) }
    node.stamp = parent.childStamp
    return update(node, view, c)
  }

  private func update<V: View>(_ node: ViewNode, _ view: V, _ ctx: UpdateContext) -> [RNode] {
    let envSame = node.env == ctx.env
    if ctx.sameValue && envSame && !node.needsBody && !node.needsRefresh && !node.descendantDirty {
      return node.output
    }
    stamp += 1
    node.childStamp = stamp
    node.childOrder.removeAll(keepingCapacity: true)
    var out: [RNode]
    if node.isComposite {
      out = updateComposite(node, view, ctx, envSame: envSame)
    } else {
      let info = self.info(V.self)
      if info.isLeaf, envSame, !ctx.sameValue, !node.needsRefresh, !node.descendantDirty, let old = node.view,
        comparators.equal(old, view)
      {
        out = node.output
      } else if let resolve = info.resolve {
        if info.isLeaf { node.view = view }
        out = withUnsafePointer(to: view) { resolve(UnsafeRawPointer($0), node, ctx) }
      } else {
        out = []
      }
      // A primitive has no body of its own; a timeline has consumed its due entry by now.
      node.needsBody = false
    }
    // Children not visited in this update are gone (an `if` flipped, an element left).
    if node.childOrder.count != node.children.count {
      for (k, c) in node.children where c.stamp != node.childStamp {
        node.children[k] = nil
        teardown(c, runActions: true)
      }
    }
    node.env = ctx.env
    node.needsRefresh = false
    node.descendantDirty = false
    node.output = out
    return out
  }

  private func updateComposite<V: View>(_ node: ViewNode, _ view: V, _ ctx: UpdateContext, envSame: Bool) -> [RNode] {
    let first = node.evaluations == 0
    var selfChanged = false
    if !first && !ctx.sameValue, let old = node.view, !comparators.equal(old, view) { selfChanged = true }
    var c = ctx
    let environmentChanged = node.readsEnvironment && !envSame
    guard first || selfChanged || node.needsBody || environmentChanged else {
      // Nothing this view depends on changed: keep its body and visit only what below is
      // dirty (or sees a new environment).
      c.sameValue = true
      return node.revisit?(node, c) ?? []
    }
    var current = view
    if first || selfChanged {
      node.view = view
    } else if let stored = node.view as? V {
      current = stored
    }
    bindDynamicProperties(current, to: node, env: ctx.env)
    if let printChanges { printChanges(changeLine(node, first: first, selfChanged: selfChanged)) }
    for box in node.states { box.changedSinceEvaluation = false }
    node.needsBody = false
    noteEvaluation(node)
    let body = current.body
    node.revisit = { n, rc in rc.runtime.child(n, ChildKey(0), body, rc) }
    c.sameValue = false
    return child(node, ChildKey(0), body, c)
  }

  /// Connects the view's `@State` properties to the node's storage and its `@Environment`
  /// properties to the environment it is given, as SwiftUI does before it runs a body.
  private func bindDynamicProperties<V: View>(_ view: V, to node: ViewNode, env: EnvironmentValues) {
    let id = ObjectIdentifier(V.self)
    let fields: [DynamicField]
    if let known = dynamicFields[id] {
      fields = known
    } else {
      fields = DynamicField.all(in: V.self)
      dynamicFields[id] = fields
    }
    if fields.isEmpty { return }
    withUnsafePointer(to: view) { pointer in
      let base = UnsafeRawPointer(pointer)
      var index = 0
      for field in fields {
        switch field.kind {
        case .state(let load):
          load(base + field.offset).bind(to: node, index: index, name: field.name, runtime: self)
          index += 1
        case .environment(let load):
          load(base + field.offset).bind(env)
          node.readsEnvironment = true
        }
      }
    }
  }

  private func changeLine(_ node: ViewNode, first: Bool, selfChanged: Bool) -> String {
    var reasons: [String] = []
    if first {
      reasons = ["@self", "@identity"] + node.states.map(\.name)
    } else {
      if selfChanged { reasons.append("@self") }
      reasons += node.states.filter(\.changedSinceEvaluation).map(\.name)
      if reasons.isEmpty { reasons.append("@dependencies") }
    }
    return "\(node.typeName): \(reasons.joined(separator: ", ")) changed."
  }

  /// The value of animatable property `slot` of a modifier node at this frame's time,
  /// starting an animation with the current transaction when its target changed.
  func animated(_ node: ViewNode, _ slot: Int, _ target: Double, _ ctx: UpdateContext) -> Double {
    if slot >= node.anims.count {
      node.anims.append(AnimatedValue(target))
      return target
    }
    if node.anims[slot].target != target {
      node.anims[slot].animate(to: target, with: ctx.transaction, at: input.time)
    }
    let v = node.anims[slot].value(at: input.time)
    if node.anims.contains(where: { $0.isAnimating(at: input.time) }) {
      animatingNodes[node.serial] = node
    } else {
      animatingNodes[node.serial] = nil
    }
    return v
  }

  /// Removes a node and everything under it: its state goes, its timelines stop, and its
  /// `onDisappear` actions run after the pass.
  private func teardown(_ node: ViewNode, runActions: Bool) {
    for c in node.children.values { teardown(c, runActions: runActions) }
    if runActions, let action = node.onDisappear { enqueue("onDisappear", action) }
    timelineNodes[node.serial] = nil
    animatingNodes[node.serial] = nil
    keyNodes[node.serial] = nil
    tapNodes[node.serial] = nil
    for box in node.states { box.node = nil }
    node.children.removeAll()
    // Children hold their parent strongly; this is where the cycle breaks.
    node.parent = nil
  }

  // MARK: Inspection

  /// One view instance as `playground inspect` reports it.
  public struct ViewRecord: Sendable {
    public var type: String
    public var path: String
    /// Each `@State` property's name (without its underscore) and value.
    public var state: [(name: String, value: StateValue)]
    public var evaluations: Int
    public var timelineDate: Date?
    /// The view's frame in points, after layout.
    public var frame: Rect?
  }

  /// A state value as inspection shows it.
  public enum StateValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
  }

  /// The views with bodies and the timelines on screen, in tree order.
  public func viewRecords() -> [ViewRecord] {
    var records: [ViewRecord] = []
    // The date each view sees is its nearest enclosing timeline's current one, whether or not
    // the view's body ran when that timeline last moved.
    func visit(_ node: ViewNode, _ path: String, _ index: Int?, _ date: Date?) {
      var path = path
      var index = index
      let date = node.timeline?.context?.date ?? date
      if node.isComposite || node.timeline != nil {
        path += "/" + node.typeName + (index.map { "[\($0)]" } ?? "")
        index = nil
        records.append(
          ViewRecord(
            type: node.typeName, path: path,
            state: node.states.map { (String($0.name.drop { $0 == "_" }), Self.stateValue($0.anyValue)) },
            evaluations: node.evaluations,
            timelineDate: date,
            frame: Self.union(node.output)))
      }
      let kids = node.orderedChildren
      for (i, k) in kids.enumerated() { visit(k, path, kids.count > 1 ? i : index, date) }
    }
    if let root { visit(root, "", nil, nil) }
    return records
  }

  private static func stateValue(_ v: Any) -> StateValue {
    switch v {
    case let i as Int: return .int(i)
    case let d as Double: return .double(d)
    case let b as Bool: return .bool(b)
    case let s as String: return .string(s)
    default: return .string(String(describing: v))
    }
  }

  private static func union(_ nodes: [RNode]) -> Rect? {
    guard let first = nodes.first else { return nil }
    var r = first.frame
    for n in nodes.dropFirst() {
      let minX = min(r.minX, n.frame.minX)
      let minY = min(r.minY, n.frame.minY)
      r = Rect(
        x: minX, y: minY, width: max(r.maxX, n.frame.maxX) - minX, height: max(r.maxY, n.frame.maxY) - minY)
    }
    return r
  }
}
