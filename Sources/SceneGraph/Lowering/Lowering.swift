// Lowering of the resolved tree: the walk over it, and the fragments a subtree that is drawn
// the same again is replayed from. What each kind of node lowers to is in the other files here.
import FoundationEssentials
import Graphics
import Raster

/// Where and how a subtree was lowered; its fragment is replayed only under the same.
struct FragmentKey: Equatable {
  var transform: Transform2D
  var opacity: Double
  /// The node's frame, which decides where its children were placed.
  var frame: Rect
  var clip: Rect?
  /// The text engine's glyph epoch: glyph quads hold atlas coordinates.
  var textEpoch: Int
  /// Changes when the draw list's tessellation or bounds do.
  var settings: Int
}

/// A cache the lowering draws from, named so a replayed fragment keeps its entry alive.
enum FragmentResource {
  case mesh(UInt64)
  case gradient(GradientKey)
  case scaledImage(ScaledImageKey)
  /// A `CanvasContext` canvas's draw memo, kept while the canvas is replayed.
  case canvasMemo(CanvasPlacement)
}

/// A resolved subtree's part of the draw list, with everything else its lowering produced.
final class LoweredFragment {
  let key: FragmentKey
  let draw: DrawFragment
  let items: [DrawnItem]
  let images: [(ImageID, ImageBuffer)]
  let resources: [FragmentResource]

  init(
    key: FragmentKey, draw: DrawFragment, items: [DrawnItem], images: [(ImageID, ImageBuffer)],
    resources: [FragmentResource]
  ) {
    self.key = key
    self.draw = draw
    self.items = items
    self.images = images
    self.resources = resources
  }
}

/// Turns a laid-out resolved tree into draw-list triangles, in pixels.
///
/// Resolved nodes are immutable and reused while their views do not change, so a node lowered
/// in two frames running keeps what it lowered to (`LoweredFragment`), and later frames append
/// that again instead of tessellating, as long as its transform, opacity, frame, clip and the
/// glyph atlas are the same. A `Canvas` is kept like any other node: as in SwiftUI, its
/// renderer runs again when its view updates (a new closure is a new node), not on every frame
/// that something else draws.
struct Lowerer {
  let textEngine: TextEngine
  var list: DrawList
  /// This drawn frame's number, counting only frames that were lowered.
  var lowering = 1
  /// See `FragmentKey.settings`.
  var settings = 0
  /// Whether subtrees are kept and replayed as fragments.
  var keepsFragments = true
  /// The fewest vertices worth keeping a fragment for; below it, replay costs what it saves.
  static let minimumFragmentVertices = 8
  /// How many frames a node that moved (or drew too little) is drawn afresh before it is
  /// kept again: a node that moves every frame is recorded once in this many, and one that
  /// moved once (a resize, a scroll) is kept again soon after.
  static let restingFrames = 30
  /// What the fragment being recorded needs besides its draw-list stretch.
  private struct Recording {
    var images: [(ImageID, ImageBuffer)] = []
    var resources: [FragmentResource] = []
    var uncacheable = false
    /// Nodes replayed inside it, whose own fragments the new one makes redundant.
    var replayed: [RNode] = []
  }
  private var recording: Recording?
  /// How many unsettled nodes (`RNode.unsettledUntil`) enclose the node being lowered.
  private var moving = 0
  /// Fragments replayed and recorded this frame.
  var fragmentsReplayed = 0
  var fragmentsRecorded = 0
  /// `CanvasContext` calls appended from their last lowering this frame.
  var canvasCallsReplayed = 0
  /// What the lowering renders once and reuses, shared with the runtime across frames.
  let caches: LoweringCaches
  var items: [DrawnItem] = []
  /// Curves are flattened to within this many pixels of the true outline; half a pixel is
  /// below what SDL's software rasterizer (integer vertex positions) can show, and fewer
  /// triangles save its per-triangle setup.
  let tolerance = 0.5

  init(textEngine: TextEngine, list: DrawList, caches: LoweringCaches) {
    self.textEngine = textEngine
    self.list = list
    self.caches = caches
  }

  mutating func lower(_ n: RNode, _ t: Transform2D, _ opacity: Double) {
    if n.isHitTarget { noteDrawnBounds(n, t) }
    lowerNode(n, t, opacity)
  }

  /// Keeps where a view that takes clicks is drawn, so that a press finds it there: its frame
  /// under the transforms above it, its own flight, and the offsets, scales and turns it wears.
  private func noteDrawnBounds(_ n: RNode, _ t: Transform2D) {
    var m = n.presentedTransform.map { $0.concatenating(t) } ?? t
    var r = n
    while case .modified(let modifier, let child) = r.kind, let effect = modifier as? any TransformEffect {
      m = effect.transform(in: r.frame).concatenating(m)
      r = child
    }
    n.drawnBounds = Quad(r.frame, m).bounds
  }

  private mutating func lowerNode(_ n: RNode, _ t: Transform2D, _ opacity: Double) {
    guard opacity > 0.001 else { return }
    if let m = n.presentedTransform {
      lower(moved: n, m.concatenating(t), opacity)
      return
    }
    if n.isEmptyOrSpacer { return }
    guard keepsFragments else {
      lowerAfresh(n, t, opacity)
      return
    }
    let previous = n.loweredIn
    n.loweredIn = lowering
    // Above a view in flight: its fragment would replay the flight where it was, and one kept
    // now would hold where it is (see the recording guard below). Its children go on as any
    // others.
    if n.flightBelowIn == lowering { n.fragment = nil }
    // Built only for a node that has a fragment or may record one: most nodes of a frame are
    // new, or inside a recording, and need none.
    func makeKey() -> FragmentKey {
      FragmentKey(
        transform: t, opacity: opacity, frame: n.frame, clip: list.currentClip, textEpoch: textEngine.layoutEpoch,
        settings: settings)
    }
    if let kept = n.fragment {
      let key = makeKey()
      if kept.key == key {
        replay(kept, of: n)
        return
      }
      n.fragment = nil
      // Glyphs or settings that changed under it only call for a new recording; a node that
      // moved will likely move again, so it rests a while.
      if kept.key.transform != key.transform || kept.key.opacity != key.opacity || kept.key.frame != key.frame
        || kept.key.clip != key.clip
      {
        n.unsettledUntil = lowering + Self.restingFrames
      }
    }
    if n.unsettledUntil >= lowering {
      // Everything below moves with it: keeping any of it would be recorded only to be dropped.
      moving += 1
      lowerAfresh(n, t, opacity)
      moving -= 1
      return
    }
    guard recording == nil, moving == 0, previous == lowering - 1, !n.fragmentRefused, n.flightBelowIn != lowering
    else {
      lowerAfresh(n, t, opacity)
      return
    }
    let key = makeKey()
    recording = Recording()
    let mark = list.mark
    let firstItem = items.count
    lowerAfresh(n, t, opacity)
    guard let done = recording else { return }
    recording = nil
    // A glyph atlas that grew or was cleared meanwhile moved the glyphs: try again next frame.
    guard textEngine.layoutEpoch == key.textEpoch else { return }
    if done.uncacheable {
      n.fragmentRefused = true
      return
    }
    // Too little to be worth it, or culled by its clip this time: try again after a rest.
    guard let draw = list.fragment(since: mark), draw.vertexCount >= Self.minimumFragmentVertices else {
      n.unsettledUntil = lowering + Self.restingFrames
      return
    }
    n.fragment = LoweredFragment(
      key: key, draw: draw, items: Array(items[firstItem...]), images: done.images, resources: done.resources)
    fragmentsRecorded += 1
    for inner in done.replayed { inner.fragment = nil }
  }

  /// Lowers `n`, drawn away from its layout while its frame animates: nothing is kept or
  /// replayed in such a frame (`SceneRuntime.animateGeometry`).
  private mutating func lower(moved n: RNode, _ t: Transform2D, _ opacity: Double) {
    if n.isEmptyOrSpacer { return }
    lowerAfresh(n, t, opacity)
  }

  /// Appends a kept fragment, and registers what it draws with as this frame's.
  private mutating func replay(_ kept: LoweredFragment, of n: RNode) {
    list.append(kept.draw)
    items.append(contentsOf: kept.items)
    for (id, image) in kept.images { list.images[id] = image }
    for r in kept.resources { caches.markUsed(r) }
    fragmentsReplayed += 1
    guard recording != nil else { return }
    recording?.images.append(contentsOf: kept.images)
    recording?.resources.append(contentsOf: kept.resources)
    recording?.replayed.append(n)
  }

  /// Keeps the fragment being recorded from being replayed: what it drew depends on more than
  /// its nodes (a layer's pixels).
  mutating func markUncacheable() { recording?.uncacheable = true }

  /// Registers an image the list draws this frame.
  mutating func register(_ id: ImageID, _ image: ImageBuffer) {
    list.images[id] = image
    recording?.images.append((id, image))
  }

  /// Keeps a cache entry for the next frame.
  mutating func use(_ r: FragmentResource) {
    caches.markUsed(r)
    recording?.resources.append(r)
  }

  /// Lowers a node by tessellating it (and its children, which may replay their fragments).
  private mutating func lowerAfresh(_ n: RNode, _ t: Transform2D, _ opacity: Double) {
    switch n.kind {
    case .empty, .spacer: return
    case .shape(let shape, let fill, let stroke, let fg):
      lowerShape(shape, n.frame, fill ?? (stroke == nil ? fg : nil), stroke, t, opacity)
    case .text(let s, let font, let paint):
      lowerText(s, font, paint, n.frame, t, opacity)
    case .image(let source, let key):
      lowerImage(source, key, n.frame, t, opacity)
    case .mesh(let spec, let key):
      lowerMesh(spec, key, n.frame, t, opacity)
    case .canvas(let content):
      lowerCanvas(content, n.frame, t, opacity)
    case .stack(_, _, _, let children):
      for c in drawingOrder(children) { lower(c, t, opacity) }
    case .modified(let m, let c):
      m.lower(c, frame: n.frame, &self, t, opacity)
    }
  }
}
