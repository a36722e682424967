import Foundation
import Testing

@testable import PlaygroundKit

/// `playground record`, run as a user runs it. The checks that read a clip back need Debian's
/// ffmpeg (`make test` installs it) and are skipped, saying so, only when it is not on PATH.
@Suite(.serialized) struct RecordTests {
  static let date = "2026-01-01T10:34:30Z"
  static let hasFFmpeg = FFmpeg.locate() != nil && FFmpeg.locate("ffprobe") != nil

  func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pg-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  /// Runs a program found on PATH (or by path) and returns its status and output.
  func tool(_ name: String, _ args: [String]) throws -> CLI.Result {
    let path = name.hasPrefix("/") ? name : FFmpeg.locate(name) ?? "/usr/bin/\(name)"
    return try CLI.run(args, executable: URL(fileURLWithPath: path))
  }

  /// What ffprobe says of a clip's first video stream, by key.
  func probe(_ path: String) throws -> [String: String] {
    let r = try tool(
      "ffprobe",
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=codec_name,pix_fmt,width,height,nb_read_frames,color_space:format=duration", "-of",
        "default=noprint_wrappers=1", path,
      ])
    #expect(r.status == 0, "ffprobe \(path): \(r.err)")
    var fields: [String: String] = [:]
    for line in r.out.split(separator: "\n") {
      let kv = line.split(separator: "=", maxSplits: 1)
      if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
    }
    return fields
  }

  @Test func frameRatesAreExactFractions() {
    #expect(FrameRate(argument: "12.5").map { [$0.numerator, $0.denominator] } == [25, 2])
    #expect(FrameRate(argument: "30000/1001")?.fraction == "30000/1001")
    #expect(FrameRate(argument: "60")?.value == 60)
    #expect(FrameRate(argument: "29.97")?.value == 29.97)
    for bad in ["", "0", "1.", ".5", "-1", "1/0", "x", "1.0000001", "2/3/4"] {
      #expect(FrameRate(argument: bad) == nil, "\(bad)")
    }
    #expect(
      FFmpeg.gifDelays(FrameRate(numerator: 25, denominator: 2)) == "GIF delays are 8 hundredths of a second each")
    #expect(FFmpeg.gifDelays(FrameRate(numerator: 30, denominator: 1)).hasPrefix("GIF delays are 3 or 4 hundredths"))
  }

  @Test func valuesOutsideTheBoundsAreUsageErrors() throws {
    let base = ["record", "--scene", "clock", "--out", "/tmp/never.mp4"]
    for args in [
      ["--seconds", "0"], ["--seconds", "3600.5"], ["--seconds", "-1"], ["--seconds", "1", "--fps", "0.9"],
      ["--seconds", "1", "--fps", "240.5"], ["--seconds", "1", "--fps", "1/0"], ["--seconds", "1", "--from", "-2"],
      ["--seconds", "1", "--from", "86401"], ["--seconds", "1", "--scale", "5"],
      ["--seconds", "1", "--size", "10000x10", "--scale", "2"], ["--seconds", "1", "--date", "soon"],
    ] {
      let r = try CLI.run(base + args)
      #expect(r.status == 64, "\(args): \(r.err)")
      #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
    }
    let ext = try CLI.run(["record", "--scene", "clock", "--seconds", "1", "--out", "/tmp/clip.mov"])
    #expect(ext.status == 64)
    #expect(ext.err.contains(".mp4, .webm or .gif"))
  }

  @Test func devicesFIFOsAndSocketsAreRefused() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("pipe.mp4").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let socketPath = dir.appendingPathComponent("sock.gif").path
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (i, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    #expect(bound == 0)
    for (path, what) in [
      ("/dev/null", "a device"), ("/dev/full", "a device"), (fifo, "a FIFO"), (socketPath, "a socket"),
    ] {
      let r = try CLI.run(["record", "--scene", "clock", "--seconds", "1", "--out", path])
      #expect(r.status == 64, "\(path): \(r.err)")
      #expect(r.err.contains("is \(what)"), "\(path): \(r.err)")
    }
  }

  /// Frame i of a recording is `snapshot --at from + i/fps`, byte for byte: at a rate that is
  /// not a divisor of 60 (frames between the display's), and across the catch-up window at 20 s,
  /// where a replay stops stepping from the start.
  @Test(arguments: [("emoji-wave", 1.2, 12.5, 0.96), ("timer-vs-timeline", 19.5, 4.0, 1.0)])
  func pngFramesAreTheSnapshotsOfTheirTimes(_ scene: String, _ from: Double, _ fps: Double, _ seconds: Double) throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let common = ["--scene", scene, "--size", "160x90", "--date", Self.date]
    let r = try CLI.run(
      ["record"] + common + [
        "--from", "\(from)", "--fps", "\(fps)", "--seconds", "\(seconds)", "--out", dir.path + "/clip/",
      ])
    #expect(r.status == 0, "\(r.err)")
    let frames = Int((seconds * fps).rounded(.up))
    #expect(r.err.contains("record: \(frames) frames"), "\(r.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/clip").sorted()
    #expect(names == (0..<frames).map { "frame-" + String(repeating: "0", count: 5 - String($0).count) + "\($0).png" })
    for i in 0..<frames {
      let shot = dir.appendingPathComponent("snapshot.png").path
      let s = try CLI.run(["snapshot"] + common + ["--at", "\(from + Double(i) / fps)", "--out", shot])
      #expect(s.status == 0, "\(s.err)")
      let a = try Data(contentsOf: URL(fileURLWithPath: shot))
      let b = try Data(contentsOf: dir.appendingPathComponent("clip").appendingPathComponent(names[i]))
      #expect(a == b, "\(scene): frame \(i) differs from snapshot --at \(from + Double(i) / fps)")
    }
  }

  @Test func aFolderWithFramesIsRefusedUnlessOverwriteAndLeftoversGo() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("a/b").path + "/"
    let args = ["record", "--scene", "clock", "--size", "64x36", "--fps", "10", "--out", out]
    #expect(try CLI.run(args + ["--seconds", "0.5"]).status == 0)
    let again = try CLI.run(args + ["--seconds", "0.3"])
    #expect(again.status == 64)
    #expect(again.err.contains("already holds 5 frame-*.png files; pass --overwrite"), "\(again.err)")
    FileManager.default.createFile(atPath: out + "notes.txt", contents: Data("mine".utf8))
    #expect(try CLI.run(args + ["--seconds", "0.3", "--overwrite"]).status == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(left == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "notes.txt"])
  }

  @Test func withoutFFmpegVideoSaysWhatToInstallAndFramesStillWork() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let env = ["PATH": dir.path]
    for name in ["clip.mp4", "clip.webm", "clip.gif"] {
      let r = try CLI.run(
        ["record", "--scene", "clock", "--seconds", "1", "--out", dir.appendingPathComponent(name).path], env: env)
      #expect(r.status == 69, "\(name): \(r.err)")
      #expect(r.err.split(separator: "\n").count == 1)
      #expect(r.err.contains("apt-get install ffmpeg"), "\(r.err)")
    }
    let frames = try CLI.run(
      ["record", "--scene", "clock", "--seconds", "0.2", "--size", "64x36", "--out", dir.path + "/frames/"], env: env)
    #expect(frames.status == 0, "\(frames.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/frames").count == 12)
  }

  /// An encoder that fails (here a stand-in `ffmpeg` that exits 1) is status 73 with its last
  /// message, and the file that was there before is untouched.
  @Test func aFailedEncodeKeepsTheOldFile() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fake = dir.appendingPathComponent("ffmpeg").path
    try "#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
    #expect(chmod(fake, 0o755) == 0)
    let target = dir.appendingPathComponent("clip.mp4").path
    FileManager.default.createFile(atPath: target, contents: Data("older clip".utf8))
    let r = try CLI.run(
      ["record", "--scene", "clock", "--seconds", "1", "--size", "64x36", "--out", target],
      env: ["PATH": dir.path + ":/usr/bin:/bin"])
    #expect(r.status == 73)
    #expect(r.err == "playground: cannot write \(target): ffmpeg failed with status 1: Unknown encoder libx264\n")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "older clip")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["clip.mp4", "ffmpeg"])
  }

  @Test(.enabled(if: hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"))
  func eachFormatReadsBack() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (name, codec, pixels) in [("c.mp4", "h264", "yuv420p"), ("c.webm", "vp9", "yuv420p"), ("c.gif", "gif", "bgra")]
    {
      let path = dir.appendingPathComponent(name).path
      let r = try CLI.run([
        "record", "--scene", "heart", "--seconds", "1.2", "--fps", "25", "--size", "160x90", "--date", Self.date,
        "--out", path,
      ])
      #expect(r.status == 0, "\(name): \(r.err)")
      #expect(r.err.contains("record: 30 frames, 1.20 s at 25 fps, 160x90"), "\(r.err)")
      let p = try probe(path)
      #expect(p["codec_name"] == codec && p["pix_fmt"] == pixels, "\(name): \(p)")
      #expect(p["nb_read_frames"] == "30" && p["width"] == "160" && p["height"] == "90", "\(name): \(p)")
      #expect(abs((Double(p["duration"] ?? "") ?? 0) - 1.2) < 0.001, "\(name): \(p)")
      if codec != "gif" { #expect(p["color_space"] == "bt709", "\(name): \(p)") }
    }
    // Faststart: the index (moov) comes before the media (mdat), so a browser plays at once.
    let mp4 = try Data(contentsOf: dir.appendingPathComponent("c.mp4"))
    let moov = try #require(mp4.firstRange(of: Data("moov".utf8)))
    let mdat = try #require(mp4.firstRange(of: Data("mdat".utf8)))
    #expect(moov.lowerBound < mdat.lowerBound)
    // GIF delays are hundredths: 25 fps is 4 each.
    let gif = try CLI.run([
      "record", "--scene", "heart", "--seconds", "0.2", "--fps", "60", "--size", "64x36", "--out",
      dir.appendingPathComponent("d.gif").path,
    ])
    #expect(gif.err.contains("GIF delays are 1 or 2 hundredths of a second"), "\(gif.err)")
  }

  @Test(.enabled(if: hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"))
  func anMP4FrameIsWithin35dBOfItsSnapshot() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let common = ["--scene", "visualizer", "--size", "320x180", "--date", Self.date]
    let clip = dir.appendingPathComponent("v.mp4").path
    #expect(try CLI.run(["record"] + common + ["--seconds", "1", "--fps", "30", "--out", clip]).status == 0)
    let shot = dir.appendingPathComponent("s.png").path
    #expect(try CLI.run(["snapshot"] + common + ["--at", "\(17.0 / 30)", "--out", shot]).status == 0)
    // Decoded as a player does (Rec. 709, limited range) and compared in luma with the PNG.
    let graph =
      "[0:v]select=eq(n\\,17),setpts=0,scale=in_color_matrix=bt709:in_range=tv,format=rgb24,format=yuv444p[a];"
      + "[1:v]format=rgb24,format=yuv444p[b];[a][b]psnr"
    let r = try tool(
      "ffmpeg", ["-hide_banner", "-nostdin", "-i", clip, "-i", shot, "-lavfi", graph, "-f", "null", "-"])
    let y = r.err.split(separator: " ").first { $0.hasPrefix("y:") }.flatMap { Double($0.dropFirst(2)) }
    #expect((y ?? 0) >= 35, "luma PSNR \(y ?? 0) dB: \(r.err.suffix(300))")
  }

  @Test(.enabled(if: hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"))
  func aSignalMidRecordLeavesAPlayableShorterClip() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = dir.appendingPathComponent("long.mp4").path
    let r = try CLI.run(
      ["record", "--scene", "visualizer", "--seconds", "60", "--size", "320x180", "--out", clip], signal: SIGTERM,
      after: 2)
    #expect(r.status == 128 + SIGTERM, "\(r.err)")
    #expect(r.err.contains("stopped by SIGTERM after"), "\(r.err)")
    let frames = Int(try probe(clip)["nb_read_frames"] ?? "") ?? 0
    #expect(frames > 0 && frames < 3600, "\(frames) frames")
    let decode = try tool("ffmpeg", ["-v", "error", "-nostdin", "-i", clip, "-f", "null", "-"])
    #expect(decode.status == 0 && decode.err.isEmpty, "\(decode.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["long.mp4"])
  }

  /// A write that fails half-way (the file size limit stands in for a full disk: it needs no
  /// mount, and root is bound by it too) leaves no partial file, and an older one stays.
  @Test(.enabled(if: hasFFmpeg, "ffmpeg is not on PATH: apt-get install ffmpeg"))
  func aFailedWriteLeavesNoPartialFile() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let older = dir.appendingPathComponent("old.mp4").path
    FileManager.default.createFile(atPath: older, contents: Data("older clip".utf8))
    for (path, kept) in [(dir.appendingPathComponent("new.mp4").path, false), (older, true)] {
      let r = try tool(
        "/bin/sh",
        [
          "-c", "ulimit -f 40; exec \"$0\" \"$@\"", CLI.binary.path, "record", "--scene", "visualizer", "--seconds",
          "3", "--size", "640x360", "--out", path,
        ])
      #expect(r.status == 73, "\(r.err)")
      #expect(r.err.contains("cannot write \(path): ffmpeg was killed by signal 25"), "\(r.err)")
      if kept {
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "older clip")
      } else {
        #expect(!FileManager.default.fileExists(atPath: path))
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["old.mp4"])
  }
}
