import Foundation
import SDLBackend
import Testing

@testable import PlaygroundKit

/// Runs the built `playground` binary the way a user does and captures what it says.
struct CLI {
  static let binary: URL = {
    // The test bundle sits next to the products in .build/<config>/.
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = dir.appendingPathComponent("playground")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/playground")
  }()

  struct Result {
    var status: Int32
    var out: String
    var err: String
  }

  /// Runs `args` (with `executable`, the playground by default); with `signal`, sends it
  /// `after` seconds (and SIGKILL 60 s later, so a program that ignores it fails the test
  /// instead of hanging it).
  static func run(
    _ args: [String], env: [String: String] = [:], signal: Int32? = nil, after delay: Double = 3,
    executable: URL = binary
  ) throws -> Result {
    let p = Process()
    p.executableURL = executable
    p.arguments = args
    var environment = ProcessInfo.processInfo.environment
    environment["SDL_VIDEODRIVER"] = "offscreen"
    // An empty value removes the variable, as `env -u` does.
    for (k, v) in env { environment[k] = v.isEmpty ? nil : v }
    p.environment = environment
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    if let signal {
      let pid = p.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + delay) { kill(pid, signal) }
      DispatchQueue.global().asyncAfter(deadline: .now() + delay + 60) { kill(pid, SIGKILL) }
    }
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Result(
      status: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
  }
}

@Suite(.serialized) struct CLITests {
  @Test func listPrintsEverySceneWithItsKeyInKeyOrder() throws {
    let r = try CLI.run(["list"])
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n")
    #expect(lines.count == 15)
    #expect(lines[0].hasPrefix("1  visualizer"))
    #expect(lines[0].contains(".animation"))
    #expect(lines[3].contains("clock") && lines[3].contains(".periodic"))
    #expect(lines[4].hasPrefix("5  emoji-wave"))
    #expect(lines[6].hasPrefix("7  heart") && lines[6].contains(".cyclic(timeOffsets: [0.2, 0.2, 0.4])"))
    #expect(lines[9].hasPrefix("0  world-clock"))
    #expect(lines[12].hasPrefix("   timer-vs-timeline"))
    #expect(lines[13].hasPrefix("   particles") && lines[14].hasPrefix("   keyframes"))
  }

  @Test func aBrokenGIFIsOneErrorLineNamingItAndThePlaceholderIsDrawn() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cli-gif-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let bad = dir.appendingPathComponent("notes.gif").path
    try Data("not a gif at all, just text".utf8).write(to: URL(fileURLWithPath: bad))
    let out = dir.appendingPathComponent("shot.png").path
    let r = try CLI.run(["snapshot", "--scene", "gif", "--at", "0.5", "--size", "320x180", "--gif", bad, "--out", out])
    #expect(r.status == 0)
    #expect(r.err == "error: \(bad): not a GIF (no GIF87a/GIF89a signature)\n")
    #expect(FileManager.default.fileExists(atPath: out))
    let missingAssets = try CLI.run(["inspect", "--scene", "metronome", "--at", "0", "--assets", "/nonexistent-dir"])
    #expect(missingAssets.status == 0)
    #expect(missingAssets.err.contains("warning: /nonexistent-dir: no such assets folder; built-in defaults apply"))
  }

  /// A FIFO nobody writes to must not hang the program at `open`.
  @Test func aGIFThatIsAnUnwrittenFIFOIsAnEmptyFileNotAHang() throws {
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("cli-fifo-\(getpid()).gif").path
    unlink(fifo)
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("cli-fifo-\(getpid()).png").path
    defer { unlink(out) }
    // Killed after 30 s, so a hang fails the test instead of stalling it.
    let r = try CLI.run(
      ["snapshot", "--scene", "gif", "--at", "0", "--size", "160x90", "--gif", fifo, "--out", out], signal: SIGKILL,
      after: 30)
    #expect(r.status == 0)
    #expect(r.err == "error: \(fifo): too short to be a GIF (0 bytes)\n")
  }

  /// The full Foundation and ICU cost every scene about 9.5 MB of resident memory; only
  /// FoundationEssentials may be linked.
  @Test func theProgramDoesNotLinkFoundationOrICU() throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    p.arguments = [CLI.binary.path]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(text.contains("libFoundationEssentials.so"), "\(text)")
    #expect(!text.contains("libFoundation.so"))
    #expect(!text.contains("FoundationICU"))
    #expect(!text.contains("libFoundationInternationalization"))
  }

  @Test func unknownSceneIsOneLineAndExit64() throws {
    let r = try CLI.run(["run", "--scene", "bogus"])
    #expect(r.status == 64)
    #expect(r.err.split(separator: "\n").count == 1)
    #expect(r.err.contains("unknown scene 'bogus'"))
    #expect(r.err.contains("visualizer, live-indicator, mesh-gradient, clock, emoji-wave"))
  }

  @Test(arguments: [
    (
      ["run", "--size", "800by600"],
      "playground: the value '800by600' is invalid for '--size <size>' (see 'playground --help')"
    ),
    (["run", "--bogus"], "playground: unknown option '--bogus' (see 'playground --help')"),
    (
      ["run", "--renderer", "gpu"],
      "playground: the value 'gpu' is invalid for '--renderer <renderer>'. Please provide one of 'auto', 'cpu', 'sdl-software' or 'accelerated'. (see 'playground --help')"
    ),
    (
      ["bench", "--compare", "--window"],
      "playground: --compare measures headless frames; it cannot be combined with --pacing, --idle or --window"
    ),
    (
      ["bench", "--frames", "many"],
      "playground: the value 'many' is invalid for '--frames <frames>' (see 'playground --help')"
    ),
  ])
  func parseErrorsAreOneLineAndExit64(_ args: [String], _ line: String) throws {
    let r = try CLI.run(args)
    #expect(r.status == 64)
    #expect(r.err == line + "\n")
    #expect(r.out.isEmpty)
  }

  @Test func helpStillPrintsInFullAndExitsZero() throws {
    let r = try CLI.run(["run", "--help"])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix("OVERVIEW: Open the window on a scene"))
    #expect(r.out.contains("--trace <file>"))
  }

  @Test func malformedSizeAndNegativeDurationAreUsageErrors() throws {
    #expect(try CLI.run(["run", "--size", "800by600"]).status == 64)
    #expect(try CLI.run(["run", "--size", "0x600"]).status == 64)
    let neg = try CLI.run(["run", "--duration=-1"])
    #expect(neg.status == 64)
    #expect(neg.err.contains("--duration"))
  }

  @Test func negativeNumbersAfterAnOptionReachTheCommandsOwnCheck() throws {
    // `--at -1` would otherwise be "missing value for '--at'", as if -1 were a flag.
    let at = try CLI.run(["snapshot", "--scene", "clock", "--at", "-1", "--out", "/tmp/never.png"])
    #expect(at.status == 64)
    #expect(at.err == "playground: --at must be a non-negative number of seconds\n")
    let size = try CLI.run(["run", "--size", "-3x4"])
    #expect(size.status == 64)
    #expect(size.err.contains("'-3x4' is invalid for '--size"))
    #expect(
      PlaygroundCommand.attachingNegativeNumbers(["run", "--duration", "-2", "--scene", "clock", "--", "--x", "-1"])
        == ["run", "--duration=-2", "--scene", "clock", "--", "--x", "-1"])
  }

  @Test func missingFontsAreOneLineWarningsAndTheSnapshotStillRenders() throws {
    // A fontconfig that knows no fonts at all: what a machine without fonts-dejavu-core and
    // fonts-noto-color-emoji looks like to the program.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nofonts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let conf = dir.appendingPathComponent("fonts.conf").path
    try """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
    <fontconfig><cachedir>\(dir.path)/cache</cachedir></fontconfig>
    """.write(toFile: conf, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("clock.png").path
    let r = try CLI.run(
      ["snapshot", "--scene", "clock", "--at", "1", "--size", "160x90", "--out", out], env: ["FONTCONFIG_FILE": conf])
    #expect(r.status == 0)
    let lines = r.err.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.contains { $0.hasPrefix("warning: no text font found") && $0.contains("fonts-dejavu-core") })
    #expect(lines.contains { $0.hasPrefix("warning: color emoji font not found") })
    #expect(FileManager.default.fileExists(atPath: out))
    // A window with the HUD on and no fonts: the failed lookup is remembered, not repeated
    // (it spawned fc-match three times per text per frame, seconds per frame).
    let run = try CLI.run(
      ["run", "--scene", "visualizer", "--keys", "f", "--duration", "3", "--stats"], env: ["FONTCONFIG_FILE": conf])
    #expect(run.status == 0, "\(run.err)")
    let stats = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    #expect((stats["frames_presented"] as? Int ?? 0) >= 60)
    #expect(run.err.split(separator: "\n").filter { $0.contains("emoji font not found") }.count == 1)
  }

  @Test func unsetDisplayIsOneLineAndExit69() throws {
    // What a user meets over ssh: no DISPLAY and no SDL_VIDEODRIVER. SDL alone would open an
    // invisible offscreen window and run; the user must be told instead.
    let r = try CLI.run(
      ["run", "--duration", "1"], env: ["SDL_VIDEODRIVER": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""])
    #expect(r.status == 69)
    #expect(
      r.err
        == "playground: no display could be opened (DISPLAY is not set); set DISPLAY to a running X server, or use SDL_VIDEODRIVER=offscreen for headless rendering\n"
    )
  }

  @Test func noDisplayIsOneLineAndExit69() throws {
    let r = try CLI.run(["run", "--duration", "1"], env: ["SDL_VIDEODRIVER": "x11", "DISPLAY": ":4242"])
    #expect(r.status == 69)
    #expect(r.err.split(separator: "\n").count == 1)
    #expect(r.err.contains("no display could be opened"))
    #expect(r.err.contains("DISPLAY") && r.err.contains("SDL_VIDEODRIVER=offscreen"))
  }

  @Test func offscreenRunExitsCleanlyWithStats() throws {
    let r = try CLI.run(["run", "--scene", "clock", "--duration", "1.2", "--stats"])
    #expect(r.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
    #expect(json?["scene"] as? String == "clock")
    for key in ["duration_s", "frames_presented", "wakeups", "cpu_user_s", "cpu_sys_s", "max_rss_kb"] {
      #expect(json?[key] != nil, "missing \(key)")
    }
    let frames = json?["frames_presented"] as? Int ?? -1
    #expect(frames >= 2 && frames <= 4)
  }

  @Test func scheduleCommandPrintsExactEntries() throws {
    let p = try CLI.run([
      "schedule", "periodic", "--start", "2026-01-01T10:34:30Z", "--by", "1.5", "--from", "2026-01-01T10:34:33.2Z",
      "--count", "3",
    ])
    #expect(p.status == 0)
    #expect(p.out == "2026-01-01T10:34:33.000Z\n2026-01-01T10:34:34.500Z\n2026-01-01T10:34:36.000Z\n")
    let c = try CLI.run([
      "schedule", "cyclic", "--offsets", "0.2,0.2,0.4", "--from", "2026-01-01T10:34:30Z", "--count", "4",
    ])
    #expect(
      c.out
        == "2026-01-01T10:34:30.200Z\n2026-01-01T10:34:30.400Z\n2026-01-01T10:34:30.800Z\n2026-01-01T10:34:31.000Z\n")
    let m = try CLI.run(["schedule", "every-minute", "--from", "2026-01-01T10:34:30Z", "--count", "2"])
    #expect(m.out == "2026-01-01T10:34:00.000Z\n2026-01-01T10:35:00.000Z\n")
    let a = try CLI.run(["schedule", "animation", "--from", "2026-01-01T10:34:30Z", "--mode", "low-frequency"])
    #expect(a.status == 0 && a.out.isEmpty)
    let loops = try CLI.run(["schedule", "cyclic", "--offsets", "1", "--loops", "2", "--from", "2026-01-01T10:34:30Z"])
    #expect(loops.out.split(separator: "\n").count == 2)
  }

  @Test func scheduleViewShowsWhatATimelineRenders() throws {
    let future = try CLI.run([
      "schedule", "explicit", "--dates", "2026-01-01T10:34:31Z,2026-01-01T10:34:32Z", "--from",
      "2026-01-01T10:34:30Z", "--view",
    ])
    #expect(future.out == "2026-01-01T10:34:30.000Z\n2026-01-01T10:34:31.000Z\n2026-01-01T10:34:32.000Z\n")
    let past = try CLI.run([
      "schedule", "explicit", "--dates", "2026-01-01T10:00:00Z,2026-01-01T10:10:00Z", "--from",
      "2026-01-01T10:34:30Z", "--view",
    ])
    #expect(past.out == "2026-01-01T10:10:00.000Z\n")
  }

  @Test func scheduleErrors() throws {
    for args in [
      ["schedule", "periodic", "--by", "0", "--from", "2026-01-01T10:34:30Z"],
      ["schedule", "periodic", "--by=-2", "--from", "2026-01-01T10:34:30Z"],
      ["schedule", "cyclic", "--offsets", "", "--from", "2026-01-01T10:34:30Z"],
      ["schedule", "cyclic", "--offsets", "a,b", "--from", "2026-01-01T10:34:30Z"],
      ["schedule", "periodic", "--by", "1", "--from", "not-a-date"],
    ] {
      let r = try CLI.run(args)
      #expect(r.status == 64, "\(args)")
      #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
    }
  }

  @Test func snapshotWritesADeterministicPNG() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tp-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = dir.appendingPathComponent("a.png").path
    let b = dir.appendingPathComponent("b.png").path
    let args = [
      "snapshot", "--scene", "emoji-wave", "--at", "1.55", "--date", "2026-01-01T10:34:30Z", "--size", "320x180",
    ]
    #expect(try CLI.run(args + ["--out", a]).status == 0)
    #expect(try CLI.run(args + ["--out", b]).status == 0)
    let da = try Data(contentsOf: URL(fileURLWithPath: a))
    let db = try Data(contentsOf: URL(fileURLWithPath: b))
    #expect(Array(da.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    #expect(da == db)
    let bad = try CLI.run(["snapshot", "--scene", "clock", "--at", "1", "--out", "/nonexistent/x.png"])
    #expect(bad.status == 73)
    #expect(bad.err == "playground: cannot write /nonexistent/x.png: the directory /nonexistent does not exist\n")
  }

  @Test func helpExplainsTheKinds() throws {
    let r = try CLI.run(["schedule", "--help"])
    #expect(r.status == 0)
    #expect(r.out.contains("every-minute") && r.out.contains("cyclic"))
  }

  @Test func inspectPrintsTheViewTreeAtAKnownTime() throws {
    let r = try CLI.run(["inspect", "--scene", "emoji-wave", "--at", "1.25", "--date", "2026-01-01T10:34:30Z"])
    #expect(r.status == 0, "\(r.err)")
    let json = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect(json["scene"] as? String == "emoji-wave")
    #expect(json["at"] as? Double == 1.25)
    let views = try #require(json["views"] as? [[String: Any]])
    #expect(
      views.map { $0["type"] as? String ?? "" } == [
        "SceneView", "ManyEmojis", "TimelineView",
        "JumpingEmoji", "TimelineView", "HappyEmoji",
        "JumpingEmoji", "TimelineView", "HappyEmoji",
        "JumpingEmoji", "TimelineView", "HappyEmoji", "Caption",
      ])
    let many = views[1]
    #expect((many["state"] as? [String: Any])?["emojiCount"] as? Int == 3)
    #expect(many["frame"] as? [Double] == [360, 210, 560, 300])
    #expect(many["path"] as? String == "/SceneView/ManyEmojis[1]")
    let happy = views.filter { $0["type"] as? String == "HappyEmoji" }
    // Each emoji's keyframe index is what its own cyclic schedule gives at 1.25 s, and each
    // update ran its body twice (the date, then the index it advanced).
    #expect(happy.map { ($0["state"] as? [String: Any])?["idx"] as? Int } == [3, 3, 2])
    #expect(happy.map { $0["evaluations"] as? Int } == [6, 6, 4])
    // Each emoji's cyclic schedule starts on the display frame that revealed it. The reveals at
    // 0.3, 0.6 and 0.9 s fall on the 60 Hz grid (frames 18, 36 and 54), so each schedule starts
    // at its reveal date exactly, and its latest entry by 1.25 s is a whole tenth.
    #expect(
      happy.map { $0["timeline_date"] as? String } == [
        "2026-01-01T10:34:30.900Z", "2026-01-01T10:34:31.200Z", "2026-01-01T10:34:31.100Z",
      ])
  }

  @Test func inspectShowsTheGallerysStateAtFixedTimes() throws {
    func views(_ scene: String, _ at: String) throws -> [String: [String: Any]] {
      let r = try CLI.run(["inspect", "--scene", scene, "--at", at, "--date", "2026-01-01T10:34:30Z"])
      #expect(r.status == 0, "\(r.err)")
      let json = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
      let list = try #require(json["views"] as? [[String: Any]])
      return Dictionary(list.map { ($0["type"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }
    // The heart at 0.3 s: entries at 0 and 0.2 s moved it to its third scale; each update ran
    // the body twice (the new date, then the phase it set).
    let heart = try views("heart", "0.3")
    #expect((heart["Heart"]?["state"] as? [String: Any])?["phase"] as? Int == 2)
    #expect(heart["Heart"]?["evaluations"] as? Int == 4)
    #expect(heart["TimelineView"]?["evaluations"] as? Int == 2)
    // Quips at 4 s: one update (at 3 s) advanced the sentence and cost two evaluations.
    let quips = try views("quips", "4")
    let quipState = (quips["QuipView"]?["state"] as? [String: Any])?["quips"] as? String
    #expect(quipState?.hasSuffix("idx: 1)") == true)
    #expect(quips["QuipView"]?["evaluations"] as? Int == 3)
  }

  @Test func inspectRejectsBadInput() throws {
    let r = try CLI.run(["inspect", "--scene", "nope", "--at", "1"])
    #expect(r.status == 64)
    #expect(r.err.split(separator: "\n").count == 1)
    #expect(r.err.contains("nope"))
    let t = try CLI.run(["inspect", "--scene", "clock", "--at", "-1"])
    #expect(t.status == 64)
  }

  @Test func printChangesNamesEachBodyEvaluationAndWhy() throws {
    let r = try CLI.run(["run", "--scene", "emoji-wave", "--duration", "1.2", "--print-changes"])
    #expect(r.status == 0, "\(r.err)")
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(
      lines.prefix(3) == [
        "AppRoot: @self, @identity changed.", "SceneView: @self, @identity changed.",
        "ManyEmojis: @self, @identity, _emojiCount changed.",
      ])
    #expect(lines.filter { $0 == "ManyEmojis: _emojiCount changed." }.count == 3)
    #expect(lines.filter { $0 == "HappyEmoji: @self, @identity, _idx changed." }.count == 3)
    #expect(lines.contains("HappyEmoji: @self changed."))
    #expect(lines.contains("HappyEmoji: _idx changed."))
    // Nothing else re-runs: the root and the scene host ran once.
    #expect(lines.filter { $0.hasPrefix("AppRoot") || $0.hasPrefix("SceneView") }.count == 2)
  }

  /// A fresh directory for output tests.
  func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pg-out-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test func outputsWriteThroughDevicesAndFollowSymlinks() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    // A link to /dev/null: the trace goes through it and neither the link nor the device is replaced.
    let link = dir.appendingPathComponent("trace.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
    let r = try CLI.run(["run", "--scene", "clock", "--duration", "0.5", "--trace", link])
    #expect(r.status == 0, "\(r.err)")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "/dev/null")
    let attrs = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attrs[.type] as? FileAttributeType == .typeCharacterSpecial)
    // A relative link to a file that does not exist yet: the PNG lands where the link points.
    let pngLink = dir.appendingPathComponent("shot.png").path
    try FileManager.default.createSymbolicLink(atPath: pngLink, withDestinationPath: "real.png")
    let s = try CLI.run(["snapshot", "--scene", "clock", "--at", "1", "--size", "64x36", "--out", pngLink])
    #expect(s.status == 0, "\(s.err)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("real.png").path))
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: pngLink)) == "real.png")
  }

  @Test func outputsReachAPipeThroughDevStdoutAndDevicesNeedNoScratchSpace() throws {
    // /dev/stdout on a pipe: the JSON arrives on the pipe.
    let b = try CLI.run(["bench", "--scene", "clock", "--frames", "2", "--warmup", "0", "--json", "/dev/stdout"])
    #expect(b.status == 0, "\(b.err)")
    #expect(b.out.contains("\"scenes\""))
    let s = try CLI.run(["snapshot", "--scene", "clock", "--at", "1", "--size", "64x36", "--out", "/dev/stdout"])
    #expect(s.status == 0, "\(s.err)")
    // The output is read as UTF-8 text, so only the signature's letters and the first chunk survive.
    #expect(s.out.contains("PNG\r\n") && s.out.contains("IHDR") && s.out.contains("IEND"))
    // A device needs no temporary file, and a PNG's scratch file falls back to /tmp.
    for args in [
      ["bench", "--scene", "clock", "--frames", "2", "--warmup", "0", "--json", "/dev/null"],
      ["snapshot", "--scene", "clock", "--at", "1", "--size", "64x36", "--out", "/dev/null"],
    ] {
      let r = try CLI.run(args, env: ["TMPDIR": "/nonexistent-tmp"])
      #expect(r.status == 0, "\(args): \(r.err)")
    }
  }

  @Test func aReplacedFileKeepsItsPermissionsAndLongNamesFit() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("private.json").path
    FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
    #expect(chmod(path, 0o600) == 0)
    let r = try CLI.run(["bench", "--scene", "clock", "--frames", "2", "--warmup", "0", "--json", path])
    #expect(r.status == 0, "\(r.err)")
    let attrs = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attrs[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"scenes\""))
    // 246 bytes of name (two-byte characters): the temporary name must be cut by bytes.
    let long = dir.appendingPathComponent(String(repeating: "é", count: 120) + "x.json").path
    let l = try CLI.run(["bench", "--scene", "clock", "--frames", "2", "--warmup", "0", "--json", long])
    #expect(l.status == 0, "\(l.err)")
    #expect(FileManager.default.fileExists(atPath: long))
    // No temporary file is left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "\(left)")
  }

  @Test func benchOutputsAModeDoesNotWriteAreRefused() throws {
    for (args, why) in [
      (["--compare", "--csv", "/tmp/x.csv"], "--csv is written by the frame benchmark alone"),
      (["--pacing", "--plot", "/tmp/x.png"], "--plot is written by the frame benchmark and --compare"),
      (["--idle", "--csv", "/tmp/x.csv"], "--csv is written by the frame benchmark alone"),
    ] {
      let r = try CLI.run(["bench", "--scene", "clock"] + args)
      #expect(r.status == 64, "\(args)")
      #expect(r.err.hasPrefix("playground: \(why)"), "\(r.err)")
      #expect(r.err.split(separator: "\n").count == 1)
    }
  }

  @Test func aFailedWriteExits73AndKeepsTheOldFile() throws {
    let r = try CLI.run(["snapshot", "--scene", "clock", "--at", "1", "--size", "64x36", "--out", "/dev/full"])
    #expect(r.status == 73)
    #expect(r.err == "playground: cannot write /dev/full: No space left on device\n")
    let b = try CLI.run(["bench", "--scene", "clock", "--frames", "2", "--warmup", "0", "--json", "/dev/full"])
    #expect(b.status == 73)
    #expect(b.err.contains("cannot write /dev/full: No space left on device"))
    // An unwritable target never replaces what is there: a directory in the file's place.
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let d = try CLI.run(["snapshot", "--scene", "clock", "--at", "1", "--out", dir.path])
    #expect(d.status == 73)
    #expect(d.err.contains("it is a directory"))
  }

  @Test func aTraceThatCannotBeWrittenStopsTracingNotTheRun() throws {
    let r = try CLI.run(["run", "--scene", "clock", "--duration", "1", "--stats", "--trace", "/dev/full"])
    #expect(r.status == 0, "\(r.err)")
    let warnings = r.err.split(separator: "\n").filter { $0.hasPrefix("warning: tracing stopped") }
    #expect(warnings.count == 1)
    #expect(r.out.contains("\"frames_presented\""))
  }

  @Test func anInterruptedBenchWritesWhatItMeasuredAndExits130() throws {
    let dir = try scratch()
    let json = dir.appendingPathComponent("bench.json").path
    let r = try CLI.run(["bench", "--frames", "100000", "--json", json], signal: SIGINT)
    #expect(r.status == 130, "\(r.err)")
    #expect(r.err.contains("bench: interrupted; writing the"))
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    #expect(report["interrupted"] as? Bool == true)
    let scenes = try #require(report["scenes"] as? [[String: Any]])
    #expect(scenes.count == 1)
    #expect((scenes.first?["frames"] as? Int ?? 0) > 0)
  }

  @Test(arguments: [(SIGHUP, Int32(129)), (SIGTERM, Int32(143))] as [(Int32, Int32)])
  func aSignalEndsARunWithStatsAndAClosedTrace(_ signal: Int32, _ status: Int32) throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let trace = dir.appendingPathComponent("t.json").path
    let r = try CLI.run(["run", "--scene", "clock", "--stats", "--trace", trace], signal: signal, after: 2)
    #expect(r.status == status, "\(r.err)")
    let stats = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    #expect((stats["frames_presented"] as? Int ?? 0) >= 1)
    let events = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [[String: Any]])
    #expect(events.contains { $0["name"] as? String == "scene" })
  }

  @Test(arguments: [
    (["bench", "--frames", "9223372036854775807"], "--frames must be from 1 to 1000000"),
    (["bench", "--warmup", "9223372036854775807"], "--warmup must be from 0 to 1000000"),
    (["bench", "--idle", "--seconds", "inf"], "--seconds must be more than 0 and at most 3600"),
    (["bench", "--frame-gap", "1e300"], "--frame-gap must be from 0 to 1000 (milliseconds)"),
    (["bench", "--frame-gap", "nan"], "--frame-gap must be from 0 to 1000 (milliseconds)"),
    (["bench", "--frame-gap", "5", "--idle"], "--frame-gap applies to the frame benchmark"),
    (["soak", "--duration", "5"], "--duration must be from 10 to 86400 seconds"),
    (["soak", "--duration", "nan"], "--duration must be from 10 to 86400 seconds"),
    (
      ["schedule", "periodic", "--from", "2026-01-01T00:00:00Z", "--by", "1e-300", "--view"],
      "--by must be at least 0.001 seconds"
    ),
    (["schedule", "cyclic", "--from", "2026-01-01T00:00:00Z", "--offsets", "1e-300", "--view"], "each at least 0.001"),
    (
      ["schedule", "periodic", "--from", "2026-01-01T00:00:00Z", "--by", "1", "--count", "9223372036854775807"],
      "--count must be from 0 to 100000"
    ),
  ])
  func numbersBeyondWhatACommandCanDoAreUsageErrors(_ args: [String], _ message: String) throws {
    let r = try CLI.run(args)
    #expect(r.status == 64)
    #expect(r.err.split(separator: "\n").count == 1)
    #expect(r.err.contains(message), "\(r.err)")
  }

  @Test func versionAndScreenshotKey() throws {
    let v = try CLI.run(["--version"])
    #expect(v.status == 0)
    #expect(v.out == PlaygroundCommand.version + "\n")
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run([
      "run", "--scene", "clock", "--size", "320x180", "--keys", "f12", "--duration", "1", "--screenshot-dir", dir.path,
    ])
    #expect(r.status == 0, "\(r.err)")
    let shots = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasPrefix("playground-clock-") && $0.hasSuffix(".png")
    }
    #expect(shots.count == 1)
    let png = try Data(contentsOf: dir.appendingPathComponent(shots.first ?? "none"))
    // The PNG's IHDR: the window's size in pixels.
    let size =
      png.count >= 24
      ? (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
    #expect(size == (320, 180))
    #expect(r.err.contains("screenshot: \(dir.path)/playground-clock-"))
    let bad = try CLI.run(["run", "--screenshot-dir", "/nonexistent/shots", "--duration", "0"])
    #expect(bad.status == 64)
    #expect(bad.err == "playground: --screenshot-dir '/nonexistent/shots' is not a folder\n")
  }

  /// F12 in the window writes what `snapshot` renders for the same moment: the quips scene
  /// holds its first quip for three seconds, so a press in the first second and a snapshot at
  /// 0.3 s must agree pixel for pixel (the toast is drawn after the pixels are read).
  @Test func screenshotKeyMatchesSnapshot() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try CLI.run([
      "run", "--scene", "quips", "--size", "320x180", "--keys", "f12", "--duration", "1", "--screenshot-dir", dir.path,
    ])
    #expect(r.status == 0, "\(r.err)")
    let shot = try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasPrefix("playground-quips-") }
    let snapPath = dir.appendingPathComponent("snapshot.png").path
    let s = try CLI.run(["snapshot", "--scene", "quips", "--size", "320x180", "--at", "0.3", "--out", snapPath])
    #expect(s.status == 0, "\(s.err)")
    let window = try PNGWriter.read(dir.appendingPathComponent(shot ?? "missing").path)
    let offscreen = try PNGWriter.read(snapPath)
    #expect(window.width == 320 && window.height == 180)
    #expect(window.pixels.count == offscreen.pixels.count)
    let differing = zip(window.pixels, offscreen.pixels).filter { $0 != $1 }.count
    #expect(differing == 0, "F12's PNG differs from snapshot's in \(differing) pixels")
  }

  @Test func snapshotScaleIsAPixelDensity() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("x2.png").path
    let ok = try CLI.run([
      "snapshot", "--scene", "heart", "--at", "1", "--size", "200x100", "--scale", "3", "--out", out,
    ])
    #expect(ok.status == 0, "\(ok.err)")
    let img = try PNGWriter.read(out)
    #expect(img.width == 600 && img.height == 300)
    for (value, size, message) in [
      ("0", "200x100", "--scale must be a whole number from 1 to 4"),
      ("5", "200x100", "--scale must be a whole number from 1 to 4"),
      ("4", "8000x100", "--size 8000x100 at --scale 4 is over 16384 pixels on a side"),
    ] {
      let r = try CLI.run(["snapshot", "--scene", "heart", "--at", "1", "--size", size, "--scale", value, "--out", out])
      #expect(r.status == 64)
      #expect(r.err == "playground: \(message)\n")
    }
  }

  @Test func outputsRefuseFormatsTheyDoNotWrite() throws {
    let jpg = try CLI.run(["snapshot", "--scene", "clock", "--at", "1", "--out", "/tmp/shot.jpg"])
    #expect(jpg.status == 64)
    #expect(jpg.err == "playground: --out writes PNG only; name the file .png (got .jpg)\n")
    let gif = try CLI.run(["bench", "--plot", "p.gif"])
    #expect(gif.status == 64)
    #expect(gif.err.contains("--plot writes PNG only"))
  }

  @Test func anEmptyScheduleSaysWhy() throws {
    let r = try CLI.run(["schedule", "animation", "--mode", "low-frequency", "--from", "2026-01-01T00:00:00Z"])
    #expect(r.status == 0)
    #expect(r.out.isEmpty)
    #expect(r.err.hasPrefix("schedule: no entries: .animation has none in .lowFrequency mode"))
    let paused = try CLI.run(["schedule", "animation", "--paused", "--from", "2026-01-01T00:00:00Z"])
    #expect(paused.err.contains("a paused .animation schedule has none"))
    let help = try CLI.run(["snapshot", "--help"])
    // Help wraps its lines; read it as one.
    let text = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("(default: live)") && !text.contains("default: 0"))
  }

  @Test func theUpdateTrapIsHeldToOneFramePerDisplayPeriod() throws {
    // The broken view asks for a new frame as each one ends; without the hold the loop drew
    // over a thousand frames a second and never slept.
    let r = try CLI.run(["run", "--scene", "update-trap", "--duration", "2", "--stats"])
    #expect(r.status == 0, "\(r.err)")
    let stats = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let frames = stats["frames_presented"] as? Int ?? 0
    #expect((stats["loop_guard_trips"] as? Int ?? 0) >= 1)
    #expect(frames >= 10 && frames <= 2 * 62, "\(frames) frames in 2 s")
  }

  @Test func aReplayFarFromItsStartFinishes() throws {
    // Replaying a day of 60 Hz frames would take most of an hour; the last ten seconds are replayed instead.
    let r = try CLI.run(["inspect", "--scene", "visualizer", "--at", "86400", "--date", "2026-01-01T10:34:30Z"])
    #expect(r.status == 0, "\(r.err)")
    let json = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let views = try #require(json["views"] as? [[String: Any]])
    let timeline = try #require(views.first { $0["type"] as? String == "TimelineView" })
    #expect(timeline["timeline_date"] as? String == "2026-01-02T10:34:30.000Z")
  }

  @Test func scheduleRefusesNumbersAndDatesItCannotPrint() throws {
    for args in [
      ["animation", "--minimum-interval", "inf"], ["animation", "--minimum-interval", "1e300"],
      ["cyclic", "--offsets", "1e300"], ["periodic", "--by", "1e300"],
    ] {
      let r = try CLI.run(["schedule"] + args + ["--from", "2026-01-01T10:34:30Z", "--count", "3"])
      #expect(r.status == 64, "\(args)")
      #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
    }
    for date in ["-271821-04-20T00:00:00Z", "2026-02-29T00:00:00Z", "2026-01-01T24:00:00Z"] {
      let r = try CLI.run(["schedule", "periodic", "--by", "1", "--from", date, "--count", "1"])
      #expect(r.status == 64, "\(date)")
      #expect(r.err.contains("is not an ISO 8601 date"))
    }
    let leap = try CLI.run(["schedule", "periodic", "--by", "1", "--from", "2024-02-29T00:00:00Z", "--count", "1"])
    #expect(leap.out == "2024-02-29T00:00:00.000Z\n")
  }
}
