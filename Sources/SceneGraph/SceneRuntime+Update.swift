import FoundationEssentials
import Graphics
import Motion
import Observation
import Timeline

/// The update passes: which nodes are dirty, how a node's body or primitive is brought up to
/// date, the actions that run after a pass, and the loop guard that stops them.
extension SceneRuntime {
  /// How this runtime handles views of type `V`.
  func info<V: View>(_ type: V.Type) -> ViewTypeInfo {
    let id = ObjectIdentifier(type)
    if let known = typeInfo[id] { return known }
    let made = ViewTypeInfo(type, comparators: comparators)
    typeInfo[id] = made
    return made
  }

  func makeNode<V: View>(_ type: V.Type, parent: ViewNode?, key: ChildKey) -> ViewNode {
    serial += 1
    let node = ViewNode(type: V.self, composite: V.Body.self != Never.self, parent: parent, key: key, serial: serial)
    node.createdFrame = frameNumber
    return node
  }

  /// Asks each timeline on screen whether an entry came due, and marks those that have one
  /// (or whose cadence changed).
  func pollTimelines() {
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

  // MARK: Invalidation

  /// Marks a node whose body must run again in the next pass.
  func invalidate(_ node: ViewNode) {
    node.needsBody = true
    dirty.append(node)
  }

  /// Marks a node whose output must be rebuilt (an animation moved) without running bodies.
  func invalidateOutput(_ node: ViewNode) {
    node.needsRefresh = true
    dirty.append(node)
  }

  func propagateDirty() {
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
    if let action = runningAction {
      if node.evaluatedInFrame == frameNumber { rewrites.append((node.typeName, box.name, action)) }
      // What an `onChange` action wrote names the loop if its value changes again this frame.
      if let source = runningSource { changeActionWrites[source] = (node.typeName, box.name) }
    }
    // A change made inside `withAnimation` animates what the view's next body changes.
    if let transaction = Transaction.current {
      node.pendingTransaction = transaction.disablesAnimations ? .some(nil) : .some(transaction.animation)
    }
    invalidate(node)
  }

  func enqueue(_ description: String, _ action: @escaping () -> Void) {
    pending.append(PendingAction(description: description, source: nil, run: action))
  }

  /// Queues the action of the `onChange` modifier at `node` to run after the pass, unless it
  /// already ran in this frame.
  ///
  /// SwiftUI runs an `onChange` action at most once per frame: when the value changes again
  /// in the same frame (the action's own state change led back to it), the action is skipped
  /// and SwiftUI warns that it "tried to update multiple times per frame". The new value is
  /// still the one the next change is compared with.
  func enqueueChange(_ node: ViewNode, _ description: String, _ action: @escaping () -> Void) {
    guard changeActionsRun.insert(node.serial).inserted else {
      let (view, state) = changeActionWrites[node.serial] ?? ("a view", "its state")
      loopGuardSteppedIn(
        view: view, state: state, action: description,
        detail: "it set \(view): \(state), and the value it watches changed again in the same frame in scene "
          + "'\(name)'; an onChange action runs once per frame, so it was skipped",
        summary: "update loop: \(view).\(state) set by \(description) once per frame")
      return
    }
    pending.append(PendingAction(description: description, source: node.serial, run: action))
  }

  /// The most times one pass updates the tree again for what `onAppear` and `onDisappear`
  /// actions set; a chain of views each brought in by the previous one's `onAppear` settles
  /// in the pass up to this depth.
  static let settleRounds = 4

  /// Runs the `onDisappear` and `onAppear` actions the pass queued, and updates the tree
  /// again at once for the state they changed.
  ///
  /// A view that appears is first shown with what its `onAppear` set, as in SwiftUI, and so is
  /// a view whose state another view's `onAppear` or `onDisappear` changed: the emoji wave's
  /// reveal brings in an emoji whose `onAppear` advances its keyframe, and that settles in the
  /// pass the emoji appeared in. Other actions (`onChange`, `task`) run after this, and what
  /// they change waits for the next pass.
  func settleAppearingViews<V: View>(_ root: ViewNode, _ rootView: V) {
    var rounds = 0
    while rounds < Self.settleRounds, pending.contains(where: \.isAppearance) {
      let appearance = pending.filter(\.isAppearance)
      pending.removeAll(where: \.isAppearance)
      run(appearance)
      // What the actions changed through observed objects.
      drainInbox()
      if dirty.isEmpty { return }
      rounds += 1
      propagateDirty()
      var ctx = UpdateContext(runtime: self)
      ctx.env = rootEnvironment
      ctx.sameValue = true
      rootOutput = update(root, rootView, ctx)
    }
  }

  func runActions() {
    while !pending.isEmpty {
      let actions = pending
      pending.removeAll()
      run(actions)
    }
  }

  /// Runs `actions`, those of views that went away first: they say so before the ones that
  /// arrived in their place.
  private func run(_ actions: [PendingAction]) {
    let ordered =
      actions.contains { $0.description == "onDisappear" }
      ? actions.filter { $0.description == "onDisappear" } + actions.filter { $0.description != "onDisappear" }
      : actions
    for action in ordered {
      runningAction = action.description
      runningSource = action.source
      action.run()
    }
    runningAction = nil
    runningSource = nil
  }

  /// Records an update loop that left state dirty after `maxPasses` passes, `loopFrames`
  /// frames running: what is left is updated a frame later each time.
  func tripLoopGuard() {
    let (view, state, action) = rewrites.last ?? ("a view", "its state", "An action")
    loopGuardSteppedIn(
      view: view, state: state, action: action,
      detail: "\(view): \(state) was still changing after \(maxPasses) updates in each of \(Self.loopFrames) "
        + "frames running in scene '\(name)'; each frame is drawn as it stands and the rest waits for the next",
      summary: "update loop: \(view).\(state) set by \(action) every frame")
  }

  /// Records that the guard stepped in this frame, and warns once per view and state, in
  /// SwiftUI's words followed by `detail`.
  private func loopGuardSteppedIn(view: String, state: String, action: String, detail: String, summary: String) {
    if !loopGuardTrippedThisFrame {
      loopGuardTrippedThisFrame = true
      loopGuardTrips += 1
    }
    let message = "\(action) action tried to update multiple times per frame. (\(detail))"
    loopGuardMessage = message
    loopGuardSummary = summary
    if warnedLoops.insert("\(view).\(state)").inserted { warn(message) }
  }

  // MARK: Updating nodes

  /// Updates the child of `parent` under `key` with `view`, making a new node when the key
  /// is new or the view's type changed (a new identity: the old node and its state go).
  func child<V: View>(_ parent: ViewNode, _ key: ChildKey, _ view: V, _ ctx: UpdateContext) -> [RNode] {
    let node: ViewNode
    // Most children are already there: only a new one needs a context of its own (a copy
    // retains what the context holds).
    var isNew = false
    // The position this child had when the parent last updated, if nothing moved.
    let hint = parent.childOrder.count
    let found = parent.children.node(for: key, hint: hint)
    if let existing = found, existing.typeID == ObjectIdentifier(V.self) {
      node = existing
    } else {
      if let old = found { teardown(old, runActions: true) }
      node = makeNode(V.self, parent: parent, key: key)
      parent.children.set(node, for: key, hint: hint)
      isNew = true
      // The views at the top of what was inserted may come in through their transitions;
      // a list of views (an `if`, a `ForEach`) hands that to the views it holds.
      if parent.createdFrame != frameNumber || parent.passesInsertionDown {
        if V.self is any ViewList.Type { node.passesInsertionDown = true } else { node.insertionPending = true }
      }
    }
    if node.stamp != parent.childStamp { parent.childOrder.append(key) }
    node.stamp = parent.childStamp
    guard isNew, ctx.sameValue else { return update(node, view, ctx) }
    var c = ctx
    c.sameValue = false
    return update(node, view, c)
  }

  func update<V: View>(_ node: ViewNode, _ view: V, _ ctx: UpdateContext) -> [RNode] {
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
      let info: ViewTypeInfo
      if let known = node.info {
        info = known
      } else {
        info = self.info(V.self)
        node.info = info
      }
      // A leaf with a timeline of its own (a counting `Text(_:style:)`) has a due entry to show.
      // Joined text has its runs as children: it is resolved, so they are visited and kept.
      if info.isLeaf, envSame, !ctx.sameValue, !node.needsBody, !node.needsRefresh, !node.descendantDirty,
        node.children.count == 0,
        let old = node.leaf, let same = info.sameLeaf, withUnsafePointer(to: view, { same(old, UnsafeRawPointer($0)) })
      {
        out = node.output
      } else if let resolve = info.resolve {
        // A leaf's value is kept typed (`leaf`); `view`, an `Any`, is read only for composites.
        if info.isLeaf { node.keepLeaf(view) }
        out = withUnsafePointer(to: view) { resolve(UnsafeRawPointer($0), node, ctx) }
      } else {
        out = []
      }
      // A primitive has no body of its own; a timeline has consumed its due entry by now.
      node.needsBody = false
    }
    // Children not visited in this update are gone (an `if` flipped, an element left).
    if node.childOrder.count != node.children.count {
      let stamp = node.childStamp
      var gone: [ViewNode] = []
      node.children.removeAll { c in
        if c.stamp == stamp { return false }
        gone.append(c)
        return true
      }
      for c in gone {
        keepLeaving(c, in: node, ctx)
        teardown(c, runActions: true)
      }
    }
    if node.insertionPending || node.insertion != nil || !node.leaving.isEmpty { out = transitions(node, out, ctx) }
    if animatesLayout { keepDrawnFrame(node) }
    node.updatedIn = frameNumber
    node.updatedUnderAnimation = ctx.transaction != nil
    // A node that stands for its one child's view (a body, `.font`, `.onKeyPress`) is that
    // view where the geometry walk places it: it takes the child's `.animation` scope, and
    // counts as updated under an animation when the child was.
    if animatesLayout, out.count == 1, node.children.count == 1, let c = node.children.values.first,
      c.updatedIn == frameNumber, c.output.first === out[0]
    {
      if c.scopedAnimationIn == frameNumber {
        node.scopedAnimation = c.scopedAnimation
        node.scopedAnimationIn = frameNumber
      }
      if c.updatedUnderAnimation { node.updatedUnderAnimation = true }
    }
    node.env = ctx.env
    node.needsRefresh = false
    node.descendantDirty = false
    node.output = out
    return out
  }

  func updateComposite<V: View>(_ node: ViewNode, _ view: V, _ ctx: UpdateContext, envSame: Bool) -> [RNode] {
    let first = node.evaluations == 0
    var selfChanged = false
    if !first && !ctx.sameValue, let old = node.view, !comparators.equal(old, view) { selfChanged = true }
    let environmentChanged = node.readsEnvironment && !envSame
    guard first || selfChanged || node.needsBody || environmentChanged else {
      // Nothing this view depends on changed: keep its body and visit only what below is
      // dirty (or sees a new environment).
      guard let revisit = node.revisit else { return [] }
      if ctx.sameValue { return revisit(node, ctx) }
      var c = ctx
      c.sameValue = true
      return revisit(node, c)
    }
    var c = ctx
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
    if let pending = node.pendingTransaction {
      c.transaction = pending
      node.pendingTransaction = nil
      armLayoutAnimation(pending)
      if pending != nil { node.animatedBodyIn = frameNumber }
    }
    let body = observingBody(of: current, at: node)
    node.revisit = { n, rc in rc.runtime.child(n, ChildKey(0), body, rc) }
    c.sameValue = false
    return child(node, ChildKey(0), body, c)
  }

  /// Runs the view's body with observation tracking: a change to any `@Observable` property
  /// the body read, on any thread, asks for this node's body to run again (once; the next
  /// evaluation tracks afresh). Only the body itself is tracked: its child views track their
  /// own bodies, so a change re-runs exactly the views that read the property.
  func observingBody<V: View>(of view: V, at node: ViewNode) -> V.Body {
    let ref = node.ref
    let inbox = self.inbox
    // Tracked as a `Void` closure: Observation's function is generic over what it returns, and
    // called with a body type it looks that type's metadata up again on every evaluation.
    var body: V.Body?
    withObservationTracking {
      body = view.body
    } onChange: {
      inbox.invalidate(ref)
    }
    return body!
  }

  /// Connects the view's `@State` properties to the node's storage and its `@Environment`
  /// properties to the environment it is given, as SwiftUI does before it runs a body.
  func bindDynamicProperties<V: View>(_ view: V, to node: ViewNode, env: EnvironmentValues) {
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
        case .object(let load, let readsEnvironment):
          load(base + field.offset).bind(to: node, name: field.name, env: env, runtime: self)
          if readsEnvironment { node.readsEnvironment = true }
        }
      }
    }
  }

  func changeLine(_ node: ViewNode, first: Bool, selfChanged: Bool) -> String {
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
    animated(node, slot, target, transaction: ctx.transaction)
  }

  /// `animated(_:_:_:_:)` with only the context's transaction, which is all it reads.
  func animated(_ node: ViewNode, _ slot: Int, _ target: Double, transaction: Animation?) -> Double {
    if slot >= node.anims.count {
      node.anims.append(AnimatedValue(target))
      return target
    }
    if node.anims[slot].target != target {
      node.anims[slot].animate(to: target, with: transaction, at: input.time)
    }
    let v = node.anims[slot].value(at: input.time)
    if node.anims.contains(where: { $0.isAnimating(at: input.time) }) {
      animatingNodes[node.serial] = node
    } else if !animatingNodes.isEmpty {
      // With nothing animating anywhere (most frames), there is nothing to remove: no hashing.
      animatingNodes[node.serial] = nil
    }
    return v
  }

  /// Removes a node and everything under it: its state goes, its timelines stop, and its
  /// `onDisappear` actions run after the pass.
  func teardown(_ node: ViewNode, runActions: Bool) {
    if let key = node.matchedKey { noteDeparture(of: node, as: key) }
    for c in node.children.values { teardown(c, runActions: runActions) }
    if runActions, let action = node.onDisappear { enqueue("onDisappear", action) }
    timelineNodes[node.serial] = nil
    animatingNodes[node.serial] = nil
    geometryNodes[node.serial] = nil
    transitionNodes[node.serial] = nil
    routes.remove(node)
    for box in node.states { box.node = nil }
    leavingCount -= node.leaving.count
    node.leaving.removeAll()
    for resource in node.resources { resource.end() }
    node.resources.removeAll()
    for slot in node.objects.values { slot.subscription = nil }
    node.objects.removeAll()
    node.isRemoved = true
    node.forgetWalk()
    node.children.removeAll()
    // Children hold their parent strongly; this is where the cycle breaks.
    node.parent = nil
  }
}

/// An action queued to run after an update pass.
struct PendingAction {
  /// What the action is, for warnings: `onChange(of: Date)`, `onAppear`.
  var description: String
  /// The `onChange` modifier node it belongs to; nil for other actions.
  var source: UInt64?
  var run: () -> Void
  /// Whether the action says a view came or went (`onAppear`, `onDisappear`).
  var isAppearance: Bool { description == "onAppear" || description == "onDisappear" }
}
