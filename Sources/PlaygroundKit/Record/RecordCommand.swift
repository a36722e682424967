import ArgumentParser
import Audio
import FoundationEssentials
import Glibc
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// `playground record`: a clip of a scene, rendered offscreen on the simulated clock.
struct RecordCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Render SECONDS of a scene offscreen to an MP4, WebM or GIF, or to a folder of PNG frames.",
    discussion: """
      Frame i shows the scene at FROM + i/FPS seconds on the simulated clock `snapshot` uses, and \
      is exactly `snapshot --at FROM+i/FPS`: the clip is smooth however long a frame takes to draw. \
      A scene's frames change with the display's 60 Hz grid, so above 60 fps some frames repeat. \
      MP4 is H.264 (yuv420p, faststart), WebM is VP9, GIF gets one palette for the clip (or one per \
      frame when the clip is too large to hold); all three are made by Debian's ffmpeg program \
      (apt-get install ffmpeg), fed raw frames through a pipe. Sounds the scene plays (the \
      metronome's) go into MP4 as AAC and WebM as Opus, each on its frame's date. An OUT ending in / is a folder of \
      frame-00000.png, frame-00001.png, …, made if missing. Ctrl-C ends the clip early: what was \
      recorded is kept, and the status is 128 + the signal.
      """)

  @OptionGroup var replay: ReplayScene

  @Option(help: "How long the clip is, in seconds (more than 0, at most 3600).")
  var seconds: Double

  @Option(help: "Frames per second, 1 to 240; fractions such as 12.5 or 30000/1001 are fine.")
  var fps: FrameRate = FrameRate(numerator: 60, denominator: 1)

  @Option(help: "Seconds after the timeline started at which the clip starts.")
  var from: Double = 0

  @Option(help: "Size in points, WIDTHxHEIGHT.")
  var size: PixelSize = .defaultWindow

  @OptionGroup var density: DensityArguments

  @Option(help: "Where to write: FILE.mp4, FILE.webm, FILE.gif, or DIR/ for PNG frames.")
  var out: String

  @Flag(help: "Replace the frame-*.png files a folder already holds.")
  var overwrite = false

  func validate() throws {
    guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
      throw UsageFailure.fail("--seconds must be more than 0 and at most 3600")
    }
    guard (1...240).contains(fps.value) else {
      throw UsageFailure.fail("--fps must be from 1 to 240, got \(fps)")
    }
    guard from.isFinite, from >= 0, from <= 86_400 else {
      throw UsageFailure.fail("--from must be from 0 to 86400 seconds (one day)")
    }
    try density.check(size)
    _ = try RecordTarget.checked(out, overwrite: overwrite)
  }

  /// How many frames the clip has: every frame that starts within `--seconds`.
  var frameCount: Int { max(1, Int((seconds * fps.value - 1e-9).rounded(.up))) }

  /// The time of frame `i`, in seconds after the start: the value `snapshot --at` is given.
  func time(ofFrame i: Int) -> Double { from + Double(i) / fps.value }

  func run() throws {
    let target = try RecordTarget.checked(out, overwrite: overwrite)
    // Before a sketch is built or a frame drawn: a missing encoder is known at once.
    var ffmpeg: String?
    if target.format != .folder {
      guard let path = FFmpeg.locate() else {
        printError(
          "playground: \(target.format.name) needs the ffmpeg program, not found on PATH: apt-get install ffmpeg")
        throw ExitCode(69)
      }
      ffmpeg = path
    }
    let type = try replay.sceneType()
    let camera: OffscreenReplay
    do {
      camera = try OffscreenReplay(
        scene: type.init(), start: replay.start, size: size, assets: replay.assets, pixelScale: density.scale)
    } catch let e as BackendError {
      // SDL could not start its core: a missing service, as for `snapshot`.
      printError("playground: \(e)")
      throw ExitCode(69)
    }
    camera.incremental = true
    for w in camera.warnings { printError("warning: \(w)") }
    let clip = ClipSettings(fps: fps, frames: frameCount, size: density.pixels(size))
    Interruption.cooperative = true
    try record(camera, to: target, ffmpeg: ffmpeg, clip: clip)
  }

  /// Draws every frame into the output, stopping early when a signal asks; then finishes it,
  /// prints the summary, and exits 73 on a failed write or 128 + the signal when stopped.
  private func record(_ camera: OffscreenReplay, to target: RecordTarget, ffmpeg: String?, clip: ClipSettings) throws {
    var progress = RecordProgress(frames: clip.frames, fps: clip.fps.value, isTerminal: isatty(2) == 1)
    var written = 0
    var notes: [String] = []
    let keepsSound = target.format == .mp4 || target.format == .webm
    let sound = try ClipSound(replay: camera.replay, from: from, keeps: keepsSound, path: out)
    func frames(into sink: any FrameSink) throws {
      try AudioSystem.withTrack(sound.track) {
        for i in 0..<clip.frames {
          if Interruption.requested { break }
          let drawn = camera.draw(at: time(ofFrame: i))
          try sink.write(camera, index: i, repeated: !drawn)
          // Every sound before frame i's time has been played by now (see `ClipSound`).
          try sound.advance(to: time(ofFrame: i))
          written += 1
          progress.advance(to: written)
        }
        guard written > 0 else { return }
        // The loop's frames after the last picture and before the clip's end may still play
        // sounds: run them, without drawing a picture, and mix up to the end.
        let end = time(ofFrame: written)
        _ = camera.draw(at: max(time(ofFrame: written - 1), end - camera.replay.period / 2))
        try sound.advance(to: end)
      }
      progress.clear()
    }
    var bytes = 0
    do {
      if let ffmpeg {
        // ffmpeg writes a temporary file beside the target, renamed over it only when ffmpeg
        // succeeded: a failed encode or a full disk leaves the target as it was.
        try OutputFile.produce(target.path) { temp in
          let sink = try EncoderSink(ffmpeg: ffmpeg, format: target.format, clip: clip, output: temp, path: out)
          let pid = sink.process.pid
          Interruption.setForcedExitCleanup {
            kill(pid, SIGKILL)
            unlink(temp)
          }
          defer { Interruption.setForcedExitCleanup(nil) }
          do {
            try frames(into: sink)
            guard written > 0 else { throw NothingRecorded() }
            try sink.finish(frames: written)
          } catch {
            sink.abandon()
            throw error
          }
          if sound.keeps, sound.hasSound { try sound.mux(into: temp, format: target.format, ffmpeg: ffmpeg) }
          notes = sink.notes
        }
        bytes = FolderSink.fileSize(target.path)
      } else {
        let sink = try FolderSink(target: target, clip: clip)
        try frames(into: sink)
        try sink.finish(frames: written)
        bytes = sink.bytes
      }
    } catch is NothingRecorded {
      // Said below, as for a folder.
    } catch let e as OutputError {
      progress.clear()
      printError("playground: \(e)")
      throw ExitCode(73)
    } catch let e as BackendError {
      progress.clear()
      printError("playground: \(e)")
      throw ExitCode(73)
    }
    if written == 0, let s = Interruption.signal {
      printError("record: stopped by \(RecordProgress.signalName(s)) before the first frame; nothing written")
    }
    if written > 0 {
      if let s = Interruption.signal {
        printError(
          "record: stopped by \(RecordProgress.signalName(s)) after \(written) of \(clip.frames) frames; "
            + "\(out) holds the first \(RecordProgress.seconds(Double(written) / clip.fps.value))")
      }
      for note in notes + [sound.note(format: target.format)].compactMap(\.self) { printError("record: \(note)") }
      printError(progress.summary(frames: written, size: clip.size, bytes: bytes, out: out, fpsText: "\(fps)"))
    }
    try Interruption.exitIfRequested()
  }
}

/// A recording stopped before its first frame: there is no clip to keep.
private struct NothingRecorded: Error {}

/// A frame rate as a fraction, so 12.5 and 30000/1001 reach the encoder exactly.
struct FrameRate: ExpressibleByArgument, CustomStringConvertible, Equatable {
  /// Frames per `denominator` seconds.
  var numerator: Int
  /// Seconds per `numerator` frames.
  var denominator: Int

  /// Frames per second as a number.
  var value: Double { Double(numerator) / Double(denominator) }

  /// The rate `numerator / denominator` frames a second, kept in lowest terms.
  init(numerator: Int, denominator: Int) {
    let g = Self.gcd(numerator, denominator)
    self.numerator = numerator / max(1, g)
    self.denominator = denominator / max(1, g)
  }

  /// Parses `60`, `12.5` (up to six decimals) or `30000/1001`.
  init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let n = Int(parts[0]), let d = Int(parts[1]), n > 0, d > 0, n <= 1_000_000, d <= 1_000_000 else {
        return nil
      }
      self.init(numerator: n, denominator: d)
      return
    }
    let pieces = argument.split(separator: ".", omittingEmptySubsequences: false)
    guard pieces.count <= 2, let whole = Int(pieces[0]), whole >= 0, whole <= 1_000_000 else { return nil }
    var n = whole
    var d = 1
    if pieces.count == 2 {
      let digits = pieces[1]
      guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let f = Int(digits)
      else { return nil }
      d = Int(pow(10, Double(digits.count)))
      n = whole * d + f
    }
    guard n > 0 else { return nil }
    self.init(numerator: n, denominator: d)
  }

  var description: String { denominator == 1 ? "\(numerator)" : cFormat("%g", value) }

  /// `N/D`, as ffmpeg's -framerate takes it.
  var fraction: String { "\(numerator)/\(denominator)" }

  private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

/// What every output of one clip shares: its frame rate, frame count and size in pixels.
struct ClipSettings {
  /// Frames per second.
  var fps: FrameRate
  /// How many frames the clip has.
  var frames: Int
  /// Its size in pixels (points times the density).
  var size: PixelSize
}
