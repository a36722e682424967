import Graphics
import Testing

@testable import SDLBackend

/// Which first primitives let a redraw skip painting the background under them.
@Suite struct OpaqueBackdropTests {
  /// A 4×3 lattice over `frame`, one inner vertex pulled right by `pull` and one top border
  /// vertex down by `border`, every vertex in `color`.
  static func grid(
    _ frame: Rect, pull: Double = 0, border: Double = 0, color: RGBA8 = RGBA8(r: 40, g: 90, b: 200, a: 255)
  ) -> DrawList {
    var positions: [Point] = []
    for j in 0..<3 {
      for i in 0..<4 {
        let inner = i > 0 && i < 3 && j > 0 && j < 2
        var p = Point(x: frame.minX + frame.width * Double(i) / 3, y: frame.minY + frame.height * Double(j) / 2)
        if inner && i == 1 { p.x += pull } else if j == 0 && i == 1 { p.y += border }
        positions.append(p)
      }
    }
    var list = DrawList()
    list.addVertexGrid(positions, colors: Array(repeating: color, count: 12), columns: 4, rows: 3)
    return list
  }

  @Test func anOpaqueGridOverTheTargetCoversIt() {
    let target = Rect(x: 0, y: 0, width: 640, height: 360)
    #expect(Self.grid(target).opaqueBackdropCovers(target))
    // Inner vertices folding over one another still leave no hole inside the border.
    #expect(Self.grid(target, pull: 300).opaqueBackdropCovers(target))
    // A border a rounding error off its bounds is still the border.
    #expect(Self.grid(target, border: 1e-9).opaqueBackdropCovers(target))
    #expect(Self.grid(target).opaqueBackdropCovers(Rect(x: 100, y: 50, width: 20, height: 20)))
  }

  @Test func aGridThatMayNotCoverKeepsTheBackground() {
    let target = Rect(x: 0, y: 0, width: 640, height: 360)
    // Translucent: the background shows through.
    #expect(!Self.grid(target, color: RGBA8(r: 40, g: 90, b: 200, a: 254)).opaqueBackdropCovers(target))
    // The top edge bows in: the bounds hold pixels the triangles miss.
    #expect(!Self.grid(target, border: 10).opaqueBackdropCovers(target))
    // Smaller than the region.
    #expect(!Self.grid(Rect(x: 0, y: 0, width: 320, height: 360)).opaqueBackdropCovers(target))
    // Starting past the first pixels' centers: those pixels are not drawn.
    #expect(!Self.grid(Rect(x: 0.6, y: 0, width: 640, height: 360)).opaqueBackdropCovers(target))
  }

  @Test func aClippedGridCoversOnlyItsClip() {
    let target = Rect(x: 0, y: 0, width: 640, height: 360)
    var list = DrawList()
    list.pushClip(Rect(x: 0, y: 0, width: 320, height: 360))
    var positions: [Point] = []
    for j in 0..<2 { for i in 0..<2 { positions.append(Point(x: Double(i) * 640, y: Double(j) * 360)) } }
    list.addVertexGrid(
      positions, colors: Array(repeating: RGBA8(r: 1, g: 2, b: 3, a: 255), count: 4), columns: 2, rows: 2)
    list.popClip()
    #expect(!list.opaqueBackdropCovers(target))
    #expect(list.opaqueBackdropCovers(Rect(x: 0, y: 0, width: 320, height: 360)))
  }

  @Test func aGridWithAVertexTheRasterizersDropKeepsTheBackground() {
    let target = Rect(x: 0, y: 0, width: 640, height: 360)
    #expect(!Self.grid(target, pull: .nan).opaqueBackdropCovers(target))
    #expect(!Self.grid(target, pull: 1e12).opaqueBackdropCovers(target))
  }

  @Test("an image quad's interior counts only while its image, as drawn now, is opaque")
  func anImageInteriorNeedsAnOpaqueImage() {
    let target = Rect(x: 0, y: 0, width: 200, height: 100)
    var list = DrawList()
    list.recordsOpaqueInteriors = true
    let id = ImageID(7)
    list.addImageQuad(
      Quad(Rect(x: -10, y: -10, width: 220, height: 120)), uv: Rect(x: 0, y: 0, width: 1, height: 1),
      texture: .image(id), opaque: true)
    #expect(list.primitives.first?.opaqueInterior != nil)
    // No image under that id: nothing says it is opaque.
    #expect(!list.opaqueBackdropCovers(target))
    var image = ImageBuffer(width: 4, height: 4)
    image.opaque = false
    list.images[id] = image
    #expect(!list.opaqueBackdropCovers(target))
    image.opaque = true
    list.images[id] = image
    #expect(list.opaqueBackdropCovers(target))
  }

  @Test("a bar's interior hides the region only when skipping it saves more than drawing its sides row by row costs")
  func narrowInteriorsAreDrawnOver() {
    let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
    func bar(_ r: Rect) -> DrawList {
      var list = DrawList()
      list.analyticRoundedRects = true
      list.recordsOpaqueInteriors = true
      _ = list.fillRoundedRect(r, radius: 4, top: blue, bottom: blue)
      return list
    }
    // A 12-pixel bar in a region 4 pixels wider: its slivers cost more rows than it saves.
    let narrow = bar(Rect(x: 102, y: 20, width: 12, height: 300))
    let region = PixelRect(x0: 100, y0: 18, x1: 116, y1: 322)
    #expect(narrow.primitives.last?.opaqueInterior != nil)
    #expect(CPUCanvas.occluder(in: region, narrow) == (1, nil))
    // Wide enough (the visualizer's 50-pixel bars), it hides the middle of the region.
    let wide = bar(Rect(x: 102, y: 20, width: 50, height: 300))
    let (k, hidden) = CPUCanvas.occluder(in: PixelRect(x0: 100, y0: 18, x1: 154, y1: 322), wide)
    #expect(k == 0 && hidden != nil)
    // Across the whole region's width, a narrow interior still leaves only bands above and below.
    let across = PixelRect(x0: 104, y0: 18, x1: 112, y1: 322)
    let (k2, hidden2) = CPUCanvas.occluder(in: across, narrow)
    #expect(k2 == 0 && hidden2.map { $0.x0 == 104 && $0.x1 == 112 } == true)
  }
}
