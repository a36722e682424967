import Foundation
import Graphics
import Testing

@testable import Raster

@Suite struct MeshGradientRasterTests {
  func rgba(_ px: UInt32) -> (Int, Int, Int, Int) {
    (Int(px & 0xFF), Int((px >> 8) & 0xFF), Int((px >> 16) & 0xFF), Int(px >> 24))
  }

  @Test func cornersTakeTheirControlColors() {
    var img = ImageBuffer(width: 64, height: 64)
    let pts = (0..<9).map { Point(x: Double($0 % 3) / 2, y: Double($0 / 3) / 2) }
    var colors = [Color](repeating: .black, count: 9)
    colors[0] = Color(red: 1, green: 0, blue: 0)
    colors[8] = Color(red: 0, green: 0, blue: 1)
    MeshGradientRaster.render(width: 3, height: 3, points: pts, colors: colors, into: &img)
    let tl = rgba(img.pixels[0])
    let br = rgba(img.pixels[64 * 64 - 1])
    #expect(tl.0 > 200 && tl.2 < 40)
    #expect(br.2 > 200 && br.0 < 40)
    #expect(img.pixels.allSatisfy { ($0 >> 24) == 255 })
  }

  @Test("with centersOnEdges the corner texels hold the corner colors, and the middle column the middle")
  func centersOnEdgesSamplesAtTexelCenters() {
    // A 2×2 mesh ramps red to blue across x: with the unit square from the first texel's
    // centre to the last's, texel i of 9 holds the color at i/8, so the middle texel is the
    // half-way color and the corners the control colors, up to the dither's level.
    var spanned = ImageBuffer(width: 9, height: 5)
    var edged = ImageBuffer(width: 9, height: 5)
    let pts = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1)]
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)
    let colors = [red, blue, red, blue]
    MeshGradientRaster.render(width: 2, height: 2, points: pts, colors: colors, into: &spanned, centersOnEdges: true)
    MeshGradientRaster.render(width: 2, height: 2, points: pts, colors: colors, into: &edged)
    let first = rgba(spanned.pixels[2 * 9])
    let middle = rgba(spanned.pixels[2 * 9 + 4])
    let last = rgba(spanned.pixels[2 * 9 + 8])
    #expect(first.0 >= 254 && first.2 <= 1)
    #expect(last.2 >= 254 && last.0 <= 1)
    #expect(abs(middle.0 - 128) <= 1 && abs(middle.2 - 128) <= 1)
    // Edge to edge, texel 0 holds the color at 1/18: already a ninth of the way to blue.
    let edge = rgba(edged.pixels[2 * 9])
    #expect(edge.2 >= 13 && edge.2 <= 15)
    #expect(spanned.pixels.allSatisfy { ($0 >> 24) == 255 })
    // The last row's centres lie on the lattice's flat bottom edge, and are covered still (a
    // texture with a hole is not opaque, and would be blended and painted under).
    var scene = ImageBuffer(width: 160, height: 90)
    let grid = (0..<9).map { Point(x: Double($0 % 3) / 2, y: Double($0 / 3) / 2) }
    let nine = (0..<9).map { Color(red: Double($0) / 8, green: 0.5, blue: 1 - Double($0) / 8) }
    MeshGradientRaster.render(width: 3, height: 3, points: grid, colors: nine, into: &scene, centersOnEdges: true)
    #expect(scene.pixels.allSatisfy { ($0 >> 24) == 255 })
  }

  @Test("on a regular grid every pixel is the Catmull-Rom surface through the colors, evaluated directly")
  func pixelsFollowTheSurface() {
    // On evenly spaced points the mirrored border keeps the spacing, so the sample at grid
    // parameter (u, v) lands at pixel (u, v) · cell size, and each pixel's color must be the
    // tensor-product Catmull-Rom blend of the control colors (clamped at the border) there,
    // up to the triangles' linear interpolation between samples and the dither.
    let (w, h) = (160, 90)
    var img = ImageBuffer(width: w, height: h)
    let pts = (0..<9).map { Point(x: Double($0 % 3) / 2, y: Double($0 / 3) / 2) }
    let colors = [
      Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1),
      Color(red: 1, green: 1, blue: 0), Color(red: 0.2, green: 0.2, blue: 0.2), Color(red: 0, green: 1, blue: 1),
      Color(red: 1, green: 0, blue: 1), Color(red: 1, green: 1, blue: 1), Color(red: 0.5, green: 0.3, blue: 0),
    ]
    MeshGradientRaster.render(width: 3, height: 3, points: pts, colors: colors, into: &img)
    func weights(_ t: Double) -> [Double] {
      [
        -0.5 * t * t * t + t * t - 0.5 * t, 1.5 * t * t * t - 2.5 * t * t + 1,
        -1.5 * t * t * t + 2 * t * t + 0.5 * t, 0.5 * t * t * t - 0.5 * t * t,
      ]
    }
    func surface(_ u: Double, _ v: Double) -> [Double] {
      let (cx, cy) = (min(Int(u), 1), min(Int(v), 1))
      let (wx, wy) = (weights(u - Double(cx)), weights(v - Double(cy)))
      var out = [0.0, 0.0, 0.0]
      for b in 0..<4 {
        for a in 0..<4 {
          let c = colors[min(max(cy - 1 + b, 0), 2) * 3 + min(max(cx - 1 + a, 0), 2)]
          let k = wx[a] * wy[b] * 255
          out[0] += c.red * k
          out[1] += c.green * k
          out[2] += c.blue * k
        }
      }
      return out
    }
    var worst = 0.0
    for y in 0..<h {
      for x in 0..<w {
        let expected = surface((Double(x) + 0.5) / Double(w) * 2, (Double(y) + 0.5) / Double(h) * 2)
        let got = rgba(img.pixels[y * w + x])
        for (g, e) in zip([got.0, got.1, got.2], expected) {
          worst = max(worst, abs(Double(g) - min(255, max(0, e))))
        }
      }
    }
    #expect(worst <= 3, "worst channel difference \(worst) levels")
  }

  @Test("points that are not finite, or far outside, never trap, and the next frame draws")
  func hostilePointsNeverTrap() {
    let good = (0..<9).map { Point(x: Double($0 % 3) / 2, y: Double($0 / 3) / 2) }
    let white = [Color](repeating: .white, count: 9)
    for bad in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
      var img = ImageBuffer(width: 40, height: 30)
      var pts = good
      // The middle point is in every sample's neighbourhood, so it reaches the whole image.
      pts[4] = Point(x: bad, y: 0.5)
      MeshGradientRaster.render(width: 3, height: 3, points: pts, colors: white, into: &img)
      MeshGradientRaster.render(width: 3, height: 3, points: good, colors: white, into: &img)
      #expect(img.pixels.allSatisfy { $0 == 0xFFFF_FFFF }, "after \(bad)")
    }
  }

  @Test("a mesh whose point count cannot be its width times its height draws nothing, even when that product overflows")
  func meshSizeOverflowDrawsNothing() {
    let white = [Color](repeating: .white, count: 4)
    let points = (0..<4).map { Point(x: Double($0 % 2), y: Double($0 / 2)) }
    var img = ImageBuffer(width: 8, height: 8)
    for (w, h) in [(Int.max / 2, 4), (2, Int.max), (3, 3)] {
      MeshGradientRaster.render(width: w, height: h, points: points, colors: white, into: &img)
    }
    #expect(img.pixels.allSatisfy { $0 == 0 })
    MeshGradientRaster.render(width: 2, height: 2, points: points, colors: white, into: &img)
    #expect(img.pixels.allSatisfy { $0 == 0xFFFF_FFFF })
  }

  @Test("raw triangles with indices near Int32.max are appended without trapping and drop when drawn")
  func hugeRawIndicesDrop() {
    let red = RGBA8(r: 255, g: 0, b: 0, a: 255)
    var list = DrawList()
    list.fillRect(Rect(x: 0, y: 0, width: 4, height: 4), color: red)
    let before = list.indices.count
    let v = Vertex(x: 0, y: 0, color: red)
    list.addTriangles([v, v, v], indices: [Int32.max, 0, 1])
    #expect(list.indices.count == before + 3)
    var pixels = [UInt32](repeating: 0, count: 16 * 16)
    pixels.withUnsafeMutableBufferPointer {
      Rasterizer.draw(list, into: RasterTarget(pixels: $0.baseAddress!, width: 16, height: 16), region: nil) { _ in nil
      }
    }
    // The rectangle is drawn; the hostile triangle is not (it would cover nothing anyway).
    #expect(pixels[1 * 16 + 1] == 0xFFFF_0000)
  }

  @Test("warped meshes at any size cover every pixel: shared edges leave no gap")
  func warpedMeshesLeaveNoGap() {
    var rng = SplitMix64(state: 5)
    func unit() -> Double { Double(rng.below(1 << 20)) / Double(1 << 20) }
    for trial in 0..<150 {
      let n = 3 + trial % 2
      let (w, h) = (16 + rng.below(180), 10 + rng.below(120))
      // Border points stay on their border (sliding along it); inner points move within a
      // third of a cell, so no cell folds over.
      let pts = (0..<(n * n)).map { k -> Point in
        let (i, j) = (k % n, k / n)
        let jitter = 1 / (3 * Double(n - 1))
        func coordinate(_ index: Int) -> Double {
          let base = Double(index) / Double(n - 1)
          return index == 0 || index == n - 1 ? base : base + (unit() - 0.5) * jitter
        }
        return Point(x: coordinate(i), y: coordinate(j))
      }
      var img = ImageBuffer(width: w, height: h)
      MeshGradientRaster.render(
        width: n, height: n, points: pts, colors: [Color](repeating: .white, count: n * n), into: &img)
      let holes = img.pixels.indices.filter { img.pixels[$0] >> 24 != 255 }
      guard holes.isEmpty else {
        Issue.record(
          "trial \(trial), \(w)×\(h): \(holes.count) pixels not drawn, first at \(holes[0] % w),\(holes[0] / w)")
        return
      }
    }
  }

  @Test func noSeamAtCellBorders() {
    // A uniform two-color ramp: neighbouring columns across the middle cell border must
    // differ no more than neighbours elsewhere.
    var img = ImageBuffer(width: 200, height: 20)
    let pts = (0..<9).map { Point(x: Double($0 % 3) / 2, y: Double($0 / 3) / 2) }
    let colors: [Color] = (0..<9).map { i in i % 3 == 0 ? .black : (i % 3 == 1 ? Color(white: 0.5) : .white) }
    MeshGradientRaster.render(width: 3, height: 3, points: pts, colors: colors, into: &img)
    let row = (0..<200).map { rgba(img.pixels[10 * 200 + $0]).0 }
    var maxStep = 0
    for x in 1..<200 { maxStep = max(maxStep, abs(row[x] - row[x - 1])) }
    #expect(maxStep <= 3)
    #expect(row.first! < 5 && row.last! > 250)
  }
}

@Suite struct AreaDownscaleTests {
  @Test func eachPixelAveragesTheSourcePixelsUnderIt() {
    // 4×2 → 2×1: the left pixel averages red and blue columns, the right is all green.
    var img = ImageBuffer(width: 4, height: 2, smooth: false)
    let red: UInt32 = 0xFF00_00FF
    let blue: UInt32 = 0xFFFF_0000
    let green: UInt32 = 0xFF00_FF00
    img.pixels = [red, blue, green, green, red, blue, green, green]
    img.opaque = true
    let out = img.areaDownscaled(width: 2, height: 1)
    #expect(out.width == 2 && out.height == 1)
    // (255 + 0) / 2 rounds to 128 in red and blue.
    #expect(out.pixels == [0xFF80_0080, green])
    #expect(out.opaque && !out.smooth)
  }

  @Test func transparentPixelsDoNotDarkenTheAverage() {
    // Half transparent black, half opaque white: white at half alpha, not grey.
    var img = ImageBuffer(width: 2, height: 1)
    img.pixels = [0x0000_0000, 0xFFFF_FFFF]
    let out = img.areaDownscaled(width: 1, height: 1)
    #expect(out.pixels == [0x80FF_FFFF])
  }

  @Test func sizesThatAreNotSmallerReturnTheImage() {
    var img = ImageBuffer(width: 3, height: 3)
    img.pixels[4] = 0xFF12_3456
    #expect(img.areaDownscaled(width: 3, height: 3).pixels == img.pixels)
    #expect(img.areaDownscaled(width: 4, height: 2).pixels == img.pixels)
    #expect(img.areaDownscaled(width: 0, height: 2).pixels == img.pixels)
    // Uneven footprints still cover every source pixel once: 3 → 2 takes columns {0}, {1, 2}.
    var row = ImageBuffer(width: 3, height: 1)
    row.pixels = [0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_FFFF]
    #expect(row.areaDownscaled(width: 2, height: 1).pixels == [0xFF00_0000, 0xFFFF_FFFF])
  }
}

@Suite struct GradientRasterTests {
  @Test("each pixel is the gradient at its center, in 4096 steps, plus the Bayer offset of its place, rounded")
  func ditheredRamp() {
    let steps = 4096.0
    let img = GradientRaster.render(
      from: Point(x: 0, y: 0), to: Point(x: 0, y: 1), width: 8, height: 64, opaque: true
    ) { Color(red: $0 * 0.25, green: 0.5, blue: 1 - $0) }
    #expect(img.opaque && img.width == 8 && img.height == 64)
    for y in 0..<64 {
      let t = ((Double(y) + 0.5) / 64 * steps).rounded() / steps
      for x in 0..<8 {
        let d = Double(Bayer.row(y)[x & 3])
        @inline(__always) func level(_ v: Double) -> UInt32 { UInt32(max(0, min(255, (v * 255 + d).rounded()))) }
        let expected = level(t * 0.25) | level(0.5) << 8 | level(1 - t) << 16 | 255 << 24
        #expect(img.pixels[y * 8 + x] == expected, "pixel \(x),\(y)")
      }
    }
  }

  @Test("the Bayer rows are the 4×4 matrix as offsets (level + 0.5) / 16 − 0.5, the same in Float and Double")
  func bayerOffsets() {
    let levels: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
    for k in 0..<16 {
      #expect(Double(Bayer.row(k >> 2)[k & 3]) == (levels[k] + 0.5) / 16 - 0.5)
      #expect(Bayer.row(k >> 2 + 4)[k & 3] == Bayer.row(k >> 2)[k & 3])
    }
  }
}
