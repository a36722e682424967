import Foundation
import Graphics
import Testing

@testable import PlaygroundKit
@testable import SceneGraph

/// `playground bench` as users call it: exit codes, the JSON shape other tools read, the CSV.
@Suite(.serialized) struct BenchTests {
  typealias Object = [String: Any]

  @Test("--frame-gap sleeps before every frame, outside the measured phases, and says so")
  func aFrameGapSleepsBeforeEachFrame() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let json = dir.appendingPathComponent("g.json").path
    let started = ContinuousClock.now
    let r = try CLI.run([
      "bench", "--scene", "heart", "--frames", "10", "--warmup", "0", "--size", "160x90", "--frame-gap", "150",
      "--json", json,
    ])
    let elapsed = ContinuousClock.now - started
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.contains("150 ms asleep before each frame"))
    // Ten sleeps of 150 ms happened: far longer than such a run takes without them.
    #expect(elapsed >= .milliseconds(1500))
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? Object)
    let machine = try #require(root["machine"] as? Object)
    #expect(machine["frame_gap_ms"] as? Double == 150)
    // The sleep is not a phase: a heart frame at 160×90 takes far less than the gap.
    let scenes = try #require(root["scenes"] as? [Object])
    let frame = try #require(scenes.first?["frame_ms"] as? Object)
    #expect((frame["min"] as? Double ?? 999) < 150)
  }

  @Test func headlessRunWritesTheDocumentedJSONShapeAndCSV() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let json = dir.appendingPathComponent("b.json").path
    let csv = dir.appendingPathComponent("b.csv").path
    let plot = dir.appendingPathComponent("b.png").path
    let r = try CLI.run([
      "bench", "--scene", "live-indicator", "--frames", "12", "--warmup", "2", "--size", "320x180", "--json", json,
      "--csv", csv, "--plot", plot,
    ])
    #expect(r.status == 0, "stderr: \(r.err)")
    // The terminal table names the scene and the machine; progress goes to stderr.
    #expect(r.out.contains("live-indicator") && r.out.contains("machine:"))
    #expect(r.err.contains("live-indicator 14/14 frames"))

    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? Object)
    let machine = try #require(root["machine"] as? Object)
    for key in ["cpu", "cores", "renderer", "sdl", "build"] { #expect(machine[key] != nil, "machine.\(key)") }
    let scenes = try #require(root["scenes"] as? [Object])
    #expect(scenes.count == 1)
    let s = scenes[0]
    #expect(s["scene"] as? String == "live-indicator")
    #expect(s["frames"] as? Int == 12)
    let stats = ["min", "p50", "p90", "p99", "max", "mean"]
    let frame = try #require(s["frame_ms"] as? Object)
    let values = stats.compactMap { frame[$0] as? Double }
    #expect(values.count == 6)
    // Percentiles are ordered and lie between min and max.
    #expect(
      values[0] <= values[1] && values[1] <= values[2] && values[2] <= values[3] && values[3] <= values[4] * 1.001)
    let phases = try #require(s["phases_ms"] as? Object)
    for phase in ["build", "lower", "submit", "present"] {
      let p = try #require(phases[phase] as? Object, "phase \(phase)")
      #expect(stats.allSatisfy { p[$0] is Double })
    }
    for key in ["vertices", "indices", "draw_calls", "texture_uploads", "redrawn_fraction"] {
      #expect(s[key] is NSNumber, "\(key)")
    }
    #expect((s["vertices"] as? Int ?? 0) > 0)

    // One CSV row per measured frame, warm-up excluded.
    let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
    #expect(rows.first == "scene,frame,build_ms,lower_ms,submit_ms,present_ms,total_ms")
    #expect(rows.count == 13)
    #expect(rows[1].hasPrefix("live-indicator,0,"))
    // The plot is a real PNG.
    let png = try Data(contentsOf: URL(fileURLWithPath: plot))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test("the geometry-grid row lays out 100 GeometryReader cells in a LazyVGrid and draws each one's disc")
  func geometryGridRow() throws {
    let r = try CLI.run(["bench", "--scene", "geometry-grid", "--frames", "4", "--warmup", "1", "--size", "320x180"])
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.contains("geometry-grid"))
    // A hundred discs, drawn every frame.
    let scene = GeometryGridScene()
    let runtime = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let size = Size(width: 320, height: 180)
    let out = runtime.frame(
      { scene.body(SceneContext(size: size, start: FrameBenchmark.start)) },
      input: FrameInput(now: FrameBenchmark.start.addingTimeInterval(0.5), time: 0.5, size: size))
    let discs = out.items.filter { $0.kind == .shape }
    #expect(discs.count == 100)
    #expect(discs.allSatisfy { $0.bounds.width > 1 && $0.bounds.maxX <= 321 && $0.bounds.maxY <= 181 })
  }

  @Test func unknownSceneIsExit64NamingTheChoices() throws {
    let r = try CLI.run(["bench", "--scene", "nope"])
    #expect(r.status == 64)
    #expect(r.err.hasPrefix("playground: unknown scene 'nope'; valid scenes: visualizer,"))
    #expect(r.err.split(separator: "\n").count == 1)
  }

  @Test func zeroFramesIsAUsageError() throws {
    let r = try CLI.run(["bench", "--frames", "0"])
    #expect(r.status == 64)
    #expect(r.err == "playground: --frames must be from 1 to 1000000\n")
  }

  @Test func unwritableOutputFailsBeforeAnyWork() throws {
    let r = try CLI.run(["bench", "--scene", "clock", "--json", "/nonexistent-dir/b.json"])
    #expect(r.status == 73)
    #expect(
      r.err == "playground: cannot write /nonexistent-dir/b.json: the directory /nonexistent-dir does not exist\n")
    // Nothing was measured: no progress lines came first.
    #expect(!r.err.contains("frames"))
  }

  @Test func pacingWithoutADisplayIsExit69() throws {
    let r = try CLI.run(
      ["bench", "--pacing", "--seconds", "0.5"], env: ["SDL_VIDEODRIVER": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""])
    #expect(r.status == 69)
    #expect(r.err.contains("no display could be opened"))
  }
}
