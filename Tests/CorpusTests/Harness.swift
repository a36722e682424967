// The corpus's harness: an example's view rendered offscreen at a time, and its pixels read.
import Foundation
import Graphics
import SDLBackend
import SceneGraph
import Scenes
import Testing

@testable import PlaygroundKit

/// An example shown as a scene: the view on white, as a preview canvas shows it.
struct CorpusScene: PlaygroundScene {
  static let name = "corpus"
  static let title = "Corpus"
  static let scheduleSummary = "an example"
  /// The example being rendered; the corpus's suites run serialized.
  nonisolated(unsafe) static var content: () -> AnyView = { AnyView(EmptyView()) }

  func body(_ context: SceneContext) -> some View {
    ZStack {
      Rectangle().fill(Color.white)
      Self.content()
    }
  }
}

/// A rendered example's pixels.
struct Picture: CustomStringConvertible {
  /// Its size, for a failed expectation's message (not its 76,800 pixels).
  var description: String { "a \(width)×\(height) picture" }

  let image: ImageBuffer

  var width: Int { image.width }
  var height: Int { image.height }

  /// Red, green and blue at `(x, y)`, 0…255.
  func rgb(_ x: Int, _ y: Int) -> [Int] {
    let p = image.pixels[y * image.width + x]
    return [Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF)]
  }

  /// Whether the pixel at `(x, y)` is within `tolerance` levels of `rgb` in every channel.
  func isNear(_ x: Int, _ y: Int, _ rgb: [Int], tolerance: Int = 12) -> Bool {
    zip(self.rgb(x, y), rgb).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// How many pixels in `xs` × `ys` (the whole picture by default) pass `test`.
  func count(x xs: Range<Int>? = nil, y ys: Range<Int>? = nil, where test: ([Int]) -> Bool) -> Int {
    var n = 0
    for y in ys ?? 0..<height {
      for x in xs ?? 0..<width where test(rgb(x, y)) { n += 1 }
    }
    return n
  }

  /// The mean x and y of the pixels that pass `test`; nil when none does.
  func centroid(where test: ([Int]) -> Bool) -> (x: Double, y: Double)? {
    var (n, sx, sy) = (0, 0, 0)
    for y in 0..<height {
      for x in 0..<width where test(rgb(x, y)) {
        n += 1
        sx += x
        sy += y
      }
    }
    return n == 0 ? nil : (Double(sx) / Double(n), Double(sy) / Double(n))
  }
}

/// Predicates on a pixel's red, green and blue.
enum Is {
  /// Mostly red: red high, green and blue low.
  static func red(_ c: [Int]) -> Bool { c[0] > 180 && c[1] < 110 && c[2] < 110 }
  /// Mostly blue.
  static func blue(_ c: [Int]) -> Bool { c[2] > 180 && c[0] < 120 && c[1] < 170 }
  /// Mostly green.
  static func green(_ c: [Int]) -> Bool { c[1] > 150 && c[0] < 120 && c[2] < 140 }
  /// Dark: every channel below 80.
  static func dark(_ c: [Int]) -> Bool { c.allSatisfy { $0 < 80 } }
  /// Not white: some channel below 200.
  static func ink(_ c: [Int]) -> Bool { c.contains { $0 < 200 } }
}

/// Renders examples offscreen on the simulated clock `snapshot` uses, from a fixed start.
enum Corpus {
  private static let lock = NSLock()
  /// The start every example's timelines count from.
  static let start = Date(timeIntervalSince1970: 1_767_263_670)

  /// `view` on white in a `width × height` frame, replayed to `seconds` after the start.
  static func render<V: View>(_ view: V, at seconds: Double = 0, width: Int = 320, height: Int = 240) throws
    -> Picture
  {
    // One example at a time across every suite: the scene's content is one static value.
    lock.lock()
    defer { lock.unlock() }
    CorpusScene.content = { AnyView(view) }
    AnimatedImage.decoder = { try GIFDecoder.load($0) }
    let image = try Snapshotter.render(
      scene: CorpusScene(), start: start, at: seconds, size: PixelSize(width: width, height: height))
    return Picture(image: image)
  }
}
