// Lowering of a subtree seen in perspective: drawn as plain triangles, then every vertex moved
// by the projective map (`rotation3DEffect`, a `GeometryEffect` with a perspective row).
import Graphics

extension Lowerer {
  /// Lowers `child` under `t`, then moves what it drew by `m`, a map in the coordinates `t`
  /// takes to pixels (the node's own).
  ///
  /// The child is drawn aside as triangles alone: a disc, rounded rectangle or ramp that a
  /// renderer shades from its rectangle would lose its shape once its corners moved apart,
  /// and an opaque interior would no longer be a rectangle. What is culled against (and what
  /// bounds a layer's pixels) is the part of the plane the map takes onto the target, when all
  /// of the target comes from in front of the eye; otherwise nothing is culled. Fragments are
  /// neither kept nor replayed inside, since they belong to the unmapped drawing.
  mutating func lowerProjected(_ child: RNode, _ m: Homography, _ t: Transform2D, _ opacity: Double) {
    let det = t.a * t.d - t.b * t.c
    guard det != 0, det.isFinite else { return }
    let toPixels = Homography(t)
    let h = Homography(t.inverted()).concatenating(m).concatenating(toPixels)
    var aside = DrawList()
    (aside.antiAliased, aside.fringeWidth, aside.circleMaxError, aside.tessellation) = (
      list.antiAliased, list.fringeWidth, list.circleMaxError, list.tessellation
    )
    aside.analyticDiscs = false
    aside.analyticRoundedRects = false
    aside.ditheredRamps = false
    aside.recordsOpaqueInteriors = false
    aside.targetBounds = list.targetBounds.flatMap { DrawList.preimage(of: $0, under: h) }
    let keeps = keepsFragments
    keepsFragments = false
    swap(&aside, &list)
    lower(child, t, opacity)
    swap(&aside, &list)
    keepsFragments = keeps
    list.appendProjected(aside, through: h)
  }
}
