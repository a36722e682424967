import Foundation
import Graphics
import Testing

@testable import Raster

/// Circles and rounded rectangles drawn as quads over `CoverageMask` (what a GPU is given),
/// rasterized here with the mask's texture, against the same shapes shaded per pixel by the
/// CPU renderer.
@Suite struct MaskedShapeTests {
  let backdrop: UInt32 = 0xFF40_5060
  /// Read only, by every test.
  nonisolated(unsafe) static let mask = RasterTexture(CoverageMask.image)

  /// A `w × h` buffer filled with a gray backdrop, with `list` drawn over it.
  func draw(_ list: DrawList, _ w: Int, _ h: Int) -> [UInt32] {
    var pixels = [UInt32](repeating: backdrop, count: w * h)
    pixels.withUnsafeMutableBufferPointer { buf in
      Rasterizer.draw(list, into: RasterTarget(pixels: buf.baseAddress!, width: w, height: h)) { ref in
        ref == .coverageMask ? Self.mask : nil
      }
    }
    return pixels
  }

  func list(masked: Bool, _ body: (inout DrawList) -> Void) -> DrawList {
    var list = DrawList()
    list.tessellation = DrawList.Tessellation(
      for: masked ? [.smoothVertexColors, .coverageMasks] : [.analyticDiscs, .analyticRoundedRects])
    body(&list)
    return list
  }

  /// How far a pixel is from the backdrop, summed over its channels.
  func ink(_ p: UInt32) -> Int {
    [0, 8, 16].map { (s: UInt32) in abs(Int((p >> s) & 0xFF) - Int((backdrop >> s) & 0xFF)) }.reduce(0, +)
  }

  /// The largest difference of any channel between two pixels.
  func difference(_ a: UInt32, _ b: UInt32) -> Int {
    [0, 8, 16, 24].map { (s: UInt32) in abs(Int((a >> s) & 0xFF) - Int((b >> s) & 0xFF)) }.max() ?? 0
  }

  @Test("each disc of the mask is solid inside, clear past its edge's fade, and the same under both mirrors")
  func maskDiscs() {
    let image = CoverageMask.image
    let k = CoverageMask.texelsPerUnit
    func alpha(_ x: Int, _ y: Int) -> Int { Int(image.pixels[y * image.width + x] >> 24) }
    #expect(CoverageMask.cells.count == CoverageMask.radii.count + 1)
    for cell in CoverageMask.cells {
      let (cx, cy) = (Int(cell.centerX), Int(cell.centerY))
      let r = Int(cell.inset * k)
      let fade = Int((cell.ramp / 2 * k).rounded(.up))
      #expect(alpha(cx, cy) == 255)
      // Half the fade inside the edge and more: solid. As far outside and more: clear.
      #expect(alpha(cx + r - fade, cy) == 255 && alpha(cx, cy - r + fade) == 255)
      #expect(alpha(cx + r + fade, cy) == 0 && alpha(cx, cy + r + fade) == 0)
      // On the edge, half covered, and a texel on either side, a step of the fade apart.
      #expect(alpha(cx - r, cy) == 128)
      let step = 255 / (cell.ramp * k)
      #expect(abs(Double(alpha(cx - r - 1, cy)) - (127.5 - step)) <= 1)
      #expect(abs(Double(alpha(cx - r + 1, cy)) - (127.5 + step)) <= 1)
      for d in 0...(r + 2) {
        #expect(alpha(cx + d, cy - d / 2) == alpha(cx - d, cy + d / 2))
      }
      // The quad's rim, `extent` units out, samples clear texels only.
      let rim = Int((cell.extent * k).rounded(.down))
      #expect(alpha(cx + rim, cy) == 0 && alpha(cx - rim, cy - rim) == 0 && alpha(cx + rim + 1, cy) == 0)
    }
    // Every texel is white: filtering changes only the alpha.
    #expect(image.pixels.allSatisfy { $0 & 0x00FF_FFFF == 0x00FF_FFFF })
    #expect(image.width <= 2048 && image.height <= 2048)
    #expect(CoverageMask.size == (Double(image.width), Double(image.height)))
  }

  @Test("a masked circle is one quad, a capsule 8 vertices and a rounded rectangle 16, all on the mask")
  func vertexCounts() {
    let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
    let l = list(masked: true) { l in
      l.fillCircle(center: Point(x: 40, y: 40), radius: 10, color: white)
      let added = [(20.0, 10.0), (40, 6), (40, 0)].map { height, radius in
        l.fillRoundedRect(Rect(x: 10, y: 10, width: 80, height: height), radius: radius, top: white, bottom: white)
      }
      #expect(added == [true, true, true])
    }
    #expect(l.primitives.map(\.indexCount) == [6, 18, 54, 54])
    #expect(l.vertices.count == 4 + 8 + 16 + 16)
    #expect(l.commands.count == 1 && l.commands[0].texture == .coverageMask)
    // Past the largest disc, and under a pixel across, the polygon as before.
    let big = list(masked: true) { $0.fillCircle(center: Point(x: 400, y: 400), radius: 200, color: white) }
    #expect(big.commands.map(\.texture) == [.none] && big.vertices.count > 100)
    let dot = list(masked: true) { $0.fillCircle(center: Point(x: 4, y: 4), radius: 0.7, color: white) }
    #expect(dot.commands.map(\.texture) == [.none])
    var sliver = list(masked: true) { _ in }
    let added = sliver.fillRoundedRect(Rect(x: 1, y: 1, width: 1.5, height: 30), radius: 0, top: white, bottom: white)
    #expect(!added && sliver.vertices.isEmpty)
  }

  @Test(
    "a masked rounded rectangle covers the pixels the CPU renderer shades, within 2 levels inside and 24 at the edge",
    arguments: [0.0, 0.6, 1.5, 3, 7.3, 12, 20, 33.3, 60])
  func roundedRectMatchesShaded(radius: Double) {
    let top = RGBA8(r: 250, g: 120, b: 20, a: 255)
    let bottom = RGBA8(r: 20, g: 90, b: 230, a: 255)
    // Translucent in one color: a gradient between alphas is graded in premultiplied channels
    // by the CPU renderer and in straight ones by a GPU, polygons or not.
    let glass = RGBA8(r: 30, g: 200, b: 120, a: 170)
    let rects = [
      Rect(x: 6.3, y: 5.8, width: 140, height: 130.4),
      Rect(x: 160, y: 10, width: 2 * radius + 30, height: max(2 * radius, 4)),
    ]
    func drawn(masked: Bool) -> [UInt32] {
      draw(
        list(masked: masked) { l in
          for (i, r) in rects.enumerated() where r.height > 0 {
            let added = l.fillRoundedRect(r, radius: radius, top: i == 0 ? top : glass, bottom: i == 0 ? bottom : glass)
            #expect(added)
          }
        }, 320, 150)
    }
    let masked = drawn(masked: true)
    let shaded = drawn(masked: false)
    var worst = 0
    var worstInside = 0
    var inkMasked = 0
    var inkShaded = 0
    for y in 0..<150 {
      for x in 0..<320 {
        let d = difference(masked[y * 320 + x], shaded[y * 320 + x])
        worst = max(worst, d)
        // Pixels two or more from every edge of the first rectangle and its corner circles.
        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
        let r = rects[0]
        let cx = min(max(p.x, r.minX + radius), r.maxX - radius)
        let cy = min(max(p.y, r.minY + radius), r.maxY - radius)
        let inside =
          p.x > r.minX + 2 && p.x < r.maxX - 2 && p.y > r.minY + 2 && p.y < r.maxY - 2
          && hypot(p.x - cx, p.y - cy) < radius - 2
        if inside || (radius < 2 && p.x > r.minX + 2 && p.x < r.maxX - 2 && p.y > r.minY + 2 && p.y < r.maxY - 2) {
          worstInside = max(worstInside, d)
        }
        inkMasked += ink(masked[y * 320 + x])
        inkShaded += ink(shaded[y * 320 + x])
      }
    }
    #expect(worstInside <= 2, "inside: \(worstInside) levels")
    #expect(worst <= 24, "at the edge: \(worst) levels")
    // As much paint in all: the edges are not shifted, only faded a little differently.
    #expect(abs(inkMasked - inkShaded) * 200 <= inkShaded, "ink \(inkMasked) against \(inkShaded)")
  }

  @Test(
    "a masked circle's coverage adds up to its area within 0.5 %, for radii from 1 to 64",
    arguments: [1.0, 2.5, 5, 9.7, 23, 40, 64])
  func circleArea(radius: Double) {
    let side = Int(2 * radius) + 8
    let c = Double(side) / 2 + 0.3
    let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
    var pixels = [UInt32](repeating: 0, count: side * side)
    let l = list(masked: true) { $0.fillCircle(center: Point(x: c, y: c - 0.6), radius: radius, color: white) }
    #expect(l.vertices.count == 4)
    pixels.withUnsafeMutableBufferPointer { buf in
      Rasterizer.draw(l, into: RasterTarget(pixels: buf.baseAddress!, width: side, height: side)) { _ in Self.mask }
    }
    let area = pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
    let exact = Double.pi * radius * radius
    #expect(abs(area - exact) <= max(0.005 * exact, 0.3), "\(area) against \(exact)")
    // Solid at the middle, nothing two pixels past the edge.
    let mid = Int(c) + (Int(c - 0.6)) * side
    #expect(pixels[mid] >> 24 == 255)
    #expect(pixels[Int(c - 0.6) * side + min(side - 1, Int(c + radius + 2))] >> 24 == 0)
  }
}
