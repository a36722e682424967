/// Decodes GIF files, written for untrusted input.
///
/// Every size is checked against a budget before anything is allocated for it: the canvas,
/// each frame's own rectangle (a decoder that sizes a frame by its descriptor can be made to
/// zero gigabytes by a 15-byte one), and the frames together. The block structure is walked
/// exactly as the format lays it out, so no byte of a frame's data can start another frame.
/// Frames come out composited on the canvas, as browsers show them, with each frame's
/// disposal applied before the next is drawn.
public enum GIF {
  /// The largest canvas, and the largest single frame rectangle, in pixels (4096×4096).
  public static let maxCanvasPixels = AnimatedImage.maxCanvasPixels
  /// The most pixels over all frames (1 GB of RGBA).
  public static let maxTotalPixels = 256 << 20

  /// Why a file could not be decoded, in words.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
  }

  /// The frames (full canvases, straight RGBA), each frame's delay in hundredths of a second,
  /// and the NETSCAPE2.0 loop count if the file has one.
  public struct Decoded: Sendable {
    public var width: Int
    public var height: Int
    public var frames: [ImageBuffer]
    public var delays: [Int]
    public var loopCount: Int?
  }

  /// Decodes `data`, or throws a one-line reason.
  public static func decode(_ data: [UInt8]) throws(Failure) -> Decoded {
    var r = Reader(data: data)
    func fail(_ why: String) -> Failure { Failure(reason: why) }
    guard data.count >= 13 else { throw fail("too short to be a GIF (\(data.count) bytes)") }
    let sig = r.bytes(6)
    guard sig == Array("GIF87a".utf8) || sig == Array("GIF89a".utf8) else {
      throw fail("not a GIF (no GIF87a/GIF89a signature)")
    }
    let width = r.u16()
    let height = r.u16()
    let flags = r.byte()
    _ = r.bytes(2)  // background color index and aspect ratio: browsers start from a clear canvas
    guard width > 0, height > 0 else { throw fail("the canvas is \(width)×\(height)") }
    guard width * height <= maxCanvasPixels else {
      throw fail(
        "a \(width)×\(height) canvas is too large to play (at most \(maxCanvasPixels >> 20) megapixels)")
    }
    let global = flags & 0x80 != 0 ? try r.colorTable(flags) : nil
    var canvas = [UInt32](repeating: 0, count: width * height)
    var out = Decoded(width: width, height: height, frames: [], delays: [], loopCount: nil)
    // The graphic control extension in force for the next frame.
    var delay = 0
    var disposal = 0
    var transparent: Int?
    while true {
      guard let block = r.next() else { throw fail("truncated GIF (no trailer)") }
      switch block {
      case 0x3B:
        guard !out.frames.isEmpty else { throw fail("no frames") }
        return out
      case 0x21:
        guard let label = r.next() else { throw fail("truncated GIF (in an extension)") }
        var first = true
        while true {
          guard let sub = r.subBlock() else { throw fail("truncated GIF (in an extension)") }
          if sub.isEmpty { break }
          if first, label == 0xF9, sub.count >= 4 {
            disposal = Int(sub[0] >> 2) & 7
            delay = Int(sub[1]) | Int(sub[2]) << 8
            transparent = sub[0] & 1 != 0 ? Int(sub[3]) : nil
          }
          if label == 0xFF, !first, sub.count >= 3, sub[0] == 1, r.lastApplication == Array("NETSCAPE2.0".utf8) {
            out.loopCount = Int(sub[1]) | Int(sub[2]) << 8
          }
          if first, label == 0xFF { r.lastApplication = sub }
          first = false
        }
        r.lastApplication = []
      case 0x2C:
        let (left, top, w, h) = (r.u16(), r.u16(), r.u16(), r.u16())
        let frameFlags = r.byte()
        guard !r.overran else { throw fail("truncated GIF (in a frame header)") }
        guard w * h <= maxCanvasPixels else { throw fail("a \(w)×\(h) frame is too large to play") }
        guard (out.frames.count + 1) * width * height <= maxTotalPixels else {
          throw fail("\(width)×\(height) with more than \(out.frames.count) frames is too large to play")
        }
        let local = frameFlags & 0x80 != 0 ? try r.colorTable(frameFlags) : nil
        guard let minimum = r.next(), (2...8).contains(minimum) else {
          throw fail("frame \(out.frames.count + 1) has no valid LZW code size")
        }
        var compressed: [UInt8] = []
        while true {
          guard let sub = r.subBlock() else { throw fail("truncated GIF (in frame \(out.frames.count + 1))") }
          if sub.isEmpty { break }
          compressed += sub
        }
        let indices = lzw(compressed, minimumCodeSize: Int(minimum), count: w * h)
        // What disposal 3 restores once this frame has been shown.
        let before = disposal == 3 ? canvas : nil
        let table = local ?? global ?? []
        let rows = frameFlags & 0x40 != 0 ? interlacedRows(h) : Array(0..<h)
        for (k, y) in rows.enumerated() where top + y < height {
          for x in 0..<w where left + x < width {
            let i = k * w + x
            guard i < indices.count else { break }
            let index = Int(indices[i])
            if index == transparent { continue }
            // An index past the table (or with no table) is black, as SDL_image draws it.
            canvas[(top + y) * width + left + x] = index < table.count ? table[index] : 0xFF00_0000
          }
        }
        var frame = ImageBuffer(width: width, height: height, smooth: false)
        frame.pixels = canvas
        frame.opaque = !canvas.contains { $0 >> 24 != 0xFF }
        out.frames.append(frame)
        out.delays.append(delay)
        switch disposal {
        case 2:
          // Back to clear, inside this frame's rectangle, as browsers do it (SDL_image paints
          // it opaque black; the format says "background color", which browsers read as clear).
          for y in top..<min(top + h, height) where left < width {
            for x in left..<min(left + w, width) { canvas[y * width + x] = 0 }
          }
        case 3:
          // Back to the canvas as it was before this frame was drawn.
          if let before { canvas = before }
        default: break
        }
        (delay, disposal, transparent) = (0, 0, nil)
      default:
        throw fail("unexpected byte 0x\(String(block, radix: 16, uppercase: true)) at offset \(r.offset - 1)")
      }
    }
  }

  /// The order an interlaced frame's rows arrive in: every 8th from 0, every 8th from 4,
  /// every 4th from 2, every 2nd from 1.
  static func interlacedRows(_ h: Int) -> [Int] {
    var rows: [Int] = []
    rows.reserveCapacity(h)
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
      var y = start
      while y < h {
        rows.append(y)
        y += step
      }
    }
    return rows
  }

  /// Decompresses GIF LZW data into at most `count` color indices; data that ends early or
  /// goes wrong ends the output there (the rest of the frame stays as it was).
  static func lzw(_ data: [UInt8], minimumCodeSize m: Int, count: Int) -> [UInt8] {
    let clear = 1 << m
    let end = clear + 1
    var out: [UInt8] = []
    out.reserveCapacity(count)
    // The table as prefix links: each code's last byte and the code before it.
    var prefix = [Int](repeating: -1, count: 4096)
    var suffix = [UInt8](repeating: 0, count: 4096)
    for i in 0..<clear { suffix[i] = UInt8(truncatingIfNeeded: i) }
    var size = m + 1
    var next = end + 1
    var previous = -1
    var bits = 0
    var buffer = 0
    var stack = [UInt8](repeating: 0, count: 4096)
    for byte in data {
      buffer |= Int(byte) << bits
      bits += 8
      while bits >= size {
        let code = buffer & ((1 << size) - 1)
        buffer >>= size
        bits -= size
        if code == clear {
          size = m + 1
          next = end + 1
          previous = -1
          continue
        }
        if code == end { return out }
        var c: Int
        if previous < 0 {
          guard code < clear else { return out }
          out.append(UInt8(truncatingIfNeeded: code))
          previous = code
          if out.count >= count { return out }
          continue
        }
        if code < next {
          c = code
        } else if code == next {
          c = previous
        } else {
          return out
        }
        // Emit the string for `c` (and, for the code not yet in the table, its first byte again).
        var depth = 0
        while c >= 0, depth < 4096 {
          stack[depth] = suffix[c]
          depth += 1
          c = prefix[c]
        }
        let head = stack[depth - 1]
        for i in stride(from: depth - 1, through: 0, by: -1) { out.append(stack[i]) }
        if code == next { out.append(head) }
        if next < 4096 {
          prefix[next] = previous
          suffix[next] = head
          next += 1
          if next == 1 << size, size < 12 { size += 1 }
        }
        previous = code
        if out.count >= count {
          out.removeLast(out.count - count)
          return out
        }
      }
    }
    return out
  }

  /// Reads a GIF's bytes in order; past the end, reads give zeros and set `overran`.
  struct Reader {
    let data: [UInt8]
    var offset = 0
    var overran = false
    /// The identifier of the application extension being read.
    var lastApplication: [UInt8] = []

    init(data: [UInt8]) { self.data = data }

    mutating func next() -> UInt8? {
      guard offset < data.count else { return nil }
      defer { offset += 1 }
      return data[offset]
    }

    mutating func byte() -> UInt8 {
      guard let b = next() else {
        overran = true
        return 0
      }
      return b
    }

    mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in byte() } }

    mutating func u16() -> Int { Int(byte()) | Int(byte()) << 8 }

    /// One data sub-block (its length byte, then that many bytes); empty for the terminator,
    /// nil when the file ends inside it.
    mutating func subBlock() -> [UInt8]? {
      guard let n = next() else { return nil }
      guard offset + Int(n) <= data.count else { return nil }
      defer { offset += Int(n) }
      return Array(data[offset..<(offset + Int(n))])
    }

    /// A color table of 2^(flags & 7 + 1) RGB entries, as straight RGBA pixels.
    mutating func colorTable(_ flags: UInt8) throws(Failure) -> [UInt32] {
      let n = 2 << Int(flags & 7)
      guard offset + 3 * n <= data.count else { throw Failure(reason: "truncated GIF (in a color table)") }
      defer { offset += 3 * n }
      return (0..<n).map { i in
        let p = offset + 3 * i
        return 0xFF00_0000 | UInt32(data[p + 2]) << 16 | UInt32(data[p + 1]) << 8 | UInt32(data[p])
      }
    }
  }
}
