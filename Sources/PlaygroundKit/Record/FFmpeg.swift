import FoundationEssentials
import Glibc
import Graphics
import SDLBackend
import Timeline

/// How `record` drives Debian's `ffmpeg` program: where it is, and what it is asked to do.
///
/// The program is run, not linked: `playground` starts on a machine without ffmpeg, and only
/// the formats that need it say so (status 69). Frames go to it raw through a pipe.
enum FFmpeg {
  /// The first `ffmpeg` on `PATH` that may be executed, or nil.
  static func locate(_ name: String = "ffmpeg") -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = Paths.join(dir.isEmpty ? "." : String(dir), name)
      var st = stat()
      if stat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return nil
  }

  /// The most raw frame bytes a GIF may have for one palette over the whole clip: ffmpeg holds
  /// every frame in memory until the palette is made at the end.
  static let clipPaletteBudget = 768 << 20

  /// H.264's speed and quality. On the 2-core machine, x264 alone encoded 5 s of the visualizer
  /// at 720p60 in 0.6 s at `ultrafast`, 1.0 s at `superfast` and 1.2 s at `veryfast`, all at
  /// 45 dB PSNR (luma) with CRF 18; the slower presets only make the file smaller (1.6, 0.9 and
  /// 0.3 MB). Beside the drawing on the other core, only `ultrafast` kept the whole recording
  /// three times faster than real time (1.2–1.7 s, against 2.2–2.5 s for the others).
  static let h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "18"]
  /// VP9 in libvpx's real-time mode: `-deadline good -cpu-used 5` took 4.6 times as long on the
  /// same frames, for a file half the size.
  static let vp9 = [
    "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-crf", "30", "-b:v", "0",
  ]
  /// Rec. 709 with limited range, as `YUV420` converts the frames, and tagged so, so players
  /// show the colours drawn.
  static let bt709Tags = [
    "-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
  ]

  /// What the frames of `format` are sent as: video as the Y′CbCr 4:2:0 planes it is encoded
  /// in (converted by `YUV420`), a GIF as the canvas's BGRA, which its palette is made from.
  static func sendsYUV(_ format: RecordTarget.Format) -> Bool { format == .mp4 || format == .webm }

  /// The command line that encodes `clip` (raw frames on standard input) into `output`, and
  /// notes for the user about how.
  static func arguments(_ format: RecordTarget.Format, clip: ClipSettings, output: String) -> (
    arguments: [String], notes: [String]
  ) {
    let (w, h) = (clip.size.width, clip.size.height)
    var args = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-f", "rawvideo"]
    args += sendsYUV(format) ? ["-pix_fmt", "yuv420p"] + bt709Tags : ["-pix_fmt", "bgra"]
    args += ["-video_size", "\(w)x\(h)", "-framerate", clip.fps.fraction, "-i", "pipe:0"]
    var notes: [String] = []
    switch format {
    case .mp4:
      if w % 2 == 1 || h % 2 == 1 {
        // H.264 codes 4:2:0 in whole chroma samples: its sides must be even.
        args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
        notes.append("padded to \(w + w % 2)x\(h + h % 2) with black: H.264 in yuv420p needs even sides")
      }
      args += h264 + ["-pix_fmt", "yuv420p"] + bt709Tags + ["-movflags", "+faststart", "-f", "mp4"]
    case .webm:
      args += vp9 + ["-pix_fmt", "yuv420p"] + bt709Tags + ["-f", "webm"]
    case .gif:
      let perClip = w * h * 4 * clip.frames <= clipPaletteBudget
      // Ordered dithering keeps still areas still from frame to frame, where error diffusion
      // crawls; only the rectangle that changed is dithered again.
      let use = "paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle"
      let graph =
        perClip
        ? "split[a][b];[a]palettegen=stats_mode=diff:reserve_transparent=0[p];[b][p]" + use
        : "split[a][b];[a]palettegen=stats_mode=single:reserve_transparent=0[p];[b][p]" + use + ":new=1"
      args += ["-filter_complex", graph, "-loop", "0", "-f", "gif"]
      notes.append(
        perClip
          ? "one 256-colour palette for the whole clip"
          : "one palette per frame: the clip is too large to hold in memory for one palette")
      notes.append(gifDelays(clip.fps))
    case .folder:
      break
    }
    return (args + ["-y", output], notes)
  }

  /// How the GIF's frame delays, stored in hundredths of a second, were rounded.
  ///
  /// ffmpeg's GIF muxer times frames in hundredths: frame i starts at i × 100 / fps rounded
  /// to the nearest, and each delay is the gap to the next start, so delays vary by one
  /// hundredth where the rate does not divide 100 and the clip keeps its length.
  static func gifDelays(_ fps: FrameRate) -> String {
    let exact = 100 / fps.value
    let sample = (0..<Int(fps.value.rounded(.up)) + 1).map { i in
      Int((Double(i + 1) * exact).rounded()) - Int((Double(i) * exact).rounded())
    }
    let set = Set(sample).sorted()
    var line =
      set.count == 1
      ? "GIF delays are \(set[0]) hundredths of a second each"
      : "GIF delays are \(set.map(String.init).joined(separator: " or ")) hundredths of a second "
        + cFormat("(%.3g on average): GIF times frames in hundredths", exact)
    if (set.first ?? 2) < 2 {
      line += "; browsers play delays under 2 hundredths as 10, so a GIF should use --fps 50 or less"
    }
    return line
  }
}

/// A running `ffmpeg` taking raw frames on its standard input.
///
/// It runs in a process group of its own, so the terminal's Ctrl-C reaches `record` alone,
/// which then closes the pipe and lets ffmpeg finish the file. Its messages go to an unlinked
/// scratch file, read when it ends: a pipe nobody read while frames were written could fill
/// and stall both programs.
final class EncoderProcess {
  /// ffmpeg's process id.
  let pid: pid_t
  /// The write end of ffmpeg's standard input; -1 once closed.
  private var input: Int32
  /// The unlinked scratch file ffmpeg's messages go to.
  private let log: Int32
  /// The output as the user named it, for messages.
  let path: String

  /// Starts `arguments` (argv[0] included) with `executable`.
  init(executable: String, arguments: [String], path: String) throws {
    self.path = path
    // A write to a pipe whose reader died must be an error (EPIPE), not the end of the program.
    signal(SIGPIPE, SIG_IGN)
    let scratch = try OutputFile.scratchDirectory(for: path) + "/.playground-ffmpeg-XXXXXX"
    var template = Array(scratch.utf8CString)
    log = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard log >= 0 else { throw OutputError.errno(path) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      let e = OutputError.errno(path)
      close(log)
      throw e
    }
    // Close-on-exec, so no other child inherits them (ffmpeg gets its dup2 copies): a copy
    // of the write end held elsewhere would keep ffmpeg from ever seeing the end of its input.
    for fd in fds + [log] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    // A larger pipe (F_SETPIPE_SZ, which Glibc's module leaves out) takes a megabyte of a frame
    // per wake-up instead of the default 64 KiB.
    let setPipeSize: Int32 = 1031
    _ = fcntl(fds[1], setPipeSize, 1 << 20)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
    posix_spawn_file_actions_adddup2(&actions, log, 1)
    posix_spawn_file_actions_adddup2(&actions, log, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // This program ignores the stop signals (it receives them on a queue) and SIGPIPE; ffmpeg
    // gets the defaults and no blocked signals.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, s) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
    close(fds[0])
    guard spawned == 0 else {
      close(fds[1])
      close(log)
      throw OutputError(path, "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    pid = child
    input = fds[1]
  }

  deinit {
    if input >= 0 { close(input) }
    close(log)
  }

  /// Sends one frame of `rows` rows, each `rowBytes` long and `stride` bytes after the last,
  /// all of it, retrying interrupted and short writes.
  func write(_ start: UnsafeRawPointer, rowBytes: Int, rows: Int, stride: Int) throws {
    // Packed rows go in one write; padded ones a row at a time.
    let runs = stride == rowBytes ? [(start, rowBytes * rows)] : (0..<rows).map { (start + $0 * stride, rowBytes) }
    for (run, count) in runs {
      var p = run
      var left = count
      while left > 0 {
        let n = Glibc.write(input, p, left)
        if n < 0 {
          if errno == EINTR { continue }
          // ffmpeg stopped reading: it failed, and says why when it has ended.
          if errno == EPIPE { throw failure(wait()) }
          throw OutputError.errno(path)
        }
        p += n
        left -= n
      }
    }
  }

  /// Ends the input and waits for ffmpeg to write the rest; throws with its message if it failed.
  func finish() throws {
    closeInput()
    let status = wait()
    if status != 0 { throw failure(status) }
  }

  /// Stops ffmpeg at once and waits for it.
  func abort() {
    closeInput()
    kill(pid, SIGKILL)
    _ = wait()
  }

  private func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// ffmpeg's wait status once it has been reaped.
  private var waited: Int32?

  /// Waits for ffmpeg to end: its raw wait status, 0 for success.
  private func wait() -> Int32 {
    if let waited { return waited }
    closeInput()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    waited = status
    return status
  }

  /// The error for a failed ffmpeg: its last message line, or how it ended.
  private func failure(_ status: Int32) -> OutputError {
    let signal = status & 0x7F
    let how =
      signal != 0
      ? "ffmpeg was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
      : "ffmpeg failed with status \((status >> 8) & 0xFF)"
    guard let line = lastLogLine() else { return OutputError(path, how) }
    return OutputError(path, "\(how): \(line)")
  }

  /// The last non-empty line ffmpeg printed, cut to 300 characters.
  private func lastLogLine() -> String? {
    let size = lseek(log, 0, SEEK_END)
    guard size > 0 else { return nil }
    let take = min(Int(size), 4096)
    var buffer = [UInt8](repeating: 0, count: take)
    let n = buffer.withUnsafeMutableBytes { pread(log, $0.baseAddress, take, off_t(Int(size) - take)) }
    guard n > 0 else { return nil }
    let text = String(decoding: buffer[..<n], as: UTF8.self)
    guard let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last(where: { !$0.trimmed().isEmpty })
    else { return nil }
    return String(line.trimmed().prefix(300))
  }
}

/// A video or GIF that ffmpeg makes in `output`: the temporary file `OutputFile.produce`
/// renames into place once ffmpeg has succeeded.
final class EncoderSink: FrameSink {
  /// The running ffmpeg.
  let process: EncoderProcess
  /// How the format was made, for the user (the GIF's palette and delays, padding).
  let notes: [String]
  /// The planes of the last frame, when frames go as Y′CbCr (see `FFmpeg.sendsYUV`).
  private var planes: [UInt8]

  /// Starts ffmpeg on `output`; `path` is the target as the user named it.
  init(ffmpeg: String, format: RecordTarget.Format, clip: ClipSettings, output: String, path: String) throws {
    let (arguments, notes) = FFmpeg.arguments(format, clip: clip, output: output)
    let size = clip.size
    planes =
      FFmpeg.sendsYUV(format)
      ? [UInt8](repeating: 0, count: YUV420.byteCount(width: size.width, height: size.height)) : []
    process = try EncoderProcess(executable: ffmpeg, arguments: arguments, path: path)
    self.notes = notes
  }

  func write(_ camera: OffscreenReplay, index: Int, repeated: Bool) throws {
    // Straight from the canvas, without making an image of it first. Premultiplied colours are
    // the picture over black, which is what was drawn.
    let sent: Void? = try camera.target.withStoredPixels { pixels, width, height, stride in
      if planes.isEmpty {
        try process.write(UnsafeRawPointer(pixels), rowBytes: width * 4, rows: height, stride: stride * 4)
        return
      }
      // A repeated frame's planes are still those of the frame before.
      if !repeated || index == 0 {
        planes.withUnsafeMutableBufferPointer {
          YUV420.convert(pixels, width: width, height: height, stride: stride, into: $0.baseAddress!)
        }
      }
      try planes.withUnsafeBytes { try process.write($0.baseAddress!, rowBytes: $0.count, rows: 1, stride: $0.count) }
    }
    if sent == nil { throw OutputError(process.path, "the renderer keeps no pixels in memory to encode") }
  }

  func finish(frames: Int) throws { try process.finish() }

  func abandon() { process.abort() }
}
