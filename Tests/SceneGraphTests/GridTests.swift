import FoundationEssentials
import Graphics
import Testing

@testable import SceneGraph

/// `Grid` and `GridRow` as SwiftUI lays them out: columns as wide as their widest cell, rows as
/// tall as their tallest, spanning cells, full-width views between rows and the cell modifiers.
@MainActor @Suite struct GridTests {
  /// The rectangles drawn by `view` in a 300 × 200 frame, in drawing order.
  func boxes<V: View>(_ view: V) -> [Rect] {
    let out = SceneRuntime(textEngine: FixedAdvanceTextEngine()).frame(
      { view }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 200)))
    return out.items.filter { $0.kind == .shape }.map(\.bounds)
  }

  func box(_ w: Double, _ h: Double) -> some View { Rectangle().fill(Color.white).frame(width: w, height: h) }

  @Test("columns take their widest cell and rows their tallest; cells sit centred in their slots")
  func columnsAndRowsLineUp() {
    let drawn = boxes(
      Grid(horizontalSpacing: 5, verticalSpacing: 4) {
        GridRow {
          box(40, 10)
          box(20, 10)
        }
        GridRow {
          box(10, 30)
          box(60, 10)
        }
      })
    // Columns 40 and 60 wide, rows 10 and 30 tall: 105 × 44, centred at (97.5, 78).
    #expect(
      drawn == [
        Rect(x: 97.5, y: 78, width: 40, height: 10), Rect(x: 162.5, y: 78, width: 20, height: 10),
        Rect(x: 112.5, y: 92, width: 10, height: 30), Rect(x: 142.5, y: 102, width: 60, height: 10),
      ], "\(drawn)")
  }

  @Test("a spanning cell covers its columns and the space between; a view outside a row spans them all")
  func spansAndFullWidthRows() {
    let drawn = boxes(
      Grid(horizontalSpacing: 10, verticalSpacing: 0) {
        GridRow {
          box(30, 10)
          box(30, 10)
          box(30, 10)
        }
        // Unsized across: it takes the columns' width rather than the width offered.
        Color.red.frame(height: 2).gridCellUnsizedAxes(.horizontal)
        GridRow {
          box(20, 10).gridCellColumns(2)
          box(30, 10)
        }
      })
    // Three 30-wide columns with 10 between: 110 wide, from x = 95; rows 10, 2 and 10 tall from y = 89.
    #expect(drawn.count == 6)
    #expect(drawn[3] == Rect(x: 95, y: 99, width: 110, height: 2), "the full-width row: \(drawn[3])")
    // The spanning cell is centred in the first two columns (70 wide with their gap).
    #expect(drawn[4] == Rect(x: 120, y: 101, width: 20, height: 10), "\(drawn[4])")
    #expect(drawn[5] == Rect(x: 175, y: 101, width: 30, height: 10), "\(drawn[5])")
  }

  @Test("a column's alignment and a cell's anchor override the grid's; a row's alignment places its cells")
  func alignments() {
    let drawn = boxes(
      Grid(alignment: .center, horizontalSpacing: 0, verticalSpacing: 0) {
        GridRow(alignment: .top) {
          box(60, 40)
          box(60, 40)
        }
        GridRow(alignment: .top) {
          box(20, 10).gridColumnAlignment(.leading)
          box(20, 20)
          box(20, 10).gridCellAnchor(.bottomTrailing)
        }
      })
    // Columns 60, 60 and 20 (140 from x = 80); rows 40 and 20 (60 from y = 70).
    #expect(drawn[2] == Rect(x: 80, y: 110, width: 20, height: 10), "leading column: \(drawn[2])")
    #expect(drawn[3] == Rect(x: 160, y: 110, width: 20, height: 20), "centred: \(drawn[3])")
    #expect(drawn[4] == Rect(x: 200, y: 120, width: 20, height: 10), "anchored bottom trailing: \(drawn[4])")
  }

  @Test("offered more width, the grid gives it to the columns whose cells grow; an unsized cell sizes nothing")
  func extraWidthGoesToGrowingColumns() {
    let drawn = boxes(
      Grid(horizontalSpacing: 0, verticalSpacing: 0) {
        GridRow {
          box(50, 10)
          Color.blue.frame(height: 10)
        }
        GridRow {
          box(50, 10)
          Color.green.gridCellUnsizedAxes([.horizontal, .vertical])
        }
      }
      .frame(width: 250))
    // The first column keeps 50; the second takes the other 200 of the 250 offered.
    #expect(drawn[1] == Rect(x: 75, y: 90, width: 200, height: 10), "\(drawn[1])")
    // The unsized cell fills the slot the other cells gave: 200 × 10.
    #expect(drawn[3] == Rect(x: 75, y: 100, width: 200, height: 10), "\(drawn[3])")
  }

  @Test("offered more height, the grid gives it to the rows whose cells grow")
  func extraHeightGoesToGrowingRows() {
    let drawn = boxes(
      Grid(horizontalSpacing: 0, verticalSpacing: 0) {
        GridRow {
          box(50, 10)
          box(50, 10)
        }
        GridRow {
          Color.red.frame(width: 50)
          box(50, 10)
        }
      }
      .frame(height: 100))
    // Rows 10 and 90 tall (100 × 100 from (100, 50)): the colour fills its slot, the box is centred.
    #expect(drawn[2] == Rect(x: 100, y: 60, width: 50, height: 90), "\(drawn[2])")
    #expect(drawn[3] == Rect(x: 150, y: 100, width: 50, height: 10), "\(drawn[3])")
  }

  @Test("a flexible view across the grid widens it to the width offered, unless it is unsized; spans are capped")
  func spanningFlexibleViewsAndHugeSpans() {
    func grid(unsized: Bool) -> some View {
      Grid(horizontalSpacing: 0, verticalSpacing: 0) {
        GridRow {
          box(40, 10)
          box(40, 10)
        }
        if unsized {
          Color.red.frame(height: 2).gridCellUnsizedAxes(.horizontal)
        } else {
          Color.red.frame(height: 2)
        }
      }
    }
    // Offered 300, the full-width colour makes each column 150; unsized, the grid stays 80.
    #expect(boxes(grid(unsized: false))[2] == Rect(x: 0, y: 104, width: 300, height: 2))
    #expect(boxes(grid(unsized: true))[2] == Rect(x: 110, y: 104, width: 80, height: 2))
    // A span of Int.max is cut to the grid's columns rather than overflowing a sum.
    let huge = boxes(
      Grid {
        GridRow {
          box(20, 10).gridCellColumns(.max)
          box(20, 10).gridCellColumns(.max)
        }
      })
    #expect(huge.count == 2 && huge.allSatisfy { $0.width == 20 })
  }
}
