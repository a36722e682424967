// Animated layout: under an animated change, views move and resize from where they were drawn
// to where layout puts them, as SwiftUI animates the geometry of every view in the change's
// transaction. A view's move is drawn as a translation of its subtree relative to its parent's
// (so what it holds, a ring or a clip, goes with it); a drawn view (a shape, a text, an image)
// also takes its size in flight.
import Graphics
import Motion

/// A frame as an animatable vector: its origin, then its size.
typealias AnimatableFrame = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>

extension Rect {
  var animatable: AnimatableFrame { AnimatablePair(AnimatablePair(minX, minY), AnimatablePair(width, height)) }
  init(_ v: AnimatableFrame) {
    self.init(x: v.first.first, y: v.first.second, width: max(0, v.second.first), height: max(0, v.second.second))
  }
  /// The rectangle moved by `d`.
  func moved(by d: Point) -> Rect { Rect(x: minX + d.x, y: minY + d.y, width: width, height: height) }
}

extension SceneRuntime {
  /// Notes that this frame's update made a change under `animation`: layout that moves follows
  /// it (the first such animation of the frame).
  func armLayoutAnimation(_ animation: Animation?) {
    if layoutAnimation == nil, let animation { layoutAnimation = animation }
  }

  /// Notes that an `.animation` modifier at `node` animates this frame's changes inside it:
  /// layout that moves views inside it follows `animation`, and only there, as SwiftUI scopes
  /// the modifier to the view it modifies. A nil `animation` is a scope too: what moves inside
  /// moves at once, even under an enclosing `withAnimation`, as SwiftUI's
  /// `.animation(nil, value:)` takes the animation out of the transaction.
  func armLayoutAnimation(_ animation: Animation?, inside node: ViewNode) {
    node.scopedAnimation = animation
    node.scopedAnimationIn = frameNumber
    if animation != nil { scopedLayoutAnimations = true }
    // The geometry walks go down to it (`walksBelow`).
    var n: ViewNode? = node
    while let m = n, m.scopeBelowIn != frameNumber {
      m.scopeBelowIn = frameNumber
      n = m.parent
    }
  }

  /// Marks the views in flight at the last walk, and what holds them, for this frame's walks.
  private func markFlights() {
    for node in geometryNodes.values {
      var n: ViewNode? = node
      while let m = n, m.flightBelowIn != frameNumber {
        m.flightBelowIn = frameNumber
        n = m.parent
      }
    }
  }

  /// Whether this frame's geometry walks visit `child` and what it holds, outside any
  /// `.animation` scope and without a frame-wide `withAnimation`: only when an armed scope or
  /// a view in flight is at or below it. Elsewhere nothing can start or carry a flight (no
  /// animation applies, and nothing above moves it), so what the walk would note is where
  /// layout put each view, which is also what `drawnFrame` answers for a view the last walk
  /// did not reach.
  private func walksBelow(_ child: ViewNode) -> Bool {
    child.scopeBelowIn == frameNumber || child.flightBelowIn == frameNumber
  }

  /// Whether this frame has an animated change that layout may follow.
  var animatesLayout: Bool { layoutAnimation != nil || scopedLayoutAnimations }

  /// Where `r`, the node's resolved view, was drawn in the last frame: where the last walk
  /// drew it when that frame had one, else where layout put it.
  func drawnFrame(_ node: ViewNode, _ r: RNode) -> Rect? {
    if lastGeometryWalk >= 0, node.lastDrawnIn == lastGeometryWalk, lastGeometryWalk == lastLaidOutFrame {
      return node.lastDrawn
    }
    return r.placed && !r.isEmptyOrSpacer ? r.frame : nil
  }

  /// Keeps where a matched view that is going was drawn, for a view with its id that comes
  /// in this frame (`.matchedGeometryEffect`).
  func noteDeparture(of node: ViewNode, as key: MatchedKey) {
    guard node.output.count == 1, let frame = drawnFrame(node, node.output[0]) else { return }
    departedMatches[key] = frame
  }

  /// Before layout in a frame with an animated change: where each view was drawn last, for the
  /// views whose resolved node is still last frame's (the others kept theirs as their update
  /// replaced it, `keepDrawnFrame`).
  func noteDrawnFrames() {
    guard animatesLayout, let root else { return }
    markFlights()
    let everywhere = layoutAnimation != nil
    func visit(_ node: ViewNode, _ inScope: Bool) {
      geometryWalkVisits += 1
      if node.output.count == 1, node.drawnFrameNoted != frameNumber {
        node.drawnFrame = drawnFrame(node, node.output[0])
        node.drawnFrameNoted = frameNumber
      }
      let inScope = inScope || node.scopedAnimationIn == frameNumber
      // What a view in flight holds is carried with it.
      let all = everywhere || inScope || geometryNodes[node.serial] != nil
      for c in node.children.values where all || walksBelow(c) { visit(c, inScope) }
    }
    visit(root, false)
  }

  /// In `update`, before a node's output is replaced in a frame with an animated change: where
  /// the old one was drawn.
  func keepDrawnFrame(_ node: ViewNode) {
    guard node.drawnFrameNoted != frameNumber, node.output.count == 1 else { return }
    node.drawnFrame = drawnFrame(node, node.output[0])
    node.drawnFrameNoted = frameNumber
  }

  /// After layout: starts the views that moved under this frame's animation moving (those it
  /// updated, and those it did not update that layout moved; not those a change without an
  /// animation updated, as a timeline's), and draws every view in flight where its animation
  /// is at this frame's time.
  func animateGeometry() {
    guard animatesLayout || !geometryNodes.isEmpty, let root else { return }
    let everywhere = layoutAnimation != nil
    // A node the walk no longer reaches as a view of its own (its siblings left, and its
    // parent now stands for it) ends its flight.
    let before = geometryNodes
    /// `above`: the resolved view of the nearest node above with one; `moved`: how far the
    /// views above are drawn from where layout put them; `restarted`: whether one of them
    /// started or turned a flight in this frame; `scope`: the animation of the innermost
    /// `.animation` modifier above that armed one (`.some(nil)`: one that armed none), or nil;
    /// `settling`: whether a view at or above was in flight at the last walk, so that what it
    /// carried then (a leaving view's offset too) is carried on or set down in this one.
    func visit(
      _ node: ViewNode, _ above: RNode?, _ moved: Point, _ restarted: Bool, _ scope: Animation??, _ settling: Bool
    ) {
      geometryWalkVisits += 1
      var above = above
      var moved = moved
      var restarted = restarted
      var scope = scope
      if node.scopedAnimationIn == frameNumber { scope = .some(node.scopedAnimation) }
      if node.output.count == 1 {
        let r = node.output[0]
        // Of a chain of nodes that stand for one resolved view (a body), the outermost.
        // Leaving views stay where they were drawn (`LeavingViews`).
        if r !== above, !r.isEmptyOrSpacer, !r.isLeaving {
          // The same resolved view as at the last walk, laid out where it was drawn in the last
          // frame, with nothing in flight at or above it then or now: a resolved view that is
          // reused holds the same views below, placed as before, so none of them moves or flies.
          // Drawn in the last frame where layout puts it now: as noted before this layout, or,
          // when every layout since was walked, as the last walk found it (a frame without a
          // walk may have moved it, by a change without an animation, and back).
          let drawnHere =
            node.drawnFrameNoted == frameNumber
            ? node.drawnFrame == r.frame
            : node.walkedFrame == r.frame && lastGeometryWalk >= 0 && lastGeometryWalk == lastLaidOutFrame
          if moved == .zero, node.walkedStill, node.walkedOutput === r, node.flightBelowIn != frameNumber, drawnHere {
            // Where this walk found it, for a later frame's check without a note.
            node.walkedFrame = r.frame
            return
          }
          let target = r.frame
          let still = moved == .zero
          // At rest where layout put it at the last walk and now, under views whose flights
          // only went on since: how far they carried it since is theirs, not a move of its own
          // to start a flight for (as a frame in which something else animates would).
          let carried =
            !restarted && node.geometry == nil && node.walkedFrame == target && lastGeometryWalk >= 0
            && node.lastDrawnIn == lastGeometryWalk && lastGeometryWalk == lastLaidOutFrame
          let started: Bool
          (moved, started) = place(node, r, moved, carried: carried, animation: scope ?? layoutAnimation)
          restarted = restarted || started
          node.walkedOutput = r
          node.walkedFrame = target
          node.walkedStill = still && moved == .zero && node.geometry == nil
        } else {
          node.forgetWalk()
        }
        above = r
      } else {
        // Not placed as a view of its own: what it held when it was is no guide later.
        node.forgetWalk()
      }
      for view in node.leaving {
        view.flight?.moved = moved
        guard !view.nested.isEmpty else { continue }
        for (_, flight) in view.nested { flight.moved = moved }
        presentNested(view, at: view.progress.value(at: input.time))
      }
      // What a view in flight holds (or held at the last walk) is carried with it, or set down.
      let settling = settling || before[node.serial] != nil
      let all = everywhere || scope != nil || moved != .zero || node.geometry != nil || settling
      for c in node.children.values where all || walksBelow(c) { visit(c, above, moved, restarted, scope, settling) }
    }
    // The views in flight at the last walk, and what holds them, are walked again.
    markFlights()
    geometryNodes.removeAll(keepingCapacity: true)
    visit(root, nil, .zero, false, nil, false)
    for (serial, node) in before where geometryNodes[serial] == nil { node.geometry = nil }
    lastGeometryWalk = frameNumber
  }

  /// Animates the frame of `node`'s resolved view `r`, drawn `moved` from its layout by the
  /// views above (`carried`: only as they carried it since the last frame); returns how far
  /// its subtree is drawn from its layout, and whether it started or turned a flight.
  private func place(_ node: ViewNode, _ r: RNode, _ moved: Point, carried: Bool, animation: Animation?) -> (
    Point, Bool
  ) {
    let now = input.time
    let target = r.frame
    defer {
      node.drawnFrame = nil
      node.lastDrawnIn = frameNumber
    }
    var started = false
    // A view coming in where a matched one went starts from that one's frame.
    // (A frame noted in an earlier frame, for a view a walk did not reach then, is not this one's.)
    let noted = node.drawnFrameNoted == frameNumber ? node.drawnFrame : nil
    let matched = noted == nil ? node.matchedKey.flatMap { departedMatches[$0] } : nil
    // A view already flying to where layout puts it keeps its flight: another change in the
    // frame (a timeline's bar animating every frame) does not restart it with its animation.
    if let animation, node.drawnFrameNoted == frameNumber || matched != nil,
      let from = noted ?? matched,
      from != target.moved(by: moved),
      !carried,
      node.geometry?.target != target.animatable,
      node.updatedIn != frameNumber || node.updatedUnderAnimation || node.animatedBodyIn == frameNumber,
      !movedByAnimatedValues(node)
    {
      if matched != nil, let key = node.matchedKey { departingFlights[key]?.to = target }
      var g = node.geometry ?? AnimatedValue(from.animatable)
      g.animate(to: target.animatable, with: animation, at: now)
      node.geometry = g
      started = true
    } else if var g = node.geometry, g.target != target.animatable {
      if animation == nil, !movedByAnimatedValues(node) {
        // Laid out elsewhere by a change that does not animate (a timeline's, above it in a
        // stack) while it flies: it moves there at once and its flight goes on from there, as
        // SwiftUI adds an animation in flight to the view's new place.
        g.move(to: target.animatable)
        node.geometry = g
      } else {
        // Already drawn where layout puts it, or moved by values animating its frame: there.
        node.geometry = nil
      }
    }
    guard let g = node.geometry, g.isAnimating(at: now) else {
      node.geometry = nil
      geometryNodes[node.serial] = nil
      node.lastDrawn = target.moved(by: moved)
      return (moved, started)
    }
    geometryNodes[node.serial] = node
    let shown = Rect(g.value(at: now))
    node.lastDrawn = shown
    let offset = Point(x: shown.minX - target.minX - moved.x, y: shown.minY - target.minY - moved.y)
    var presented = Transform2D.translation(offset.x, offset.y)
    if shown.size != target.size {
      if !r.hasChildren {
        presentedFrames.append((r, target))
        r.frame = Rect(origin: target.origin, size: shown.size)
      } else if node.matchedKey != nil, target.width > 0, target.height > 0 {
        // A matched view's content, laid out at its own size, is drawn at the size in flight:
        // what it holds has no frames of its own to animate from.
        let scale = Transform2D.about(
          .topLeading, of: target, .scale(shown.width / target.width, shown.height / target.height))
        presented = scale.concatenating(presented)
      }
    }
    if presented != .identity {
      r.presentedTransform = presented
      offsetNodes.append(r)
    }
    return (Point(x: moved.x + offset.x, y: moved.y + offset.y), started)
  }

  /// Whether a modifier of the view (up to the container that holds it) has animatable values
  /// in flight: a `.frame` or `.offset` animating moves it already, frame by frame.
  ///
  /// The walk visits the outermost of the nodes that stand for one resolved view, so those
  /// inside it count too: a `.frame` animating inside an `.animation(_:value:)` is one of
  /// them (the timer's bars, which otherwise also flew, off their common bottom).
  private func movedByAnimatedValues(_ node: ViewNode) -> Bool {
    let now = input.time
    func animating(_ m: ViewNode) -> Bool {
      m.anims.contains(where: { $0.isAnimating(at: now) }) || m.animatedData?.isAnimating(at: now) == true
    }
    if node.output.count == 1 {
      let r = node.output[0]
      var m = node
      while m.children.count == 1, let c = m.children.values.first, c.output.count == 1, c.output[0] === r {
        if animating(c) { return true }
        m = c
      }
    }
    var n: ViewNode? = node
    while let m = n, m.children.count <= 1 {
      if animating(m) { return true }
      n = m.parent
    }
    return false
  }

  /// Marks the resolved nodes above every view in flight, and its own, as drawing a flight
  /// in the drawn frame `lowering` (`RNode.flightBelowIn`).
  ///
  /// One flight anywhere used to stop every fragment in the window from being kept or
  /// replayed: in the overview the timer's bars are always in flight, so all fifteen cells
  /// were lowered afresh every frame. Only the path from a flight to the root is.
  func markFlightsAbove(lowering: Int) {
    for node in geometryNodes.values {
      var n: ViewNode? = node
      while let v = n {
        // A node of one resolved view holds the flight in it. A list of views (a tuple, a
        // `ForEach`) passes on its children's, the flight's own among them, marked below, and
        // its siblings, which stay free to be replayed.
        if v.output.count == 1 {
          let r = v.output[0]
          // A path already marked from another flight is marked up to the root.
          if r.flightBelowIn == lowering { break }
          r.flightBelowIn = lowering
        }
        n = v.parent
      }
    }
  }

  /// After lowering: the views drawn elsewhere for this frame go back to where layout put
  /// them, where a parent placed again as it was expects them.
  func restoreLaidOutFrames() {
    for (node, frame) in presentedFrames { node.frame = frame }
    presentedFrames.removeAll(keepingCapacity: true)
    for node in offsetNodes { node.presentedTransform = nil }
    offsetNodes.removeAll(keepingCapacity: true)
    flightsInLeavingViews = false
    lastLaidOutFrame = frameNumber
  }
}
