import Graphics
import Testing

@testable import Raster

/// Dithered ramps drawn from rows kept between draws (`RampRows`) against rows worked out anew.
@Suite struct RampRowsTests {
  @Test("a ramp drawn from kept rows equals the ramp drawn anew, pixel for pixel, in any pieces and order")
  func keptRowsDrawTheSamePixels() {
    var rng = SplitMix64(state: 57)
    func coordinate(_ range: Int) -> Float { Float(rng.below(range * 64)) / 64 - 8 }
    func color() -> RGBA8 {
      RGBA8(
        r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: UInt8(rng.below(256)),
        a: UInt8([255, 255, 128, rng.below(256)][rng.below(4)]))
    }
    // Three ramps kept at most, for a dozen ramps: rows are evicted, made again and extended
    // above and below what is known.
    let store = RampRows(capacity: 3)
    var ramps: [[Vertex]] = []
    for _ in 0..<12 {
      let (x0, y0) = (coordinate(60), coordinate(60))
      let (x1, y1) = (x0 + coordinate(50) + 8.5, y0 + coordinate(50) + 8.5)
      let (top, bottom) = (color(), color())
      ramps.append([
        Vertex(x: x0, y: y0, color: top), Vertex(x: x1, y: y0, color: top), Vertex(x: x1, y: y1, color: bottom),
        Vertex(x: x0, y: y1, color: bottom),
      ])
    }
    for trial in 0..<1_500 {
      let quad = ramps[rng.below(ramps.count)]
      let background = (0..<(96 * 96)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
      var kept = background
      var anew = background
      // A region's sliver: a few columns from any start, a band of rows.
      let x0 = rng.below(90)
      let y0 = rng.below(90)
      let clip = PixelRect(x0: x0, y0: y0, x1: x0 + 1 + rng.below(40), y1: y0 + 1 + rng.below(40))
      let drewKept = kept.withUnsafeMutableBufferPointer { px in
        Rasterizer.ramp(
          quad[0], quad[1], quad[2], quad[3], clip: clip,
          target: RasterTarget(pixels: px.baseAddress!, width: 96, height: 96, ramps: store), dither: true)
      }
      let drewAnew = anew.withUnsafeMutableBufferPointer { px in
        Rasterizer.ramp(
          quad[0], quad[1], quad[2], quad[3], clip: clip,
          target: RasterTarget(pixels: px.baseAddress!, width: 96, height: 96), dither: true)
      }
      guard drewKept == drewAnew, kept == anew else {
        Issue.record("trial \(trial): \(zip(kept, anew).filter { $0 != $1 }.count) pixels differ")
        return
      }
    }
    #expect(store.count == 3)
  }

  @Test("rows are worked out once: those known are not worked out again, and the gap to new ones is")
  func rowsAreWorkedOutOnce() {
    let store = RampRows(capacity: 2)
    let key = RampRows.Key(width: 256, top: 0, bottom: 25_600, topColor: 1, bottomColor: 2, targetHeight: 100)
    var asked: [Int] = []
    func rows(_ needed: Range<Int>) -> Range<Int> {
      store.rows(key, extent: 0..<100, needed: needed) { y in
        asked.append(y)
        return SIMD4(repeating: UInt32(y))
      }.known
    }
    #expect(rows(40..<50) == 40..<50)
    #expect(asked == Array(40..<50))
    asked = []
    #expect(rows(42..<48) == 40..<50)
    #expect(asked.isEmpty)
    // Rows above and below: the gaps between are worked out too, so what is known stays one run.
    #expect(rows(60..<62) == 40..<62)
    #expect(asked == Array(50..<62))
    asked = []
    #expect(rows(10..<12) == 10..<62)
    #expect(asked == Array(10..<40))
    // Another ramp of another color is kept beside it; a third evicts the one used least recently.
    var other = key
    other.bottomColor = 3
    _ = store.rows(other, extent: 0..<100, needed: 0..<1) { _ in .zero }
    _ = rows(10..<11)
    var third = key
    third.topColor = 9
    _ = store.rows(third, extent: 0..<100, needed: 0..<1) { _ in .zero }
    #expect(store.count == 2)
    asked = []
    #expect(rows(10..<11) == 10..<62)
    #expect(asked.isEmpty)
  }
}
