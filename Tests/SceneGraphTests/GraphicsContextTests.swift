import FoundationEssentials
import Graphics
import Raster
import Testing

@testable import SceneGraph

/// `Canvas { context, size in … }` with SwiftUI's `GraphicsContext`, judged by the items it
/// lowers to and the pixels the CPU rasterizer draws from them.
@Suite struct GraphicsContextTests {
  /// A canvas filling a `width × height` scene, drawn by `renderer`.
  func canvas(
    _ width: Double = 200, _ height: Double = 100, _ renderer: @escaping (inout GraphicsContext, CGSize) -> Void
  ) -> FrameOutput {
    render(Size(width: width, height: height)) { Canvas(renderer: renderer) }
  }

  /// The frame's pixels as premultiplied `0xAARRGGBB`, over transparent black.
  func pixels(_ out: FrameOutput, _ width: Int = 200, _ height: Int = 100) -> [UInt32] {
    var pixels = [UInt32](repeating: 0, count: width * height)
    let list = out.drawList
    pixels.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      Rasterizer.draw(list, into: RasterTarget(pixels: base, width: width, height: height)) { ref in
        guard case .image(let id) = ref, let image = list.images[id] else { return nil }
        return RasterTexture(image)
      }
    }
    return pixels
  }

  /// A pixel's channels, alpha first.
  func argb(_ pixels: [UInt32], _ x: Int, _ y: Int, width: Int = 200) -> (a: Int, r: Int, g: Int, b: Int) {
    let p = pixels[y * width + x]
    return (Int(p >> 24), Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
  }

  /// The straight line from `a` to `b`.
  func segment(_ a: CGPoint, _ b: CGPoint) -> Path {
    var line = Path()
    line.addLines([a, b])
    return line
  }

  func shapes(_ out: FrameOutput) -> [DrawnItem] { out.items.filter { $0.kind == .shape } }

  func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.maxX - b.maxX) <= tolerance
      && abs(a.maxY - b.maxY) <= tolerance
  }

  static let red = Color(red: 1, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 1)

  @Test("a rectangle filled under translateBy and rotate(by: 90°) lands where the rotation puts it")
  func rotatedRectangle() {
    let out = canvas { context, _ in
      context.translateBy(x: 100, y: 50)
      context.rotate(by: .degrees(90))
      context.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 10)), with: .color(Self.red))
    }
    // (x, y) turns to (-y, x): the 40 × 10 bar stands 10 wide and 40 tall, left of x = 100.
    #expect(shapes(out).count == 1)
    #expect(close(shapes(out)[0].bounds, Rect(x: 90, y: 50, width: 10, height: 40), 1e-9))
    let px = pixels(out)
    #expect(argb(px, 95, 70).r == 255)
    #expect(argb(px, 95, 70).a == 255)
    // Where the unrotated bar would be, and just past the rotated one's edges: nothing.
    #expect(argb(px, 120, 55).a == 0)
    #expect(argb(px, 101, 70).a == 0)
    #expect(argb(px, 95, 91).a == 0)
  }

  @Test("a stroke with lineWidth 4 covers 4 pixels across")
  func strokeWidth() {
    let out = canvas { context, _ in
      context.stroke(segment(CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 90)), with: .color(.white), lineWidth: 4)
    }
    let px = pixels(out)
    let row = (0..<200).map { argb(px, $0, 50).a }
    #expect(row.filter { $0 == 255 }.count == 4)
    #expect(row[48] == 255 && row[51] == 255)
    #expect(row[47] == 0 && row[52] == 0)
    #expect(row.reduce(0, +) == 4 * 255)
  }

  @Test("stroke(_:with:style:) cuts the dashes StrokeStyle asks for")
  func dashedStroke() {
    let out = canvas { context, _ in
      context.stroke(
        segment(CGPoint(x: 0, y: 50), CGPoint(x: 100, y: 50)), with: .color(.white),
        style: StrokeStyle(lineWidth: 2, dash: [10, 10]))
    }
    let dashes = shapes(out)
    #expect(dashes.count == 5)
    #expect(close(dashes[1].bounds, Rect(x: 20, y: 50, width: 10, height: 0)))
  }

  @Test("a linear gradient fill is red at its start and blue at its end, through a blend halfway")
  func linearGradient() {
    let out = canvas { context, size in
      context.fill(
        Path(CGRect(origin: .zero, size: size)),
        with: .linearGradient(
          Gradient(colors: [Self.red, Self.blue]), startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 200, y: 0)))
    }
    let px = pixels(out)
    let start = argb(px, 1, 50)
    let end = argb(px, 198, 50)
    let middle = argb(px, 100, 50)
    #expect(start.r >= 250 && start.b <= 5 && start.a == 255)
    #expect(end.b >= 250 && end.r <= 5 && end.a == 255)
    #expect(abs(middle.r - 127) <= 2 && abs(middle.b - 128) <= 2)
  }

  @Test("with discs on, a solid small circle is one disc; a gradient-filled one stays triangles under its gradient")
  func circlesAsDiscs() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.tessellation = DrawList.Tessellation(for: [.analyticDiscs])
    let out = render(Size(width: 200, height: 100), runtime: rt) {
      Canvas { context, _ in
        context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 10, height: 10)), with: .color(Self.red))
        context.fill(
          Path(ellipseIn: CGRect(x: 100, y: 40, width: 20, height: 20)),
          with: .linearGradient(
            Gradient(colors: [Self.red, Self.blue]), startPoint: CGPoint(x: 100, y: 0), endPoint: CGPoint(x: 120, y: 0))
        )
      }
    }
    let list = out.drawList
    #expect(list.primitives.map(\.shape) == [.disc, .triangles])
    let px = pixels(out)
    // The disc is red through its middle; the gradient circle red at its left, blue at its right.
    #expect(argb(px, 15, 15).r == 255 && argb(px, 15, 15).a == 255)
    let left = argb(px, 102, 50)
    let right = argb(px, 118, 50)
    #expect(left.r > 200 && left.b < 60 && right.b > 200 && right.r < 60)
    #expect(argb(px, 110, 41).a > 0 && argb(px, 110, 38).a == 0)
    // Round, not the square a disc's quad would be if the gradient's mask were given one.
    #expect(argb(px, 101, 41).a == 0 && argb(px, 118, 58).a == 0)
  }

  @Test("a radial gradient runs outward from its center; a conic one clockwise from its angle")
  func radialAndConicGradients() {
    let colors = Gradient(colors: [Self.red, Self.blue])
    let radial = pixels(
      canvas { context, size in
        context.fill(
          Path(CGRect(origin: .zero, size: size)),
          with: .radialGradient(colors, center: CGPoint(x: 100, y: 50), startRadius: 0, endRadius: 40))
      })
    #expect(argb(radial, 100, 50).r >= 250)
    #expect(argb(radial, 150, 50).b >= 250)
    #expect(abs(argb(radial, 120, 50).r - 128) <= 8)
    let conic = pixels(
      canvas { context, size in
        context.fill(
          Path(CGRect(origin: .zero, size: size)),
          with: .conicGradient(colors, center: CGPoint(x: 100, y: 50), angle: .zero))
      })
    // Just clockwise of 3 o'clock the turn has begun (red); just before it, it has ended (blue);
    // at 9 o'clock it is half done.
    #expect(argb(conic, 140, 52).r >= 240)
    #expect(argb(conic, 140, 47).b >= 240)
    #expect(abs(argb(conic, 60, 50).r - 128) <= 8)
  }

  @Test("a gradient fill larger than its clip is cut to it: every texture coordinate stays within the image")
  func clippedGradient() {
    let out = canvas { context, size in
      context.clip(to: Path(CGRect(x: 0, y: 0, width: 200, height: 20)))
      context.fill(
        Path(ellipseIn: CGRect(x: -50, y: -50, width: 300, height: 200)),
        with: .linearGradient(
          Gradient(colors: [Self.red, Self.blue]), startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 200, y: 0)))
    }
    // SDL refuses a whole frame's textured geometry if one vertex has a coordinate outside 0…1.
    let textured = out.drawList.vertices.filter { $0.u != 0 || $0.v != 0 }
    #expect(!textured.isEmpty)
    #expect(out.drawList.vertices.allSatisfy { (0...1).contains($0.u) && (0...1).contains($0.v) })
    #expect(out.drawList.vertices.allSatisfy { $0.y <= 20 })
    let px = pixels(out)
    #expect(argb(px, 2, 10).r >= 250 && argb(px, 197, 10).b >= 250)
    #expect(argb(px, 100, 30).a == 0)
  }

  @Test("opacity 0.5 halves the alpha drawn")
  func opacityHalvesAlpha() {
    let full = pixels(
      canvas { context, _ in context.fill(Path(CGRect(x: 10, y: 10, width: 50, height: 50)), with: .color(.white)) })
    let half = pixels(
      canvas { context, _ in
        context.opacity = 0.5
        context.fill(Path(CGRect(x: 10, y: 10, width: 50, height: 50)), with: .color(.white))
      })
    #expect(argb(full, 30, 30).a == 255)
    #expect(abs(argb(half, 30, 30).a - 128) <= 1)
  }

  @Test("a translated copy of the context leaves the original's later drawing where it was")
  func copiesHaveTheirOwnState() {
    let out = canvas { context, _ in
      var moved = context
      moved.translateBy(x: 50, y: 0)
      moved.opacity = 0.25
      moved.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.white))
      context.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.white))
      context.drawLayer { layer in
        layer.translateBy(x: 0, y: 40)
        layer.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.white))
      }
      context.fill(Path(CGRect(x: 100, y: 10, width: 20, height: 20)), with: .color(.white))
    }
    let bounds = shapes(out).map(\.bounds)
    #expect(bounds.count == 4)
    #expect(close(bounds[0], Rect(x: 60, y: 10, width: 20, height: 20)))
    #expect(close(bounds[1], Rect(x: 10, y: 10, width: 20, height: 20)))
    #expect(close(bounds[2], Rect(x: 10, y: 50, width: 20, height: 20)))
    #expect(close(bounds[3], Rect(x: 100, y: 10, width: 20, height: 20)))
    #expect(shapes(out)[0].color?.opacity == 0.25 && shapes(out)[1].color?.opacity == 1)
  }

  @Test("clip(to:) keeps later drawing inside the path's bounds, and only the clipped copy's")
  func clipToPath() {
    let out = canvas { context, size in
      var clipped = context
      clipped.clip(to: Path(CGRect(x: 20, y: 20, width: 30, height: 30)))
      #expect(close(clipped.clipBoundingRect, Rect(x: 20, y: 20, width: 30, height: 30)))
      clipped.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
      context.fill(Path(CGRect(x: 150, y: 60, width: 20, height: 20)), with: .color(.white))
    }
    let px = pixels(out)
    #expect(argb(px, 25, 25).a == 255)
    #expect(argb(px, 10, 25).a == 0 && argb(px, 60, 60).a == 0)
    #expect(argb(px, 160, 70).a == 255)
  }

  @Test("text drawn at a point lands with its anchor there, in the canvas's font and foreground")
  func textAtAnchor() {
    // The fixed-advance engine: 0.6 em per character, 1.2 em per line.
    let out = render(Size(width: 200, height: 100)) {
      Canvas { context, _ in
        context.draw(Text("abcd"), at: CGPoint(x: 100, y: 50), anchor: .center)
        context.draw(Text("ab"), at: CGPoint(x: 10, y: 20), anchor: .topLeading)
        let resolved = context.resolve(Text("abc"))
        #expect(resolved.measure(in: CGSize(width: 10, height: 10)) == CGSize(width: 3 * 0.6 * 20, height: 1.2 * 20))
        context.draw(resolved, at: CGPoint(x: 190, y: 90), anchor: .bottomTrailing)
      }
      .font(.system(size: 20))
      .foregroundStyle(Color.green)
    }
    let texts = out.items.filter { $0.kind == .text }
    #expect(texts.map(\.text) == ["abcd", "ab", "abc"])
    #expect(close(texts[0].bounds, Rect(x: 100 - 24, y: 50 - 12, width: 48, height: 24), 1e-9))
    #expect(close(texts[1].bounds, Rect(x: 10, y: 20, width: 24, height: 24), 1e-9))
    #expect(close(texts[2].bounds, Rect(x: 190 - 36, y: 90 - 24, width: 36, height: 24), 1e-9))
    #expect(texts[0].color == Color.green)
  }

  @Test("an image drawn at a point lands with its anchor there, at one point per pixel")
  func imageAtAnchor() {
    let image = Image(ImageBuffer(width: 10, height: 6), key: "canvas-test")
    let out = canvas { context, _ in
      context.draw(image, at: CGPoint(x: 50, y: 50), anchor: .bottomTrailing)
      context.draw(image, in: CGRect(x: 100, y: 10, width: 40, height: 30))
      #expect(context.resolve(image).size == CGSize(width: 10, height: 6))
    }
    let images = out.items.filter { $0.kind == .image }.map(\.bounds)
    #expect(images == [Rect(x: 40, y: 44, width: 10, height: 6), Rect(x: 100, y: 10, width: 40, height: 30)])
  }

  @Test(".foreground and .style paint with the environment's and the given style")
  func foregroundAndStyle() {
    let out = render(Size(width: 200, height: 100)) {
      Canvas { context, _ in
        context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .foreground)
        context.fill(Path(CGRect(x: 20, y: 0, width: 10, height: 10)), with: .style(Color.orange))
        context.fill(Path(CGRect(x: 40, y: 0, width: 10, height: 10)), with: .color(red: 0, green: 1, blue: 0))
      }
      .foregroundStyle(Color.purple)
    }
    #expect(shapes(out).map(\.color) == [Color.purple, Color.orange, Color(red: 0, green: 1, blue: 0)])
  }

  @Test("the canvas's own origin is its frame's: drawing follows the canvas into place")
  func canvasOrigin() {
    let out = render(Size(width: 200, height: 100)) {
      Canvas { context, size in
        #expect(size == CGSize(width: 50, height: 40))
        context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.white))
      }
      .frame(width: 50, height: 40)
    }
    #expect(close(shapes(out)[0].bounds, Rect(x: 75, y: 30, width: 10, height: 10)))
  }

  @Test("CGAffineTransform composes as Core Graphics does")
  func affineTransform() {
    // `rotated` applies the rotation first: (1, 0) turns to (0, 1), then moves by (10, 0).
    let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
    let p = CGPoint(x: 1, y: 0).applying(t)
    #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12)
    let s = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 5)
    #expect(CGPoint(x: 0, y: 0).applying(s) == CGPoint(x: 10, y: 15))
    let back = CGPoint(x: 7, y: -4).applying(s).applying(s.inverted())
    #expect(abs(back.x - 7) < 1e-12 && abs(back.y + 4) < 1e-12)
    #expect(CGAffineTransform.identity.isIdentity && !s.isIdentity)
    #expect(CGAffineTransform(scaleX: 0, y: 1).inverted() == CGAffineTransform(scaleX: 0, y: 1))
    #expect(CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2)).width > 19.99)
  }
}
