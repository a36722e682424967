// `LazyVGrid`, `LazyHGrid` and `GridItem`: children flowed into columns (or rows) that split
// the space offered, as SwiftUI lays them out. Every cell is created; "lazy" is accepted.
import FoundationEssentials
import Graphics

/// One column of a `LazyVGrid` or one row of a `LazyHGrid`; SwiftUI's `GridItem`.
public struct GridItem: Hashable, Sendable {
  /// How wide a column (or tall a row) is.
  public enum Size: Hashable, Sendable {
    /// Exactly this many points.
    case fixed(CGFloat)
    /// A share of the space left after fixed items, kept within `minimum…maximum`.
    case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    /// As many items as fit in its share, each at least `minimum` and at most `maximum` wide.
    case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
  }

  /// How the item is sized.
  public var size: Size
  /// The space after this item, before the next; nil means 8 points.
  public var spacing: CGFloat?
  /// How cells sit in this item's space; nil uses the grid's alignment.
  public var alignment: Alignment?

  /// Creates a grid item.
  public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
    self.size = size
    self.spacing = spacing
    self.alignment = alignment
  }
}

/// The kinds of scroll content that stay pinned while scrolling; SwiftUI's
/// `PinnedScrollableViews`. Accepted: grids here have no sections and do not scroll.
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32
  /// Creates a set from its raw bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Section headers.
  public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
  /// Section footers.
  public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

/// Children flowed left to right into columns, row after row; SwiftUI's `LazyVGrid`.
///
/// The columns split the width offered: fixed ones take their width, the others share what
/// is left in order, an adaptive one holding as many columns as its minimum allows. Each row
/// is as tall as its tallest cell; a cell is offered its column's width and its ideal height.
public struct LazyVGrid<Content: View>: View {
  public typealias Body = Never
  let columns: [GridItem]
  let alignment: HorizontalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a grid of `columns`; `spacing` (nil for 8 points) separates the rows, and
  /// `alignment` places each cell across its column.
  public init(
    columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.columns = columns
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }
}

/// Children flowed top to bottom into rows, column after column; SwiftUI's `LazyHGrid`.
///
/// `LazyVGrid` turned on its side: the rows split the height offered, each column is as wide
/// as its widest cell, and a cell is offered its row's height and its ideal width.
public struct LazyHGrid<Content: View>: View {
  public typealias Body = Never
  let rows: [GridItem]
  let alignment: VerticalAlignment
  let spacing: CGFloat?
  let content: Content

  /// Creates a grid of `rows`; `spacing` (nil for 8 points) separates the columns, and
  /// `alignment` places each cell across its row.
  public init(
    rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {
    self.rows = rows
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }
}

extension LazyVGrid: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let kids = ctx.runtime.child(node, ChildKey(0), content, ctx)
    let layout = GridLayout(
      vertical: true, items: columns, alignment: Alignment(horizontal: alignment.fraction, vertical: 0.5),
      spacing: spacing ?? 8)
    return node.assemble(kids, ctx) { RNode(layout, RNode(.stack(.depth, .center, 0, kids))) }
  }
}

extension LazyHGrid: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let kids = ctx.runtime.child(node, ChildKey(0), content, ctx)
    let layout = GridLayout(
      vertical: false, items: rows, alignment: Alignment(horizontal: 0.5, vertical: alignment.fraction),
      spacing: spacing ?? 8)
    return node.assemble(kids, ctx) { RNode(layout, RNode(.stack(.depth, .center, 0, kids))) }
  }
}

/// One track of a grid: a column of a vertical grid, a row of a horizontal one.
struct GridTrack: Equatable {
  /// Its length across the flow: a column's width, a row's height.
  var length: Double
  /// The space after it, before the next track.
  var spacing: Double
  /// How its cells sit in their slots; nil for the grid's.
  var alignment: Alignment?
}

/// A lazy grid's layout, wrapped around a depth stack of its cells.
///
/// Written for a vertical grid; a horizontal one swaps the axes of every size it asks for
/// and gives (`flip`).
struct GridLayout: ResolvedModifier {
  /// Whether the tracks are columns (`LazyVGrid`) rather than rows (`LazyHGrid`).
  let vertical: Bool
  let items: [GridItem]
  /// How cells sit in their slots when their item says nothing.
  let alignment: Alignment
  /// The space between lines of cells: rows of a vertical grid, columns of a horizontal one.
  let spacing: Double

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  /// Swaps width and height for a horizontal grid.
  private func flip(_ s: Size) -> Size { vertical ? s : Size(width: s.height, height: s.width) }

  /// The tracks, given the length offered across them (nil: the ideal size).
  func tracks(_ available: Double?) -> [GridTrack] {
    let gaps = items.map { $0.spacing ?? 8 }
    guard let available else {
      return zip(items, gaps).flatMap { item, gap -> [GridTrack] in
        switch item.size {
        case .fixed(let v): [GridTrack(length: max(0, v), spacing: gap, alignment: item.alignment)]
        case .flexible(let lo, _), .adaptive(let lo, _):
          [GridTrack(length: max(0, lo), spacing: gap, alignment: item.alignment)]
        }
      }
    }
    var remaining = available - gaps.dropLast().reduce(0, +)
    var left = 0
    for item in items {
      if case .fixed(let v) = item.size { remaining -= max(0, v) } else { left += 1 }
    }
    var out: [GridTrack] = []
    for (item, gap) in zip(items, gaps) {
      switch item.size {
      case .fixed(let v):
        out.append(GridTrack(length: max(0, v), spacing: gap, alignment: item.alignment))
      case .flexible(let lo, let hi):
        let share = max(0, remaining / Double(left))
        let length = max(lo, min(hi, share))
        out.append(GridTrack(length: max(0, length), spacing: gap, alignment: item.alignment))
        remaining -= length
        left -= 1
      case .adaptive(let lo, let hi):
        let share = max(0, remaining / Double(left))
        // As many tracks as fit at their minimum, each then widened to fill the share.
        let count = max(1, Int(((share + gap) / max(1e-9, lo + gap)).rounded(.down).clamped(1, 10_000)))
        let each = max(lo, min(hi, (share - gap * Double(count - 1)) / Double(count)))
        for _ in 0..<count { out.append(GridTrack(length: max(0, each), spacing: gap, alignment: item.alignment)) }
        remaining -= each * Double(count) + gap * Double(count - 1)
        left -= 1
      }
    }
    return out
  }

  /// Where every cell goes, relative to the grid's origin, and the grid's size, for the
  /// proposal `p` (already in a vertical grid's terms).
  private func arrange(_ cells: [RNode], _ p: ProposedSize, _ layout: Layout) -> (slots: [Rect], size: Size) {
    let tracks = tracks(p.width)
    guard !tracks.isEmpty else { return ([Rect](repeating: .zero, count: cells.count), .zero) }
    var offsets: [Double] = []
    var x = 0.0
    for t in tracks {
      offsets.append(x)
      x += t.length + t.spacing
    }
    let width = tracks.reduce(0) { $0 + $1.length } + tracks.dropLast().reduce(0) { $0 + $1.spacing }
    var sizes: [Size] = []
    sizes.reserveCapacity(cells.count)
    for (i, c) in cells.enumerated() {
      let t = tracks[i % tracks.count]
      let offer = vertical ? ProposedSize(width: t.length, height: nil) : ProposedSize(width: nil, height: t.length)
      sizes.append(flip(layout.size(c, offer)))
    }
    var slots: [Rect] = []
    slots.reserveCapacity(cells.count)
    var y = 0.0
    var start = 0
    while start < cells.count {
      let end = min(cells.count, start + tracks.count)
      let height = sizes[start..<end].reduce(0) { max($0, $1.height) }
      for i in start..<end {
        let t = tracks[i - start]
        slots.append(Rect(x: offsets[i - start], y: y, width: t.length, height: height))
      }
      y += height + (end < cells.count ? spacing : 0)
      start = end
    }
    return (slots, Size(width: width, height: y))
  }

  /// The cells under the grid: the children of the depth stack it wraps.
  private func cells(_ child: RNode) -> [RNode] {
    if case .stack(_, _, _, let kids) = child.kind { return kids }
    return [child]
  }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    let q = vertical ? p : ProposedSize(width: p.height, height: p.width)
    return flip(arrange(cells(child), q, layout).size)
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    child.placed = true
    child.frame = r
    let cells = cells(child)
    let q = vertical ? ProposedSize(width: r.width, height: r.height) : ProposedSize(width: r.height, height: r.width)
    let (slots, _) = arrange(cells, q, layout)
    let tracks = tracks(q.width)
    for (i, (c, slot)) in zip(cells, slots).enumerated() {
      let t = tracks[i % max(1, tracks.count)]
      let cellAlignment = t.alignment ?? alignment
      // Back in the grid's own axes: a horizontal grid's slot is transposed.
      let box =
        vertical
        ? Rect(x: r.minX + slot.minX, y: r.minY + slot.minY, width: slot.width, height: slot.height)
        : Rect(x: r.minX + slot.minY, y: r.minY + slot.minX, width: slot.height, height: slot.width)
      let offer = ProposedSize(
        width: vertical ? box.width : nil, height: vertical ? nil : box.height)
      layout.place(c, in: box.aligning(layout.size(c, offer), cellAlignment))
    }
  }
}

extension Double {
  /// The value kept within `lo…hi`; NaN gives `lo`.
  fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double {
    guard self == self else { return lo }
    return Swift.max(lo, Swift.min(hi, self))
  }
}
