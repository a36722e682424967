/// The bytes of a minimal Matroska stream of raw I420 frames, each with its own timestamp.
///
/// The window's recorder sends frames to ffmpeg as they were presented, at irregular times: a
/// raw pipe has no timestamps, and a constant rate would duplicate or drop frames. Matroska
/// carries a timestamp per frame and ffmpeg reads it from a pipe, with no seeking. The segment
/// has an unknown size and every frame is a cluster of one `SimpleBlock`, which is all a
/// stream that is never seeked needs.
enum MatroskaStream {
  /// Timestamps count units of this many nanoseconds: 100 µs.
  static let timestampScale = 100_000

  /// The EBML header, the segment's opening, its info and the one video track.
  static func header(width: Int, height: Int) -> [UInt8] {
    let ebml = element(
      [0x1A, 0x45, 0xDF, 0xA3],
      uint([0x42, 0x86], 1) + uint([0x42, 0xF7], 1) + uint([0x42, 0xF2], 4) + uint([0x42, 0xF3], 8)
        + element([0x42, 0x82], Array("matroska".utf8)) + uint([0x42, 0x87], 4) + uint([0x42, 0x85], 2))
    let info = element(
      [0x15, 0x49, 0xA9, 0x66],
      uint([0x2A, 0xD7, 0xB1], timestampScale) + element([0x4D, 0x80], Array("timeline-playground".utf8))
        + element([0x57, 0x41], Array("timeline-playground".utf8)))
    let video = element(
      [0xE0],
      uint([0xB0], width) + uint([0xBA], height) + element([0x2E, 0xB5, 0x24], Array("I420".utf8)))
    let track = element(
      [0xAE],
      uint([0xD7], 1) + uint([0x73, 0xC5], 1) + uint([0x83], 1) + uint([0x9C], 0)
        + element([0x86], Array("V_UNCOMPRESSED".utf8)) + video)
    let tracks = element([0x16, 0x54, 0xAE, 0x6B], track)
    // A segment of unknown size: the stream ends when the pipe does.
    let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    return ebml + segment + info + tracks
  }

  /// What goes before a frame of `byteCount` bytes shown at `timestamp` (in `timestampScale`
  /// units): a cluster holding one key-frame block, whose payload the frame's bytes finish.
  static func frameHeader(timestamp: Int, byteCount: Int) -> [UInt8] {
    // Track 1, no offset from the cluster's time, a key frame.
    let blockHead: [UInt8] = [0x81, 0x00, 0x00, 0x80]
    let block = [0xA3] + size(blockHead.count + byteCount) + blockHead
    let time = uint([0xE7], timestamp)
    return [0x1F, 0x43, 0xB6, 0x75] + size(time.count + block.count + byteCount) + time + block
  }

  /// An element: its ID, its size, its payload.
  static func element(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] { id + size(payload.count) + payload }

  /// An unsigned-integer element in as few bytes as hold it.
  static func uint(_ id: [UInt8], _ value: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var v = UInt64(max(0, value))
    repeat {
      bytes.insert(UInt8(v & 0xFF), at: 0)
      v >>= 8
    } while v > 0
    return element(id, bytes)
  }

  /// A size as an eight-byte EBML variable-length integer (the marker, then 56 bits).
  static func size(_ n: Int) -> [UInt8] {
    [0x01] + (0..<7).reversed().map { UInt8((UInt64(n) >> (8 * UInt64($0))) & 0xFF) }
  }
}
