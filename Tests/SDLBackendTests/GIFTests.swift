import Foundation
import Graphics
import Testing

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
