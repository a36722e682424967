// `Grid`, `GridRow` and the cell modifiers: rows of cells whose columns line up, each column as
// wide as its widest cell and each row as tall as its tallest, as SwiftUI lays them out.
import FoundationEssentials
import Graphics

/// A container whose `GridRow`s share their columns; SwiftUI's `Grid`.
///
/// Column `c` is as wide as the widest cell that sits in it alone, and each row as tall as its
/// tallest cell. A view in the grid that is not a `GridRow` is a row of its own spanning every
/// column (a `Divider` between rows). Offered more width than its columns need, the grid gives
/// the rest in equal shares to the columns holding a cell that grows with its offer (a
/// `Color`, a `Spacer`, a `.frame(maxWidth: .infinity)`), and more height to such rows, as
/// SwiftUI does.
public struct Grid<Content: View>: View {
  public typealias Body = Never
  let alignment: Alignment
  let horizontalSpacing: CGFloat?
  let verticalSpacing: CGFloat?
  let content: Content

  /// Creates a grid; nil spacings are 8 points, and `alignment` places each cell in its slot.
  public init(
    alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {
    (self.alignment, self.horizontalSpacing, self.verticalSpacing) = (alignment, horizontalSpacing, verticalSpacing)
    self.content = content()
  }
}

/// One row of a `Grid`; its views are the row's cells, column after column. Outside a grid it
/// lays its cells out as an `HStack` does.
public struct GridRow<Content: View>: View {
  public typealias Body = Never
  let alignment: VerticalAlignment?
  let content: Content

  /// Creates a row; `alignment` places its cells vertically (nil: the grid's alignment).
  public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }
}

extension Grid: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let kids = ctx.runtime.child(node, ChildKey(0), content, ctx)
    return node.assemble(kids, ctx) {
      // The rows' cells go straight under the grid, the rows' shape into its layout: a row's
      // own node would keep the place of cells that its neighbours' columns move.
      var cells: [RNode] = []
      var rows: [GridLayoutSpec.Row] = []
      for k in kids {
        if case .modified(let m, let inner) = k.kind, let row = m as? GridRowSpec,
          case .stack(_, _, _, let rowCells) = inner.kind
        {
          cells += rowCells
          rows.append(GridLayoutSpec.Row(count: rowCells.count, alignment: row.alignment, isRow: true))
        } else {
          cells.append(k)
          rows.append(GridLayoutSpec.Row(count: 1, alignment: nil, isRow: false))
        }
      }
      let layout = GridLayoutSpec(
        alignment: alignment, horizontalSpacing: horizontalSpacing ?? 8, verticalSpacing: verticalSpacing ?? 8,
        rows: rows)
      return RNode(layout, RNode(.stack(.depth, .center, 0, cells)))
    }
  }
}

extension GridRow: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let cells = ctx.runtime.child(node, ChildKey(0), content, ctx)
    let row = GridRowSpec(alignment: alignment)
    return node.assemble(cells, ctx) {
      RNode(row, RNode(.stack(.horizontal, Alignment(horizontal: 0.5, vertical: alignment?.fraction ?? 0.5), 8, cells)))
    }
  }
}

/// A `GridRow` as its grid finds it: the row's vertical alignment, over an `HStack` of its cells
/// that lays them out when the row is not in a grid (in one, the grid takes the cells).
struct GridRowSpec: ResolvedModifier {
  let alignment: VerticalAlignment?
}

/// What a cell tells its grid (`gridCellColumns`, `gridColumnAlignment`, `gridCellAnchor`,
/// `gridCellUnsizedAxes`); it sizes, places and draws as its child does.
struct GridCellTrait: WrappingModifier, ResolvedModifier {
  var columns: Int?
  var columnAlignment: HorizontalAlignment?
  var anchor: UnitPoint?
  var unsized: Axis.Set?

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }
}

extension View {
  /// Makes this cell span `count` columns of its grid row.
  public func gridCellColumns(_ count: Int) -> some View { modified(GridCellTrait(columns: count)) }
  /// Aligns every cell of this cell's column horizontally by `guide`.
  public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
    modified(GridCellTrait(columnAlignment: guide))
  }
  /// Places this cell at `anchor` of its slot, whatever the row's and column's alignment.
  public func gridCellAnchor(_ anchor: UnitPoint) -> some View { modified(GridCellTrait(anchor: anchor)) }
  /// Keeps this cell from widening its column or heightening its row along `axes`: it takes
  /// the size the other cells give them (a `Color` or `Divider` that only fills).
  public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { modified(GridCellTrait(unsized: axes)) }
}

/// A cell of a grid, as the layout reads it.
private struct GridCell {
  /// The most columns one cell spans.
  static let maximumSpan = 1024

  let node: RNode
  /// Its first column and how many it spans.
  var column = 0
  var span = 1
  var traits = GridCellTrait()

  init(_ node: RNode) {
    self.node = node
    // The traits of every trait modifier around the cell, the outermost winning.
    var n = node
    while case .modified(let m, let inner) = n.kind {
      if let t = m as? GridCellTrait {
        traits.columns = traits.columns ?? t.columns
        traits.columnAlignment = traits.columnAlignment ?? t.columnAlignment
        traits.anchor = traits.anchor ?? t.anchor
        traits.unsized = traits.unsized ?? t.unsized
      }
      n = inner
    }
    // Capped, so that `gridCellColumns(.max)` neither overflows a sum nor asks for that many
    // columns; a row is cut to the grid's columns anyway.
    span = max(1, min(GridCell.maximumSpan, traits.columns ?? 1))
  }
}

/// A `Grid`'s layout, wrapped around a depth stack of its rows' cells.
struct GridLayoutSpec: ResolvedModifier {
  /// One row of the grid: how many of the cells are its, and whether it is a `GridRow` (or a
  /// view spanning every column).
  struct Row {
    var count: Int
    var alignment: VerticalAlignment?
    var isRow: Bool
  }

  let alignment: Alignment
  let horizontalSpacing: Double
  let verticalSpacing: Double
  let rows: [Row]

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  /// The grid's rows, each its cells (with their columns) and its vertical alignment.
  private func rows(_ child: RNode) -> [(cells: [GridCell], alignment: VerticalAlignment?)] {
    guard case .stack(_, _, _, let kids) = child.kind, kids.count == rows.reduce(0, { $0 + $1.count }) else {
      return []
    }
    // Each cell's traits are read once; a view that is not a row spans the columns the rows make.
    var start = 0
    var split = rows.map { r -> [GridCell] in
      defer { start += r.count }
      return kids[start..<(start + r.count)].map { GridCell($0) }
    }
    let columns = max(
      1, zip(rows, split).filter { $0.0.isRow }.map { $0.1.reduce(0) { $0 + $1.span } }.max() ?? 1)
    for i in split.indices {
      var column = 0
      for j in split[i].indices {
        if !rows[i].isRow { split[i][j].span = columns }
        split[i][j].span = min(split[i][j].span, max(1, columns - column))
        split[i][j].column = min(column, columns - 1)
        column += split[i][j].span
      }
    }
    return zip(rows, split).map { r, cells in (cells, r.alignment) }
  }

  /// Column widths, row heights and the grid's size for the proposal `p`.
  private func arrange(
    _ rows: [(cells: [GridCell], alignment: VerticalAlignment?)], _ p: ProposedSize, _ layout: Layout
  ) -> (columns: [Double], rows: [Double], size: Size) {
    let count = rows.flatMap(\.cells).map { $0.column + $0.span }.max() ?? 0
    var widths = [Double](repeating: 0, count: count)
    var grows = [Bool](repeating: false, count: count)
    let sized = rows.flatMap(\.cells).filter { !($0.traits.unsized?.contains(.horizontal) ?? false) }
    for cell in sized where cell.span == 1 {
      let ideal = layout.size(cell.node, ProposedSize(width: nil, height: nil)).width
      widths[cell.column] = max(widths[cell.column], ideal)
    }
    // A spanning cell wider than its columns widens the last of them.
    for cell in sized where cell.span > 1 {
      let range = cell.column..<(cell.column + cell.span)
      let have = range.reduce(0) { $0 + widths[$1] } + horizontalSpacing * Double(cell.span - 1)
      let need = layout.size(cell.node, ProposedSize(width: nil, height: nil)).width
      if need > have { widths[range.upperBound - 1] += need - have }
    }
    let gaps = horizontalSpacing * Double(max(0, count - 1))
    if let offered = p.width, offered.isFinite, case let extra = offered - gaps - widths.reduce(0, +), extra > 0 {
      for cell in sized where cell.span == 1 && !grows[cell.column] {
        let wider = layout.size(cell.node, ProposedSize(width: widths[cell.column] + extra, height: nil)).width
        grows[cell.column] = wider > widths[cell.column] + 0.5
      }
      // A cell across several columns that grows (a `Divider` between rows) widens them all,
      // unless a column of its own already takes the space.
      for cell in sized where cell.span > 1 {
        let range = cell.column..<(cell.column + cell.span)
        guard !range.contains(where: { grows[$0] }) else { continue }
        let have = slotWidth(cell, widths)
        if layout.size(cell.node, ProposedSize(width: have + extra, height: nil)).width > have + 0.5 {
          for c in range { grows[c] = true }
        }
      }
      let growing = grows.filter { $0 }.count
      if growing > 0 {
        for c in 0..<count where grows[c] { widths[c] += extra / Double(growing) }
      }
    }
    var heights: [Double] = []
    for row in rows {
      var h = 0.0
      for cell in row.cells where !(cell.traits.unsized?.contains(.vertical) ?? false) {
        h = max(h, layout.size(cell.node, ProposedSize(width: slotWidth(cell, widths), height: nil)).height)
      }
      heights.append(h)
    }
    // The same for rows: height offered beyond theirs goes to the rows with a cell that grows.
    let rowGaps = verticalSpacing * Double(max(0, heights.count - 1))
    if let offered = p.height, offered.isFinite, case let extra = offered - rowGaps - heights.reduce(0, +), extra > 0 {
      let growing = rows.indices.filter { i in
        rows[i].cells.contains { cell in
          !(cell.traits.unsized?.contains(.vertical) ?? false)
            && layout.size(cell.node, ProposedSize(width: slotWidth(cell, widths), height: heights[i] + extra)).height
              > heights[i] + 0.5
        }
      }
      for i in growing { heights[i] += extra / Double(growing.count) }
    }
    let size = Size(
      width: widths.reduce(0, +) + gaps,
      height: heights.reduce(0, +) + rowGaps)
    return (widths, heights, size)
  }

  /// The width of the columns `cell` spans, with the spacing between them.
  private func slotWidth(_ cell: GridCell, _ widths: [Double]) -> Double {
    let range = cell.column..<min(widths.count, cell.column + cell.span)
    return range.reduce(0) { $0 + widths[$1] } + horizontalSpacing * Double(max(0, range.count - 1))
  }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    arrange(rows(child), p, layout).size
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    child.placed = true
    child.frame = r
    let rows = rows(child)
    let (widths, heights, _) = arrange(rows, ProposedSize(width: r.width, height: r.height), layout)
    var xs: [Double] = []
    var x = r.minX
    for w in widths {
      xs.append(x)
      x += w + horizontalSpacing
    }
    // A column's alignment is the one any of its cells asks for.
    var columnAlignment = [Double?](repeating: nil, count: widths.count)
    for cell in rows.flatMap(\.cells) where cell.span == 1 {
      if let a = cell.traits.columnAlignment { columnAlignment[cell.column] = a.fraction }
    }
    var y = r.minY
    for (row, height) in zip(rows, heights) {
      for cell in row.cells {
        let slot = Rect(x: xs[cell.column], y: y, width: slotWidth(cell, widths), height: height)
        let a = Alignment(
          horizontal: cell.traits.anchor?.x ?? (cell.span == 1 ? columnAlignment[cell.column] : nil)
            ?? alignment.horizontal,
          vertical: cell.traits.anchor?.y ?? row.alignment?.fraction ?? alignment.vertical)
        // Offered its slot: a cell that fills (a `Color`) takes the size the others gave it.
        let offer = ProposedSize(width: slot.width, height: slot.height)
        layout.place(cell.node, in: slot.aligning(layout.size(cell.node, offer), a))
      }
      y += height + verticalSpacing
    }
  }
}
