/// Identifies an `ImageBuffer` across frames so the backend can keep its texture.
public struct ImageID: Hashable, Sendable {
  public var raw: Int
  /// Creates an identifier.
  public init(_ raw: Int) { self.raw = raw }
}

/// A CPU-side RGBA image that the backend uploads to a texture when its `generation` changes.
public struct ImageBuffer: Sendable {
  public var width: Int
  public var height: Int
  /// Pixels in R, G, B, A byte order (`SDL_PIXELFORMAT_RGBA32`).
  public var pixels: [UInt32]
  /// Bumped whenever `pixels` changes; the backend re-uploads only then.
  public var generation: Int
  /// Whether scaling should filter linearly (smooth gradients) rather than pick nearest pixels.
  public var smooth: Bool
  /// Whether every pixel has full alpha; such images are copied without blending, which lets a
  /// software renderer stretch them straight into the target.
  public var opaque = false
  /// How the image is composited: source over, or a blend mode (a `.blendMode` layer's).
  public var blend = BlendKind.normal
  /// The rectangles that the last few `markChanged` calls rewrote, each with the generation it
  /// made, so that a copy a few generations behind re-converts only those (the glyph atlas
  /// gains one glyph at a time and is a megabyte or more).
  public private(set) var recentChanges: [PixelChange] = []

  /// One `markChanged`: the generation it made and the pixels it covered.
  public struct PixelChange: Sendable, Equatable {
    public var generation: Int
    public var rect: PixelRect
  }

  /// How many changes are remembered; a copy further behind is converted whole.
  static let changeLogLength = 32

  /// Records that the pixels in `rect` were rewritten: bumps `generation` and remembers where.
  public mutating func markChanged(_ rect: PixelRect) {
    generation &+= 1
    if recentChanges.count >= Self.changeLogLength { recentChanges.removeFirst() }
    recentChanges.append(PixelChange(generation: generation, rect: rect))
  }

  /// The pixels that changed after generation `since`, or nil when that is not known (a
  /// generation bumped without `markChanged`, or too far behind): then everything may have.
  public func changedRegion(since: Int) -> PixelRect? {
    let behind = generation &- since
    guard behind > 0, behind <= recentChanges.count else { return behind == 0 ? .empty : nil }
    let tail = recentChanges.suffix(behind)
    // Each of the generations in between must be one that was logged.
    guard tail.first?.generation == since &+ 1, tail.last?.generation == generation else { return nil }
    var region = PixelRect.empty
    for c in tail { region = region.union(c.rect) }
    return region
  }

  /// Creates a transparent image.
  public init(width: Int, height: Int, smooth: Bool = true) {
    self.width = max(1, width)
    self.height = max(1, height)
    self.pixels = Array(repeating: 0, count: self.width * self.height)
    self.generation = 0
    self.smooth = smooth
  }

  /// Gives each fully transparent pixel in `rect` the average color of its visible neighbours
  /// ("alpha bleeding"), keeping it transparent.
  ///
  /// Filtering mixes neighbouring texels in straight alpha, so transparent black ones pull a
  /// scaled picture's edge toward grey: an emoji drawn larger than its bitmap gets a dark rim.
  /// Bled, the edge mixes with its own colors instead.
  public mutating func bleedTransparentColors(x x0: Int, y y0: Int, width w: Int, height h: Int) {
    let x1 = min(width, x0 + w)
    let y1 = min(height, y0 + h)
    let (xs, ys) = (max(0, x0), max(0, y0))
    guard xs < x1, ys < y1 else { return }
    let stride = width
    pixels.withUnsafeMutableBufferPointer { px in
      for y in ys..<y1 {
        for x in xs..<x1 where px[y * stride + x] >> 24 == 0 {
          var (r, g, b, n) = (0, 0, 0, 0)
          for ny in max(ys, y - 1)...min(y1 - 1, y + 1) {
            for nx in max(xs, x - 1)...min(x1 - 1, x + 1) {
              let p = px[ny * stride + nx]
              // Only visible pixels are read, and only transparent ones written: one pass.
              guard p >> 24 != 0 else { continue }
              r += Int(p & 0xFF)
              g += Int((p >> 8) & 0xFF)
              b += Int((p >> 16) & 0xFF)
              n += 1
            }
          }
          if n > 0 { px[y * stride + x] = UInt32(r / n) | UInt32(g / n) << 8 | UInt32(b / n) << 16 }
        }
      }
    }
  }
}
