import Foundation
import Graphics
import Scenes
import Testing

@testable import PlaygroundKit
@testable import SDLBackend
@testable import SceneGraph

extension RenderingSuites {
  /// Scaled and turned emoji have no dark rim: the CPU renderer filters premultiplied texels,
  /// so what the clear texels around a glyph hold in their color channels cannot reach the
  /// screen. Filtering straight colors would mix them into every edge pixel.
  @Suite struct EmojiRimTests {
    /// How many atlas quads in `list` are drawn at another size than their texels, or turned.
    static func resampledAtlasQuads(_ list: DrawList, atlasSize: (Int, Int)) -> Int {
      var count = 0
      for p in list.primitives where p.texture == .atlas && p.indexCount == 6 {
        let v = (0..<3).map { list.vertices[Int(list.indices[p.indexOffset + $0])] }
        let dx = Double(v[1].x - v[0].x)
        let dy = Double(v[1].y - v[0].y)
        let du = Double(v[1].u - v[0].u) * Double(atlasSize.0)
        let screen = (dx * dx + dy * dy).squareRoot()
        if abs(dy) > 0.01 || abs(screen - abs(du)) > 0.5 { count += 1 }
      }
      return count
    }

    @Test(arguments: [(640, 360), (1600, 900)])
    func clearTexelsDoNotReachTheScreen(_ size: (Int, Int)) throws {
      let (w, h) = size
      var resampled = 0
      for scene in [EmojiWave(), BeatingHeartScene(), ManyFacesScene()] as [any PlaygroundScene] {
        let target = try OffscreenTarget(width: w, height: h, renderer: .cpu)
        let atlas = target.renderer.atlas
        let replay = Replay(
          scene: scene, start: FrameBenchmark.start, size: Size(width: Double(w), height: Double(h)),
          textEngine: atlas)
        for t in [0.4, 1.0, 1.3, 2.6] {
          atlas.beginFrame()
          let out = replay.frame(at: t)
          resampled += Self.resampledAtlasQuads(out.drawList, atlasSize: (atlas.image.width, atlas.image.height))
          target.renderer.clear(.white)
          target.renderer.submit(out.drawList)
          let before = try target.renderer.readPixels()
          atlas.recolorTransparentTexels(0x00FF_00FF)
          target.renderer.clear(.white)
          target.renderer.submit(out.drawList)
          let after = try target.renderer.readPixels()
          let differing = zip(before.pixels, after.pixels).filter { $0 != $1 }.count
          #expect(differing == 0, "\(type(of: scene).name) at \(t) s, \(w)×\(h): \(differing) pixels changed")
        }
      }
      // The frames do draw emoji scaled or turned, so the check above means something.
      #expect(resampled >= 6)
    }
  }
}
