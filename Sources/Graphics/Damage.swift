import FoundationEssentials

/// Works out which parts of a retained target must be redrawn between two draw lists.
///
/// A renderer whose target keeps its pixels between frames (SDL's software renderer draws
/// into the window surface and never swaps) need only repaint where something changed:
/// the bounds of every primitive that appeared, disappeared, moved or changed. On the
/// visualizer, that is the bars and not the window-sized backdrop behind them.
///
/// Primitives are matched by their content key, which includes their position in the list,
/// so a change of stacking order is damage too; a list that changes everything is reported
/// as a full redraw rather than a long list of rectangles.
public struct DamageTracker: Sendable {
  /// At most this many rectangles are redrawn; more are merged.
  public var maxRects: Int
  /// Above this fraction of the target, redraw everything: it costs the same, in one pass.
  public var fullThreshold: Double
  /// Pixels added around each changed primitive, for its anti-aliasing fringe and rounding.
  public var margin: Double = 2
  /// The last list's bounds and keys, place by place; nil before the first list.
  private var previousBounds: [Rect]?
  private var previousKeys: [UInt64] = []
  private var previousTarget: Rect?
  // Storage kept from frame to frame, so a steady frame allocates nothing here: the next
  // list's keys and bounds (swapped with the previous ones), and the changed rectangles.
  private var nextKeys: [UInt64] = []
  private var nextBounds: [Rect] = []
  private var changed: [Rect] = []

  /// Creates a tracker with nothing retained, so its first answer is a full redraw.
  public init(maxRects: Int = 6, fullThreshold: Double = 0.6) {
    self.maxRects = maxRects
    self.fullThreshold = fullThreshold
  }

  /// Forgets the retained frame: the next answer is a full redraw.
  public mutating func invalidate() {
    previousBounds = nil
  }

  /// What to redraw for `primitives` on a `target` whose pixels show the previous list.
  ///
  /// - Parameter generation: the content generation of a texture, so an image whose pixels
  ///   changed in place (or an atlas whose glyphs moved) is damage though its quads did not.
  /// - Returns: nil for a full redraw, or whole-pixel rectangles inside `target` (empty when
  ///   nothing changed).
  public mutating func damage(
    for primitives: [Primitive], target: Rect, generation: (TextureRef) -> Int
  ) -> [Rect]? {
    // Only bounds and keys are kept, in arrays of the tracker's own: holding the list's
    // primitives would share their storage, and the draw list would allocate it anew when it
    // is emptied for the next frame.
    var keys = nextKeys
    var bounds = nextBounds
    (nextKeys, nextBounds) = ([], [])
    keys.removeAll(keepingCapacity: true)
    bounds.removeAll(keepingCapacity: true)
    for p in primitives {
      switch p.texture {
      case .image, .atlas:
        keys.append(p.key ^ (UInt64(bitPattern: Int64(generation(p.texture))) &* 0x9E37_79B9_7F4A_7C15))
      case .none, .coverageMask: keys.append(p.key)
      }
      bounds.append(p.bounds)
    }
    let old = previousBounds
    let oldKeys = previousKeys
    let sameTarget = previousTarget == target
    // The retained arrays become next frame's storage.
    (nextKeys, nextBounds) = (oldKeys, old ?? [])
    (previousKeys, previousBounds, previousTarget) = (keys, bounds, target)
    guard let old, sameTarget else { return nil }
    changed.removeAll(keepingCapacity: true)
    // A key holds its primitive's place in the list (`closePrimitive` mixes it in last, and a
    // replayed fragment's primitives are given theirs), so a primitive can only match the one
    // that was at its place: the two lists are compared side by side, in one pass.
    let common = min(keys.count, oldKeys.count)
    for i in 0..<common where keys[i] != oldKeys[i] { changed.append(bounds[i]) }
    for i in common..<bounds.count { changed.append(bounds[i]) }
    for i in 0..<common where keys[i] != oldKeys[i] { changed.append(old[i]) }
    for i in common..<old.count { changed.append(old[i]) }
    var rects: [Rect] = []
    for r in changed {
      let snapped = Self.snap(r.insetBy(dx: -margin, dy: -margin).clamped(to: target), in: target)
      if !snapped.isEmpty { rects.append(snapped) }
    }
    rects = Self.merge(rects, limit: maxRects)
    let area = rects.reduce(0) { $0 + $1.width * $1.height }
    if area > fullThreshold * target.width * target.height { return nil }
    return rects
  }

  /// Rounds outwards to whole pixels.
  public static func snap(_ r: Rect, in target: Rect) -> Rect {
    guard !r.isEmpty else { return r }
    let x0 = r.minX.rounded(.down)
    let y0 = r.minY.rounded(.down)
    return Rect(x: x0, y: y0, width: r.maxX.rounded(.up) - x0, height: r.maxY.rounded(.up) - y0)
  }

  /// Area (in pixels) a merge may waste beyond what drawing both rectangles separately costs:
  /// about what one more region's setup costs the renderer.
  public static let mergeSlack: Double = 4096

  /// Merges rectangles that are cheaper drawn as one, then the pairs that waste least, until
  /// at most `limit`.
  ///
  /// Touching rectangles are merged only when their union costs no more than drawing both
  /// (overlap twice) plus `mergeSlack`. Thin shapes that meet at a point, such as a clock's
  /// hands at their hub, stay separate: their union would be most of the dial. Regions may
  /// therefore overlap; repainting a pixel twice gives the same pixel.
  public static func merge(_ input: [Rect], limit: Int) -> [Rect] {
    func area(_ r: Rect) -> Double { r.width * r.height }
    // Neighbours in drawing order first, in one pass: a changed text's glyphs come one after
    // another and touch, so hundreds of rectangles become a few before the quadratic search.
    var rects: [Rect] = []
    rects.reserveCapacity(input.count)
    for r in input {
      if let last = rects.last, last.touches(r), area(last.union(r)) <= area(last) + area(r) + mergeSlack {
        rects[rects.count - 1] = last.union(r)
      } else {
        rects.append(r)
      }
    }
    // Hundreds of separate rectangles (a canvas of moving particles) would make the search for
    // the cheapest pair further down cubic in their number (45 % of such a frame): they are
    // first gathered by a coarse grid over their bounds.
    if rects.count > gatherCells * gatherCells { rects = gathered(rects) }
    var mergedAny = true
    while mergedAny {
      mergedAny = false
      var i = 0
      while i < rects.count {
        var j = i + 1
        while j < rects.count {
          let a = rects[i]
          let b = rects[j]
          if a.touches(b) && area(a.union(b)) <= area(a) + area(b) + mergeSlack {
            rects[i] = rects[i].union(rects[j])
            rects.remove(at: j)
            mergedAny = true
          } else {
            j += 1
          }
        }
        i += 1
      }
    }
    while rects.count > max(1, limit) {
      var best = (i: 0, j: 1, waste: Double.infinity)
      for i in 0..<rects.count {
        for j in (i + 1)..<rects.count {
          let u = rects[i].union(rects[j])
          let waste = u.width * u.height - rects[i].width * rects[i].height - rects[j].width * rects[j].height
          if waste < best.waste { best = (i, j, waste) }
        }
      }
      rects[best.i] = rects[best.i].union(rects[best.j])
      rects.remove(at: best.j)
      // A merge can make the result overlap a third rectangle.
      rects = merge(rects, limit: Int.max)
    }
    return rects
  }
}

extension DamageTracker {
  /// Cells a side of the grid `gathered` uses.
  static var gatherCells: Int { 8 }

  /// One rectangle per occupied cell of a grid over the bounds of `rects`: the union of those
  /// whose centers fall in it.
  static func gathered(_ rects: [Rect]) -> [Rect] {
    guard let first = rects.first else { return [] }
    let bounds = rects.reduce(first) { $0.union($1) }
    let n = gatherCells
    // Clamped before converting: a rectangle at the far edge (or a degenerate bounds) stays in range.
    func cell(_ v: Double, _ lo: Double, _ length: Double) -> Int {
      Int(min(Double(n - 1), max(0, length > 0 ? (v - lo) / length * Double(n) : 0)))
    }
    var cells = [Rect?](repeating: nil, count: n * n)
    for r in rects {
      let i = cell(r.midY, bounds.minY, bounds.height) * n + cell(r.midX, bounds.minX, bounds.width)
      cells[i] = cells[i].map { $0.union(r) } ?? r
    }
    return cells.compactMap { $0 }
  }
}

extension Rect {
  /// The smallest rectangle containing both.
  public func union(_ other: Rect) -> Rect {
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// Whether the rectangles overlap or share an edge.
  public func touches(_ other: Rect) -> Bool {
    minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
  }

  /// The part inside `bounds`, or an empty rectangle.
  func clamped(to bounds: Rect) -> Rect { intersection(bounds) }
}
