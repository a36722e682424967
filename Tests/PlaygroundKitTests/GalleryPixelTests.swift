import Foundation
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph
@testable import Scenes

extension RenderingSuites {
  /// The gallery's scenes rendered offscreen at fixed times, judged by their pixels.
  @Suite struct GalleryPixelTests {
    static let start = FrameBenchmark.start
    static let size = PixelSize(width: 640, height: 360)
    /// The repository's `Assets` folder, wherever the tests run from.
    static let assetsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Assets").path

    struct RGB: Equatable {
      var r, g, b: Int
    }

    func render(
      _ scene: any PlaygroundScene, at t: Double, cadence: Cadence = .live, start: Date = start,
      assets: SceneAssets = SceneAssets()
    ) throws -> ImageBuffer {
      // What `playground` installs at start-up: GIFs decode through SDL_image.
      AnimatedImage.decoder = { try GIFDecoder.load($0) }
      return try Snapshotter.render(
        scene: scene, start: start, at: t, size: Self.size, cadence: cadence, assets: assets)
    }

    func rgb(_ img: ImageBuffer, _ x: Int, _ y: Int) -> RGB {
      let p = img.pixels[y * img.width + x]
      return RGB(r: Int(p & 0xFF), g: Int((p >> 8) & 0xFF), b: Int((p >> 16) & 0xFF))
    }

    /// The pixels matching `test`: how many, and their mean x.
    func matching(_ img: ImageBuffer, in rect: (x: Range<Int>, y: Range<Int>)? = nil, _ test: (RGB) -> Bool)
      -> (count: Int, meanX: Double)
    {
      var n = 0
      var sx = 0
      for y in rect?.y ?? 0..<img.height {
        for x in rect?.x ?? 0..<img.width where test(rgb(img, x, y)) {
          n += 1
          sx += x
        }
      }
      return (n, n == 0 ? -1 : Double(sx) / Double(n))
    }

    /// The box around every pixel that differs between `a` and `b`, nil when none does.
    func difference(_ a: ImageBuffer, _ b: ImageBuffer) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
      var box: (x0: Int, x1: Int, y0: Int, y1: Int)?
      for y in 0..<a.height {
        for x in 0..<a.width where a.pixels[y * a.width + x] != b.pixels[y * b.width + x] {
          box = box.map { (min($0.x0, x), max($0.x1, x), min($0.y0, y), max($0.y1, y)) } ?? (x, x, y, y)
        }
      }
      return box.map { ($0.x0...$0.x1, $0.y0...$0.y1) }
    }

    @Test("at pixel density 2 a scene is drawn with twice the pixels, not upscaled: same picture, finer edges")
    func hiDPIRendersAtDensity() throws {
      let size = PixelSize(width: 320, height: 180)
      let date = try #require(ScheduleFormat.parseISO8601("2026-01-01T10:34:30Z"))
      let one = try Snapshotter.render(scene: Clock(timeZone: .utc), start: date, at: 1.3, size: size)
      let two = try Snapshotter.render(scene: Clock(timeZone: .utc), start: date, at: 1.3, size: size, pixelScale: 2)
      #expect(two.width == 640 && two.height == 360)
      func channel(_ p: UInt32, _ c: Int) -> Int { Int((p >> (8 * UInt32(c))) & 0xFF) }
      var difference = 0
      var detailed = 0
      for y in 0..<180 {
        for x in 0..<320 {
          let block = [
            two.pixels[2 * y * 640 + 2 * x], two.pixels[2 * y * 640 + 2 * x + 1],
            two.pixels[(2 * y + 1) * 640 + 2 * x], two.pixels[(2 * y + 1) * 640 + 2 * x + 1],
          ]
          for c in 0..<3 {
            let values = block.map { channel($0, c) }
            difference += abs(values.reduce(0, +) / 4 - channel(one.pixels[y * 320 + x], c))
            if c == 0, (values.max() ?? 0) - (values.min() ?? 0) > 24 { detailed += 1 }
          }
        }
      }
      // Averaged back down, the 2× frame is the 1× frame (text, hinted at each size, differs
      // by a few levels).
      let mean = Double(difference) / Double(320 * 180 * 3)
      #expect(mean < 4, "mean difference \(mean)")
      // An upscaled frame has uniform 2×2 blocks; drawn at density, edges fall inside blocks.
      #expect(detailed > 1500, "\(detailed) blocks with detail finer than a 1× pixel")
    }

    @Test("metronome: the weight swings from one side to the other on each beat at 60 bpm")
    func metronomeSwings() throws {
      // The pendulum's orange weight.
      let weight = { (c: RGB) in c.r > 200 && (100...200).contains(c.g) && c.b < 80 }
      let sides = try [0.0, 0.5, 1.0, 2.0].map { try matching(render(MetronomeScene(), at: $0), weight) }
      for s in sides { #expect(s.count > 300, "the weight is drawn") }
      // Beats land at ±30°: right at 0 s and 2 s, left at 1 s, upright halfway.
      #expect(sides[0].meanX > 380)
      #expect(abs(sides[1].meanX - 320) < 20)
      #expect(sides[2].meanX < 260)
      #expect(abs(sides[3].meanX - sides[0].meanX) < 2)
    }

    @Test("heart: its area follows the spring's scale squared, 1.0 → 1.6 → 2.0")
    func heartScales() throws {
      let red = { (c: RGB) in c.r > 180 && c.g < 90 }
      // Entries at 0, 0.2, 0.4 (then every 0.8 s): 0.15 s after one the spring has nearly settled.
      let rest = try matching(render(BeatingHeartScene(), at: 0.75), red).count
      let middle = try matching(render(BeatingHeartScene(), at: 0.15), red).count
      let full = try matching(render(BeatingHeartScene(), at: 0.35), red).count
      #expect(rest > 500)
      let (m, f) = (Double(middle) / Double(rest), Double(full) / Double(rest))
      #expect((2.2...2.9).contains(m), "1.6² ≈ 2.56, got \(m)")
      #expect((3.2...4.4).contains(f), "2.0² = 4, got \(f)")
      // The same phase one cycle later draws the same heart, up to the spring's rounding: the
      // anti-aliased edge may move by a fraction of a pixel, the area by under 1 %. Compared
      // from the second cycle on: the first cycle's spring starts from rest at onAppear, later
      // ones blend out of the spring before them (blendDuration 0.2 s), so only they match.
      let second = try matching(render(BeatingHeartScene(), at: 1.15), red).count
      let again = try matching(render(BeatingHeartScene(), at: 1.95), red).count
      #expect(abs(again - second) * 100 < second, "\(again) red pixels one cycle later, \(second) before")
    }

    @Test("many-faces: the timeline's face changes every 0.2 s, the SubView's never does")
    func manyFacesDependency() throws {
      let a = try render(ManyFacesScene(), at: 0.3)
      let b = try render(ManyFacesScene(), at: 0.5)
      let box = try #require(difference(a, b), "the timeline's face changed")
      // Only the left face changed; the SubView on the right kept its pixels.
      #expect(box.x.upperBound < 320)
      #expect(try render(ManyFacesScene(), at: 0.3).pixels == a.pixels, "faces are deterministic")
    }

    @Test("quips: the sentence changes on the 3 s entry and not between entries")
    func quipsAdvance() throws {
      let one = try render(QuipsScene(), at: 1)
      #expect(try render(QuipsScene(), at: 2.5).pixels == one.pixels)
      let box = try #require(difference(one, try render(QuipsScene(), at: 4)))
      #expect(box.y.contains(Int(Double(Self.size.height) * 0.45)), "the sentence's line changed")
    }

    @Test("world-clock: seconds tick while live and are hidden at the minutes cadence")
    func worldClockCadence() throws {
      let box = try #require(
        difference(try render(WorldClockScene(), at: 1.2), try render(WorldClockScene(), at: 2.2)))
      // Only the right column of times changed, in all six rows.
      #expect(box.x.lowerBound > 320)
      #expect(box.y.count > 80)
      let minutes = try render(WorldClockScene(), at: 1.2, cadence: .minutes)
      #expect(try render(WorldClockScene(), at: 2.2, cadence: .minutes).pixels == minutes.pixels)
      #expect(difference(minutes, try render(WorldClockScene(), at: 1.2)) != nil)
    }

    @Test("gif: each frame shows for its delay, and the loop comes back to the same pixels")
    func gifPlaysTheBundledFile() throws {
      var assets = SceneAssets()
      assets.directory = Self.assetsFolder
      let gif = try GIFDecoder.load(GifPlayerScene.path(assets))
      #expect(gif.frames.count > 2)
      let loop = gif.delays.reduce(0, +)
      let mid0 = gif.delays[0] / 2
      let mid1 = gif.delays[0] + gif.delays[1] / 2
      let f0 = try render(GifPlayerScene(), at: mid0, assets: assets)
      let f1 = try render(GifPlayerScene(), at: mid1, assets: assets)
      let box = try #require(difference(f0, f1), "the second frame differs from the first")
      #expect(box.x.lowerBound > 100 && box.x.upperBound < 540, "inside the GIF's picture")
      #expect(try render(GifPlayerScene(), at: mid0 + loop, assets: assets).pixels == f0.pixels)
      // The placeholder, not a crash, for a file that is not there.
      var missing = SceneAssets()
      missing.gifPath = "/nonexistent/x.gif"
      #expect(difference(try render(GifPlayerScene(), at: mid0, assets: missing), f0) != nil)
    }

    @Test("update-trap: the broken view trips the guard and its warning is drawn in the window")
    func updateTrapWarningIsVisible() throws {
      // The articles' schedule starts at `.now`, so the scene starts now too.
      let amber = { (c: RGB) in c.r > 230 && (150...200).contains(c.g) && c.b < 110 }
      // (How early it trips depends on the wall clock's `.now`, so only the late frame is judged.)
      let img = try render(UpdateTrapScene(), at: 2.5, start: Date())
      let tripped = try matching(img, amber)
      #expect(tripped.count > 200)
      // The warning is the guard's line under the two panels, across the middle.
      let line = try matching(img, in: (0..<640, 250..<300), amber)
      #expect(line.count == tripped.count)
      #expect(abs(line.meanX - 320) < 60)
    }

    @Test("timer-vs-timeline: the timer's bars on the left, the timeline's on the right")
    func timerVsTimelineSides() throws {
      let img = try render(TimerVsTimelineScene(), at: 1.25)
      let orange = matching(img) { $0.r > 200 && (120...190).contains($0.g) && $0.b < 90 }
      let green = matching(img) { $0.g > 150 && $0.r < 140 && $0.b < 160 }
      #expect(orange.count > 1000 && green.count > 1000)
      #expect(orange.meanX < 320 && green.meanX > 320)
    }

    @Test("mesh-gradient.json and emoji-wave.json change what is drawn")
    func parameterFilesReachThePixels() throws {
      var assets = SceneAssets()
      var mesh = MeshGradientScene.defaults
      mesh.colors = Array(repeating: "#FF0000", count: 9)
      assets.files["mesh-gradient.json"] = try JSONEncoder().encode(mesh)
      assets.generation = 1
      let red = try render(MeshGradientScene(), at: 1, assets: assets)
      // Away from the caption every pixel is the one red.
      #expect(rgb(red, 100, 100) == RGB(r: 255, g: 0, b: 0))
      #expect(rgb(red, 500, 250) == RGB(r: 255, g: 0, b: 0))
      #expect(rgb(try render(MeshGradientScene(), at: 1), 100, 100) != RGB(r: 255, g: 0, b: 0))

      var wave = EmojiWave.defaults
      wave.emoji = ["😃"]
      var files = SceneAssets()
      files.files["emoji-wave.json"] = try JSONEncoder().encode(wave)
      files.generation = 1
      let colorful = { (c: RGB) in c.r > 200 && c.g > 150 && c.b < 60 }
      let one = try matching(render(EmojiWave(), at: 1.5, assets: files), colorful)
      let three = try matching(render(EmojiWave(), at: 1.5), colorful)
      #expect(one.count > 200)
      #expect(Double(three.count) > 2 * Double(one.count), "three faces against one")
    }
  }
}
