import Testing

@testable import Graphics

@Suite struct AppIconTests {
  func rgba(_ img: ImageBuffer, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
    let p = img.pixels[y * img.width + x]
    return (Int(p & 0xFF), Int(p >> 8 & 0xFF), Int(p >> 16 & 0xFF), Int(p >> 24))
  }

  @Test("the icon: a transparent corner, a blue rounded tile, a white face and a dark hub")
  func drawsTheClockTile() {
    let img = AppIcon.render(size: 128)
    #expect(img.width == 128 && img.height == 128)
    #expect(rgba(img, 0, 0).a == 0)
    let tile = rgba(img, 64, 8)
    #expect(tile.a == 255 && tile.b > 200 && tile.r < 80)
    let face = rgba(img, 64, 100)
    #expect(face.r == 255 && face.g == 255 && face.b == 255)
    let hub = rgba(img, 64, 64)
    #expect(hub.r < 60 && hub.a == 255)
    // The rounded corner's edge is anti-aliased: some pixel there is partly covered.
    #expect((0..<20).contains { rgba(img, $0, $0).a > 0 && rgba(img, $0, $0).a < 255 })
    // Sizes outside 16…1024 are clamped, never trapped on.
    #expect(AppIcon.render(size: -5).width == 16)
  }
}
