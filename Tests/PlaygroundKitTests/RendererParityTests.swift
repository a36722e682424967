import Foundation
import Graphics
import SDLBackend
import Scenes
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// The CPU rasterizer draws what a GPU draws from the same draw list: compared with SDL's
  /// OpenGL renderer (Mesa's llvmpipe through EGL, headless) for every scene at three times.
  @Suite struct RendererParityTests {
    static let scenes: [any PlaygroundScene] = SceneCatalog.all.map { $0.init() } + [OverviewScene()]

    /// Per channel: the mean absolute difference, and the share of pixels within 3 levels.
    static func compare(_ a: ImageBuffer, _ b: ImageBuffer) -> (mean: Double, within3: Double) {
      var total = 0
      var close = 0
      for (p, q) in zip(a.pixels, b.pixels) {
        var worst = 0
        for shift: UInt32 in [0, 8, 16] {
          let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
          total += d
          worst = max(worst, d)
        }
        if worst <= 3 { close += 1 }
      }
      let n = Double(max(1, a.pixels.count))
      return (Double(total) / (3 * n), Double(close) / n)
    }

    /// A CPU target and an OpenGL one sharing its glyph atlas; nil, with the issue recorded,
    /// where there is no OpenGL.
    static func targets(width w: Int, height h: Int) throws -> (OffscreenTarget, OffscreenTarget)? {
      let cpu = try OffscreenTarget(width: w, height: h, renderer: .cpu)
      do {
        return (cpu, try OffscreenTarget(width: w, height: h, atlas: cpu.renderer.atlas, renderer: .accelerated))
      } catch {
        Issue.record(
          "no OpenGL through EGL (\(error)); `make test-deps` installs libegl-mesa0 and libgl1-mesa-dri")
        return nil
      }
    }

    @Test(arguments: 0..<scenes.count)
    func cpuMatchesOpenGL(_ index: Int) throws {
      let scene = Self.scenes[index]
      let name = type(of: scene).name
      let (w, h) = (640, 360)
      guard let (cpu, gl) = try Self.targets(width: w, height: h) else { return }
      AnimatedImage.decoder = { try GIFDecoder.load($0) }
      var assets = SceneAssets()
      assets.directory = GalleryPixelTests.assetsFolder
      let replay = Replay(
        scene: scene, start: FrameBenchmark.start, size: Size(width: Double(w), height: Double(h)),
        textEngine: cpu.renderer.atlas, assets: assets)
      for t in [0.4, 1.3, 2.6] {
        cpu.renderer.atlas.beginFrame()
        let out = replay.frame(at: t)
        for target in [cpu, gl] {
          target.renderer.clear(.black)
          target.renderer.submit(out.drawList)
        }
        let (mean, within) = Self.compare(try cpu.renderer.readPixels(), try gl.renderer.readPixels())
        #expect(mean <= 1, "\(name) at \(t) s: mean difference \(mean) levels")
        #expect(within >= 0.99, "\(name) at \(t) s: only \(within * 100) % of pixels within 3 levels")
      }
    }

    @Test("a GPU draws the mesh gradient as vertex-colored triangles, with no image, as the CPU shades it")
    func meshGradientAsTriangles() throws {
      // At the window's default size. The CPU shades an image of an eighth of the resolution
      // and filters it up; smaller, its steepest color ramps differ from the GPU's by up to 8
      // levels where the filtered image rounds the lattice's creases.
      let (w, h) = (1280, 720)
      guard let (cpu, gl) = try Self.targets(width: w, height: h) else { return }
      #expect(gl.renderer.preferredTessellation.meshTriangles)
      #expect(!cpu.renderer.preferredTessellation.meshTriangles)
      func replay(for target: OffscreenTarget) -> Replay {
        let r = Replay(
          scene: MeshGradientScene(), start: FrameBenchmark.start, size: Size(width: Double(w), height: Double(h)),
          textEngine: cpu.renderer.atlas)
        r.runtime.tessellation = target.renderer.preferredTessellation
        return r
      }
      let (onCPU, onGL) = (replay(for: cpu), replay(for: gl))
      for t in [0.4, 1.3, 2.6] {
        cpu.renderer.atlas.beginFrame()
        let shaded = onCPU.frame(at: t).drawList
        let cut = onGL.frame(at: t).drawList
        #expect(shaded.images.count == 1)
        #expect(cut.images.isEmpty)
        // The 3×3 mesh at 1280×720 is shaded into a 160×90 image with 12 sub-cells a cell
        // side: the same lattice, 25×25 vertices.
        #expect(cut.vertices.count >= 25 * 25)
        cpu.renderer.clear(.black)
        cpu.renderer.submit(shaded)
        gl.renderer.clear(.black)
        gl.renderer.submit(cut)
        let (mean, within) = Self.compare(try cpu.renderer.readPixels(), try gl.renderer.readPixels())
        #expect(mean <= 1, "at \(t) s: mean difference \(mean) levels")
        #expect(within >= 0.99, "at \(t) s: only \(within * 100) % of pixels within 3 levels")
      }
    }

    @Test(
      "a GPU draws circles and rounded rectangles as quads over the coverage mask, as the CPU shades them",
      arguments: [Visualizer.self, LiveIndicatorScene.self, TimerVsTimelineScene.self, ParticleFieldScene.self]
        as [any PlaygroundScene.Type])
    func shapesOverTheMask(_ type: any PlaygroundScene.Type) throws {
      let (w, h) = (640, 360)
      guard let (cpu, gl) = try Self.targets(width: w, height: h) else { return }
      #expect(gl.renderer.preferredTessellation.coverageMasks)
      #expect(!cpu.renderer.preferredTessellation.coverageMasks)
      func replay(_ tessellation: DrawList.Tessellation) -> Replay {
        let r = Replay(
          scene: type.init(), start: FrameBenchmark.start, size: Size(width: Double(w), height: Double(h)),
          textEngine: cpu.renderer.atlas)
        r.runtime.tessellation = tessellation
        return r
      }
      var unmasked = gl.renderer.preferredTessellation
      unmasked.coverageMasks = false
      let (onCPU, onGL) = (replay(cpu.renderer.preferredTessellation), replay(gl.renderer.preferredTessellation))
      let asPolygons = replay(unmasked)
      for t in [0.4, 1.3] {
        cpu.renderer.atlas.beginFrame()
        let shaded = onCPU.frame(at: t).drawList
        let cut = onGL.frame(at: t).drawList
        let masked = cut.primitives.filter { $0.texture == .coverageMask }
        #expect(!masked.isEmpty, "\(type.name) at \(t) s: nothing drawn over the mask")
        // The mask's quads and grids have 4 to 16 vertices, the polygons with their fringe more.
        let polygons = asPolygons.frame(at: t).drawList
        #expect(
          cut.vertices.count < polygons.vertices.count, "\(cut.vertices.count) against \(polygons.vertices.count)")
        cpu.renderer.clear(.black)
        cpu.renderer.submit(shaded)
        gl.renderer.clear(.black)
        gl.renderer.submit(cut)
        let (mean, within) = Self.compare(try cpu.renderer.readPixels(), try gl.renderer.readPixels())
        // An edge fades over 0.84 to 1.19 pixels over the mask against the CPU's one, so edge
        // pixels of strong contrast differ by more than 3 levels. The particles differ most:
        // the CPU shades each small one as the polygon of its segment count, the mask is round.
        let least = type.name == ParticleFieldScene.name ? 0.95 : 0.98
        #expect(mean <= 1, "\(type.name) at \(t) s: mean difference \(mean) levels")
        #expect(within >= least, "\(type.name) at \(t) s: only \(within * 100) % of pixels within 3 levels")
      }
    }
  }
}
