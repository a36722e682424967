import FoundationEssentials
import Glibc
import Timeline

/// `record`'s progress bar (on a terminal) and its summary line.
struct RecordProgress {
  /// Frames the clip will have.
  let frames: Int
  /// Its frame rate, for the duration in the summary.
  let fps: Double
  /// Whether standard error is a terminal: only there is a bar redrawn in place.
  let isTerminal: Bool
  /// When recording started, for the ETA and the speed.
  let started = monotonicSeconds()
  /// When the bar was last drawn.
  private var lastDrawn = -1.0
  /// Whether a bar is on the terminal now.
  private var drawn = false

  /// Progress through `frames` frames at `fps`, drawn when `isTerminal`.
  init(frames: Int, fps: Double, isTerminal: Bool) {
    self.frames = frames
    self.fps = fps
    self.isTerminal = isTerminal
  }

  /// Notes that `done` frames are written; redraws the bar at most ten times a second.
  mutating func advance(to done: Int) {
    guard isTerminal else { return }
    let now = monotonicSeconds()
    guard now - lastDrawn >= 0.1 || done == frames else { return }
    lastDrawn = now
    drawn = true
    writeToStandardError("\r\u{1B}[K" + bar(done: done, elapsed: now - started))
  }

  /// The bar for `done` frames after `elapsed` seconds: `[#####·····] 50% 150/300 frames, ETA 0:02`.
  func bar(done: Int, elapsed: Double) -> String {
    let width = 24
    let filled = frames > 0 ? min(width, done * width / frames) : width
    let percent = frames > 0 ? done * 100 / frames : 100
    var line =
      "record [" + String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled) + "] "
      + "\(percent)% \(done)/\(frames) frames"
    if done > 0 && done < frames {
      let left = elapsed / Double(done) * Double(frames - done)
      line += ", ETA " + Self.clock(left)
    }
    return line
  }

  /// Takes the bar off the terminal, so the next line starts clean.
  mutating func clear() {
    if drawn { writeToStandardError("\r\u{1B}[K") }
    drawn = false
  }

  /// The line printed at the end: `record: 300 frames, 5.00 s at 60 fps, 1280x720, 1.2 MB,
  /// 4.1× real time: out.mp4`.
  func summary(frames written: Int, size: PixelSize, bytes: Int, out: String, fpsText: String) -> String {
    let elapsed = max(1e-6, monotonicSeconds() - started)
    let duration = Double(written) / fps
    return "record: \(written) frames, \(Self.seconds(duration)) at \(fpsText) fps, \(size), "
      + Self.byteCount(bytes) + cFormat(", %.1f× real time: ", duration / elapsed) + out
  }

  /// `m:ss`, for the ETA.
  static func clock(_ seconds: Double) -> String {
    let s = Int(seconds.rounded(.up))
    return "\(s / 60):" + twoDigits(s % 60)
  }

  /// Seconds with two decimals: `5.00 s`.
  static func seconds(_ s: Double) -> String { cFormat("%.2f s", s) }

  /// `812 KB`, `1.2 MB`: decimal units, as file managers show them.
  static func byteCount(_ n: Int) -> String {
    let d = Double(n)
    if d >= 1e9 { return cFormat("%.2f GB", d / 1e9) }
    if d >= 1e6 { return cFormat("%.1f MB", d / 1e6) }
    if d >= 1e3 { return cFormat("%.0f KB", d / 1e3) }
    return "\(n) bytes"
  }

  /// `SIGINT` for 2, and so on for the signals that stop a recording.
  static func signalName(_ s: Int32) -> String {
    switch s {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(s)"
    }
  }
}
