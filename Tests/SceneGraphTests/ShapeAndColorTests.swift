import FoundationEssentials
import Glibc
import Graphics
import Raster
import Testing

@testable import SceneGraph

/// Shape modifiers, `Path`'s SwiftUI API, strokes and `Color` as a view, by the geometry
/// they draw (and, for the trimmed ring, the pixels).
@Suite struct ShapeAndColorTests {
  func shapes(_ out: FrameOutput) -> [DrawnItem] { out.items.filter { $0.kind == .shape } }

  /// Whether two rectangles agree to within `tolerance` on every edge.
  func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.maxX - b.maxX) <= tolerance
      && abs(a.maxY - b.maxY) <= tolerance
  }

  @Test("a trimmed circle's stroke covers the arc from 3 o'clock clockwise to the fraction asked")
  func trimmedCircle() {
    // A circle of radius 50 centered at (100, 50).
    let quarter = render(Size(width: 200, height: 100)) {
      Circle().trim(from: 0, to: 0.25).stroke(Color.red, lineWidth: 4).frame(width: 100, height: 100)
    }
    #expect(shapes(quarter).count == 1)
    #expect(close(shapes(quarter)[0].bounds, Rect(x: 100, y: 50, width: 50, height: 50), 0.01))
    // 70 %: past 6 and 9 o'clock to 252°, 50·sin 72° above the center.
    let ring = render(Size(width: 200, height: 100)) {
      Circle().trim(from: 0, to: 0.7).stroke(Color.red, lineWidth: 4).frame(width: 100, height: 100)
    }
    let top = 50 - 50 * sin(72 * Double.pi / 180)
    #expect(close(shapes(ring)[0].bounds, Rect(x: 50, y: top, width: 100, height: 100 - top), 0.05))
    // A trim from 0.25 to 0.5 is the lower-left quarter.
    let lower = render(Size(width: 200, height: 100)) {
      Circle().trim(from: 0.25, to: 0.5).stroke(Color.red).frame(width: 100, height: 100)
    }
    #expect(close(shapes(lower)[0].bounds, Rect(x: 50, y: 50, width: 50, height: 50), 0.01))
  }

  @Test("the trimmed ring's pixels: red along the kept arc, background on the rest")
  func trimmedRingPixels() {
    let out = render(Size(width: 100, height: 100)) {
      Circle().trim(from: 0, to: 0.7).stroke(Color.red, lineWidth: 10).frame(width: 80, height: 80)
    }
    var pixels = [UInt32](repeating: 0xFF00_0000, count: 100 * 100)
    pixels.withUnsafeMutableBufferPointer { buf in
      guard let base = buf.baseAddress else { return }
      Rasterizer.draw(out.drawList, into: RasterTarget(pixels: base, width: 100, height: 100)) { _ in nil }
    }
    // The pixel on the ring (radius 40 about (50, 50)) at `degrees`, clockwise from 3 o'clock.
    func red(atDegrees degrees: Double) -> Int {
      let a = degrees * Double.pi / 180
      let x = Int(50 + 40 * cos(a))
      let y = Int(50 + 40 * sin(a))
      return Int((pixels[y * 100 + x] >> 16) & 0xFF)
    }
    for kept in [10.0, 90, 180, 240] { #expect(red(atDegrees: kept) > 240, "at \(kept)°") }
    for trimmed in [265.0, 300, 350] { #expect(red(atDegrees: trimmed) < 10, "at \(trimmed)°") }
  }

  @Test("stroke() with no arguments outlines in the foreground style, one point wide")
  func strokeWithoutArguments() {
    let out = render { Circle().stroke().frame(width: 40, height: 40).foregroundStyle(Color.green) }
    #expect(shapes(out).map(\.color) == [.green])
    let styled = render {
      Rectangle().stroke(Color.blue, style: StrokeStyle(lineWidth: 2, dash: [10, 10])).frame(width: 100, height: 100)
    }
    // A 400-point outline in 10-point dashes and gaps: 20 dashes.
    #expect(shapes(styled).count == 20)
    #expect(shapes(styled).allSatisfy { $0.color == .blue })
    let squareCaps = render {
      Path { p in
        p.move(to: CGPoint(x: 10, y: 10))
        p.addLine(to: CGPoint(x: 50, y: 10))
      }
      .stroke(Color.red, style: StrokeStyle(lineWidth: 6, lineCap: .square))
    }
    // Square caps push each end out by half the width.
    #expect(shapes(squareCaps)[0].bounds.minX == 7)
    #expect(shapes(squareCaps)[0].bounds.width == 46)
  }

  @Test("a path, or a shape drawn from (0, 0), is drawn in its frame's own space")
  func pathInItsFrame() {
    struct Corner: Shape {
      func path(in rect: CGRect) -> Path {
        Path { p in
          p.move(to: .zero)
          p.addLine(to: CGPoint(x: rect.width, y: 0))
          p.addLine(to: CGPoint(x: 0, y: rect.height))
          p.closeSubpath()
        }
      }
    }
    let out = render(Size(width: 200, height: 100)) {
      HStack(spacing: 0) {
        Color.red.frame(width: 50)
        Path { p in p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10)) }.fill(Color.blue)
        Corner().fill(Color.green).frame(width: 40, height: 20)
      }
    }
    #expect(
      shapes(out).map(\.bounds) == [
        Rect(x: 0, y: 0, width: 50, height: 100), Rect(x: 50, y: 0, width: 10, height: 10),
        Rect(x: 160, y: 40, width: 40, height: 20),
      ])
  }

  @Test("strokeBorder keeps the stroke inside the frame; inset, rotation and offset move the outline")
  func insetRotatedOffsetShapes() {
    // The frame is (50, 0, 100, 100) in a 200×100 window.
    func bounds(_ shape: some Shape) -> Rect {
      shapes(render { shape.fill(Color.red).frame(width: 100, height: 100) })[0].bounds
    }
    let border = render { Rectangle().strokeBorder(Color.red, lineWidth: 10).frame(width: 100, height: 100) }
    #expect(shapes(border)[0].bounds == Rect(x: 55, y: 5, width: 90, height: 90))
    #expect(close(bounds(Circle().inset(by: 10)), Rect(x: 60, y: 10, width: 80, height: 80)))
    #expect(close(bounds(Rectangle().offset(x: 10, y: -5)), Rect(x: 60, y: -5, width: 100, height: 100)))
    #expect(close(bounds(Rectangle().offset(CGSize(width: -3, height: 4))), Rect(x: 47, y: 4, width: 100, height: 100)))
    let turned = shapes(render { Rectangle().rotation(.degrees(90)).fill(Color.red).frame(width: 100, height: 20) })
    #expect(close(turned[0].bounds, Rect(x: 90, y: 0, width: 20, height: 100)))
    // Rounded corners shrink with the inset, so the corner stays concentric.
    let rounded = RoundedRectangle(cornerRadius: 20).inset(by: 5).path(in: Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(rounded.elements.first == .move(to: CGPoint(x: 20, y: 5)))
  }

  @Test("Path's SwiftUI initializers and methods build the outlines they name")
  func pathAPI() {
    let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
    #expect(Path(rect).boundingRect == rect)
    #expect(close(Path(ellipseIn: rect).boundingRect, rect))
    #expect(close(Path(roundedRect: rect, cornerRadius: 5).boundingRect, rect))
    #expect(close(Path(roundedRect: rect, cornerSize: CGSize(width: 10, height: 4)).boundingRect, rect))
    var built = Path { p in
      p.move(to: CGPoint(x: 0, y: 0))
      p.addLine(to: CGPoint(x: 10, y: 0))
      p.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 20, y: 5))
      p.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 5, y: 15), control2: CGPoint(x: 2, y: 15))
      p.closeSubpath()
    }
    #expect(built.currentPoint == CGPoint(x: 0, y: 0))
    built.addEllipse(in: CGRect(x: 100, y: 100, width: 10, height: 10))
    built.addRect(CGRect(x: -5, y: -5, width: 1, height: 1))
    #expect(close(built.boundingRect, CGRect(x: -5, y: -5, width: 115, height: 115)))
    // Not clockwise in SwiftUI's sense: the angle grows, clockwise on screen, a quarter turn.
    var quarter = Path()
    quarter.addArc(
      center: CGPoint(x: 0, y: 0), radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
    #expect(close(quarter.boundingRect, CGRect(x: 0, y: 0, width: 10, height: 10)))
    let end = quarter.currentPoint ?? .zero
    #expect(abs(end.x) < 1e-9 && abs(end.y - 10) < 1e-9)
    // `clockwise: true` goes the other way round: three quarters, over the top.
    var most = Path()
    most.move(to: CGPoint(x: 0, y: 0))
    most.addArc(center: CGPoint(x: 0, y: 0), radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
    #expect(close(most.boundingRect, CGRect(x: -10, y: -10, width: 20, height: 20), 1e-3))
    // The arc joins the current point with a line.
    #expect(most.elements[1] == .line(to: CGPoint(x: 10, y: 0)))
  }

  @Test("an uneven rounded rectangle rounds only the corners given")
  func unevenRoundedRectangle() {
    let r = CGRect(x: 0, y: 0, width: 100, height: 50)
    let shape = UnevenRoundedRectangle(topLeadingRadius: 20, bottomTrailingRadius: 10)
    let points = shape.path(in: r).flattened(tolerance: 0.1).flatMap(\.points)
    #expect(points.contains(CGPoint(x: 100, y: 0)))
    #expect(points.contains(CGPoint(x: 0, y: 50)))
    #expect(!points.contains(CGPoint(x: 0, y: 0)))
    #expect(!points.contains(CGPoint(x: 100, y: 50)))
    #expect(close(shape.path(in: r).boundingRect, r))
    let same = UnevenRoundedRectangle(cornerRadii: RectangleCornerRadii(topLeading: 20, bottomTrailing: 10))
    #expect(same.path(in: r) == shape.path(in: r))
  }

  @Test("a color as a view fills the frame it is given, or everything offered")
  func colorAsView() {
    let framed = render { Color.red.frame(width: 30, height: 20) }
    #expect(shapes(framed).map(\.bounds) == [Rect(x: 85, y: 40, width: 30, height: 20)])
    #expect(shapes(framed).map(\.color) == [.red])
    let whole = render { Color.blue }
    #expect(shapes(whole).map(\.bounds) == [Rect(x: 0, y: 0, width: 200, height: 100)])
    let behind = render { Text("hi").background(Color.green) }
    #expect(shapes(behind).map(\.bounds) == out(behind, .text).map(\.bounds))
    let gradient = render { Color.red.gradient.frame(width: 10, height: 10) }
    #expect(shapes(gradient).count == 1)
  }

  func out(_ o: FrameOutput, _ kind: DrawnItem.Kind) -> [DrawnItem] { o.items.filter { $0.kind == kind } }

  @Test("Color's SwiftUI initializers and semantic colors")
  func colorInitializers() {
    #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
    #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1, opacity: 0.5).rgba8 == RGBA8(r: 0, g: 255, b: 0, a: 128))
    #expect(Color(hue: 2.0 / 3, saturation: 1, brightness: 0.5).rgba8 == RGBA8(r: 0, g: 0, b: 128, a: 255))
    #expect(Color(hue: 0.5, saturation: 0, brightness: 0.25) == Color(white: 0.25))
    // Linear 0.214 is sRGB's middle gray, 0.5.
    #expect(abs(Color(.sRGBLinear, red: 1, green: 0.214_041, blue: 0).green - 0.5) < 1e-5)
    #expect(Color(.sRGB, white: 0.5) == Color(white: 0.5))
    let secondary = render { Text("x").foregroundStyle(.secondary) }
    #expect(out(secondary, .text).map(\.color) == [Color.secondary])
    let tinted = render { Circle().fill(.tint) }
    #expect(shapes(tinted).map(\.color) == [Color.blue])
    #expect(Color.primary == .black)
  }
}
