import Foundation
import Graphics
import Testing

@testable import Raster

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
}
