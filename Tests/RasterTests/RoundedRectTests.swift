import Foundation
import Graphics
import Testing

@testable import Raster

/// Upright rounded rectangles drawn as `PrimitiveShape.roundedRect` quads against the same
/// shapes drawn as their flattened polygon with its fringe: the pixels a GPU is given.
@Suite struct RoundedRectTests {
  static let backdrop: UInt32 = 0xFF40_5060

  /// A `w × h` buffer of a gray backdrop (so translucent blending shows), `list` drawn into it.
  func draw(_ list: DrawList, _ w: Int, _ h: Int, region: PixelRect? = nil) -> [UInt32] {
    var pixels = [UInt32](repeating: Self.backdrop, count: w * h)
    pixels.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      Rasterizer.draw(list, into: RasterTarget(pixels: base, width: w, height: h), region: region) { _ in nil }
    }
    return pixels
  }

  /// The largest difference of any channel between two pixels.
  func difference(_ a: UInt32, _ b: UInt32) -> Int {
    [0, 8, 16, 24].map { (s: UInt32) in abs(Int((a >> s) & 0xFF) - Int((b >> s) & 0xFF)) }.max() ?? 0
  }

  /// The shape as lowering gives a GPU: its outline flattened at half a pixel, each point in
  /// the color graded from `top` to `bottom` at its height.
  func polygon(_ list: inout DrawList, _ r: Rect, _ radius: Double, _ top: RGBA8, _ bottom: RGBA8) {
    let points = Path.roundedRectOutline(in: r, cornerRadius: radius, tolerance: 0.5) ?? []
    func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
      UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
    }
    let colors = points.map { p -> RGBA8 in
      let t = (p.y - r.minY) / r.height
      return RGBA8(
        r: mix(top.r, bottom.r, t), g: mix(top.g, bottom.g, t), b: mix(top.b, bottom.b, t), a: mix(top.a, bottom.a, t))
    }
    list.fillConvexPolygon(points, colors: colors)
  }

  /// Random rectangles, radii (none, small, large, capsules) and fills (opaque, translucent,
  /// graded), drawn one way and the other.
  func shapes(_ count: Int, seed: UInt64) -> [(Rect, Double, RGBA8, RGBA8)] {
    var rng = SplitMix64(state: seed)
    func unit() -> Double { Double(rng.below(1 << 16)) / 65_536 }
    return (0..<count).map { i in
      let r = Rect(x: 2 + unit() * 140, y: 2 + unit() * 90, width: 3 + unit() * 60, height: 3 + unit() * 60)
      let radius = [0, 0.5 + unit() * 3, unit() * 20, min(r.width, r.height) / 2][i % 4]
      func color() -> RGBA8 {
        RGBA8(r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: UInt8(rng.below(256)), a: [255, 255, 160][i % 3])
      }
      let top = color()
      return (r, radius, top, i % 2 == 0 ? top : color())
    }
  }

  @Test(
    "a rounded rectangle's quad gives its polygon's pixels: within 2 levels along the sides, the corners' chords apart")
  func quadMatchesItsPolygon() {
    var worst = (sides: 0, corners: 0, graded: 0)
    var changed = 0
    var covered = 0
    for (r, radius, top, bottom) in shapes(240, seed: 5) {
      var analytic = DrawList()
      analytic.analyticRoundedRects = true
      let added = analytic.fillRoundedRect(r, radius: radius, top: top, bottom: bottom)
      #expect(added)
      #expect(analytic.primitives.map(\.shape) == [.roundedRect])
      let a = draw(analytic, 200, 160)
      let rr = min(radius, r.width / 2, r.height / 2)
      func nearCorner(_ x: Double, _ y: Double) -> Bool {
        rr > 0 && (x < r.minX + rr || x > r.maxX - rr) && (y < r.minY + rr || y > r.maxY - rr)
      }
      if top == bottom {
        var triangles = DrawList()
        polygon(&triangles, r, radius, top, bottom)
        let b = draw(triangles, 200, 160)
        for (k, (p, q)) in zip(a, b).enumerated() {
          if p != Self.backdrop { covered += 1 }
          let d = difference(p, q)
          if d > 2 { changed += 1 }
          if nearCorner(Double(k % 200) + 0.5, Double(k / 200) + 0.5) {
            worst.corners = max(worst.corners, d)
          } else {
            worst.sides = max(worst.sides, d)
          }
        }
      } else {
        // Graded: each pixel is the polygon's coverage (a white fill's, on black) times the
        // color of its row, evenly graded in premultiplied channels, over the backdrop.
        var white = DrawList()
        polygon(&white, r, radius, .init(r: 255, g: 255, b: 255, a: 255), .init(r: 255, g: 255, b: 255, a: 255))
        var coverage = [UInt32](repeating: 0xFF00_0000, count: 200 * 160)
        coverage.withUnsafeMutableBufferPointer { buf in
          Rasterizer.draw(white, into: RasterTarget(pixels: buf.baseAddress!, width: 200, height: 160)) { _ in nil }
        }
        let (pt, pb) = (Rasterizer.premultiply(top), Rasterizer.premultiply(bottom))
        for k in a.indices {
          let (x, y) = (Double(k % 200) + 0.5, Double(k / 200) + 0.5)
          guard !nearCorner(x, y) else { continue }
          let alpha = Double(coverage[k] & 0xFF) / 255
          let t = (min(max(y, r.minY), r.maxY) - r.minY) / r.height
          var expected: UInt32 = 0
          for s: UInt32 in [0, 8, 16, 24] {
            let c = (Double((pt >> s) & 0xFF) + (Double((pb >> s) & 0xFF) - Double((pt >> s) & 0xFF)) * t) * alpha
            let srcAlpha =
              (Double((pt >> 24) & 0xFF) + (Double((pb >> 24) & 0xFF) - Double((pt >> 24) & 0xFF)) * t) * alpha
            let v = c + Double((Self.backdrop >> s) & 0xFF) * (1 - srcAlpha / 255)
            expected |= UInt32(min(255, max(0, v.rounded()))) << s
          }
          worst.graded = max(worst.graded, difference(a[k], expected))
        }
      }
    }
    // Along straight sides both are ½ − distance (positions snap to 1/256 in the triangles).
    #expect(worst.sides <= 2, "sides: \(worst.sides)")
    // Around a corner the quad follows the circle; the polygon follows its chords, which lie up
    // to a tenth of a pixel inside it, and mitres their joins.
    #expect(worst.corners <= 40, "corners: \(worst.corners)")
    // A polygon's graded fringe is bent by its two flat triangles; the quad's is exact.
    #expect(worst.graded <= 3, "graded: \(worst.graded)")
    #expect(changed * 20 < covered, "\(changed) of \(covered) covered pixels differ by more than 2")
  }

  /// Draws each of `cases` into a 200 × 160 backdrop through `draw` with a shortcut on and
  /// off, every third clipped to `clip`'s rectangle, and expects the same pixels both ways;
  /// returns how many of them drew anything.
  func compareShortcut(
    _ cases: [(Rect, Double, RGBA8, RGBA8)], clip: (Rect) -> PixelRect,
    _ draw: (UnsafePointer<Vertex>, PixelRect, RasterTarget, Bool) -> Void
  ) throws -> Int {
    var drawnAny = 0
    for (i, (r, radius, top, bottom)) in cases.enumerated() {
      var list = DrawList()
      list.analyticRoundedRects = true
      guard list.fillRoundedRect(r, radius: radius, top: top, bottom: bottom) else { continue }
      let p = try #require(list.primitives.first)
      let i0 = Int(list.indices[p.indexOffset])
      let area = i % 3 == 0 ? clip(r) : PixelRect(x0: 0, y0: 0, x1: 200, y1: 160)
      func drawn(_ shortcut: Bool) -> [UInt32] {
        var pixels = [UInt32](repeating: Self.backdrop, count: 200 * 160)
        pixels.withUnsafeMutableBufferPointer { buf in
          list.vertices.withUnsafeBufferPointer { vs in
            draw(vs.baseAddress! + i0, area, RasterTarget(pixels: buf.baseAddress!, width: 200, height: 160), shortcut)
          }
        }
        return pixels
      }
      let (fast, reference) = (drawn(true), drawn(false))
      #expect(fast == reference, "shape \(i): \(r) radius \(radius)")
      if fast.contains(where: { $0 != Self.backdrop }) { drawnAny += 1 }
    }
    return drawnAny
  }

  @Test("straight rows worked out once give exactly the pixels of every row worked out anew, clipped or not")
  func straightRowsMatchTheRowByRowPath() throws {
    // Tall shapes (most rows straight) and thin ones (a side pixel or two), at fractional
    // positions, opaque, translucent and graded, some cut by a clip through their sides.
    var tall = shapes(160, seed: 11)
    tall += shapes(80, seed: 12).map { (r, radius, top, bottom) in
      (Rect(x: r.minX, y: r.minY, width: 0.3 + r.width / 40, height: r.height), radius, top, bottom)
    }
    let drawn = try compareShortcut(
      tall, clip: { r in PixelRect(x0: Int(r.minX + r.width / 3), y0: 0, x1: Int(r.maxX), y1: Int(r.midY)) },
      { q, clip, target, shortcut in Rasterizer.roundedRect(q, clip: clip, target: target, straightRows: shortcut) })
    #expect(drawn > 200)
  }

  @Test("corner rows shaded only near the corners' edge give exactly the pixels of shading every column")
  func cornerReachMatchesShadingEveryColumn() throws {
    // Large radii (most of a row's side pixels lie outside the corner), small ones, capsules,
    // square corners, at fractional positions, opaque, translucent and graded, some clipped.
    let cases = shapes(240, seed: 21).enumerated().map { i, shape in
      let (r, radius, top, bottom) = shape
      return (r, i % 2 == 0 ? min(r.width, r.height) * 0.45 : radius, top, bottom)
    }
    let drawn = try compareShortcut(
      cases, clip: { r in PixelRect(x0: Int(r.minX + r.width / 4), y0: Int(r.minY + 1), x1: 200, y1: 160) },
      { q, clip, target, shortcut in Rasterizer.roundedRect(q, clip: clip, target: target, cornerReach: shortcut) })
    #expect(drawn > 200)
  }

  @Test("square corners are mitred, as a rectangle's fringe gives, not rounded")
  func squareCorners() {
    let r = Rect(x: 10.25, y: 6.6, width: 30.5, height: 20.3)
    let color = RGBA8(r: 250, g: 200, b: 20, a: 255)
    var analytic = DrawList()
    analytic.analyticRoundedRects = true
    _ = analytic.fillRoundedRect(r, radius: 0, top: color, bottom: color)
    var triangles = DrawList()
    polygon(&triangles, r, 0, color, color)
    let a = draw(analytic, 60, 40)
    let b = draw(triangles, 60, 40)
    #expect(zip(a, b).map { difference($0, $1) }.max() ?? 0 <= 2)
  }

  @Test("only pixels within the clip and the region are drawn")
  func clipAndRegion() {
    let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
    var list = DrawList()
    list.analyticRoundedRects = true
    list.pushClip(Rect(x: 0, y: 0, width: 25, height: 40))
    _ = list.fillRoundedRect(Rect(x: 5, y: 5, width: 40, height: 30), radius: 8, top: white, bottom: white)
    list.popClip()
    let clipped = draw(list, 50, 40)
    for y in 0..<40 { for x in 25..<50 { #expect(clipped[y * 50 + x] == Self.backdrop) } }
    #expect(clipped[20 * 50 + 20] == 0xFFFF_FFFF)
    let region = PixelRect(x0: 10, y0: 10, x1: 20, y1: 20)
    var whole = DrawList()
    whole.analyticRoundedRects = true
    _ = whole.fillRoundedRect(Rect(x: 0, y: 0, width: 50, height: 40), radius: 8, top: white, bottom: white)
    let part = draw(whole, 50, 40, region: region)
    for y in 0..<40 {
      for x in 0..<50 {
        let inside = x >= 10 && x < 20 && y >= 10 && y < 20
        #expect(part[y * 50 + x] == (inside ? 0xFFFF_FFFF : Self.backdrop), "(\(x), \(y))")
      }
    }
  }

  @Test(
    "the quad covers the fringe, records the bands between the corners when opaque, and is refused where it cannot be drawn"
  )
  func quadAndRefusals() throws {
    let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
    var list = DrawList()
    list.analyticRoundedRects = true
    list.recordsOpaqueInteriors = true
    let added2 = list.fillRoundedRect(
      Rect(x: 10.3, y: 20.6, width: 50, height: 200), radius: 16, top: blue, bottom: blue)
    #expect(added2)
    let p = try #require(list.primitives.last)
    // Half a pixel out on every side, in the vertices' single precision.
    #expect(abs(p.bounds.minX - 9.8) < 1e-5 && abs(p.bounds.minY - 20.1) < 1e-5)
    #expect(p.bounds.width == 51 && p.bounds.height == 201)
    #expect(list.vertices.first?.u == 16)
    // The band across, a pixel in from the edge: as the polygon's search finds.
    #expect(p.opaqueInterior == PixelRect(x0: 11, y0: 38, x1: 59, y1: 204))
    _ = list.fillRoundedRect(
      Rect(x: 0, y: 0, width: 100, height: 100), radius: 4, top: blue, bottom: .init(r: 0, g: 0, b: 0, a: 254))
    #expect(list.primitives.last?.opaqueInterior == nil, "translucent")
    var off = DrawList()
    let added3 = off.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 2, top: blue, bottom: blue)
    #expect(!added3)
    off.analyticRoundedRects = true
    off.antiAliased = false
    let added4 = off.fillRoundedRect(Rect(x: 0, y: 0, width: 10, height: 10), radius: 2, top: blue, bottom: blue)
    #expect(!added4)
    off.antiAliased = true
    let added5 = off.fillRoundedRect(Rect(x: .nan, y: 0, width: 10, height: 10), radius: 2, top: blue, bottom: blue)
    #expect(!added5)
    let added6 = off.fillRoundedRect(
      Rect(x: 0, y: 0, width: 10, height: 10), radius: .infinity, top: blue, bottom: blue)
    #expect(!added6)
    let added7 = off.fillRoundedRect(Rect(x: 2e6, y: 0, width: 10, height: 10), radius: 2, top: blue, bottom: blue)
    #expect(!added7)
    #expect(off.primitives.isEmpty)
  }
}
