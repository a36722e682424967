import Foundation
import Testing

@testable import Graphics
@testable import SDLBackend

/// A real GIF, written byte by byte: 1×1 frames with the given delays (hundredths) and an
/// optional NETSCAPE2.0 loop count.
func makeGIF(delays: [Int], loopCount: Int?) -> [UInt8] {
  var b: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
  if let n = loopCount {
    b += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1, UInt8(n & 0xFF), UInt8(n >> 8), 0]
  }
  for (i, d) in delays.enumerated() {
    b += [0x21, 0xF9, 4, 0, UInt8(d & 0xFF), UInt8(d >> 8), 0, 0]
    b += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]
    // LZW, minimum code size 2: clear, the pixel's index, end.
    b += [2, 2, i % 2 == 0 ? 0x44 : 0x4C, 1, 0]
  }
  return b + [0x3B]
}

func write(_ bytes: [UInt8], _ name: String) -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(getpid())-\(name)").path
  FileManager.default.createFile(atPath: path, contents: Data(bytes))
  return path
}

@Suite("GIF decoding")
struct GIFTests {
  @Test("Frames, delays (0 and 1 hundredths play at 0.1 s) and the loop count from a real file")
  func decodes() throws {
    let path = write(makeGIF(delays: [0, 1, 25], loopCount: 2), "ok.gif")
    let gif = try GIFDecoder.load(path)
    #expect(gif.frames.count == 3)
    #expect(gif.delays == [0.1, 0.1, 0.25])
    // NETSCAPE loop count 2: the first play and two repeats.
    #expect(gif.plays == 3)
    #expect(gif.frames[0].pixels[0] & 0x00FF_FFFF == 0)
    #expect(gif.frames[1].pixels[0] & 0x00FF_FFFF == 0x00FF_FFFF)
    let once = try GIFDecoder.load(write(makeGIF(delays: [10], loopCount: nil), "once.gif"))
    #expect(once.plays == 1)
    let forever = try GIFDecoder.load(write(makeGIF(delays: [10], loopCount: 0), "forever.gif"))
    #expect(forever.plays == 0)
  }

  @Test("The bundled GIF: 24 frames 0.08 s apart, looping forever")
  func bundled() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let gif = try GIFDecoder.load(root.appendingPathComponent("Assets/playground.gif").path)
    #expect(gif.frames.count == 24)
    #expect(gif.delays.allSatisfy { abs($0 - 0.08) < 1e-9 })
    #expect(gif.plays == 0)
  }

  @Test("A truncated file, a non-GIF and a missing file each give one line naming the file")
  func errors() {
    var cut = makeGIF(delays: [10, 10], loopCount: 0)
    cut.removeLast(6)
    let truncated = write(cut, "cut.gif")
    let png = write(Array("\u{89}PNG\r\n\u{1A}\nxxxxxxxxxxxx".utf8), "fake.gif")
    // A valid 1×1 GIF whose header declares a 65535×65535 canvas.
    var huge = makeGIF(delays: [10], loopCount: nil)
    huge[6...9] = [0xFF, 0xFF, 0xFF, 0xFF]
    let bomb = write(huge, "bomb.gif")
    for (path, why) in [
      (truncated, "truncated GIF"), (png, "not a GIF"), ("/nonexistent/x.gif", "cannot open the file"),
      (bomb, "a 65535×65535 canvas is too large to play"),
    ] {
      #expect(throws: AnimatedImageError.self) { try GIFDecoder.load(path) }
      do {
        _ = try GIFDecoder.load(path)
      } catch let e as AnimatedImageError {
        #expect(e.message.hasPrefix(path + ": "))
        #expect(e.message.contains(why))
        #expect(!e.message.contains("\n"))
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }
  @Test("a FIFO whose writer stops writing is an error after the stall time; one written to its end loads")
  func stalledFIFO() throws {
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("stall-\(getpid()).gif").path
    unlink(fifo)
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    let gif = makeGIF(delays: [10, 20], loopCount: 0)
    // Held open for writing by this process, half written, and never finished.
    let writer = open(fifo, O_RDWR | O_CLOEXEC)
    try #require(writer >= 0)
    _ = gif.withUnsafeBytes { write(writer, $0.baseAddress, gif.count / 2) }
    do {
      _ = try GIFDecoder.load(fifo, stallSeconds: 0.2)
      Issue.record("a stalled FIFO loaded")
    } catch let e as AnimatedImageError {
      #expect(e.message == "\(fifo): no data arrived for 0.2 s; is it a pipe nobody writes to?")
    }
    close(writer)
    // Written whole and closed before it is read: read to its end. An idle reader keeps the
    // pipe, and what was written into it, alive once the writer has gone.
    let keeper = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    try #require(keeper >= 0)
    defer { close(keeper) }
    let second = open(fifo, O_WRONLY | O_CLOEXEC)
    try #require(second >= 0)
    #expect(gif.withUnsafeBytes { write(second, $0.baseAddress, gif.count) } == gif.count)
    close(second)
    #expect(try GIFDecoder.load(fifo, stallSeconds: 0.2).frames.count == 2)
  }
}

/// The GIF decoder against SDL_image's on well-formed files, and on the files that made
/// SDL_image allocate gigabytes.
@Suite("GIF decoder")
struct GIFDecoderTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A GIF with a 1×1 canvas whose frames each declare `size` in their own descriptor.
  static func oversizedFrames(_ size: (Int, Int), count: Int) -> [UInt8] {
    var b: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
    let (w, h) = (UInt8(size.0 & 0xFF), UInt8(size.1 & 0xFF))
    for _ in 0..<count {
      b += [0x2C, 0, 0, 0, 0, w, UInt8(size.0 >> 8), h, UInt8(size.1 >> 8), 0, 2, 2, 0x44, 1, 0]
    }
    return b + [0x3B]
  }

  @Test("frames and delays equal SDL_image's, pixel for pixel, on the bundled GIF and generated ones")
  func matchesSDLImage() throws {
    let bundled = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent("Assets/playground.gif")))
    for (name, bytes) in [
      ("bundled", bundled), ("small", makeGIF(delays: [0, 5, 25, 100], loopCount: 3)),
      ("one", makeGIF(delays: [7], loopCount: nil)),
    ] {
      let ours = try GIF.decode(bytes)
      let theirs = try GIFDecoder.decodeWithSDLImage(bytes)
      #expect(ours.frames.count == theirs.frames.count, "\(name)")
      // SDL_image reports milliseconds and already plays 0 and 1 hundredths at 100 ms.
      #expect(
        ours.delays.map(AnimatedImage.playbackDelay)
          == theirs.milliseconds.map { AnimatedImage.playbackDelay(hundredths: $0 / 10) },
        "\(name)")
      for (i, (a, b)) in zip(ours.frames, theirs.frames).enumerated() {
        #expect(a.width == b.width && a.height == b.height, "\(name) frame \(i)")
        let differ = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(differ == 0, "\(name) frame \(i): \(differ) pixels differ")
      }
    }
  }

  /// A GIF that uses what the bundled one does not: frames smaller than the canvas and partly
  /// off it, local color tables, transparency, interlacing, and disposals 1, 2 and 3.
  static func featureGIF() -> [UInt8] {
    var rng = SplitMix64(state: 99)
    func table(_ n: Int) -> [UInt8] { (0..<(3 * n)).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
    // A 16×12 canvas with a 4-color global table.
    var b: [UInt8] = Array("GIF89a".utf8) + [16, 0, 12, 0, 0x81, 0, 0] + table(4)
    struct Frame {
      var x, y, w, h: Int
      var disposal: Int
      var transparent: Int?
      var localColors: Int?
      var interlaced = false
    }
    let frames = [
      Frame(x: 0, y: 0, w: 16, h: 12, disposal: 1, transparent: nil, localColors: nil),
      Frame(x: 3, y: 2, w: 6, h: 5, disposal: 2, transparent: 0, localColors: 8),
      Frame(x: 1, y: 1, w: 8, h: 9, disposal: 3, transparent: 2, localColors: nil, interlaced: true),
      Frame(x: 5, y: 4, w: 4, h: 4, disposal: 0, transparent: 1, localColors: nil),
      Frame(x: 12, y: 9, w: 8, h: 8, disposal: 1, transparent: nil, localColors: 8),
    ]
    for f in frames {
      let colors = f.localColors ?? 4
      let flags = UInt8(f.disposal << 2) | (f.transparent == nil ? 0 : 1)
      b += [0x21, 0xF9, 4, flags, 9, 0, UInt8(f.transparent ?? 0), 0]
      var packed: UInt8 = f.interlaced ? 0x40 : 0
      if f.localColors != nil { packed |= 0x80 | 2 }
      b += [0x2C, UInt8(f.x), 0, UInt8(f.y), 0, UInt8(f.w), 0, UInt8(f.h), 0, packed]
      if f.localColors != nil { b += table(8) }
      let indices = (0..<(f.w * f.h)).map { _ in UInt8(rng.below(colors)) }
      let m = colors == 8 ? 3 : 2
      let data = lzwEncode(indices, minimumCodeSize: m)
      b.append(UInt8(m))
      var at = 0
      while at < data.count {
        let n = min(255, data.count - at)
        b.append(UInt8(n))
        b += data[at..<(at + n)]
        at += n
      }
      b.append(0)
    }
    return b + [0x3B]
  }

  @Test("offsets, local tables, transparency and interlacing decode as SDL_image does; disposals as browsers do")
  func featuresMatchSDLImageAndBrowsers() throws {
    let bytes = Self.featureGIF()
    let ours = try GIF.decode(bytes).frames.map(\.pixels)
    let theirs = try GIFDecoder.decodeWithSDLImage(bytes).frames.map(\.pixels)
    #expect(ours.count == 5 && theirs.count == 5)
    // Before any disposal but "keep": offsets, clipping, local tables and transparency.
    #expect(ours[0] == theirs[0])
    #expect(ours[1] == theirs[1])
    func inside(_ p: Int, _ x: Range<Int>, _ y: Range<Int>) -> Bool { x.contains(p % 16) && y.contains(p / 16) }
    // Frame 1 is disposed with 2: browsers clear its rectangle, where SDL_image paints opaque
    // black. Frame 2 (interlaced) shows that clear through its transparent pixels, and equals
    // SDL_image's everywhere else.
    let hole = (3..<9, 2..<7)
    var cleared = 0
    for p in ours[2].indices where ours[2][p] != theirs[2][p] {
      #expect(ours[2][p] == 0 && theirs[2][p] == 0xFF00_0000 && inside(p, hole.0, hole.1), "pixel \(p)")
      cleared += 1
    }
    #expect(cleared > 0)
    // Frame 2 is disposed with 3: the canvas goes back to what it was before frame 2 was drawn
    // (frame 1's, with the hole), and frame 3 is drawn on that.
    for p in ours[3].indices where !inside(p, 5..<9, 4..<8) {
      #expect(ours[3][p] == (inside(p, hole.0, hole.1) ? 0 : ours[1][p]), "pixel \(p)")
    }
    // Frame 3 is disposed with 0 (keep): frame 4 is drawn on it, clipped to the canvas.
    for p in ours[4].indices where !inside(p, 12..<16, 9..<12) { #expect(ours[4][p] == ours[3][p], "pixel \(p)") }
  }

  @Test("a frame larger than the canvas limit, or too many frames, is refused before anything is allocated for it")
  func bombsAreRefused() {
    // A 65535×65535 descriptor on a 1×1 canvas: SDL_image zero-fills 4 GB for each.
    #expect(throws: GIF.Failure(reason: "a 65535×65535 frame is too large to play")) {
      try GIF.decode(Self.oversizedFrames((65535, 65535), count: 3))
    }
    // 8192×8192 frames: 64 megapixels each, over the 16-megapixel limit.
    #expect(throws: GIF.Failure.self) { try GIF.decode(Self.oversizedFrames((8192, 8192), count: 3)) }
    // Frames × canvas over the total: a 4096×4096 canvas with 17 tiny frames.
    var many: [UInt8] = Array("GIF89a".utf8) + [0, 16, 0, 16, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
    for _ in 0..<17 { many += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0] }
    many += [0x3B]
    #expect(throws: GIF.Failure(reason: "4096×4096 with more than 16 frames is too large to play")) {
      try GIF.decode(many)
    }
    // The same frames on a small canvas decode: 1×1 frames within it.
    let fine = try? GIF.decode(Self.oversizedFrames((1, 1), count: 17))
    #expect(fine?.frames.count == 17)
  }

  @Test("a frame's data cannot hide another frame, and bytes outside any block are refused")
  func structureIsWalkedExactly() throws {
    // One 1×1 frame whose data has a second sub-block starting with 0x2C and a descriptor
    // for a 4000×4000 frame: it is data, not a frame.
    var b: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
    b += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1]
    b += [12, 0x2C, 0, 0, 0, 0, 0xA0, 0x0F, 0xA0, 0x0F, 0, 2, 0x44, 0, 0x3B]
    let gif = try GIF.decode(b)
    #expect(gif.frames.count == 1 && gif.width == 1)
    #expect(throws: GIF.Failure(reason: "unexpected byte 0x7 at offset 19")) {
      try GIF.decode(Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255, 7, 0x3B])
    }
  }

  @Test("LZW: literal runs, the code not yet in the table, and code widths growing to 12 bits")
  func lzwDecodes() {
    // Encode a long pseudo-random index stream with a plain GIF LZW encoder, then decode it.
    var rng = SplitMix64(state: 77)
    for (m, n) in [(2, 5_000), (8, 20_000), (4, 100_000)] {
      let input = (0..<n).map { i in UInt8(i % 7 == 0 ? rng.below(1 << m) : (i / 13) % (1 << m)) }
      #expect(GIF.lzw(lzwEncode(input, minimumCodeSize: m), minimumCodeSize: m, count: n) == input, "m \(m)")
    }
  }
}

/// A straightforward GIF LZW encoder (clear code first, a clear when the table fills).
func lzwEncode(_ input: [UInt8], minimumCodeSize m: Int) -> [UInt8] {
  let clear = 1 << m
  var out: [UInt8] = []
  var (buffer, bits) = (0, 0)
  var size = m + 1
  func emit(_ code: Int) {
    buffer |= code << bits
    bits += size
    while bits >= 8 {
      out.append(UInt8(buffer & 0xFF))
      buffer >>= 8
      bits -= 8
    }
  }
  var table: [[UInt8]: Int] = [:]
  func reset() {
    table = [:]
    for i in 0..<clear { table[[UInt8(i)]] = i }
    size = m + 1
  }
  reset()
  var next = clear + 2
  emit(clear)
  var current: [UInt8] = []
  for byte in input {
    let extended = current + [byte]
    if table[extended] != nil {
      current = extended
      continue
    }
    emit(table[current]!)
    if next < 4096 {
      table[extended] = next
      next += 1
      if next - 1 == 1 << size, size < 12 { size += 1 }
    } else {
      emit(clear)
      reset()
      next = clear + 2
    }
    current = [byte]
  }
  if !current.isEmpty { emit(table[current]!) }
  emit(clear + 1)
  if bits > 0 { out.append(UInt8(buffer & 0xFF)) }
  return out
}

/// Fixed-seed fuzzing of the GIF decoder with damaged files: each mutant decodes to sane
/// frames or is refused in one line naming the file, and nothing crashes or hangs.
@Suite("GIF byte fuzz")
struct GIFFuzzTests {
  /// One damaged copy of `bytes`: flipped or random bytes, a cut, an inserted run, a header
  /// field at its extreme, or a block length that lies.
  static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var b = bytes
    guard !b.isEmpty else { return b }
    switch rng.below(7) {
    case 0:
      for _ in 0...rng.below(8) { b[rng.below(b.count)] ^= UInt8(truncatingIfNeeded: 1 << rng.below(8)) }
    case 1:
      for _ in 0...rng.below(32) { b[rng.below(b.count)] = UInt8(truncatingIfNeeded: rng.next()) }
    case 2: b.removeLast(rng.below(b.count))
    case 3:
      let at = rng.below(b.count)
      b.insert(contentsOf: (0..<(1 + rng.below(64))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
    case 4:
      // Canvas width or height (bytes 6–9) at 0 or 65535.
      let field = 6 + 2 * rng.below(2)
      let v: UInt8 = rng.below(2) == 0 ? 0 : 0xFF
      if b.count > field + 1 { (b[field], b[field + 1]) = (v, v) }
    case 5:
      // An image descriptor's size or position at an extreme, or its LZW code size out of range.
      if let at = b.indices.filter({ b[$0] == 0x2C }).randomElement(using: &rng), at + 10 < b.count {
        let field = at + 1 + rng.below(10)
        b[field] = [0, 0xFF, 12, 1][rng.below(4)]
      }
    default:
      // A sub-block length byte that promises more than follows.
      let at = rng.below(b.count)
      b[at] = 0xFF
      b.removeLast(min(b.count - at - 1, rng.below(300)))
    }
    return b
  }

  @Test("300 damaged GIFs (a small one and the bundled one): decoded sanely or refused in one line")
  func damagedFilesAreRefusedCleanly() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let bundled = try [UInt8](Data(contentsOf: root.appendingPathComponent("Assets/playground.gif")))
    let small = makeGIF(delays: [0, 5, 25, 100], loopCount: 3)
    var rng = SplitMix64(state: 0x6_1F00)
    var (decoded, refused) = (0, 0)
    for i in 0..<300 {
      let source = i % 5 == 4 ? bundled : small
      let path = write(Self.mutate(source, &rng), "fuzz-\(i).gif")
      defer { try? FileManager.default.removeItem(atPath: path) }
      do {
        let gif = try GIFDecoder.load(path)
        decoded += 1
        #expect(!gif.frames.isEmpty && gif.frames.count == gif.delays.count, "mutant \(i)")
        #expect(gif.delays.allSatisfy { $0.isFinite && $0 > 0 }, "mutant \(i): delays \(gif.delays)")
        #expect(gif.plays >= 0)
        for f in gif.frames {
          #expect(f.width > 0 && f.height > 0 && f.pixels.count == f.width * f.height, "mutant \(i)")
        }
      } catch let e as AnimatedImageError {
        refused += 1
        #expect(e.message.hasPrefix(path + ": ") && !e.message.contains("\n"), "mutant \(i): \(e.message)")
      }
    }
    // Both outcomes happen: the mutations are neither all harmless nor all fatal.
    #expect(decoded > 20 && refused > 20, "decoded \(decoded), refused \(refused)")
  }
}
