// Animated layout: under an animated change, a view's frame moves and resizes from where it
// was drawn to where layout puts it, as SwiftUI animates every view's geometry in the change's
// transaction. Each view that draws (a shape, a text, an image) animates its own frame.
import Graphics
import Motion

/// A frame as an animatable vector: its origin, then its size.
typealias AnimatableFrame = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>

extension Rect {
  var animatable: AnimatableFrame { AnimatablePair(AnimatablePair(minX, minY), AnimatablePair(width, height)) }
  init(_ v: AnimatableFrame) {
    self.init(x: v.first.first, y: v.first.second, width: max(0, v.second.first), height: max(0, v.second.second))
  }
}

extension SceneRuntime {
  /// Notes that this frame's update made a change under `animation`: layout that moves follows
  /// it (the first such animation of the frame).
  func armLayoutAnimation(_ animation: Animation?) {
    if layoutAnimation == nil, let animation { layoutAnimation = animation }
  }

  /// The node's drawn view, where the node draws exactly one thing. Of a chain of nodes that
  /// stand for one drawn view (a body, a `fill` around a shape), the walks take the outermost.
  private func drawnNode(_ node: ViewNode) -> RNode? {
    guard node.output.count == 1 else { return nil }
    let r = node.output[0]
    return r.hasChildren || r.isEmptyOrSpacer ? nil : r
  }

  /// Where the node's drawn view was drawn, if it has been laid out.
  private func placedFrame(_ node: ViewNode) -> Rect? {
    guard let r = drawnNode(node), r.placed else { return nil }
    return r.frame
  }

  /// Before layout in a frame with an animated change: where each view that draws was drawn
  /// last, for the views whose resolved node is still last frame's (the others kept theirs as
  /// their update replaced it, `keepDrawnFrame`).
  func noteDrawnFrames() {
    guard layoutAnimation != nil, let root else { return }
    func visit(_ node: ViewNode) {
      if drawnNode(node) != nil {
        if node.drawnFrameNoted != frameNumber, let frame = placedFrame(node) {
          node.drawnFrame = frame
          node.drawnFrameNoted = frameNumber
        }
      } else {
        for c in node.children.values { visit(c) }
      }
    }
    visit(root)
  }

  /// In `update`, before a drawing node's output is replaced in a frame with an animated change:
  /// where the old one was drawn.
  func keepDrawnFrame(_ node: ViewNode) {
    guard node.drawnFrameNoted != frameNumber, let frame = placedFrame(node) else { return }
    node.drawnFrame = frame
    node.drawnFrameNoted = frameNumber
  }

  /// After layout: starts the frames that moved under this frame's animation moving (those of
  /// views it updated, and of views it did not update that layout moved; not those a change
  /// without an animation updated, as a timeline's), and puts
  /// every view whose frame is in flight where its animation is at this frame's time.
  func animateGeometry() {
    guard layoutAnimation != nil || !geometryNodes.isEmpty else { return }
    if layoutAnimation != nil, let root {
      func visit(_ node: ViewNode) {
        if drawnNode(node) != nil { animateFrame(of: node) } else { for c in node.children.values { visit(c) } }
      }
      visit(root)
    } else {
      for node in Array(geometryNodes.values) { animateFrame(of: node) }
    }
  }

  /// Whether a modifier of the drawn view (up to the container that holds it) has animatable
  /// values in flight: a `.frame` or `.offset` animating moves it already, frame by frame.
  private func sizedByAnimatedValues(_ node: ViewNode) -> Bool {
    let now = input.time
    var n: ViewNode? = node
    while let m = n, m.children.count <= 1 {
      if m.anims.contains(where: { $0.isAnimating(at: now) }) || m.animatedData?.isAnimating(at: now) == true {
        return true
      }
      n = m.parent
    }
    return false
  }

  /// After lowering: the drawn views moved for this frame go back to where layout put them,
  /// where a parent that is placed again as it was expects them.
  func restoreLaidOutFrames() {
    for (node, frame) in presentedFrames { node.frame = frame }
    presentedFrames.removeAll(keepingCapacity: true)
  }

  private func animateFrame(of node: ViewNode) {
    let now = input.time
    defer { node.drawnFrame = nil }
    guard let r = drawnNode(node) else {
      node.geometry = nil
      geometryNodes[node.serial] = nil
      return
    }
    let target = r.frame.animatable
    if let animation = layoutAnimation, node.drawnFrameNoted == frameNumber, let from = node.drawnFrame,
      from != r.frame, node.updatedIn != frameNumber || node.updatedUnderAnimation, !sizedByAnimatedValues(node)
    {
      var g = node.geometry ?? AnimatedValue(from.animatable)
      if g.target != target { g.animate(to: target, with: animation, at: now) }
      node.geometry = g
    } else if let g = node.geometry, g.target != target {
      // Laid out elsewhere by a change that does not animate: there at once.
      node.geometry = nil
    }
    if let g = node.geometry, g.isAnimating(at: now) {
      presentedFrames.append((r, r.frame))
      r.frame = Rect(g.value(at: now))
      geometryNodes[node.serial] = node
    } else {
      node.geometry = nil
      geometryNodes[node.serial] = nil
    }
  }
}
