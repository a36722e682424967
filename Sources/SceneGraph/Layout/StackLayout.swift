import FoundationEssentials
import Graphics

/// Which way a stack lays out its children.
enum StackAxis: Hashable {
  case horizontal, vertical, depth
}

/// How stacks size and place their children: SwiftUI's least-flexible-first division of the
/// space along the main axis, and alignment across it.
extension Layout {
  /// A stack's size when all its children are rigid, or nil.
  func rigidStackSize(_ n: RNode, _ axis: StackAxis, _ spacing: Double, _ children: [RNode]) -> Size? {
    var sizes: [Size] = []
    sizes.reserveCapacity(children.count)
    for c in children {
      if c.spacerLength != nil { return nil }
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

  func stackSize(_ n: RNode, _ axis: StackAxis, _ spacing: Double, _ children: [RNode], _ p: ProposedSize) -> Size {
    if axis == .depth {
      var w = 0.0
      var h = 0.0
      var sizes: [Size] = []
      sizes.reserveCapacity(children.count)
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
    if let available = main(p), children.contains(where: { $0.layoutPriority != 0 }) {
      sizes = prioritizedSizes(children, available: max(0, available - totalSpacing), horizontal, cross)
    } else if let available = main(p) {
      // Offer the least flexible children their share first, as SwiftUI does, so rigid
      // content keeps its ideal size and flexible content divides what is left.
      var flex: [(Int, Double)] = []
      flex.reserveCapacity(count)
      for (i, c) in children.enumerated() {
        if let minLength = c.spacerLength {
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
        if let minLength = c.spacerLength {
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
        if let minLength = c.spacerLength {
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

  /// Places a stack's children in its rectangle `r`.
  func placeStack(
    _ n: RNode, _ axis: StackAxis, _ align: Alignment, _ spacing: Double, _ children: [RNode], in r: Rect
  ) {
    _ = size(n, ProposedSize(width: r.width, height: r.height))
    let sizes = n.memoChildSizes
    if axis == .depth {
      for (c, s) in zip(children, sizes) { place(c, in: r.aligning(s, align)) }
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
  }
}
