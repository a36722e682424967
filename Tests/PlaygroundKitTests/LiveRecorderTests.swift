import Foundation
import Testing

@testable import PlaygroundKit

/// The window's recorder (Ctrl+F12) without a window: frames queued with their present times
/// come back from the MP4 at those times, in their colours, and none is made up.
@Suite(.serialized) struct LiveRecorderTests {
  @Test(.enabled(if: RecordTests.hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"))
  func framesKeepTheirPresentTimes() throws {
    let dir = try RecordTests().scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("w.mp4").path
    let ffmpeg = try #require(FFmpeg.locate())
    let recorder = try LiveRecorder(ffmpeg: ffmpeg, path: path, width: 64, height: 32)
    // Irregular presents, as a scene that sleeps between entries gives: 60 Hz, then a gap.
    let times = [100.0, 100.0167, 100.0333, 100.5, 100.5167, 101.25]
    for (i, t) in times.enumerated() {
      let slot = try #require(recorder.reserve())
      // Frame i is a flat grey of level 40 × i, opaque.
      let level = UInt32(40 * i)
      slot.update(repeating: 0xFF00_0000 | level << 16 | level << 8 | level, count: 64 * 32)
      recorder.queue(slot, presentedAt: t)
    }
    try recorder.stop()
    #expect(recorder.framesSent == 6 && recorder.framesDropped == 0)
    let r = try RecordTests().tool(
      "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path])
    let pts = r.out.split(separator: "\n").compactMap { Double($0) }.sorted()
    #expect(pts.count == 6, "\(r.out)")
    for (p, t) in zip(pts, times) {
      #expect(abs(p - (t - times[0])) < 0.0002, "\(pts)")
    }
    // The fourth frame decodes to its own grey (limited-range luma of 120 is 16 + 120 × 219/255).
    let raw = dir.appendingPathComponent("f.gray").path
    let decode = try RecordTests().tool(
      "ffmpeg",
      [
        "-v", "error", "-nostdin", "-i", path, "-vf", "select=eq(n\\,3)", "-frames:v", "1", "-f", "rawvideo",
        "-pix_fmt", "gray", "-y", raw,
      ])
    #expect(decode.status == 0, "\(decode.err)")
    let luma = try Data(contentsOf: URL(fileURLWithPath: raw))
    #expect(luma.count == 64 * 32)
    let mean = Double(luma.reduce(0) { $0 + Int($1) }) / Double(max(1, luma.count))
    #expect(abs(mean - 120) < 3, "mean luma \(mean)")
  }

  @Test(.enabled(if: RecordTests.hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"))
  func stoppingWithoutFramesLeavesNoFile() throws {
    let dir = try RecordTests().scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("none.mp4").path
    let recorder = try LiveRecorder(ffmpeg: try #require(FFmpeg.locate()), path: path, width: 16, height: 16)
    #expect(throws: OutputError.self) { try recorder.stop() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }
}
