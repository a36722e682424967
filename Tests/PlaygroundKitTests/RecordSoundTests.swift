import Foundation
import Testing

@testable import PlaygroundKit

/// The sound `record` puts beside the video: the metronome's ticks, decoded by ffmpeg, start on
/// their beat dates.
@Suite(.serialized) struct RecordSoundTests {
  static let hasFFmpeg = RecordTests.hasFFmpeg

  /// The first sample of every sound in `samples`: a sample above the threshold after 10 ms of
  /// near silence.
  static func onsets(_ samples: [Float], rate: Int = 48_000) -> [Int] {
    var onsets: [Int] = []
    // The clip's start counts as silence before it.
    var quiet = rate / 100
    for (i, s) in samples.enumerated() {
      if abs(s) > 0.02 {
        if quiet >= rate / 100 { onsets.append(i) }
        quiet = 0
      } else if abs(s) < 0.002 {
        quiet += 1
      }
    }
    return onsets
  }

  /// The first audio stream's fields, by key.
  func probeAudio(_ path: String) throws -> [String: String] {
    let r = try RecordTests().tool(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name,sample_rate,channels", "-of",
        "default=noprint_wrappers=1", path,
      ])
    var fields: [String: String] = [:]
    for line in r.out.split(separator: "\n") {
      let kv = line.split(separator: "=", maxSplits: 1)
      if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
    }
    return fields
  }

  @Test(
    .enabled(if: hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"),
    arguments: [("m.mp4", "aac"), ("m.webm", "opus")])
  func metronomeTicksStartWithin1msOfTheirBeats(_ name: String, _ codec: String) throws {
    let dir = try RecordTests().scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = dir.appendingPathComponent(name).path
    // 60 beats a minute from the scene's start: beats at 0, 1, 2 and 3 s, the fourth a bell.
    let r = try CLI.run([
      "record", "--scene", "metronome", "--seconds", "3.5", "--fps", "30", "--size", "320x180", "--date",
      RecordTests.date, "--out", clip,
    ])
    #expect(r.status == 0, "\(r.err)")
    #expect(r.err.contains("record: sound: "), "\(r.err)")
    let audio = try probeAudio(clip)
    #expect(audio == ["codec_name": codec, "sample_rate": "48000", "channels": "1"], "\(audio)")
    let raw = dir.appendingPathComponent("a.raw").path
    let decode = try RecordTests().tool(
      "ffmpeg", ["-v", "error", "-nostdin", "-i", clip, "-map", "0:a:0", "-f", "f32le", "-ac", "1", "-y", raw])
    #expect(decode.status == 0, "\(decode.err)")
    let data = try Data(contentsOf: URL(fileURLWithPath: raw))
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    #expect(abs(samples.count - 3 * 48_000 - 24_000) < 2_048, "\(samples.count) samples")
    let onsets = Self.onsets(samples)
    #expect(onsets.count == 4, "\(onsets)")
    for (beat, onset) in onsets.enumerated() {
      #expect(abs(onset - beat * 48_000) <= 48, "beat \(beat) starts at sample \(onset)")
    }
  }

  @Test(.enabled(if: hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"))
  func silentScenesGetNoAudioAndGIFsSaySoundIsLeftOut() throws {
    let dir = try RecordTests().scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = dir.appendingPathComponent("h.mp4").path
    let r = try CLI.run(["record", "--scene", "heart", "--seconds", "0.5", "--size", "160x90", "--out", clip])
    #expect(r.status == 0 && !r.err.contains("sound"), "\(r.err)")
    #expect(try probeAudio(clip).isEmpty)
    let gif = try CLI.run([
      "record", "--scene", "metronome", "--seconds", "0.5", "--fps", "10", "--size", "160x90", "--out",
      dir.appendingPathComponent("m.gif").path,
    ])
    #expect(gif.status == 0)
    #expect(gif.err.contains("record: the scene's sound is left out: a GIF has no audio"), "\(gif.err)")
  }
}
