import FoundationEssentials
import Graphics

/// Computes sizes and positions, following SwiftUI's propose-then-choose protocol.
///
/// Leaves are measured here, stacks in `StackLayout.swift`, and every modifier through its
/// `ResolvedModifier`.
struct Layout {
  let textEngine: TextEngine
  /// Geometry readers placed where their content was not built for (`GeometryReader`).
  let movedReaders = MovedReaders()

  func size(_ n: RNode, _ p: ProposedSize) -> Size {
    // What `computeSize` answers for a shape, mesh or canvas, without a memo to fill.
    if n.takesProposal { return Size(width: p.width ?? 10, height: p.height ?? 10) }
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
  func rigidSize(_ n: RNode) -> Size? {
    if n.takesProposal { return nil }
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
    case .shape, .mesh, .canvas, .spacer: return nil
    case .text(let s, let font, _):
      return textSize(n, s, font)
    case .image(let img, _):
      return Size(width: Double(img.width), height: Double(img.height))
    case .modified(let m, let child):
      return m.rigidSize(of: child, self)
    case .stack(let axis, _, let spacing, let children):
      return rigidStackSize(n, axis, spacing, children)
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
    case .modified(let m, let child):
      return m.size(of: child, p, self)
    }
  }

  /// Gives `n` the rectangle `r` and places its children inside.
  func place(_ n: RNode, in r: Rect) {
    if n.placed && n.frame == r { return }
    n.placed = true
    n.frame = r
    guard n.hasChildren else { return }
    switch n.kind {
    case .empty, .shape, .text, .image, .mesh, .canvas, .spacer: return
    case .stack(let axis, let align, let spacing, let children):
      placeStack(n, axis, align, spacing, children, in: r)
    case .modified(let m, let child):
      m.place(child, in: r, self)
    }
  }
}
