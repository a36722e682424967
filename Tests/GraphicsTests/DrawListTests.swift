import Foundation
import Testing

@testable import Graphics

@Suite struct TessellationTests {
  let red = RGBA8(r: 255, g: 0, b: 0, a: 255)

  func square(_ clockwise: Bool = true) -> [Point] {
    let p = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
    return clockwise ? p : p.reversed()
  }

  @Test func antiAliasedConvexPolygonCounts() {
    var list = DrawList()
    list.fillConvexPolygon(square(), color: red)
    // An AA n-gon: 2n vertices, (n−2)·3 fill indices + 6n fringe indices.
    #expect(list.vertices.count == 8)
    #expect(list.indices.count == (4 - 2) * 3 + 6 * 4)
    #expect(list.commands.count == 1)
    #expect(list.commands[0].indexCount == list.indices.count)
  }

  @Test func nonAntiAliasedCounts() {
    var list = DrawList()
    list.antiAliased = false
    list.fillConvexPolygon(square(), color: red)
    #expect(list.vertices.count == 4)
    #expect(list.indices.count == 6)
  }

  @Test func fringeIsTransparentAndOutside() {
    var list = DrawList()
    list.fillConvexPolygon(square(), color: red)
    let inner = stride(from: 0, to: 8, by: 2).map { list.vertices[$0] }
    let outer = stride(from: 1, to: 8, by: 2).map { list.vertices[$0] }
    #expect(inner.allSatisfy { $0.color.a == 255 })
    #expect(outer.allSatisfy { $0.color.a == 0 })
    // The outer ring lies half a pixel outside the edge, the inner half a pixel inside.
    #expect(outer.contains { $0.x < 0 && $0.y < 0 })
    #expect(inner.contains { $0.x > 0 && $0.y > 0 && $0.x < 1 })
  }

  @Test func windingIsNormalizedSoCounterClockwiseInputGivesSameFringe() {
    var a = DrawList()
    a.fillConvexPolygon(square(true), color: red)
    var b = DrawList()
    b.fillConvexPolygon(square(false), color: red)
    let outerA = Set(stride(from: 1, to: 8, by: 2).map { "\(a.vertices[$0].x),\(a.vertices[$0].y)" })
    let outerB = Set(stride(from: 1, to: 8, by: 2).map { "\(b.vertices[$0].x),\(b.vertices[$0].y)" })
    #expect(outerA == outerB)
  }

  @Test func fillTrianglesWindClockwiseOnScreen() {
    var list = DrawList()
    list.antiAliased = false
    list.fillConvexPolygon(square(false), color: red)
    let v = list.vertices
    let i = list.indices.map(Int.init)
    let area =
      (Double(v[i[1]].x) - Double(v[i[0]].x)) * (Double(v[i[2]].y) - Double(v[i[0]].y))
      - (Double(v[i[1]].y) - Double(v[i[0]].y)) * (Double(v[i[2]].x) - Double(v[i[0]].x))
    #expect(area > 0)
  }

  @Test func commandsMergeWhileTextureAndClipStay() {
    var list = DrawList()
    list.fillConvexPolygon(square(), color: red)
    list.fillCircle(center: Point(x: 50, y: 50), radius: 5, color: red)
    #expect(list.commands.count == 1)
    list.addImageQuad(square(), uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .atlas)
    #expect(list.commands.count == 2)
    list.addImageQuad(square(), uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .atlas)
    #expect(list.commands.count == 2)
    list.pushClip(Rect(x: 0, y: 0, width: 5, height: 5))
    list.addImageQuad(square(), uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .atlas)
    #expect(list.commands.count == 3)
    #expect(list.commands[2].clip == Rect(x: 0, y: 0, width: 5, height: 5))
    list.popClip()
    list.fillRect(Rect(x: 1, y: 1, width: 2, height: 2), color: red)
    #expect(list.commands.count == 4)
    #expect(list.commands[3].clip == nil)
    #expect(list.commands.map(\.indexCount).reduce(0, +) == list.indices.count)
  }

  @Test func invisibleShapesAreSkipped() {
    var list = DrawList()
    list.targetBounds = Rect(x: 0, y: 0, width: 100, height: 100)
    list.fillRect(Rect(x: 200, y: 200, width: 10, height: 10), color: red)
    list.fillRect(Rect(x: 0, y: 0, width: 10, height: 10), color: RGBA8(r: 1, g: 2, b: 3, a: 0))
    #expect(list.vertices.isEmpty)
    #expect(list.commands.isEmpty)
  }

  @Test func circleSegmentsGrowWithRadius() {
    let list = DrawList()
    let small = list.circleSegmentCount(radius: 3)
    let big = list.circleSegmentCount(radius: 400)
    #expect(small >= 6 && small <= 16)
    #expect(big > 60 && big <= 512)
    #expect(small % 2 == 0 && big % 2 == 0)
    // The chord error stays within the bound at any radius.
    for r in [2.0, 10, 50, 200, 800] {
      let n = Double(list.circleSegmentCount(radius: r))
      #expect(r * (1 - cos(.pi / n)) <= list.circleMaxError + 1e-9)
    }
  }

  @Test func strokeCounts() {
    var list = DrawList()
    list.strokePolyline(
      [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)], closed: false, color: red, thickness: 3)
    #expect(list.vertices.count == 12)
    #expect(list.indices.count == 2 * 18)
    var closed = DrawList()
    closed.strokePolyline(square(), closed: true, color: red, thickness: 3)
    #expect(closed.indices.count == 4 * 18)
  }

  @Test func concavePolygonIsEarClipped() {
    var list = DrawList()
    list.antiAliased = false
    let arrow = [
      Point(x: 0, y: 0), Point(x: 10, y: 5), Point(x: 0, y: 10), Point(x: 3, y: 5),
    ]
    #expect(!DrawList.isConvex(arrow))
    list.fillPolygon(arrow, color: red)
    #expect(list.indices.count == (arrow.count - 2) * 3)
  }

  @Test func gradientColorsArePerVertex() {
    var list = DrawList()
    list.antiAliased = false
    let top = RGBA8(r: 0, g: 0, b: 255, a: 255)
    let bottom = RGBA8(r: 0, g: 0, b: 100, a: 255)
    list.fillConvexPolygon(square(), colors: [top, top, bottom, bottom])
    #expect(list.vertices.map(\.color) == [top, top, bottom, bottom])
  }

  @Test func vertexIsTwentyBytes() {
    #expect(MemoryLayout<Vertex>.stride == 20)
    #expect(MemoryLayout<Vertex>.offset(of: \Vertex.color) == 8)
    #expect(MemoryLayout<Vertex>.offset(of: \Vertex.u) == 12)
  }
}

@Suite struct GeometryTests {
  @Test func rotationTurnsClockwiseOnScreen() {
    let p = Transform2D.rotation(.degrees(90)).apply(Point(x: 1, y: 0))
    #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
  }

  @Test func concatenationAppliesLeftFirst() {
    let t = Transform2D.translation(10, 0).concatenating(.scale(2, 2))
    #expect(t.apply(Point(x: 1, y: 1)) == Point(x: 22, y: 2))
  }

  @Test func flattenedCircleStaysWithinTolerance() {
    let path = Path { $0.addEllipse(in: Rect(x: 0, y: 0, width: 200, height: 200)) }
    let lines = path.flattened(tolerance: 0.25)
    #expect(lines.count == 1)
    #expect(lines[0].isClosed)
    for p in lines[0].points {
      let d = (p - Point(x: 100, y: 100)).length
      #expect(abs(d - 100) < 0.3)
    }
  }

  @Test func roundedRectPathBoundsMatchRect() {
    let r = Rect(x: 5, y: 6, width: 40, height: 20)
    let lines = Path { $0.addRoundedRect(in: r, cornerRadius: 8) }.flattened()
    let xs = lines[0].points.map(\.x)
    let ys = lines[0].points.map(\.y)
    #expect(abs(xs.min()! - 5) < 1e-9 && abs(xs.max()! - 45) < 1e-9)
    #expect(abs(ys.min()! - 6) < 1e-9 && abs(ys.max()! - 26) < 1e-9)
  }
}

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

  @Test("flattening a curve with a NaN tolerance or an enormous length does not trap")
  func flatteningHostileCurvesDoesNotTrap() {
    var p = Path()
    p.move(to: Point(x: 0, y: 0))
    p.addCurve(to: Point(x: 1e80, y: 1e80), control1: Point(x: 1e80, y: 0), control2: Point(x: 0, y: 1e80))
    p.addQuadCurve(to: Point(x: 5, y: 5), control: Point(x: 2, y: 9))
    for tolerance in [Double.nan, 0.25, 1e-300] {
      let lines = p.flattened(tolerance: tolerance)
      #expect(!lines.isEmpty)
      #expect(lines.allSatisfy { $0.points.count <= 600 })
    }
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

@Suite struct AlphaBleedTests {
  @Test func transparentNeighboursTakeTheVisibleColorAndStayTransparent() {
    var img = ImageBuffer(width: 5, height: 5)
    let red: UInt32 = 0xFF00_00FF
    let blue: UInt32 = 0xFFFF_0000
    img.pixels[2 * 5 + 2] = red
    img.pixels[2 * 5 + 3] = blue
    img.bleedTransparentColors(x: 0, y: 0, width: 5, height: 5)
    // Next to red only: red, transparent.
    #expect(img.pixels[1 * 5 + 1] == 0x0000_00FF)
    // Next to both: their average (127, 0, 127), transparent.
    #expect(img.pixels[1 * 5 + 2] == 0x007F_007F)
    // Visible pixels are untouched; pixels two away from any stay transparent black.
    #expect(img.pixels[2 * 5 + 2] == red && img.pixels[2 * 5 + 3] == blue)
    #expect(img.pixels[0] == 0)
  }

  @Test func onlyTheGivenRectangleIsReadAndWritten() {
    var img = ImageBuffer(width: 4, height: 1)
    img.pixels[0] = 0xFF00_00FF
    img.bleedTransparentColors(x: 1, y: 0, width: 3, height: 1)
    // Pixel 1 is inside the rectangle but its only visible neighbour is outside it.
    #expect(img.pixels[1] == 0)
  }
}

/// Tessellation follows the renderer's capabilities: edges uncut by default, cut into short
/// pieces only for a bounding-box rasterizer.
@Suite struct TessellationChoiceTests {
  static let diagonal = [Point(x: 0, y: 0), Point(x: 400, y: 300), Point(x: 0, y: 300)]

  @Test("by default a long diagonal fill keeps its edges uncut")
  func standardIsFewestTriangles() {
    var list = DrawList()
    #expect(list.tessellation == .standard)
    list.antiAliased = false
    list.fillConvexPolygon(Self.diagonal, color: RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(list.vertices.count == 3)
    #expect(list.indices.count == 3)
  }

  @Test("no capabilities give the standard tessellation; each capability sets its own field")
  func capabilitiesMapOntoFields() {
    typealias T = DrawList.Tessellation
    #expect(T(for: []) == .standard)
    #expect(T(for: [.boundingBoxWalk]) == T(maxEdgeLength: 48, triangulation: .strip))
    #expect(
      T(for: [.ditheredRamps, .opaqueInteriors])
        == T(maxEdgeLength: .infinity, triangulation: .strip, ditheredRamps: true, opaqueInteriors: true))
    #expect(T(for: [.ditheredRamps]) == T(maxEdgeLength: .infinity, triangulation: .strip, ditheredRamps: true))
  }

  @Test("for a renderer that walks bounding boxes diagonal edges are cut into 48-pixel pieces")
  func boundingBoxWalkCutsDiagonals() {
    var list = DrawList()
    list.tessellation = DrawList.Tessellation(for: [.boundingBoxWalk])
    list.antiAliased = false
    list.fillConvexPolygon(Self.diagonal, color: RGBA8(r: 255, g: 0, b: 0, a: 255))
    // The 500-pixel hypotenuse becomes 11 pieces; the two axis-aligned edges stay whole.
    #expect(list.vertices.count == 3 + 10)
    // Still one triangle per corner beyond two: the strip uses the polygon's own corners.
    #expect(list.indices.count == 3)
  }

  @Test("edge cutting never traps on non-finite or huge coordinates")
  func piecesAreBounded() {
    // A huge edge is cut into at most 256 pieces; one whose length overflows is left whole.
    #expect(DrawList.pieces(.zero, Point(x: 1e6, y: 1e6), 48) == 256)
    #expect(DrawList.pieces(.zero, Point(x: 1e300, y: 1e300), 48) == 1)
    #expect(DrawList.pieces(.zero, Point(x: .infinity, y: 5), 48) == 1)
    #expect(DrawList.pieces(.zero, Point(x: .nan, y: 50), 48) == 1)
    #expect(DrawList.pieces(.zero, Point(x: 100, y: 100), .infinity) == 1)
    #expect(DrawList.pieces(.zero, Point(x: 100, y: 100), 0) == 1)
  }
}

@Suite struct OpaqueInteriorTests {
  /// A rounded rectangle's outline, clockwise on screen.
  static func roundedRect(_ r: Rect, radius: Double) -> [Point] {
    var pts: [Point] = []
    let corners = [
      (Point(x: r.maxX - radius, y: r.minY + radius), -Double.pi / 2),
      (Point(x: r.maxX - radius, y: r.maxY - radius), 0.0),
      (Point(x: r.minX + radius, y: r.maxY - radius), Double.pi / 2),
      (Point(x: r.minX + radius, y: r.minY + radius), Double.pi),
    ]
    for (c, a0) in corners {
      for k in 0...8 {
        let a = a0 + Double(k) / 8 * Double.pi / 2
        pts.append(Point(x: c.x + cos(a) * radius, y: c.y + sin(a) * radius))
      }
    }
    return pts
  }

  @Test("an opaque rounded rectangle records the pixels between its corners, a pixel in from the edge")
  func roundedRectangleInterior() throws {
    var list = DrawList()
    list.recordsOpaqueInteriors = true
    list.fillConvexPolygon(
      Self.roundedRect(Rect(x: 10.3, y: 20.6, width: 50, height: 200), radius: 16),
      color: .init(r: 0, g: 0, b: 255, a: 255))
    let o = try #require(list.primitives.last?.opaqueInterior)
    // The largest of the nearly-widest bands (a little inside 10.3…60.3, a little past the
    // corners at 36.6…204.6, reaching their first arc segments), a pixel in from the edge.
    #expect(o == PixelRect(x0: 12, y0: 34, x1: 59, y1: 207))
  }

  @Test("translucent, small, or clipped fills record only what is sure to be covered")
  func noInteriorWhereUnsure() throws {
    var list = DrawList()
    list.recordsOpaqueInteriors = true
    let shape = Self.roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), radius: 10)
    list.fillConvexPolygon(shape, color: .init(r: 0, g: 0, b: 255, a: 254))
    #expect(list.primitives.last?.opaqueInterior == nil)
    list.fillConvexPolygon(
      Self.roundedRect(Rect(x: 0, y: 0, width: 20, height: 20), radius: 4), color: .init(r: 0, g: 0, b: 0, a: 255))
    #expect(list.primitives.last?.opaqueInterior == nil, "under 1,024 pixels is not worth a split")
    list.pushClip(Rect(x: 0, y: 0, width: 50, height: 200))
    list.fillConvexPolygon(shape, color: .init(r: 0, g: 0, b: 0, a: 255))
    let clipped = try #require(list.primitives.last?.opaqueInterior)
    #expect(clipped.x1 <= 50)
    list.popClip()
    var off = DrawList()
    off.fillConvexPolygon(shape, color: .init(r: 0, g: 0, b: 0, a: 255))
    #expect(off.primitives.last?.opaqueInterior == nil, "off unless asked for")
  }

  @Test("every recorded interior pixel is drawn opaque by the fill itself")
  func interiorIsCovered() throws {
    var rng = SplitMix64(state: 4)
    for _ in 0..<200 {
      var list = DrawList()
      list.recordsOpaqueInteriors = true
      let r = Rect(
        x: Double(rng.below(400)) / 16, y: Double(rng.below(400)) / 16, width: 30 + Double(rng.below(600)) / 16,
        height: 30 + Double(rng.below(600)) / 16)
      let radius = Double(rng.below(Int(min(r.width, r.height) / 2 * 16))) / 16
      let shape =
        rng.below(3) == 0
        ? (0..<40).map { i -> Point in
          let a = Double(i) / 40 * 2 * Double.pi
          return Point(x: r.midX + cos(a) * r.width / 2, y: r.midY + sin(a) * r.height / 2)
        } : Self.roundedRect(r, radius: radius)
      list.fillConvexPolygon(shape, color: .init(r: 10, g: 200, b: 30, a: 255))
      guard let o = list.primitives.last?.opaqueInterior else { continue }
      var pixels = [UInt32](repeating: 0, count: 96 * 96)
      pixels.withUnsafeMutableBufferPointer { px in
        Rasterizer.draw(list, into: RasterTarget(pixels: px.baseAddress!, width: 96, height: 96)) { _ in nil }
      }
      for y in o.y0..<min(o.y1, 96) {
        for x in o.x0..<min(o.x1, 96)
        where pixels[y * 96 + x] != Rasterizer.premultiply(.init(r: 10, g: 200, b: 30, a: 255)) {
          Issue.record("\(shape.count)-gon in \(r): pixel \(x),\(y) of \(o) is \(pixels[y * 96 + x])")
          return
        }
      }
    }
  }

  @Test("an opaque upright image records its interior; a translucent, turned or see-through one does not")
  func opaqueImageInterior() throws {
    let quad = Quad(Rect(x: 10.3, y: 20.6, width: 60, height: 80))
    let uv = Rect(x: 0, y: 0, width: 1, height: 1)
    var list = DrawList()
    list.recordsOpaqueInteriors = true
    list.addImageQuad(quad, uv: uv, texture: .image(ImageID(1)), opaque: true)
    // Pixel centers at least half a pixel inside 10.3…70.3 × 20.6…100.6.
    #expect(list.primitives.last?.opaqueInterior == PixelRect(x0: 11, y0: 22, x1: 69, y1: 100))
    list.addImageQuad(quad, uv: uv, texture: .image(ImageID(1)))
    #expect(list.primitives.last?.opaqueInterior == nil, "a texture not known to be opaque")
    list.addImageQuad(
      quad, uv: uv, texture: .image(ImageID(1)), tint: RGBA8(r: 255, g: 255, b: 255, a: 254), opaque: true)
    #expect(list.primitives.last?.opaqueInterior == nil, "drawn translucent")
    let turned = Quad(Rect(x: 10, y: 20, width: 60, height: 80), Transform2D.rotation(Angle(radians: 0.1)))
    list.addImageQuad(turned, uv: uv, texture: .image(ImageID(1)), opaque: true)
    #expect(list.primitives.last?.opaqueInterior == nil, "turned")
    list.pushClip(Rect(x: 0, y: 0, width: 40, height: 200))
    list.addImageQuad(quad, uv: uv, texture: .image(ImageID(1)), opaque: true)
    #expect(list.primitives.last?.opaqueInterior == PixelRect(x0: 11, y0: 22, x1: 39, y1: 100), "clipped")
    list.popClip()
    // Past the rasterizer's reach nothing is drawn, so nothing may be said to be hidden.
    list.addImageQuad(
      Quad(Rect(x: 2_000_000, y: 0, width: 100, height: 100)), uv: uv, texture: .image(ImageID(1)), opaque: true)
    #expect(list.primitives.last?.opaqueInterior == nil, "beyond the rasterizer's limit")
    list.fillRect(Rect(x: -3_000_000, y: 0, width: 6_000_000, height: 100), color: .init(r: 0, g: 0, b: 0, a: 255))
    #expect(list.primitives.last?.opaqueInterior == nil, "a fill beyond the limit")
    var off = DrawList()
    off.addImageQuad(quad, uv: uv, texture: .image(ImageID(1)), opaque: true)
    #expect(off.primitives.last?.opaqueInterior == nil, "off unless asked for")
  }

  @Test("every recorded interior pixel of an opaque image is drawn opaque by the image itself")
  func imageInteriorIsCovered() throws {
    var rng = SplitMix64(state: 12)
    for trial in 0..<200 {
      var image = ImageBuffer(width: 1 + rng.below(40), height: 1 + rng.below(40), smooth: trial % 2 == 0)
      for i in image.pixels.indices { image.pixels[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.below(1 << 24)) }
      image.opaque = true
      let texture = RasterTexture(image)
      var list = DrawList()
      list.recordsOpaqueInteriors = true
      let r = Rect(
        x: Double(rng.below(400)) / 16, y: Double(rng.below(400)) / 16, width: 30 + Double(rng.below(800)) / 16,
        height: 30 + Double(rng.below(800)) / 16)
      list.addImageQuad(Quad(r), uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(ImageID(7)), opaque: true)
      guard let o = list.primitives.last?.opaqueInterior else { continue }
      var pixels = [UInt32](repeating: 0, count: 96 * 96)
      pixels.withUnsafeMutableBufferPointer { px in
        Rasterizer.draw(list, into: RasterTarget(pixels: px.baseAddress!, width: 96, height: 96)) { _ in texture }
      }
      for y in o.y0..<min(o.y1, 96) {
        for x in o.x0..<min(o.x1, 96) where pixels[y * 96 + x] >> 24 != 0xFF {
          Issue.record("image \(image.width)×\(image.height) in \(r): pixel \(x),\(y) of \(o) is \(pixels[y * 96 + x])")
          return
        }
      }
    }
  }

  @Test("subtracting a rectangle leaves disjoint pieces covering exactly the rest")
  func subtracting() {
    var rng = SplitMix64(state: 9)
    for _ in 0..<500 {
      let a = PixelRect(x0: rng.below(20), y0: rng.below(20), x1: 20 + rng.below(20), y1: 20 + rng.below(20))
      let b = PixelRect(x0: rng.below(40), y0: rng.below(40), x1: rng.below(40), y1: rng.below(40))
      let pieces = a.subtracting(b)
      for y in 0..<40 {
        for x in 0..<40 {
          let inA = x >= a.x0 && x < a.x1 && y >= a.y0 && y < a.y1
          let inB = x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1
          let count = pieces.filter { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }.count
          guard count == (inA && !inB ? 1 : 0) else {
            Issue.record("\(a) − \(b) at \(x),\(y): \(count) pieces")
            return
          }
        }
      }
    }
  }
}
