import Testing

@testable import Graphics

@Suite struct DamageTrackerTests {
  let target = Rect(x: 0, y: 0, width: 400, height: 300)
  let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
  let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)

  func list(_ build: (inout DrawList) -> Void) -> DrawList {
    var l = DrawList()
    build(&l)
    return l
  }

  func damage(_ tracker: inout DamageTracker, _ l: DrawList, generation: Int = 0) -> [Rect]? {
    tracker.damage(for: l.primitives, target: target) { _ in generation }
  }

  @Test func firstFrameIsFullThenAnUnchangedFrameIsNothing() {
    var t = DamageTracker()
    let a = list { $0.fillRect(Rect(x: 10, y: 10, width: 20, height: 20), color: red) }
    #expect(damage(&t, a) == nil)
    #expect(damage(&t, a) == [])
  }

  @Test func aMovedShapeDamagesWhereItWasAndWhereItIs() throws {
    var t = DamageTracker()
    let still = Rect(x: 300, y: 200, width: 40, height: 40)
    _ = damage(
      &t,
      list {
        $0.fillRect(still, color: blue)
        $0.fillRect(Rect(x: 10, y: 10, width: 20, height: 20), color: red)
      })
    let rects = try #require(
      damage(
        &t,
        list {
          $0.fillRect(still, color: blue)
          $0.fillRect(Rect(x: 40, y: 10, width: 20, height: 20), color: red)
        }))
    // Old (10…30) and new (40…60) bounds, each grown by the fringe and a 2 px margin.
    #expect(rects.count == 2)
    let old = Rect(x: 9, y: 9, width: 22, height: 22)
    let new = Rect(x: 39, y: 9, width: 22, height: 22)
    #expect(rects.contains { $0.intersection(old) == old })
    #expect(rects.contains { $0.intersection(new) == new })
    #expect(rects.allSatisfy { $0.width <= 26 && $0.height <= 26 })
    // The unchanged square is not repainted.
    for r in rects { #expect(!r.touches(still)) }
  }

  @Test func swappingStackingOrderIsDamage() {
    var t = DamageTracker()
    let a = Rect(x: 10, y: 10, width: 30, height: 30)
    let b = Rect(x: 20, y: 20, width: 30, height: 30)
    _ = damage(
      &t,
      list {
        $0.fillRect(a, color: red)
        $0.fillRect(b, color: blue)
      })
    let swapped = damage(
      &t,
      list {
        $0.fillRect(b, color: blue)
        $0.fillRect(a, color: red)
      })
    #expect(swapped?.isEmpty == false)
  }

  @Test func anImageRedrawnInPlaceIsDamage() {
    var t = DamageTracker()
    let l = list {
      $0.addImageQuad(
        [Point(x: 0, y: 0), Point(x: 50, y: 0), Point(x: 50, y: 50), Point(x: 0, y: 50)],
        uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(1)))
    }
    _ = damage(&t, l, generation: 1)
    #expect(damage(&t, l, generation: 1) == [])
    #expect(damage(&t, l, generation: 2)?.isEmpty == false)
  }

  @Test func aResizedTargetOrABigChangeIsAFullRedraw() {
    var t = DamageTracker()
    let small = list { $0.fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: red) }
    let huge = list { $0.fillRect(Rect(x: 0, y: 0, width: 400, height: 300), color: red) }
    _ = damage(&t, small)
    #expect(damage(&t, huge) == nil)
    #expect(t.damage(for: huge.primitives, target: Rect(x: 0, y: 0, width: 800, height: 600)) { _ in 0 } == nil)
  }

  @Test func thinShapesMeetingAtAPointStaySeparate() throws {
    // Two clock hands on one hub, both moved: their union would be a 200×200 square of dial,
    // while the hands themselves cover a few thousand pixels.
    var t = DamageTracker()
    func hands(_ shade: UInt8) -> DrawList {
      list { l in
        let c = RGBA8(r: shade, g: 0, b: 0, a: 255)
        l.fillRect(Rect(x: 100, y: 100, width: 200, height: 6), color: c)
        l.fillRect(Rect(x: 100, y: 100, width: 6, height: 200), color: c)
      }
    }
    _ = damage(&t, hands(200))
    let rects = try #require(damage(&t, hands(100)))
    #expect(rects.count == 2)
    let area = rects.reduce(0) { $0 + $1.width * $1.height }
    #expect(area < 6000)
    // A shape moved by a pixel still damages one region: old and new bounds merge.
    var u = DamageTracker()
    _ = damage(&u, list { $0.fillRect(Rect(x: 50, y: 50, width: 40, height: 40), color: red) })
    let moved = try #require(damage(&u, list { $0.fillRect(Rect(x: 51, y: 50, width: 40, height: 40), color: red) }))
    #expect(moved.count == 1)
  }

  @Test func manySmallChangesAreMergedToTheLimit() throws {
    var t = DamageTracker(maxRects: 3)
    func dots(_ dx: Double) -> DrawList {
      list { l in
        for i in 0..<10 { l.fillRect(Rect(x: Double(i) * 35 + dx, y: 100, width: 4, height: 4), color: red) }
      }
    }
    _ = damage(&t, dots(0))
    let rects = try #require(damage(&t, dots(1)))
    #expect(rects.count == 3)
    // Every changed dot is inside some region, and the regions do not overlap.
    for i in 0..<10 {
      let dot = Rect(x: Double(i) * 35 + 1, y: 100, width: 4, height: 4)
      #expect(rects.contains { $0.intersection(dot) == dot })
    }
    for i in rects.indices {
      for j in rects.indices where i < j { #expect(rects[i].intersection(rects[j]).isEmpty) }
    }
  }

  /// Primitives are compared place by place: one more at the end damages only itself; one
  /// fewer at the front damages every one after it, each now a place earlier in the order.
  @Test func primitivesAreComparedPlaceByPlace() throws {
    var t = DamageTracker(maxRects: 32)
    let dots = (0..<5).map { Rect(x: Double($0) * 60 + 10, y: 10, width: 20, height: 20) }
    func drawn(_ rects: ArraySlice<Rect>) -> DrawList {
      list { l in for r in rects { l.fillRect(r, color: red) } }
    }
    _ = damage(&t, drawn(dots[0..<4]))
    let added = try #require(damage(&t, drawn(dots[0..<5])))
    #expect(added.count == 1)
    #expect(added.first.map { $0.intersection(dots[4]) == dots[4] && $0.width < 30 } == true)
    let dropped = try #require(damage(&t, drawn(dots[1..<5])))
    for d in dots { #expect(dropped.contains { $0.intersection(d) == d }) }
  }

  /// A changed line of text, one primitive per glyph, becomes one region however long it is.
  @Test func aChangedLineOfGlyphsIsOneRegion() throws {
    var t = DamageTracker(maxRects: 32)
    func line(_ shade: UInt8) -> DrawList {
      list { l in
        for i in 0..<120 {
          l.fillRect(
            Rect(x: 10 + Double(i % 40) * 9, y: 20 + Double(i / 40) * 100, width: 8, height: 14),
            color: RGBA8(r: shade, g: 0, b: 0, a: 255))
        }
      }
    }
    _ = damage(&t, line(200))
    let rects = try #require(damage(&t, line(100)))
    #expect(rects.count == 3)
    for r in rects { #expect(r.height <= 14 + 6 && r.width >= 359) }
  }

  /// The tracker keeps bounds and keys of its own: a draw list emptied for the next frame
  /// fills the storage it already has, rather than allocating anew because the tracker
  /// still shares it.
  @Test func theDrawListKeepsItsStorageAcrossFrames() {
    var t = DamageTracker()
    var l = DrawList()
    func frame(_ x: Double) -> UnsafeRawPointer? {
      l.reset()
      for i in 0..<8 { l.fillRect(Rect(x: x + Double(i) * 30, y: 10, width: 20, height: 20), color: red) }
      _ = damage(&t, l)
      return l.primitives.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    let first = frame(0)
    #expect(first != nil)
    #expect(frame(5) == first)
    #expect(frame(10) == first)
    // And the answers are as before: the moved squares, old and new places.
    let moved = damage(
      &t,
      list { l in for i in 0..<8 { l.fillRect(Rect(x: 15 + Double(i) * 30, y: 10, width: 20, height: 20), color: red) }
      })
    #expect(moved?.isEmpty == false)
  }
}
