// Transitions in the runtime: which node a view's transition belongs to, when an insertion
// or a removal animates, and where a removed view is drawn while it leaves.
import Motion

/// A view type whose one child is the view it stands for, so a trait set inside it (a
/// transition) belongs to it: a modified view, a type-erased one. Views with a body are such
/// too (`ViewNode.isComposite`).
protocol PassesTraitsUp {}
extension _ModifiedView: PassesTraitsUp {}
extension AnyView: PassesTraitsUp {}

/// A view type that is a list of views rather than one (an `if`, an optional, a block, a
/// `ForEach`, a `Group`): the views in it come and go with their own transitions.
protocol ViewList {}
extension _ConditionalContent: ViewList {}
extension Optional: ViewList where Wrapped: View {}
extension TupleView: ViewList {}
extension ForEach: ViewList {}
extension Group: ViewList {}

/// A child removed under an animation, still drawn while its transition runs.
struct LeavingView {
  /// Its output when it was removed, laid out where it was last drawn.
  let content: [RNode]
  /// The removal's active state.
  let steps: [TransitionStep]
  /// From 0 (as it was) to 1 (gone).
  var progress: AnimatedValue<Double>
  /// Where the stack that held it was when it was removed (`TransitionEffect.anchor`).
  let anchor: Point?
  /// For a matched view, where it flies (`MatchedFlight`).
  let flight: MatchedFlight?
  /// The matched views inside it (a card's picture in a removed stack), each with its flight:
  /// they fly while the rest of the view stays and fades.
  var nested: [(node: RNode, flight: MatchedFlight)] = []
}

extension SceneRuntime {
  /// Gives `transition` to the view that comes and goes with `node`: the outermost of the
  /// modifiers and bodies made together with it, as SwiftUI's transition trait rises through
  /// modifiers to the view a container inserts or removes.
  func setTransition(_ transition: AnyTransition, at node: ViewNode) {
    var n = node
    while let p = n.parent, p.createdFrame == node.createdFrame, p.isComposite || p.type is any PassesTraitsUp.Type {
      n = p
    }
    n.transition = transition
  }

  /// Keeps `child`, removed from `parent` in this update, drawn while its removal transition
  /// runs, when the change animates.
  func keepLeaving(_ child: ViewNode, in parent: ViewNode, _ ctx: UpdateContext) {
    if child.type is any ViewList.Type {
      for view in child.children.values { keepLeaving(view, in: parent, ctx) }
      return
    }
    let transition = child.transition ?? .opacity
    // Nothing to see leave: an empty view or a spacer goes at once.
    guard let animation = transition.removalAnimation ?? ctx.transaction, !transition.removal.isEmpty,
      child.output.contains(where: { !$0.isEmptyOrSpacer })
    else { return }
    var progress = AnimatedValue(0.0)
    progress.animate(to: 1, with: animation, at: input.time)
    guard progress.isAnimating(at: input.time) else { return }
    let flight = matchedFlight(of: child)
    parent.leaving.append(
      LeavingView(
        content: child.output, steps: transition.removal, progress: progress,
        anchor: stackOrigin(above: parent, skipping: child), flight: flight,
        nested: flight == nil ? nestedFlights(in: child) : []))
    leavingCount += 1
  }

  /// Draws the matched views inside leaving `view` where their flights are at `progress`
  /// (again once the geometry walk knows how far the views above are moved this frame).
  func presentNested(_ view: LeavingView, at progress: Double) {
    for (r, flight) in view.nested {
      guard let m = flight.transform(at: progress) else { continue }
      // Listed once until lowering puts it back, however many undrawn frames come first.
      if r.presentedTransform == nil { offsetNodes.append(r) }
      r.presentedTransform = m
      flightsInLeavingViews = true
    }
  }

  /// The flights of the matched views inside `node`'s subtree (outermost ones), registered for
  /// the views with their ids that come in.
  private func nestedFlights(in node: ViewNode) -> [(node: RNode, flight: MatchedFlight)] {
    var found: [(node: RNode, flight: MatchedFlight)] = []
    func visit(_ n: ViewNode) {
      if let key = n.matchedKey {
        guard n.output.count == 1, let frame = drawnFrame(n, n.output[0]) else { return }
        let flight = MatchedFlight(from: frame, laidOut: n.output[0].frame)
        departingFlights[key] = flight
        found.append((n.output[0], flight))
        return
      }
      for c in n.children.values { visit(c) }
    }
    visit(node)
    return found
  }

  /// The flight of the matched view that `child` is, through its modifiers, if it is one.
  private func matchedFlight(of child: ViewNode) -> MatchedFlight? {
    var n: ViewNode? = child
    while let m = n {
      if let key = m.matchedKey {
        guard m.output.count == 1, let frame = drawnFrame(m, m.output[0]) else { return nil }
        let flight = MatchedFlight(from: frame, laidOut: m.output[0].frame)
        departingFlights[key] = flight
        return flight
      }
      n = m.children.count == 1 ? m.children.values.first : nil
    }
    return nil
  }

  /// Where the nearest stack holding `node`'s views was laid out last, when it is a horizontal
  /// or vertical one (which draws its leaving views itself, `LeavingViews`).
  private func stackOrigin(above node: ViewNode, skipping child: ViewNode) -> Point? {
    var n: ViewNode? = node
    while let m = n {
      // A node that passed the removed view's own node on (an `if`) is not a stack around it.
      if m.output.count == 1, m.output[0] !== child.output.first {
        let r = m.output[0]
        switch r.kind {
        case .stack(let axis, _, _, _): return axis == .depth || !r.placed ? nil : r.frame.origin
        case .modified(let modifier, _) where modifier is LeavingViews: return r.placed ? r.frame.origin : nil
        default: break
        }
      }
      n = m.parent
    }
    return nil
  }

  /// `out`, the output of `node`, with its insertion's transition over it and the children
  /// leaving it after it; the node updates each frame while either runs.
  func transitions(_ node: ViewNode, _ out: [RNode], _ ctx: UpdateContext) -> [RNode] {
    let now = input.time
    var out = out
    if node.insertionPending {
      node.insertionPending = false
      let transition = node.transition ?? .opacity
      if let animation = transition.insertionAnimation ?? ctx.transaction, !transition.insertion.isEmpty {
        var progress = AnimatedValue(1.0)
        progress.animate(to: 0, with: animation, at: now)
        node.insertion = progress
      }
    }
    var running = false
    if let insertion = node.insertion {
      if insertion.isAnimating(at: now) {
        let effect = TransitionEffect(
          steps: (node.transition ?? .opacity).insertion, progress: insertion.value(at: now), leaving: false)
        // A spacer draws nothing and is a stack's to stretch: it stays as it is.
        out = out.map { $0.isEmptyOrSpacer ? $0 : RNode(passingOn: effect, $0) }
        running = true
      } else {
        node.insertion = nil
      }
    }
    if !node.leaving.isEmpty {
      let before = node.leaving.count
      node.leaving.removeAll { !$0.progress.isAnimating(at: now) }
      leavingCount -= before - node.leaving.count
      for view in node.leaving {
        let progress = view.progress.value(at: now)
        let effect = TransitionEffect(
          steps: view.steps, progress: progress, leaving: true, anchor: view.anchor, flight: view.flight)
        out.append(RNode(leaving: effect, single(view.content)))
        // A matched view inside flies within it: drawn away from where it was laid out for
        // this frame, as a view whose frame animates is (`restoreLaidOutFrames` puts it back).
        presentNested(view, at: progress)
      }
      running = running || !node.leaving.isEmpty
    }
    transitionNodes[node.serial] = running ? node : nil
    return out
  }

  /// `kids` split into those a stack lays out and those leaving it.
  func splitLeaving(_ kids: [RNode]) -> (laidOut: [RNode], leaving: [RNode]) {
    guard leavingCount > 0, kids.contains(where: \.isLeaving) else { return (kids, []) }
    return (kids.filter { !$0.isLeaving }, kids.filter(\.isLeaving))
  }
}

extension RNode {
  /// This stack node with `leaving` views drawn over it, or the node itself when none are.
  func drawing(_ leaving: [RNode]) -> RNode {
    leaving.isEmpty ? self : RNode(passingOn: LeavingViews(leaving: leaving), self)
  }
}
