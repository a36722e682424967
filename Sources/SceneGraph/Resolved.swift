import FoundationEssentials
import Graphics

/// A node after evaluation: closures run, state and timelines read, animations applied.
///
/// The resolved tree is what gets laid out and lowered; it is rebuilt every frame.
final class RNode {
  enum Kind {
    case empty
    case shape(AnyShape, fill: Paint?, stroke: StrokeStyle?, foreground: Paint)
    case text(String, Font, Paint)
    case image(ImageBuffer, UInt64)
    case mesh(MeshSpec, UInt64)
    case canvas((inout CanvasContext) -> Void)
    case stack(StackAxis, Alignment, Double, [RNode])
    case spacer(Double)
    case frame(FrameSpec, RNode)
    case padding(EdgeInsets, RNode)
    case layered(base: RNode, extra: RNode, Alignment, behind: Bool)
    case effect(Effect, RNode)
    case position(x: Double, y: Double, RNode)
    case clip(RNode)
  }

  enum Effect {
    case offset(x: Double, y: Double)
    case scale(x: Double, y: Double, anchor: UnitPoint)
    case rotation(Angle, anchor: UnitPoint)
    case opacity(Double)
  }

  let kind: Kind
  /// Where layout put the node, in points of the scene's coordinate space.
  var frame = Rect.zero
  /// The last few size queries and their answers. Stacks ask each child several times
  /// (smallest, largest, its share), and a reused node keeps its answers across frames, so
  /// an unchanged subtree is measured once.
  var memo: [(proposal: ProposedSize, size: Size, childSizes: [Size])] = []
  /// A text's measured size: it does not depend on the proposal (text does not wrap), so it is
  /// measured once per resolved node.
  var measured: Size?
  /// The children's sizes for the latest query (stacks), read when placing them.
  var memoChildSizes: [Size] = []
  /// Whether the node's size depends on the proposal, and if not, the size (see
  /// `Layout.rigidSize`); worked out on the first query.
  var rigidity = Rigidity.unknown
  /// Whether `frame` holds a placement; a reused node placed in the same rectangle again
  /// keeps its children's placement as it is.
  var placed = false
  /// The drawn frame (`Lowerer.lowering`) in which the node was last lowered: a node lowered
  /// in two frames running was reused, and is worth keeping as a fragment.
  var loweredIn = -1
  /// The draw-list fragment the node's subtree lowered to, replayed while it is drawn the same.
  var fragment: LoweredFragment?
  /// Whether the node is never kept as a fragment: it holds a canvas.
  var fragmentRefused = false
  /// Until this drawn frame, neither the node nor anything below it is kept: it was drawn
  /// under another transform, opacity, frame or clip than the fragment it kept (or drew too
  /// little to keep).
  var unsettledUntil = -1

  init(_ kind: Kind) { self.kind = kind }
}

/// Whether a node's size depends on the size proposed to it.
enum Rigidity {
  case unknown
  case flexible
  case rigid(Size)
}

/// A size offered to a node; nil on an axis means "your ideal size".
struct ProposedSize: Hashable {
  var width: Double?
  var height: Double?
}

/// Computes sizes and positions, following SwiftUI's propose-then-choose protocol.
struct Layout {
  let textEngine: TextEngine

  func size(_ n: RNode, _ p: ProposedSize) -> Size {
    if let rigid = rigidSize(n) { return rigid }
    if let hit = n.memo.first(where: { $0.proposal == p }) {
      n.memoChildSizes = hit.childSizes
      return hit.size
    }
    let s = computeSize(n, p)
    if n.memo.count >= 16 { n.memo.removeFirst() }
    n.memo.append((p, s, n.memoChildSizes))
    return s
  }

  /// The node's size when no proposal can change it — text, images, fixed frames, and
  /// stacks, padding and effects around only such nodes — worked out once per resolved node,
  /// or nil. Stacks ask each child for its size at the smallest, largest and its share of the
  /// space, and a new subtree answered each anew: six size computations per node in the
  /// visualizer's frame. A rigid stack also keeps its children's sizes for placing them.
  private func rigidSize(_ n: RNode) -> Size? {
    switch n.rigidity {
    case .rigid(let s): return s
    case .flexible: return nil
    case .unknown: break
    }
    let s = computeRigidSize(n)
    n.rigidity = s.map { .rigid($0) } ?? .flexible
    return s
  }

  /// A text's size: it does not depend on the proposal (text does not wrap), so it is
  /// measured once per resolved node.
  private func textSize(_ n: RNode, _ s: String, _ font: Font) -> Size {
    if let measured = n.measured { return measured }
    let size = textEngine.layout(s, font: font, pixelSize: font.size).size
    n.measured = size
    return size
  }

  /// What `computeSize` would answer for every proposal, or nil where the proposal matters.
  /// Each case does its arithmetic as `computeSize` does, so the sizes are the same bits.
  private func computeRigidSize(_ n: RNode) -> Size? {
    switch n.kind {
    case .empty: return .zero
    case .shape, .mesh, .canvas, .spacer, .position: return nil
    case .text(let s, let font, _):
      return textSize(n, s, font)
    case .image(let img, _):
      return Size(width: Double(img.width), height: Double(img.height))
    case .frame(let f, let child):
      // A fixed side, or one that hugs a rigid child (no bounds on that axis).
      let w: Double
      let h: Double
      if let fixed = f.width {
        w = fixed
      } else if f.minWidth == nil, f.maxWidth == nil, let c = rigidSize(child) {
        w = c.width
      } else {
        return nil
      }
      if let fixed = f.height {
        h = fixed
      } else if f.minHeight == nil, f.maxHeight == nil, let c = rigidSize(child) {
        h = c.height
      } else {
        return nil
      }
      return Size(width: w, height: h)
    case .padding(let e, let child):
      guard let c = rigidSize(child) else { return nil }
      return Size(width: c.width + e.leading + e.trailing, height: c.height + e.top + e.bottom)
    case .layered(let base, _, _, _):
      return rigidSize(base)
    case .effect(_, let child), .clip(let child):
      return rigidSize(child)
    case .stack(let axis, _, let spacing, let children):
      var sizes: [Size] = []
      sizes.reserveCapacity(children.count)
      for c in children {
        if case .spacer = c.kind { return nil }
        guard let s = rigidSize(c) else { return nil }
        sizes.append(s)
      }
      n.memoChildSizes = sizes
      if axis == .depth {
        var w = 0.0
        var h = 0.0
        for s in sizes {
          w = max(w, s.width)
          h = max(h, s.height)
        }
        return Size(width: w, height: h)
      }
      guard !children.isEmpty else { return .zero }
      let horizontal = axis == .horizontal
      let totalSpacing = spacing * Double(children.count - 1)
      let mainTotal = sizes.reduce(0) { $0 + (horizontal ? $1.width : $1.height) } + totalSpacing
      let crossMax = sizes.reduce(0) { max($0, horizontal ? $1.height : $1.width) }
      return horizontal ? Size(width: mainTotal, height: crossMax) : Size(width: crossMax, height: mainTotal)
    }
  }

  private func computeSize(_ n: RNode, _ p: ProposedSize) -> Size {
    switch n.kind {
    case .empty: return .zero
    case .shape, .mesh, .canvas:
      return Size(width: p.width ?? 10, height: p.height ?? 10)
    case .text(let s, let font, _):
      return textSize(n, s, font)
    case .image(let img, _):
      return Size(width: Double(img.width), height: Double(img.height))
    case .spacer(let minLength):
      return Size(width: max(minLength, 0), height: max(minLength, 0))
    case .stack(let axis, _, let spacing, let children):
      return stackSize(n, axis, spacing, children, p)
    case .frame(let f, let child):
      let fixedW = f.width
      let fixedH = f.height
      var pw = fixedW ?? p.width
      var ph = fixedH ?? p.height
      if fixedW == nil, let w = pw { pw = clamp(w, f.minWidth, f.maxWidth) }
      if fixedH == nil, let h = ph { ph = clamp(h, f.minHeight, f.maxHeight) }
      let c = size(child, ProposedSize(width: pw, height: ph))
      let w = fixedW ?? flexible(child: c.width, proposal: p.width, min: f.minWidth, max: f.maxWidth)
      let h = fixedH ?? flexible(child: c.height, proposal: p.height, min: f.minHeight, max: f.maxHeight)
      return Size(width: w, height: h)
    case .padding(let e, let child):
      let c = size(
        child,
        ProposedSize(
          width: p.width.map { max(0, $0 - e.leading - e.trailing) },
          height: p.height.map { max(0, $0 - e.top - e.bottom) }))
      return Size(width: c.width + e.leading + e.trailing, height: c.height + e.top + e.bottom)
    case .layered(let base, _, _, _):
      return size(base, p)
    case .effect(_, let child), .clip(let child):
      return size(child, p)
    case .position:
      return Size(width: p.width ?? 0, height: p.height ?? 0)
    }
  }

  private func clamp(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double {
    var r = v
    if let hi { r = min(r, hi) }
    if let lo { r = max(r, lo) }
    return r
  }

  /// A flexible frame takes the proposal clamped to its bounds, or hugs the child when
  /// it has no bound on that axis.
  private func flexible(child: Double, proposal: Double?, min lo: Double?, max hi: Double?) -> Double {
    if lo == nil && hi == nil { return child }
    if let proposal, hi == .infinity || hi.map({ proposal <= $0 }) == true {
      return clamp(proposal, lo, hi)
    }
    return clamp(child, lo, hi)
  }

  private func stackSize(_ n: RNode, _ axis: StackAxis, _ spacing: Double, _ children: [RNode], _ p: ProposedSize)
    -> Size
  {
    if axis == .depth {
      var w = 0.0
      var h = 0.0
      var sizes: [Size] = []
      for c in children {
        let s = size(c, p)
        sizes.append(s)
        w = max(w, s.width)
        h = max(h, s.height)
      }
      n.memoChildSizes = sizes
      return Size(width: w, height: h)
    }
    let horizontal = axis == .horizontal
    let main: (ProposedSize) -> Double? = { horizontal ? $0.width : $0.height }
    let count = children.count
    guard count > 0 else { return .zero }
    let totalSpacing = spacing * Double(count - 1)
    let cross = horizontal ? p.height : p.width
    func propose(_ m: Double?) -> ProposedSize {
      horizontal ? ProposedSize(width: m, height: cross) : ProposedSize(width: cross, height: m)
    }
    func mainOf(_ s: Size) -> Double { horizontal ? s.width : s.height }
    func crossOf(_ s: Size) -> Double { horizontal ? s.height : s.width }
    var sizes = [Size](repeating: .zero, count: count)
    if let available = main(p) {
      // Offer the least flexible children their share first, as SwiftUI does, so rigid
      // content keeps its ideal size and flexible content divides what is left.
      var flex: [(Int, Double)] = []
      for (i, c) in children.enumerated() {
        if case .spacer(let minLength) = c.kind {
          flex.append((i, .infinity))
          sizes[i] = horizontal ? Size(width: minLength, height: 0) : Size(width: 0, height: minLength)
          continue
        }
        let lo = mainOf(size(c, propose(0)))
        let hi = mainOf(size(c, propose(.infinity)))
        flex.append((i, hi - lo))
      }
      flex.sort { $0.1 < $1.1 }
      var remaining = max(0, available - totalSpacing)
      var left = count
      for (i, _) in flex {
        let share = remaining / Double(left)
        let c = children[i]
        if case .spacer(let minLength) = c.kind {
          let m = max(minLength, share)
          sizes[i] = horizontal ? Size(width: m, height: 0) : Size(width: 0, height: m)
        } else {
          sizes[i] = size(c, propose(share))
        }
        remaining = max(0, remaining - mainOf(sizes[i]))
        left -= 1
      }
    } else {
      for (i, c) in children.enumerated() {
        if case .spacer(let minLength) = c.kind {
          sizes[i] = horizontal ? Size(width: minLength, height: 0) : Size(width: 0, height: minLength)
        } else {
          sizes[i] = size(c, propose(nil))
        }
      }
    }
    n.memoChildSizes = sizes
    let mainTotal = sizes.reduce(0) { $0 + mainOf($1) } + totalSpacing
    let crossMax = sizes.reduce(0) { max($0, crossOf($1)) }
    return horizontal ? Size(width: mainTotal, height: crossMax) : Size(width: crossMax, height: mainTotal)
  }

  /// Gives `n` the rectangle `r` and places its children inside.
  func place(_ n: RNode, in r: Rect) {
    if n.placed && n.frame == r { return }
    n.placed = true
    n.frame = r
    switch n.kind {
    case .empty, .shape, .text, .image, .mesh, .canvas, .spacer: return
    case .stack(let axis, let align, let spacing, let children):
      _ = size(n, ProposedSize(width: r.width, height: r.height))
      let sizes = n.memoChildSizes
      if axis == .depth {
        for (c, s) in zip(children, sizes) { place(c, in: aligned(s, in: r, align)) }
        return
      }
      var cursor = axis == .horizontal ? r.minX : r.minY
      for (c, s) in zip(children, sizes) {
        if axis == .horizontal {
          let y = r.minY + (r.height - s.height) * align.vertical
          place(c, in: Rect(x: cursor, y: y, width: s.width, height: s.height))
          cursor += s.width + spacing
        } else {
          let x = r.minX + (r.width - s.width) * align.horizontal
          place(c, in: Rect(x: x, y: cursor, width: s.width, height: s.height))
          cursor += s.height + spacing
        }
      }
    case .frame(let f, let child):
      let s = size(child, ProposedSize(width: f.width ?? r.width, height: f.height ?? r.height))
      place(child, in: aligned(s, in: r, f.alignment))
    case .padding(let e, let child):
      place(
        child,
        in: Rect(
          x: r.minX + e.leading, y: r.minY + e.top, width: max(0, r.width - e.leading - e.trailing),
          height: max(0, r.height - e.top - e.bottom)))
    case .layered(let base, let extra, let align, _):
      place(base, in: r)
      let s = size(extra, ProposedSize(width: r.width, height: r.height))
      place(extra, in: aligned(s, in: r, align))
    case .effect(_, let child), .clip(let child):
      place(child, in: r)
    case .position(let x, let y, let child):
      let s = size(child, ProposedSize(width: r.width, height: r.height))
      place(
        child, in: Rect(x: r.minX + x - s.width / 2, y: r.minY + y - s.height / 2, width: s.width, height: s.height))
    }
  }

  private func aligned(_ s: Size, in r: Rect, _ a: Alignment) -> Rect {
    Rect(
      x: r.minX + (r.width - s.width) * a.horizontal, y: r.minY + (r.height - s.height) * a.vertical,
      width: s.width, height: s.height)
  }
}

/// Which way a stack lays out its children.
enum StackAxis: Hashable {
  case horizontal, vertical, depth
}
