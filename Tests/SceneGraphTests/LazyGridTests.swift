import Foundation
import Testing

@testable import SceneGraph

@Suite struct LazyGridTests {
  /// The frames of the shapes drawn.
  func frames(_ out: FrameOutput) -> [Rect] { out.items.filter { $0.kind == .shape }.map(\.bounds) }

  @Test("fixed columns keep their widths, with each item's spacing between them and the grid's between rows")
  func fixedColumns() {
    let out = render {
      LazyVGrid(columns: [GridItem(.fixed(50)), GridItem(.fixed(30))], spacing: 10) {
        ForEach(0..<4) { _ in Rectangle().frame(height: 20) }
      }
    }
    // 50 + 8 + 30 = 88 wide, 20 + 10 + 20 = 50 tall, centered in 200×100.
    #expect(
      frames(out) == [
        Rect(x: 56, y: 25, width: 50, height: 20), Rect(x: 114, y: 25, width: 30, height: 20),
        Rect(x: 56, y: 55, width: 50, height: 20), Rect(x: 114, y: 55, width: 30, height: 20),
      ])
  }

  @Test("flexible columns split the width left after the spacing; a last row may be short")
  func flexibleColumns() {
    let out = render(Size(width: 232, height: 100)) {
      LazyVGrid(columns: Array(repeating: GridItem(), count: 3)) {
        ForEach(0..<5) { _ in Rectangle().frame(height: 10) }
      }
    }
    // (232 − 2 × 8) / 3 = 72; rows 10 + 8 + 10 = 28 tall from y 36.
    #expect(frames(out).map(\.minX) == [0, 80, 160, 0, 80])
    #expect(frames(out).map(\.width) == [72, 72, 72, 72, 72])
    #expect(frames(out).map(\.minY) == [36, 36, 36, 54, 54])
  }

  @Test("fixed items come off first; a flexible item stops at its maximum and the next takes the rest")
  func mixedColumns() {
    let out = render {
      LazyVGrid(columns: [GridItem(.fixed(40)), GridItem(.flexible(maximum: 50)), GridItem(.flexible())]) {
        ForEach(0..<3) { _ in Rectangle().frame(height: 10) }
      }
    }
    #expect(frames(out).map(\.width) == [40, 50, 94])
    #expect(frames(out).map(\.minX) == [0, 48, 106])
  }

  @Test("an adaptive item holds as many columns as its minimum allows, widened to fill its share")
  func adaptiveColumns() {
    let out = render(Size(width: 232, height: 100)) {
      LazyVGrid(columns: [GridItem(.adaptive(minimum: 50), spacing: 4)], spacing: 0) {
        ForEach(0..<6) { _ in Rectangle().frame(height: 10) }
      }
    }
    // (232 + 4) / (50 + 4) = 4.4: four columns of (232 − 3 × 4) / 4 = 55.
    #expect(frames(out).map(\.minX) == [0, 59, 118, 177, 0, 59])
    #expect(frames(out).map(\.width).allSatisfy { $0 == 55 })
    #expect(frames(out).map(\.minY) == [40, 40, 40, 40, 50, 50])
  }

  @Test("an adaptive item's columns stop at its maximum")
  func adaptiveMaximum() {
    let out = render(Size(width: 300, height: 100)) {
      LazyVGrid(columns: [GridItem(.adaptive(minimum: 100, maximum: 120))]) {
        ForEach(0..<2) { _ in Rectangle().frame(height: 10) }
      }
    }
    // (300 + 8) / 108 = 2.85: two columns, (300 − 8) / 2 = 146 capped at 120.
    #expect(frames(out).map(\.width) == [120, 120])
    #expect(frames(out)[1].minX - frames(out)[0].minX == 128)
  }

  @Test("rows are as tall as their tallest cell; cells sit in their slot by the item's or grid's alignment")
  func rowHeightsAndAlignment() {
    let out = render {
      LazyVGrid(
        columns: [GridItem(.fixed(40), alignment: .topLeading), GridItem(.fixed(40))], alignment: .trailing,
        spacing: 0
      ) {
        Rectangle().frame(width: 10, height: 10)
        Rectangle().frame(width: 10, height: 30)
        Rectangle().frame(width: 10, height: 10)
      }
    }
    // 88 × 40 at (56, 30): the first row is 30 tall.
    #expect(
      frames(out) == [
        Rect(x: 56, y: 30, width: 10, height: 10), Rect(x: 134, y: 30, width: 10, height: 30),
        Rect(x: 56, y: 60, width: 10, height: 10),
      ])
  }

  @Test("a horizontal grid's rows split the height, its columns are as wide as their widest cell")
  func horizontalGrid() {
    let out = render {
      LazyHGrid(rows: [GridItem(.fixed(20)), GridItem(.fixed(30))], spacing: 10) {
        ForEach(0..<3) { _ in Rectangle().frame(width: 40) }
      }
    }
    // 40 + 10 + 40 = 90 wide, 20 + 8 + 30 = 58 tall, centered in 200×100; filled column first.
    #expect(
      frames(out) == [
        Rect(x: 55, y: 21, width: 40, height: 20), Rect(x: 55, y: 49, width: 40, height: 30),
        Rect(x: 105, y: 21, width: 40, height: 20),
      ])
  }

  @Test("flexible rows of a horizontal grid split the height")
  func horizontalFlexibleRows() {
    let out = render(Size(width: 200, height: 108)) {
      LazyHGrid(rows: [GridItem(), GridItem()], alignment: .top) {
        ForEach(["a", "b", "c", "d"], id: \.self) { _ in Rectangle().frame(width: 20) }
      }
    }
    #expect(frames(out).map(\.height) == [50, 50, 50, 50])
    #expect(frames(out).map(\.minY) == [0, 58, 0, 58])
  }

  @Test("ForEach over identifiable elements fills a grid in order")
  func identifiableCells() {
    struct Item: Identifiable {
      let id: Int
    }
    let out = render {
      LazyVGrid(columns: [GridItem(.fixed(20)), GridItem(.fixed(20))], spacing: 0) {
        ForEach([Item(id: 3), Item(id: 7), Item(id: 9)]) { item in
          Text("\(item.id)")
        }
      }
    }
    #expect(out.items.compactMap(\.text) == ["3", "7", "9"])
  }
}
