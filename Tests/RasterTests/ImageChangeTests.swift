import Raster
import Testing

@testable import Graphics

/// Partial re-conversion: an image remembers where its last few generations changed it, and a
/// texture a few generations behind converts only that, to the same texels as a full convert.
@Suite struct ImageChangeTests {
  func image(_ w: Int, _ h: Int, seed: UInt64) -> ImageBuffer {
    var rng = SplitMix64(state: seed)
    var img = ImageBuffer(width: w, height: h)
    for i in img.pixels.indices { img.pixels[i] = UInt32(truncatingIfNeeded: rng.next()) }
    return img
  }

  @Test func changedRegionIsTheUnionOfLoggedChanges() {
    var img = ImageBuffer(width: 64, height: 64)
    let start = img.generation
    #expect(img.changedRegion(since: start) == .empty)
    img.markChanged(PixelRect(x0: 2, y0: 3, x1: 10, y1: 8))
    img.markChanged(PixelRect(x0: 20, y0: 1, x1: 24, y1: 5))
    #expect(img.changedRegion(since: start) == PixelRect(x0: 2, y0: 1, x1: 24, y1: 8))
    #expect(img.changedRegion(since: start + 1) == PixelRect(x0: 20, y0: 1, x1: 24, y1: 5))
    // A generation bumped without saying where: everything may have changed.
    img.generation &+= 1
    #expect(img.changedRegion(since: start) == nil)
    img.markChanged(PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
    #expect(img.changedRegion(since: start + 2) == nil)
    #expect(img.changedRegion(since: start + 3) == PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
    // Further behind than the log reaches.
    let before = img.generation
    for i in 0..<(ImageBuffer.changeLogLength + 1) { img.markChanged(PixelRect(x0: i, y0: 0, x1: i + 1, y1: 1)) }
    #expect(img.changedRegion(since: before) == nil)
    #expect(img.changedRegion(since: before + 1) == PixelRect(x0: 1, y0: 0, x1: 33, y1: 1))
    // A generation from the future (another image's) is not a region either.
    #expect(img.changedRegion(since: img.generation + 5) == nil)
  }

  @Test func partialUpdatesMatchAFullConversion() {
    var rng = SplitMix64(state: 11)
    var img = image(97, 61, seed: 3)
    let texture = RasterTexture(img)
    for round in 0..<40 {
      // Rewrite a random rectangle, sometimes saying where and sometimes not.
      let x0 = Int(rng.next() % 97)
      let y0 = Int(rng.next() % 61)
      let r = PixelRect(
        x0: x0, y0: y0, x1: min(97, x0 + 1 + Int(rng.next() % 30)), y1: min(61, y0 + 1 + Int(rng.next() % 20)))
      for y in r.y0..<r.y1 {
        for x in r.x0..<r.x1 { img.pixels[y * 97 + x] = UInt32(truncatingIfNeeded: rng.next()) }
      }
      if round % 7 == 6 { img.generation &+= 1 } else { img.markChanged(r) }
      // Convert every other round, so some updates span two changes.
      guard round % 2 == 1 else { continue }
      texture.update(from: img)
      let full = RasterTexture(img)
      #expect(texture.generation == img.generation)
      #expect((0..<(97 * 61)).allSatisfy { texture.texels[$0] == full.texels[$0] }, "round \(round)")
    }
  }

  @Test func aPartialUpdateNeverClaimsOpacityItCannotSee() {
    var img = ImageBuffer(width: 8, height: 8)
    for i in img.pixels.indices { img.pixels[i] = 0xFF00_00FF }
    let texture = RasterTexture(img)
    #expect(texture.opaque)
    img.pixels[0] = 0x8000_00FF
    img.markChanged(PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
    texture.update(from: img)
    #expect(!texture.opaque)
    // Made opaque again in a corner: the rest is not re-read, so the flag stays off until a full conversion.
    img.pixels[0] = 0xFF00_00FF
    img.markChanged(PixelRect(x0: 0, y0: 0, x1: 1, y1: 1))
    texture.update(from: img)
    #expect(!texture.opaque)
    img.generation &+= 1
    texture.update(from: img)
    #expect(texture.opaque)
  }

  @Test func aShortPixelArrayLeavesTheRestTransparent() {
    var img = ImageBuffer(width: 4, height: 4)
    img.pixels = Array(repeating: 0xFF00_00FF, count: 10)
    let texture = RasterTexture(img)
    #expect((0..<10).allSatisfy { texture.texels[$0] == 0xFFFF_0000 })
    #expect((10..<16).allSatisfy { texture.texels[$0] == 0 })
  }
}
