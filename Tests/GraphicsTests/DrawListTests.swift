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
    #expect(T(for: [.smoothVertexColors]) == T(maxEdgeLength: .infinity, triangulation: .strip, meshTriangles: true))
  }

  @Test("circle corners from the table are the cosines and sines themselves, bit for bit")
  func circleTable() {
    let list = DrawList()
    for radius in [0.7, 2.5, 5, 40, 900] {
      let center = Point(x: 13.25, y: -7.5)
      let n = list.circleSegmentCount(radius: radius)
      let direct = (0..<n).map { i -> Point in
        let a = Double(i) / Double(n) * 2 * .pi
        return Point(x: center.x + cos(a) * radius, y: center.y + sin(a) * radius)
      }
      #expect(list.circlePoints(center: center, radius: radius) == direct, "radius \(radius), \(n) corners")
    }
  }

  @Test("a dot under half a pixel's apothem is a fan from its peak at the centre to the outer ring")
  func dotAsFan() {
    for radius in [0.01, 0.05, 0.3, 0.55] {
      var list = DrawList()
      list.fillCircle(center: Point(x: 20.3, y: 11.7), radius: radius, color: RGBA8(r: 200, g: 100, b: 50, a: 180))
      let n = list.circleSegmentCount(radius: radius)
      let apothem = radius * cos(.pi / Double(n))
      #expect(list.vertices.count == n + 1)
      #expect(Int(list.vertices[0].color.a) == Int((180 * DrawList.dotPeak(apothem: apothem)).rounded()))
      #expect(list.vertices.dropFirst().allSatisfy { $0.color.a == 0 })
      let reach = Float((apothem + 0.5) / cos(.pi / Double(n)))
      #expect(abs(list.vertices[1].x - (20.3 + reach)) < 1e-4 && abs(list.vertices[1].y - 11.7) < 1e-4)
      #expect(
        list.indices.count == 3 * n && list.indices.prefix(3) == [0, 1, 2]
          && list.indices.suffix(3) == [0, Int32(n), 1])
    }
    // The peak fades with the dot, and meets the fringe's full coverage at half a pixel.
    #expect(DrawList.dotPeak(apothem: 0.5) == 1)
    #expect(DrawList.dotPeak(apothem: 0.01) < 0.03)
  }

  @Test("a circle skips the fold search and still draws what the polygon of its corners draws")
  func circleWithoutFoldSearch() {
    for radius in [0.6, 1.5, 4, 37.5, 800] {
      let center = Point(x: 20.3, y: 11.7)
      let color = RGBA8(r: 200, g: 100, b: 50, a: 180)
      var circle = DrawList()
      circle.fillCircle(center: center, radius: radius, color: color)
      var polygon = DrawList()
      polygon.fillConvexPolygon(polygon.circlePoints(center: center, radius: radius), color: color)
      #expect(circle.vertices == polygon.vertices, "radius \(radius)")
      #expect(circle.indices == polygon.indices, "radius \(radius)")
    }
  }

  @Test("a vertex grid is two triangles a cell, with its colors, in one untextured primitive")
  func vertexGrid() {
    var list = DrawList()
    let positions = (0..<3).flatMap { y in (0..<4).map { x in Point(x: Double(x) * 10, y: Double(y) * 10) } }
    let colors = positions.map { RGBA8(r: UInt8($0.x), g: UInt8($0.y), b: 0, a: 255) }
    list.addVertexGrid(positions, colors: colors, columns: 4, rows: 3)
    #expect(list.vertices.map(\.color) == colors)
    #expect(list.vertices.map { Point(x: Double($0.x), y: Double($0.y)) } == positions)
    // 3×2 cells; the first cell is (0, 1, 5) and (0, 5, 4).
    #expect(list.indices.count == 3 * 2 * 6)
    #expect(Array(list.indices.prefix(6)) == [0, 1, 5, 0, 5, 4])
    #expect(list.primitives.count == 1)
    #expect(list.primitives.first?.texture == TextureRef.none)
    #expect(list.primitives.first?.bounds == Rect(x: 0, y: 0, width: 30, height: 20))
    // A malformed grid adds nothing.
    list.addVertexGrid(positions, colors: colors, columns: 5, rows: 3)
    list.addVertexGrid(Array(positions.prefix(4)), colors: Array(colors.prefix(4)), columns: 4, rows: 1)
    #expect(list.vertices.count == 12)
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
