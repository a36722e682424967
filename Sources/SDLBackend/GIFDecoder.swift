internal import CSDL2
import FoundationEssentials
import Glibc
import Graphics
import Timeline

/// Reads animated GIFs from disk and decodes them with `GIF`.
public enum GIFDecoder {
  /// The largest file read, so a huge or endless file (a FIFO) cannot exhaust memory.
  public static let maxBytes = 64 << 20
  /// The most pixels over all frames (about 1 GB of RGBA).
  public static let maxPixels = GIF.maxTotalPixels

  /// How long a read may wait for data before the file counts as stalled.
  public static let stallSeconds = 10.0

  /// Decodes `path`; throws a one-line reason naming the file when it is not a complete GIF.
  ///
  /// `stallSeconds` bounds the wait for each chunk, so a FIFO whose writer never writes is
  /// an error rather than a hang.
  public static func load(_ path: String, stallSeconds: Double = stallSeconds) throws -> AnimatedImage {
    func fail(_ why: String) -> AnimatedImageError { AnimatedImageError(message: "\(path): \(why)") }
    // Non-blocking, so a FIFO nobody writes to is an empty file rather than a hang at open,
    // and a writer that holds it open without writing is waited for only so long.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw fail("cannot open the file (\(String(cString: strerror(errno))))") }
    defer { close(fd) }
    // Read in chunks, at most one byte past the limit: enough to tell the file is too large.
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let stall = max(0, min(stallSeconds, 3600))
    // The wait is measured from the last data, so a signal that interrupts `poll`, or a
    // descriptor that says it is readable and then has nothing, cannot stretch it.
    var lastData = monotonicSeconds()
    while data.count <= maxBytes {
      let want = min(chunk.count, maxBytes + 1 - data.count)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          let left = stall - (monotonicSeconds() - lastData)
          if left <= 0 {
            let shown = stall == stall.rounded() ? "\(Int(stall))" : "\(stall)"
            throw fail("no data arrived for \(shown) s; is it a pipe nobody writes to?")
          }
          var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
          if poll(&p, 1, Int32((left * 1000).rounded(.up))) < 0 && errno != EINTR {
            throw fail("cannot wait for the file (\(String(cString: strerror(errno))))")
          }
          continue
        }
        throw fail("cannot read the file (\(String(cString: strerror(errno))))")
      }
      data += chunk[0..<n]
      lastData = monotonicSeconds()
    }
    if data.count > maxBytes { throw fail("larger than \(maxBytes >> 20) MB") }
    let bytes = data
    if let problem = AnimatedImage.gifProblem(bytes) { throw fail(problem) }
    let gif: GIF.Decoded
    do {
      gif = try GIF.decode(bytes)
    } catch {
      throw fail(error.reason)
    }
    return AnimatedImage(
      frames: gif.frames, delays: gif.delays.map { AnimatedImage.playbackDelay(hundredths: $0) },
      plays: AnimatedImage.plays(netscapeLoopCount: gif.loopCount), source: path)
  }

  /// Decodes `bytes` with SDL_image (`IMG_LoadAnimation`), which the tests compare `GIF`
  /// with. Not for untrusted files: SDL_image sizes each frame by its own descriptor and keeps
  /// a full canvas per frame before any limit can be checked.
  static func decodeWithSDLImage(_ bytes: [UInt8]) throws -> (frames: [ImageBuffer], milliseconds: [Int]) {
    try Platform.startCore()
    let anim: UnsafeMutablePointer<IMG_Animation>? = bytes.withUnsafeBytes { raw in
      guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
      return IMG_LoadAnimation_RW(rw, 1)
    }
    guard let anim else { throw BackendError.io("SDL_image cannot decode it (\(sdlError()))") }
    defer { IMG_FreeAnimation(anim) }
    let count = Int(anim.pointee.count)
    guard count > 0, let surfaces = anim.pointee.frames, let delays = anim.pointee.delays else {
      throw BackendError.io("no frames")
    }
    var frames: [ImageBuffer] = []
    var milliseconds: [Int] = []
    for i in 0..<count {
      guard let s = surfaces[i] else { throw BackendError.io("frame \(i) is missing") }
      frames.append(try PNGWriter.image(of: s))
      milliseconds.append(Int(delays[i]))
    }
    return (frames, milliseconds)
  }
}
