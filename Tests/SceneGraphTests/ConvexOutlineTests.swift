import Foundation
import Graphics
import Testing

@testable import SceneGraph

@Suite struct ConvexOutlineTests {
  /// How far `p` lies inside the clockwise convex polygon `poly` (negative: outside).
  static func depth(_ p: Point, in poly: [Point]) -> Double {
    var least = Double.infinity
    for i in poly.indices {
      let (a, b) = (poly[i], poly[(i + 1) % poly.count])
      let d = b - a
      let len = d.length
      guard len > 1e-9 else { continue }
      // Inward is to the right of the edge's direction on a y-down screen.
      least = min(least, ((p.x - a.x) * d.y - (p.y - a.y) * d.x) / -len)
    }
    return least
  }

  @Test("what a rounded rectangle's kind says of its outline draws the same triangles, and an interior inside it")
  func hintsMatchTheSearch() throws {
    var rng = SplitMix64(state: 23)
    let color = RGBA8(r: 30, g: 90, b: 200, a: 255)
    var interiors = 0
    for i in 0..<600 {
      let frame = Rect(
        x: Double(Int(rng.below(800)) - 200) / 4, y: Double(Int(rng.below(800)) - 200) / 4,
        width: Double(rng.below(1_600)) / 8, height: Double(rng.below(1_600)) / 8)
      let radius = i % 7 == 0 ? min(frame.width, frame.height) / 2 : Double(rng.below(400)) / 8
      let s = [1.0, 2.0, 0.37, 3.25][i % 4]
      let t: Transform2D =
        switch i % 6 {
        case 0: .scale(s, s).concatenating(.translation(0.5, 7.25))
        case 1: .scale(-s, s).concatenating(.translation(400, 0))
        case 2: .scale(s, s * 1.5)
        case 3: .rotation(.degrees(17)).concatenating(.translation(60, 10))
        default: .translation(Double(rng.below(100)) / 3, Double(rng.below(100)) / 7)
        }
      let scale = max(t.maxScale, 1e-6)
      let outline = try #require(Path.roundedRectOutline(in: frame, cornerRadius: radius, tolerance: 0.5 / scale))
      let pixel = outline.map(t.apply)
      guard pixel.count >= 3 else { continue }
      let colors = [RGBA8](repeating: color, count: pixel.count)
      var searched = DrawList()
      searched.recordsOpaqueInteriors = true
      searched.fillConvexPolygon(pixel, colors: colors)
      var hinted = DrawList()
      hinted.recordsOpaqueInteriors = true
      let known = ConvexOutline(roundedRect: frame, radius: radius, t)
      hinted.fillConvexPolygon(pixel, colors: colors, foldFree: known.foldFree, interior: known.interior)
      #expect(hinted.vertices == searched.vertices, "\(frame) r \(radius) under \(t)")
      #expect(hinted.indices == searched.indices, "\(frame) r \(radius) under \(t)")
      if !t.isAxisAligned { #expect(known.interior == nil && !known.foldFree) }
      guard let o = hinted.primitives.last?.opaqueInterior else { continue }
      interiors += 1
      // Every pixel center of the interior is at least half a pixel inside the outline, past
      // the fringe: its corners are, and the outline is convex.
      var poly = pixel
      if DrawList.signedArea2(poly) < 0 { poly.reverse() }
      for c in [
        Point(x: Double(o.x0) + 0.5, y: Double(o.y0) + 0.5), Point(x: Double(o.x1) - 0.5, y: Double(o.y0) + 0.5),
        Point(x: Double(o.x0) + 0.5, y: Double(o.y1) - 0.5), Point(x: Double(o.x1) - 0.5, y: Double(o.y1) - 0.5),
      ] {
        #expect(Self.depth(c, in: poly) >= 0.5 - 1e-9, "\(o) of \(frame) r \(radius) under \(t)")
      }
    }
    #expect(interiors > 100)
  }

  @Test("a tall bar's interior is the band between its corners, as the search finds")
  func barInterior() throws {
    let frame = Rect(x: 10.3, y: 20.6, width: 50, height: 200)
    let pixel = try #require(Path.roundedRectOutline(in: frame, cornerRadius: 16, tolerance: 0.5))
    let known = ConvexOutline(roundedRect: frame, radius: 16, .identity)
    #expect(known.foldFree)
    #expect(known.interior == Rect(x: 10.3, y: 36.6, width: 50, height: 168))
    var list = DrawList()
    list.recordsOpaqueInteriors = true
    list.fillConvexPolygon(
      pixel, colors: .init(repeating: .init(r: 0, g: 0, b: 0, a: 255), count: pixel.count), foldFree: true,
      interior: known.interior)
    #expect(list.primitives.last?.opaqueInterior == PixelRect(x0: 11, y0: 38, x1: 59, y1: 204))
  }
}

@Suite struct RoundedRectLoweringTests {
  /// The shapes of the primitives `body` lowers to on a renderer that shades rounded rectangles.
  func shapes<V: View>(@ViewBuilder _ body: () -> V) -> [PrimitiveShape] {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.tessellation = DrawList.Tessellation(for: [.opaqueInteriors, .analyticRoundedRects])
    return render(Size(width: 200, height: 100), runtime: rt, body).drawList.primitives.map(\.shape)
  }

  @Test("an upright rounded rectangle, capsule or rectangle in one color or a vertical ramp is one quad")
  func uprightFillsAreQuads() {
    #expect(
      shapes { RoundedRectangle(cornerRadius: 6).fill(Color.blue).frame(width: 40, height: 60) } == [.roundedRect])
    #expect(shapes { Capsule().fill(Color.red).frame(width: 80, height: 20) } == [.roundedRect])
    #expect(shapes { Rectangle().fill(Color.red.opacity(0.5)).frame(width: 30, height: 20) } == [.roundedRect])
    #expect(
      shapes { RoundedRectangle(cornerRadius: 4).fill(Color.blue.gradient).frame(width: 20, height: 60) } == [
        .roundedRect
      ])
    #expect(
      shapes {
        RoundedRectangle(cornerRadius: 4).fill(
          LinearGradient(colors: [.red, .blue], startPoint: .bottom, endPoint: .top)
        )
        .frame(width: 20, height: 60)
      } == [.roundedRect])
  }

  @Test("a circle in one color is one quad over the square centered in its frame, its radius half the side")
  func circlesAreQuads() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.tessellation = DrawList.Tessellation(for: [.opaqueInteriors, .analyticRoundedRects])
    let list = render(Size(width: 200, height: 100), runtime: rt) {
      Circle().fill(Color.red).frame(width: 60, height: 40)
    }.drawList
    #expect(list.primitives.map(\.shape) == [.roundedRect])
    // The 40-point circle centered in the 200 × 100 window, with the half-pixel fringe.
    #expect(Set(list.vertices.map(\.x)) == [79.5, 120.5])
    #expect(Set(list.vertices.map(\.y)) == [29.5, 70.5])
    #expect(list.vertices.map(\.u).max() == 20)
    // A ramp over a frame wider than the circle runs across the frame, not the circle: a polygon.
    #expect(
      shapes {
        Circle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
          .frame(width: 60, height: 40)
      } == [.triangles])
    #expect(
      shapes {
        Circle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
          .frame(width: 40, height: 40)
      } == [.roundedRect])
    // An ellipse fills its frame: still a polygon.
    #expect(shapes { Ellipse().fill(Color.red).frame(width: 60, height: 40) } == [.triangles])
  }

  @Test("an opaque circle's interior is the square inscribed in it")
  func circleInterior() {
    let inner = DrawList.roundedRectInterior(
      Rect(x: 0, y: 0, width: 100, height: 100), cornerWidth: 50, cornerHeight: 50)
    let half = 50 / 2.squareRoot()
    let want = Rect(x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half)
    #expect(abs(inner!.minX - want.minX) < 1e-9 && abs(inner!.maxX - want.maxX) < 1e-9)
    #expect(abs(inner!.minY - want.minY) < 1e-9 && abs(inner!.maxY - want.maxY) < 1e-9)
    #expect(DrawList.roundedRectInterior(Rect(x: 0, y: 0, width: 0, height: 0), cornerWidth: 0, cornerHeight: 0) == nil)
  }

  @Test("a turned, mirrored or stretched one, a sideways or many-stop gradient, or a mask stays a polygon")
  func otherFillsArePolygons() {
    #expect(
      shapes {
        RoundedRectangle(cornerRadius: 6).fill(Color.blue).frame(width: 40, height: 60).rotationEffect(.degrees(10))
      } == [.triangles])
    #expect(
      shapes {
        RoundedRectangle(cornerRadius: 6).fill(Color.blue).frame(width: 40, height: 60).scaleEffect(x: -1, y: 1)
      } == [.triangles])
    #expect(
      shapes { RoundedRectangle(cornerRadius: 6).fill(Color.blue).frame(width: 40, height: 60).scaleEffect(x: 2, y: 1) }
        == [.triangles])
    #expect(
      shapes {
        RoundedRectangle(cornerRadius: 4).fill(
          LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
        )
        .frame(width: 20, height: 60)
      } == [.triangles])
    #expect(
      shapes {
        RoundedRectangle(cornerRadius: 4).fill(
          LinearGradient(colors: [.red, .green, .blue], startPoint: .top, endPoint: .bottom)
        )
        .frame(width: 20, height: 60)
      } == [.triangles])
    // A stroke is its outline's band, whatever the fill.
    #expect(
      shapes { RoundedRectangle(cornerRadius: 6).stroke(Color.red, lineWidth: 2).frame(width: 40, height: 60) }
        == [.triangles])
    // A radial gradient is drawn through a mask of the shape's triangles: a quad there would
    // be painted as a square.
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.tessellation = DrawList.Tessellation(for: [.opaqueInteriors, .analyticRoundedRects])
    let masked = render(Size(width: 200, height: 100), runtime: rt) {
      RoundedRectangle(cornerRadius: 12)
        .fill(RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 30))
        .frame(width: 40, height: 60)
    }.drawList
    #expect(!masked.primitives.contains { $0.shape == .roundedRect })
    #expect(masked.vertices.count > 16, "the rounded outline's points, not a quad's corners")
    // A gradient reaching past the frame (from its middle) is clamped there: not an even ramp.
    #expect(
      shapes {
        RoundedRectangle(cornerRadius: 4).fill(
          LinearGradient(colors: [.red, .blue], startPoint: .center, endPoint: .bottom)
        )
        .frame(width: 20, height: 60)
      } == [.triangles])
  }

  @Test("without the renderer's capability the same rectangle is its polygon")
  func capabilityOff() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.tessellation = DrawList.Tessellation(for: [.opaqueInteriors])
    let list = render(Size(width: 200, height: 100), runtime: rt) {
      RoundedRectangle(cornerRadius: 6).fill(Color.blue).frame(width: 40, height: 60)
    }.drawList
    #expect(list.primitives.map(\.shape) == [.triangles])
  }
}
