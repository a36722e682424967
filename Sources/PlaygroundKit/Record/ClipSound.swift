import Audio
import FoundationEssentials
import Glibc
import SceneGraph
import Timeline

/// The clip's sound: what the scene plays while it is recorded, on the replay's clock.
///
/// Every sound starts at the clock's reading when the scene played it, the date of the frame
/// whose update asked, as in the window. Samples are mixed in order into an unlinked scratch
/// file of 32-bit floats, one frame's worth after each frame, and muxed beside the finished
/// video by a second, copying ffmpeg run (AAC in MP4, Opus in WebM). A scene that plays nothing
/// gets no audio stream.
final class ClipSound {
  /// The track the scene's sounds go to while frames are drawn (`AudioSystem.withTrack`).
  let track: SoundTrack
  /// The scratch file's descriptor (unlinked; ffmpeg opens it through /proc), or -1 when the
  /// format keeps no sound.
  private let fd: Int32
  /// Samples mixed into the file so far.
  private(set) var samplesWritten = 0
  /// A tenth of a second of samples, mixed into and written from, kept from frame to frame.
  private var chunk = [Float](repeating: 0, count: 4_800)
  /// The output as the user named it, for messages.
  private let path: String

  /// The sample rate of the recorded sound, the synthesizer's own.
  static let sampleRate = 48_000

  /// A sound track on `replay`'s clock starting `from` seconds after its start, written to a
  /// scratch file when `keeps` (MP4 and WebM) and only counted otherwise.
  init(replay: Replay, from: Double, keeps: Bool, path: String) throws {
    let clock = UncheckedReplay(replay)
    track = SoundTrack(sampleRate: Self.sampleRate, origin: from) { clock.seconds }
    self.path = path
    guard keeps else {
      fd = -1
      return
    }
    var template = Array((try OutputFile.scratchDirectory(for: path) + "/.playground-sound-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard made >= 0 else { throw OutputError.errno(path) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = fcntl(made, F_SETFD, FD_CLOEXEC)
    fd = made
  }

  deinit { if fd >= 0 { close(fd) } }

  /// Whether the scene played any sound.
  var hasSound: Bool { track.soundsPlayed > 0 }

  /// Whether the sound is being kept for muxing.
  var keeps: Bool { fd >= 0 }

  /// Mixes the samples before `seconds` after the start into the file.
  ///
  /// `record` calls it with frame i's time once frame i is drawn: every frame of the loop up to
  /// that time has then run, so every sound starting before it is known.
  func advance(to seconds: Double) throws {
    guard fd >= 0 else { return }
    let end = track.sample(at: seconds)
    while samplesWritten < end {
      let n = min(chunk.count, end - samplesWritten)
      try chunk.withUnsafeMutableBufferPointer { buffer in
        let part = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
        track.mix(into: part, from: samplesWritten)
        // Silence is a hole in the file: a quiet scene writes nothing (see `mux`).
        if part.allSatisfy({ $0 == 0 }) {
          guard lseek(fd, off_t(n * 4), SEEK_CUR) >= 0 else { throw OutputError.errno(path) }
        } else {
          try OutputFile.writeAll(fd, UnsafeRawBufferPointer(part), path: path)
        }
      }
      samplesWritten += n
    }
  }

  /// The codec options for the sound of `format`.
  static func codec(_ format: RecordTarget.Format) -> (arguments: [String], name: String) {
    switch format {
    case .webm: (["-c:a", "libopus", "-b:a", "128k"], "Opus 128 kb/s")
    default: (["-c:a", "aac", "-b:a", "160k"], "AAC 160 kb/s")
    }
  }

  /// The command line that copies `video`'s stream and encodes the sound beside it into `output`.
  func muxArguments(video: String, format: RecordTarget.Format, output: String) -> [String] {
    var args = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-i", video]
    args += ["-f", "f32le", "-ar", "\(Self.sampleRate)", "-ac", "1", "-i", "/proc/\(getpid())/fd/\(fd)"]
    args += ["-map", "0:v:0", "-map", "1:a:0", "-c:v", "copy"] + Self.codec(format).arguments
    args += format == .webm ? ["-f", "webm"] : ["-movflags", "+faststart", "-f", "mp4"]
    return args + ["-y", output]
  }

  /// Replaces the video-only file at `output` with the video and the sound together; a failure
  /// leaves `output` as it was.
  func mux(into output: String, format: RecordTarget.Format, ffmpeg: String) throws {
    // A clip ending in silence ends in a hole, which only the file's length covers.
    guard ftruncate(fd, off_t(samplesWritten * 4)) == 0 else { throw OutputError.errno(path) }
    let video = output + "-video"
    guard rename(output, video) == 0 else { throw OutputError.errno(path) }
    defer { unlink(video) }
    let process = try EncoderProcess(
      executable: ffmpeg, arguments: muxArguments(video: video, format: format, output: output), path: path)
    do {
      try process.finish()
    } catch {
      // The file being written is no clip; the caller removes whatever is at `output`.
      unlink(output)
      throw error
    }
  }

  /// A line for the summary: what the sound is, or why it is left out.
  func note(format: RecordTarget.Format) -> String? {
    guard hasSound else { return nil }
    if keeps {
      let count = track.soundsPlayed
      return "sound: \(Self.codec(format).name), 48 kHz mono, \(count) sounds placed on their frames' dates"
    }
    return "the scene's sound is left out: \(format == .gif ? "a GIF" : "a PNG frame") has no audio"
  }
}

/// The replay's clock read from the sound track's closure. `record` draws and plays on one
/// thread, so the reading is never concurrent.
private final class UncheckedReplay: @unchecked Sendable {
  let replay: Replay
  init(_ replay: Replay) { self.replay = replay }
  /// Seconds after the replay's start on its clock.
  var seconds: Double { replay.clock.now.timeIntervalSince(replay.start) }
}
