import Foundation
import Graphics
import Testing

@testable import SDLBackend

/// Translucent fills must be watertight on the CPU rasterizer and on SDL's software one: a
/// missing row shows as a dark line and a double-blended edge (or a fold in the fringe) as a
/// bright one.
extension SDLSuites {
  @Suite struct WatertightFillTests {
    @Test(arguments: ["rect", "circle", "capsule"], [0, 1, 2, 3, 4, 5, 6, 7])
    func translucentFillHasNoSeams(shape: String, variant: Int) throws {
      let target = try OffscreenTarget(width: 400, height: 400, renderer: variant < 4 ? .cpu : .sdlSoftware)
      var list = DrawList()
      list.triangulation = variant % 2 == 0 ? .strip : .fan
      list.maxEdgeLength = variant % 4 < 2 ? 48 : 1e9
      let c = RGBA8(r: 255, g: 255, b: 255, a: 128)
      var inside: (Double, Double) -> Bool
      switch shape {
      case "rect":
        list.fillRect(Rect(x: 10.3, y: 10.7, width: 350, height: 350), color: c)
        inside = { x, y in x > 13 && x < 357 && y > 13 && y < 357 }
      case "circle":
        list.fillCircle(center: Point(x: 200.3, y: 200.6), radius: 180, color: c)
        inside = { x, y in (x - 200.3) * (x - 200.3) + (y - 200.6) * (y - 200.6) < 176 * 176 }
      default:
        let p = Path { $0.addRoundedRect(in: Rect(x: 20.5, y: 120.2, width: 360, height: 160), cornerRadius: 80) }
        for l in p.flattened(tolerance: 0.2) { list.fillConvexPolygon(l.points, color: c) }
        inside = { x, y in x > 100 && x < 300 && y > 124 && y < 276 }
      }
      target.renderer.clear(.black)
      target.renderer.submit(list)
      let img = try target.renderer.readPixels()
      var gaps = 0
      var overlaps = 0
      for y in 0..<400 {
        for x in 0..<400 where inside(Double(x) + 0.5, Double(y) + 0.5) {
          let v = Int(img.pixels[y * 400 + x] & 0xFF)
          if v < 100 { gaps += 1 }
          if v > 160 { overlaps += 1 }
        }
      }
      #expect(gaps == 0, "\(shape) variant \(variant): \(gaps) pixels left unpainted")
      #expect(overlaps == 0, "\(shape) variant \(variant): \(overlaps) pixels blended twice")
    }
  }
}
