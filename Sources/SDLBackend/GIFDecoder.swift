internal import CSDL2
import FoundationEssentials
import Glibc
import Graphics

/// Decodes animated GIFs with SDL_image (`IMG_LoadAnimation`).
public enum GIFDecoder {
  /// The largest file read, so a huge or endless file (a FIFO) cannot exhaust memory.
  public static let maxBytes = 64 << 20
  /// The most pixels over all frames (about 1 GB of RGBA).
  public static let maxPixels = 256 << 20

  /// Decodes `path`; throws a one-line reason naming the file when it is not a complete GIF.
  public static func load(_ path: String) throws -> AnimatedImage {
    func fail(_ why: String) -> AnimatedImageError { AnimatedImageError(message: "\(path): \(why)") }
    // Non-blocking to open, so a FIFO nobody writes to is an empty file rather than a hang;
    // blocking again to read, so a FIFO that is being written is read to its end.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw fail("cannot open the file (\(String(cString: strerror(errno))))") }
    defer { close(fd) }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    // Read in chunks, at most one byte past the limit: enough to tell the file is too large.
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while data.count <= maxBytes {
      let want = min(chunk.count, maxBytes + 1 - data.count)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        throw fail("cannot read the file (\(String(cString: strerror(errno))))")
      }
      data += chunk[0..<n]
    }
    if data.count > maxBytes { throw fail("larger than \(maxBytes >> 20) MB") }
    let bytes = data
    if let problem = AnimatedImage.gifProblem(bytes) { throw fail(problem) }
    try Platform.startCore()
    let anim: UnsafeMutablePointer<IMG_Animation>? = bytes.withUnsafeBytes { raw in
      guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
      return IMG_LoadAnimation_RW(rw, 1)
    }
    guard let anim else { throw fail("SDL_image cannot decode it (\(sdlError()))") }
    defer { IMG_FreeAnimation(anim) }
    let count = Int(anim.pointee.count)
    let (w, h) = (Int(anim.pointee.w), Int(anim.pointee.h))
    guard count > 0, w > 0, h > 0, let surfaces = anim.pointee.frames, let delays = anim.pointee.delays else {
      throw fail("no frames")
    }
    guard
      w.multipliedReportingOverflow(by: h).partialValue.multipliedReportingOverflow(by: count).partialValue
        <= maxPixels, w <= 16_384, h <= 16_384
    else { throw fail("\(w)×\(h)×\(count) frames is too large to play") }
    var frames: [ImageBuffer] = []
    var seconds: [Double] = []
    for i in 0..<count {
      guard let s = surfaces[i] else { throw fail("frame \(i) is missing") }
      var img = try PNGWriter.image(of: s)
      img.smooth = false
      frames.append(img)
      // SDL_image reports milliseconds (hundredths × 10).
      seconds.append(AnimatedImage.playbackDelay(hundredths: Int(delays[i]) / 10))
    }
    return AnimatedImage(
      frames: frames, delays: seconds,
      plays: AnimatedImage.plays(netscapeLoopCount: AnimatedImage.netscapeLoopCount(in: bytes)),
      source: path)
  }
}
