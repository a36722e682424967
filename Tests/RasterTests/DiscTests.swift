import Foundation
import Graphics
import Testing

@testable import Raster

/// Small circles drawn as `PrimitiveShape.disc` quads against the same circles drawn as a
/// polygon with its fringe: the pixels a GPU is given.
@Suite struct DiscTests {
  let white = RGBA8(r: 255, g: 255, b: 255, a: 255)

  /// A `w × h` buffer filled with a gray backdrop (so both translucent and opaque blending
  /// show), with `list` drawn into `region` of it.
  func draw(_ list: DrawList, _ w: Int, _ h: Int, region: PixelRect? = nil) -> [UInt32] {
    var pixels = [UInt32](repeating: 0xFF40_5060, count: w * h)
    pixels.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      Rasterizer.draw(list, into: RasterTarget(pixels: base, width: w, height: h), region: region) { _ in nil }
    }
    return pixels
  }

  func circles(discs: Bool, _ body: (inout DrawList) -> Void) -> DrawList {
    var list = DrawList()
    list.analyticDiscs = discs
    body(&list)
    return list
  }

  /// The largest difference of any channel between two pixels.
  func difference(_ a: UInt32, _ b: UInt32) -> Int {
    var worst = 0
    for shift: UInt32 in [0, 8, 16, 24] {
      let x = Int((a >> shift) & 0xFF)
      let y = Int((b >> shift) & 0xFF)
      worst = max(worst, abs(x - y))
    }
    return worst
  }

  @Test("a disc gives the pixels of its polygon and fringe (or, under 0.6 px, its fan) within 2 levels")
  func discMatchesItsPolygon() {
    var rng = SplitMix64(state: 7)
    func unit() -> Double { Double(rng.below(1 << 16)) / 65_536 }
    var draws: [(Point, Double, RGBA8)] = []
    for i in 0..<160 {
      let center = Point(x: 8 + unit() * 144, y: 8 + unit() * 104)
      let radius = 0.1 + Double(i % 12) + unit()
      let color = RGBA8(
        r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: UInt8(rng.below(256)), a: [255, 200, 90][i % 3])
      draws.append((center, min(radius, 12), color))
    }
    let withDiscs = circles(discs: true) { l in for (c, r, k) in draws { l.fillCircle(center: c, radius: r, color: k) }
    }
    let withPolygons = circles(discs: false) { l in
      for (c, r, k) in draws { l.fillCircle(center: c, radius: r, color: k) }
    }
    #expect(withDiscs.primitives.allSatisfy { $0.shape == .disc })
    #expect(withPolygons.primitives.allSatisfy { $0.shape == .triangles })
    let a = draw(withDiscs, 160, 120)
    let b = draw(withPolygons, 160, 120)
    let worst = zip(a, b).map { difference($0, $1) }.max() ?? 0
    let changed = zip(a, b).filter { difference($0, $1) > 0 }.count
    // Positions snap to 1/256 pixel in the triangles and not here: a level or two at most.
    #expect(worst <= 2, "largest channel difference \(worst)")
    // And most pixels are the same bit for bit (those that are not are in fringes).
    #expect(changed * 10 < a.count, "\(changed) of \(a.count) pixels differ")
    // The circles were drawn at all: most of the backdrop is covered somewhere.
    #expect(a.filter { $0 != 0xFF40_5060 }.count > a.count / 3)
  }

  @Test("discs shaded four pixels at a time give exactly the pixels of shading one at a time")
  func lanesMatchOnePixelAtATime() throws {
    var rng = SplitMix64(state: 31)
    func unit() -> Double { Double(rng.below(1 << 16)) / 65_536 }
    var drawn = 0
    for i in 0..<400 {
      let center = Point(x: 2 + unit() * 60, y: 2 + unit() * 40)
      let radius = 0.1 + Double(i % 13) + unit()
      let color = RGBA8(
        r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: UInt8(rng.below(256)), a: [255, 200, 90, 3][i % 4])
      let list = circles(discs: true) { $0.fillCircle(center: center, radius: min(radius, 12), color: color) }
      guard let p = list.primitives.first, p.shape == .disc else { continue }
      let i0 = Int(list.indices[p.indexOffset])
      // Some clipped through the disc, so rows start and end mid-circle.
      let clip =
        i % 3 == 0
        ? PixelRect(x0: Int(center.x) - 1, y0: Int(center.y) - 2, x1: 64, y1: 44)
        : PixelRect(x0: 0, y0: 0, x1: 64, y1: 44)
      // A backdrop of every color, opaque, so translucent blending shows in each channel.
      let backdrop = (0..<(64 * 44)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) | 0xFF00_0000 }
      func shaded(_ lanes: Bool) -> [UInt32] {
        var pixels = backdrop
        pixels.withUnsafeMutableBufferPointer { buf in
          list.vertices.withUnsafeBufferPointer { vs in
            Rasterizer.disc(
              vs.baseAddress! + i0, clip: clip, target: RasterTarget(pixels: buf.baseAddress!, width: 64, height: 44),
              lanes: lanes)
          }
        }
        return pixels
      }
      let (four, one) = (shaded(true), shaded(false))
      #expect(four == one, "disc \(i) at \(center) radius \(radius)")
      if four != backdrop { drawn += 1 }
    }
    #expect(drawn > 300)
  }

  @Test("a dot under a pixel across is one pixel, translucent, and dims as it shrinks")
  func tinyDisc() {
    // Radius 0.3 on a pixel's centre: a hexagon of apothem 0.26, so the centre pixel's coverage
    // is the dot's peak, 0.58, and its neighbours' (a pixel away, past the outer ring) nothing.
    func alpha(_ radius: Double) -> [Int] {
      let list = circles(discs: true) { $0.fillCircle(center: Point(x: 5.5, y: 5.5), radius: radius, color: white) }
      var px = [UInt32](repeating: 0, count: 121)
      px.withUnsafeMutableBufferPointer { buf in
        Rasterizer.draw(list, into: RasterTarget(pixels: buf.baseAddress!, width: 11, height: 11)) { _ in nil }
      }
      return px.map { Int($0 >> 24) }
    }
    let small = alpha(0.3)
    let peak = Int((255 * DrawList.dotPeak(apothem: 0.3 * cos(.pi / 6))).rounded())
    #expect(peak == 147)
    #expect(abs(small[5 * 11 + 5] - peak) <= 1)
    #expect(small.enumerated().allSatisfy { $0.offset == 5 * 11 + 5 || $0.element == 0 })
    let smaller = alpha(0.1)
    #expect(smaller[5 * 11 + 5] < small[5 * 11 + 5] && smaller[5 * 11 + 5] > 0)
  }

  @Test("a disc's edge pixels are partly covered, its middle solid, and nothing leaks past its fringe")
  func discCoverage() {
    let list = circles(discs: true) { $0.fillCircle(center: Point(x: 10, y: 10), radius: 5, color: white) }
    let px = draw(list, 20, 20)
    let gray: UInt32 = 0xFF40_5060
    #expect(px[10 * 20 + 10] == 0xFFFF_FFFF)
    #expect(px[10 * 20 + 7] == 0xFFFF_FFFF)
    // Pixel (5, 10): its centre is 4.53 from the circle's, inside the decagon's side (apothem
    // 4.76) by less than half a pixel: partly covered.
    let edge = px[10 * 20 + 5]
    #expect(edge != gray && edge != 0xFFFF_FFFF)
    // Two pixels beyond the radius, nothing.
    #expect(px[10 * 20 + 2] == gray && px[10 * 20 + 17] == gray && px[2 * 20 + 10] == gray && px[17 * 20 + 10] == gray)
    #expect(px[3 * 20 + 3] == gray)
  }

  @Test("a disc drawn in pieces by damage regions and clips gives the pixels of drawing it whole")
  func discInRegionsAndClips() {
    let list = circles(discs: true) { l in
      l.fillCircle(center: Point(x: 20.3, y: 18.7), radius: 9.4, color: RGBA8(r: 250, g: 120, b: 20, a: 170))
      l.pushClip(Rect(x: 25, y: 10, width: 20, height: 12))
      l.fillCircle(center: Point(x: 30, y: 16), radius: 7, color: RGBA8(r: 20, g: 200, b: 90, a: 255))
      l.popClip()
    }
    let whole = draw(list, 48, 40)
    var pieced = [UInt32](repeating: 0xFF40_5060, count: 48 * 40)
    pieced.withUnsafeMutableBufferPointer { buf in
      let target = RasterTarget(pixels: buf.baseAddress!, width: 48, height: 40)
      for (x0, y0) in [(0, 0), (17, 0), (0, 19), (17, 19), (34, 0), (34, 19)] {
        let r = PixelRect(x0: x0, y0: y0, x1: min(48, x0 + 17), y1: min(40, y0 + 19))
        Rasterizer.draw(list, into: target, region: r) { _ in nil }
      }
    }
    #expect(whole == pieced)
    // The clip held: nothing green left of x = 25.
    #expect((0..<40).allSatisfy { y in (0..<25).allSatisfy { x in (whole[y * 48 + x] >> 8 & 0xFF) < 150 } })
  }

  @Test("only small circles in an anti-aliased list with discs on become discs")
  func whichCirclesBecomeDiscs() {
    var list = DrawList()
    list.tessellation = DrawList.Tessellation(for: [.analyticDiscs])
    #expect(list.analyticDiscs)
    list.fillCircle(center: Point(x: 10, y: 10), radius: 4, color: white)
    list.fillCircle(center: Point(x: 10, y: 10), radius: 0.5, color: white)
    list.fillCircle(center: Point(x: 10, y: 10), radius: 0.6, color: white)
    list.fillCircle(center: Point(x: 40, y: 40), radius: 30, color: white)
    #expect(list.primitives.map(\.shape) == [.disc, .disc, .disc, .triangles])
    var plain = DrawList()
    plain.analyticDiscs = true
    plain.antiAliased = false
    plain.fillCircle(center: Point(x: 10, y: 10), radius: 4, color: white)
    #expect(plain.primitives.map(\.shape) == [.triangles])
    #expect(DrawList.Tessellation(for: [.smoothVertexColors]).analyticDiscs == false)
  }
}
