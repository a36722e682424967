import FoundationEssentials
import Glibc
import Graphics
import SDLBackend
import SceneGraph
import Timeline

/// The window's recording in progress (Ctrl+F12): the encoder, and what draws the REC mark.
final class WindowRecording {
  let recorder: LiveRecorder
  /// Uptime when recording started: the mark counts from here.
  let startUptime: Double
  /// Lays out the mark, apart from the scene's graph, so it can be drawn after the capture.
  let mark: FrameSession
  /// The whole seconds the mark shows.
  var shownSeconds = 0
  /// Monotonic seconds of the last frame presented.
  var lastPresent: Double?

  init(recorder: LiveRecorder, startUptime: Double, mark: FrameSession) {
    self.recorder = recorder
    self.startUptime = startUptime
    self.mark = mark
  }

  /// When the mark's seconds next change: the loop wakes then, even for a scene at rest.
  var nextMarkUptime: Double { startUptime + Double(shownSeconds + 1) }
}

extension PlaygroundApp {
  /// Ctrl+F12: starts recording what the window presents, or stops and saves the MP4.
  func toggleRecording() {
    if recording != nil {
      stopRecording(reason: nil)
      return
    }
    guard let ffmpeg = FFmpeg.locate() else {
      announce("recording needs the ffmpeg program, not found on PATH: apt-get install ffmpeg")
      return
    }
    let (w, h) = window.renderer.outputSize
    let path = Paths.join(options.screenshotDir, outputName(extension: "mp4"))
    do {
      // H.264 in 4:2:0 codes whole chroma samples: an odd last row or column is left out.
      let recorder = try LiveRecorder(ffmpeg: ffmpeg, path: path, width: w & ~1, height: h & ~1)
      let mark = FrameSession(textEngine: window.renderer.atlas, clock: clock, displayPeriod: period, name: "recording")
      mark.runtime.tessellation = window.renderer.preferredTessellation
      recording = WindowRecording(recorder: recorder, startUptime: clock.uptime, mark: mark)
      announce("recording \(path): Ctrl+F12 stops")
    } catch {
      announce("recording failed: \(error)")
    }
  }

  /// Stops recording and saves the MP4, saying where, how long, and what was dropped.
  func stopRecording(reason: String?) {
    guard let r = recording else { return }
    recording = nil
    let rec = r.recorder
    do {
      try rec.stop()
      let seconds = (r.lastPresent ?? 0) - (rec.firstPresent ?? 0) + period
      var line = "recording saved: \(rec.path) (\(rec.framesSent) frames, \(cFormat("%.1f", seconds)) s"
      if rec.framesDropped > 0 { line += ", \(rec.framesDropped) dropped: the encoder fell behind" }
      announce(line + ")" + (reason.map { "; \($0)" } ?? ""))
    } catch {
      announce("recording failed: \(error)")
    }
  }

  /// Before a recorded frame is drawn: every pixel is drawn afresh, so none of the last
  /// frame's mark survives into the capture.
  func recordingWillDraw() {
    guard let r = recording else { return }
    let (w, h) = window.renderer.outputSize
    if w & ~1 != r.recorder.width || h & ~1 != r.recorder.height {
      stopRecording(reason: "the window changed size")
      return
    }
    window.renderer.invalidateRetainedPixels()
  }

  /// After the frame is drawn and before it is presented: copies its pixels for the encoder,
  /// then draws the REC mark over them. Returns the copy, to be queued once presented.
  func recordingCapture(size: Size, pixelScale: Double) -> UnsafeMutablePointer<UInt32>? {
    guard let r = recording else { return nil }
    let slot = r.recorder.reserve()
    if let slot {
      do {
        try window.renderer.capture(into: slot, width: r.recorder.width, height: r.recorder.height)
      } catch {
        r.recorder.queue(slot, presentedAt: nil)
        stopRecording(reason: "the window's pixels could not be read: \(error)")
        return nil
      }
    }
    r.shownSeconds = max(0, Int(clock.uptime - r.startUptime))
    let (seconds, toast) = (r.shownSeconds, toast?.text)
    // The toast is drawn here too while recording, so no message of the app's is recorded.
    let out = r.mark.frame(
      {
        ZStack {
          Overlays.RecordingMark(seconds: seconds).frame(
            width: size.width, height: size.height, alignment: .bottomLeading)
          if let toast { Overlays.Toast(text: toast).frame(width: size.width, height: size.height, alignment: .top) }
        }
      }, input: FrameInput(now: clock.now, time: clock.uptime, size: size, pixelScale: pixelScale))
    window.renderer.submit(out.drawList)
    return slot
  }

  /// The captured frame was presented at `presented` (monotonic seconds).
  func recordingPresented(_ slot: UnsafeMutablePointer<UInt32>?, at presented: Double) {
    guard let r = recording, let slot else { return }
    r.recorder.queue(slot, presentedAt: presented)
    r.lastPresent = presented
  }

  /// A file name for the window's outputs: the scene and the local time to the millisecond.
  func outputName(extension ext: String) -> String {
    let now = Date()
    let c = ZoneInfo.local.civil(now)
    let ms = Int((now.timeIntervalSince1970 * 1000).truncatingRemainder(dividingBy: 1000))
    let stamp = cFormat("%04d%02d%02d-%02d%02d%02d-%03d", c.year, c.month, c.day, c.hour, c.minute, c.second, ms)
    return "playground-\(gridMode ? "overview" : type(of: scene).name)-\(stamp).\(ext)"
  }

  /// Says `message` on stderr and at the top of the window for two seconds.
  func announce(_ message: String) {
    printError(message)
    toast = (message, clock.uptime + 2)
    invalidate()
  }
}
