import FoundationEssentials

/// An animated picture (a GIF): its frames, how long each shows, and how often it plays.
public struct AnimatedImage: Sendable {
  /// The frames, each the full canvas.
  public var frames: [ImageBuffer]
  /// How long each frame shows, in seconds, as browsers play it (see `playbackDelay`).
  public var delays: [Double]
  /// How many times the whole animation plays; 0 means forever.
  public var plays: Int
  /// The file it came from, for messages.
  public var source: String

  /// Creates an animation; `delays` must have one entry per frame.
  public init(frames: [ImageBuffer], delays: [Double], plays: Int, source: String) {
    self.frames = frames
    self.delays = delays
    self.plays = max(0, plays)
    self.source = source
  }

  /// The canvas size in pixels.
  public var size: Size {
    Size(width: Double(frames.first?.width ?? 1), height: Double(frames.first?.height ?? 1))
  }

  /// A GIF frame delay (stored in hundredths of a second) as browsers play it: 0 and 1
  /// hundredth are too fast to be meant and play at 0.1 s.
  public static func playbackDelay(hundredths: Int) -> Double {
    hundredths <= 1 ? 0.1 : Double(hundredths) / 100
  }

  /// How many times a GIF plays given its NETSCAPE2.0 loop count: without the extension, once;
  /// with 0, forever; with N, the first play and N repeats.
  public static func plays(netscapeLoopCount: Int?) -> Int {
    guard let n = netscapeLoopCount else { return 1 }
    return n == 0 ? 0 : n + 1
  }

  /// The largest canvas played, in pixels (4096×4096).
  public static let maxCanvasPixels = 16 << 20

  /// Why `data` is not a complete GIF, or nil when it looks like one: the signature must
  /// open it and the trailer byte (0x3B) close it, so a cut-off download is caught.
  public static func gifProblem(_ data: [UInt8]) -> String? {
    guard data.count >= 14 else { return "too short to be a GIF (\(data.count) bytes)" }
    let sig = String(decoding: data[0..<6], as: UTF8.self)
    guard sig == "GIF87a" || sig == "GIF89a" else { return "not a GIF (no GIF87a/GIF89a signature)" }
    guard data.last == 0x3B else { return "truncated GIF (no trailer byte at the end)" }
    // The canvas size is in the header: refuse a huge one before a decoder allocates frames
    // for it (a 100-byte file can declare 65535×65535, 16 GB of pixels per frame).
    let width = Int(data[6]) | Int(data[7]) << 8
    let height = Int(data[8]) | Int(data[9]) << 8
    guard width * height <= maxCanvasPixels else {
      return "a \(width)×\(height) canvas is too large to play (at most \(maxCanvasPixels >> 20) megapixels)"
    }
    return nil
  }

  /// Loads animated images; the platform layer installs its decoder at start-up.
  public nonisolated(unsafe) static var decoder: (@Sendable (String) throws -> AnimatedImage)?

  /// Decodes the animation at `path` with the installed decoder.
  public static func load(_ path: String) throws -> AnimatedImage {
    guard let decoder else { throw AnimatedImageError(message: "\(path): no image decoder is installed") }
    return try decoder(path)
  }
}

/// A GIF that could not be played, with a one-line reason naming the file.
public struct AnimatedImageError: Error, CustomStringConvertible, Equatable {
  public var message: String
  /// Creates the error.
  public init(message: String) { self.message = message }
  public var description: String { message }
}
