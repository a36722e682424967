import FoundationEssentials
import Glibc
import Graphics
import Timeline

/// Records what the window presents, in real time, to an MP4 beside the screenshots.
///
/// The frame thread only copies the drawn pixels into a free slot of a small pool and queues
/// it with the time it was presented. A writer thread converts each to Y′CbCr and sends it, in
/// a Matroska stream that carries its timestamp (`MatroskaStream`), to Debian's ffmpeg, which
/// encodes H.264 with the same settings as `record`. A frame that finds no free slot (the
/// encoder fell behind) is dropped and counted, and the count is said when recording stops.
final class LiveRecorder: @unchecked Sendable {
  /// The MP4 being made, as the user will see it.
  let path: String
  /// Pixel size of every frame.
  let width: Int
  let height: Int
  /// Monotonic seconds of the first frame's present, nil before it.
  private(set) var firstPresent: Double?
  private let temp: String
  private let process: EncoderProcess
  private let lock = Lock()
  private var ready = sem_t()
  private var done = sem_t()
  private var slots: [UnsafeMutablePointer<UInt32>]
  private var free: [Int]
  private var pending: [(slot: Int, timestamp: Int)] = []
  private var ending = false
  private var failure: (any Error)?
  /// Frames encoded, and frames dropped for want of a free slot.
  private(set) var framesSent = 0
  private(set) var framesDropped = 0
  private var lastTimestamp = -1

  /// How many frames may wait for the encoder: a quarter of a second at 60 Hz.
  static let poolSize = 15

  /// The ffmpeg command line that encodes the Matroska stream on standard input into `output`.
  static func arguments(output: String) -> [String] {
    ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-f", "matroska", "-i", "pipe:0"]
      + FFmpeg.h264 + ["-pix_fmt", "yuv420p"] + FFmpeg.bt709Tags
      // Each frame keeps its own present time: no frame is made up to fill a constant rate, and
      // times stay in the stream's 100 µs units rather than a guessed frame rate's.
      + ["-fps_mode", "passthrough", "-enc_time_base:v", "1/10000", "-video_track_timescale", "10000"]
      + ["-movflags", "+faststart", "-f", "mp4", "-y", output]
  }

  /// Starts ffmpeg on a temporary file beside `path` for frames of `width × height` pixels.
  init(ffmpeg: String, path: String, width: Int, height: Int) throws {
    self.path = path
    self.width = width
    self.height = height
    let (temp, fd) = try OutputFile.createTemporary(beside: try OutputFile.target(path), for: path)
    close(fd)
    self.temp = temp
    do {
      process = try EncoderProcess(executable: ffmpeg, arguments: Self.arguments(output: temp), path: path)
    } catch {
      unlink(temp)
      throw error
    }
    slots = (0..<Self.poolSize).map { _ in .allocate(capacity: width * height) }
    free = Array(0..<Self.poolSize)
    sem_init(&ready, 0, 0)
    sem_init(&done, 0, 0)
    guard startThread({ [self] in writeFrames() }) else {
      process.abort()
      unlink(temp)
      throw OutputError(path, "cannot start the encoding thread")
    }
  }

  deinit {
    for s in slots { s.deallocate() }
    sem_destroy(&ready)
    sem_destroy(&done)
  }

  /// A free slot for the next frame's pixels (`width × height`, packed), or nil when the
  /// encoder is behind and none is free: that frame is counted as dropped.
  func reserve() -> UnsafeMutablePointer<UInt32>? {
    lock.withLock {
      guard !ending, failure == nil, let slot = free.popLast() else {
        framesDropped += 1
        return nil
      }
      return slots[slot]
    }
  }

  /// Queues a reserved slot, filled, as the frame presented at `presented` (monotonic
  /// seconds); with `presented` nil the slot is given back unused.
  func queue(_ pixels: UnsafeMutablePointer<UInt32>, presentedAt presented: Double?) {
    guard let slot = slots.firstIndex(of: pixels) else { return }
    guard let presented else {
      lock.withLock { free.append(slot) }
      return
    }
    let start = firstPresent ?? presented
    firstPresent = start
    let units = 1e9 / Double(MatroskaStream.timestampScale)
    lock.withLock {
      // Strictly increasing, as a stream's timestamps must be.
      lastTimestamp = max(lastTimestamp + 1, Int(((presented - start) * units).rounded()))
      pending.append((slot, lastTimestamp))
    }
    sem_post(&ready)
  }

  /// Seconds from the first present to `now` (monotonic seconds), for the REC mark.
  func elapsed(at now: Double) -> Double { firstPresent.map { max(0, now - $0) } ?? 0 }

  /// The writer thread: converts and sends queued frames until told to end.
  private func writeFrames() {
    var planes = [UInt8](repeating: 0, count: YUV420.byteCount(width: width, height: height))
    var sentHeader = false
    while true {
      while sem_wait(&ready) != 0 && errno == EINTR {}
      let next: (slot: Int, timestamp: Int)? = lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
      guard let next else { break }  // Posted with nothing queued: the end.
      do {
        if !sentHeader {
          try send(MatroskaStream.header(width: width, height: height))
          sentHeader = true
        }
        planes.withUnsafeMutableBufferPointer {
          YUV420.convert(slots[next.slot], width: width, height: height, stride: width, into: $0.baseAddress!)
        }
        try send(MatroskaStream.frameHeader(timestamp: next.timestamp, byteCount: planes.count))
        try send(planes)
        lock.withLock {
          framesSent += 1
          free.append(next.slot)
        }
      } catch {
        lock.withLock {
          failure = failure ?? error
          free.append(next.slot)
        }
      }
    }
    sem_post(&done)
  }

  private func send(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try process.write($0.baseAddress!, rowBytes: $0.count, rows: 1, stride: $0.count) }
  }

  /// Ends the stream, waits for ffmpeg and puts the MP4 in place; throws, leaving no file, if
  /// any write or the encode failed or no frame was recorded.
  func stop() throws {
    lock.withLock { ending = true }
    sem_post(&ready)
    while sem_wait(&done) != 0 && errno == EINTR {}
    do {
      if let failure = lock.withLock({ failure }) { throw failure }
      guard framesSent > 0 else { throw OutputError(path, "no frame was presented while recording") }
      try process.finish()
      let fd = open(temp, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      guard fd >= 0 else { throw OutputError.errno(path) }
      try OutputFile.finish(fd, path: path)
      guard rename(temp, path) == 0 else { throw OutputError.errno(path) }
    } catch {
      process.abort()
      unlink(temp)
      throw error
    }
  }

  /// Stops ffmpeg and removes the partial file (the program is ending on a forced exit).
  func abandon() {
    process.abort()
    unlink(temp)
  }
}
