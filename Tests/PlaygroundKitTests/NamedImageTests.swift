import Foundation
import Graphics
import SDLBackend
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

extension RenderingSuites {
  /// `Image(_ name:)`: pictures found by name in a sketch's folders, decoded by SDL_image and
  /// judged by the pixels the CPU renderer draws.
  @Suite struct NamedImageTests {
    /// A new empty folder.
    static func folder(_ tag: String) throws -> String {
      let dir = FileManager.default.temporaryDirectory.appendingPathComponent("named-\(tag)-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      return dir
    }

    /// Writes a `width` × `height` PNG of one opaque color (`0xAABBGGRR`) at `path`.
    static func png(_ path: String, _ width: Int, _ height: Int, _ color: UInt32) throws {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      var image = ImageBuffer(width: width, height: height)
      image.pixels = Array(repeating: color, count: width * height)
      try PNGWriter.write(image, to: path)
    }

    static let red: UInt32 = 0xFF00_00FF
    static let green: UInt32 = 0xFF00_FF00
    static let blue: UInt32 = 0xFFFF_0000

    @Test("a name is found as a file beside the sketch, in an asset catalog's image set, then in Assets/")
    func lookupOrder() throws {
      let dir = try Self.folder("order")
      let catalog = NamedImages()
      catalog.setDecoder { try PNGWriter.read($0) }
      catalog.addFolder(dir)
      try Self.png(dir + "/Assets/logo.png", 2, 2, Self.blue)
      #expect(NamedImages.file(named: "logo", in: dir) == dir + "/Assets/logo.png")
      try Self.png(dir + "/Assets.xcassets/logo.imageset/logo@2x.png", 4, 4, Self.green)
      #expect(NamedImages.file(named: "logo", in: dir) == dir + "/Assets.xcassets/logo.imageset/logo@2x.png")
      // The set's Contents.json names its 1x picture, which comes first.
      try Self.png(dir + "/Assets.xcassets/logo.imageset/small.png", 2, 2, Self.green)
      try Data(
        #"{"images":[{"filename":"logo@2x.png","scale":"2x"},{"filename":"small.png","scale":"1x"}]}"#.utf8
      ).write(to: URL(fileURLWithPath: dir + "/Assets.xcassets/logo.imageset/Contents.json"))
      #expect(NamedImages.file(named: "logo", in: dir) == dir + "/Assets.xcassets/logo.imageset/small.png")
      try Self.png(dir + "/logo.jpg.png", 1, 1, Self.red)
      try Self.png(dir + "/logo.png", 3, 1, Self.red)
      #expect(NamedImages.file(named: "logo", in: dir) == dir + "/logo.png")
      // A name with its extension is that file.
      #expect(NamedImages.file(named: "logo.jpg.png", in: dir) == dir + "/logo.jpg.png")
      #expect(NamedImages.file(named: "absent", in: dir) == nil)
      // Read once, then kept until forgotten.
      guard case .found(let path, let image) = catalog.lookup("logo") else {
        Issue.record("logo not found")
        return
      }
      #expect(path == dir + "/logo.png")
      #expect(image.buffer.width == 3 && image.buffer.height == 1 && image.buffer.pixels[0] == Self.red)
      _ = catalog.lookup("logo")
      #expect(catalog.reads == 1)
      catalog.forget()
      guard case .found(_, let again) = catalog.lookup("logo") else {
        Issue.record("logo not found again")
        return
      }
      #expect(catalog.reads == 2)
      // Read again, it is a new texture: a picture saved over is not taken for the old one.
      #expect(again.key != image.key)
    }

    @Test("a file that is not a picture is reported with its path and the decoder's reason")
    func unreadableFile() throws {
      let dir = try Self.folder("bad")
      try Data("not a picture".utf8).write(to: URL(fileURLWithPath: dir + "/broken.png"))
      let catalog = NamedImages()
      catalog.setDecoder { try PNGWriter.read($0) }
      catalog.addFolder(dir)
      guard case .unreadable(let path, let reason) = catalog.lookup("broken") else {
        Issue.record("a broken file was not reported")
        return
      }
      #expect(path == dir + "/broken.png")
      #expect(!reason.isEmpty)
      var warnings: [String] = []
      catalog.warnOnce("broken", catalog.lookup("broken")) { warnings.append($0) }
      catalog.warnOnce("broken", catalog.lookup("broken")) { warnings.append($0) }
      #expect(warnings.count == 1)
      #expect(warnings.first?.contains("image \"broken\" at \(dir)/broken.png cannot be read") == true)
    }

    /// `view` drawn on a black 120 × 60 target by the CPU renderer, with the warnings it gave.
    func render<V: View>(_ view: V) throws -> (ImageBuffer, [String]) {
      let target = try OffscreenTarget(width: 120, height: 60, renderer: .cpu)
      let runtime = SceneRuntime(textEngine: target.renderer.atlas)
      var warnings: [String] = []
      runtime.warn = { warnings.append($0) }
      target.renderer.atlas.beginFrame()
      let out = runtime.frame(
        { view }, input: FrameInput(now: FrameBenchmark.start, time: 0, size: Size(width: 120, height: 60)))
      target.renderer.clear(.black)
      target.renderer.submit(out.drawList)
      return (try target.renderer.readPixels(), warnings)
    }

    @Test(
      "Image(name) draws the picture at its pixel size; resizable() stretches it; a missing name draws nothing, warns once"
    )
    func drawsByName() throws {
      let dir = try Self.folder("draw")
      let tag = UUID().uuidString.prefix(8)
      try Self.png(dir + "/wide-\(tag).png", 20, 10, Self.red)
      try Self.png(dir + "/Assets.xcassets/dot-\(tag).imageset/dot.png", 2, 2, Self.green)
      NamedImages.shared.setDecoder { try PNGWriter.read($0) }
      NamedImages.shared.addFolder(dir)
      let (img, warnings) = try render(
        HStack(spacing: 0) {
          Image("wide-\(tag)")
          Image("dot-\(tag)").resizable().frame(width: 30, height: 30)
          Image("missing-\(tag)")
        })
      // 50 × 30 centred in 120 × 60 (to a pixel): the red picture, then the green square.
      func at(_ x: Int, _ y: Int) -> UInt32 { img.pixels[y * img.width + x] & 0xFF_FFFF }
      let red = (0..<120).filter { at($0, 30) == 0x0000FF }
      let green = (0..<120).filter { at($0, 30) == 0x00FF00 }
      #expect(red.count == 20 && green.count == 30)
      #expect(red.last.map { $0 + 1 } == green.first, "side by side, with no room between")
      #expect((0..<60).filter { at(40, $0) == 0x0000FF }.count == 10, "the picture is 10 pixels tall")
      #expect((0..<60).filter { at(70, $0) == 0x00FF00 }.count == 30, "resizable() stretches it to 30")
      // 20 + 30 points centred in 120: a missing picture takes no room (1 point would shift it).
      #expect(red.first == 35, "a missing picture takes no room")
      #expect(warnings.count == 1)
      #expect(warnings.first?.hasPrefix("no image named \"missing-\(tag)\" (looked in ") == true)
      #expect(warnings.first?.contains(dir) == true)
      let (_, again) = try render(Image("missing-\(tag)"))
      #expect(again.isEmpty, "one warning per name")
    }
  }
}
