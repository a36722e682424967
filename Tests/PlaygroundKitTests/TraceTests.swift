import Foundation
import Testing

@testable import PlaygroundKit

/// `playground run --trace` on the offscreen driver: the file a user opens in Perfetto.
@Suite(.serialized) struct TraceTests {
  typealias Event = [String: Any]

  func runTraced(_ args: [String]) throws -> [Event] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try CLI.run(["run", "--trace", path] + args)
    #expect(r.status == 0, "stderr: \(r.err)")
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [Event])
  }

  @Test func clockTraceHasOneFramePerScheduleEntryNeverEarly() throws {
    let events = try runTraced(["--scene", "clock", "--duration", "3.3"])
    let entries = events.filter { $0["name"] as? String == "schedule entry" }
    // The clock ticks once a second: three entries come due in 3.3 s after the first frame.
    #expect(entries.count == 3)
    let dates = entries.compactMap { ($0["args"] as? Event)?["scheduled"] as? String }
    let parsed = dates.compactMap(ScheduleFormatProbe.parse)
    #expect(parsed.count == 3)
    for (a, b) in zip(parsed, parsed.dropFirst()) { #expect(abs(b.timeIntervalSince(a) - 1) < 0.002) }
    for e in entries {
      let late = try #require((e["args"] as? Event)?["late_ms"] as? Double)
      #expect(late >= 0, "a schedule entry was drawn before its date")
    }
    let frames = events.filter { $0["name"] as? String == "frame" }
    #expect(frames.count == 4)
    #expect(frames.filter { ($0["args"] as? Event)?["reason"] as? String == "schedule entry" }.count == 3)
  }

  @Test func framePhasesNestInsideTheirFrame() throws {
    // Long enough for several frames even when a loaded CI machine makes the first one slow.
    let events = try runTraced(["--scene", "live-indicator", "--duration", "2"])
    let slices = events.filter { $0["ph"] as? String == "X" }
    let frames = slices.filter { $0["name"] as? String == "frame" }
    #expect(frames.count >= 3)
    for name in ["build+lower", "submit", "present"] {
      let phases = slices.filter { $0["name"] as? String == name }
      #expect(phases.count == frames.count)
      for (phase, frame) in zip(phases, frames) {
        let (ps, pd) = (phase["ts"] as! Double, phase["dur"] as! Double)
        let (fs, fd) = (frame["ts"] as! Double, frame["dur"] as! Double)
        #expect(ps >= fs && ps + pd <= fs + fd + 0.2)
      }
    }
    // Between frames the loop sleeps, and the trace shows it.
    #expect(slices.contains { $0["name"] as? String == "sleep" })
  }

  @Test func cadenceChangesAreGlobalInstants() throws {
    // C twice forces .live then .seconds.
    let events = try runTraced(["--scene", "clock", "--duration", "0.6", "--keys", "c,c"])
    let changes = events.filter { $0["name"] as? String == "cadence" }
    let targets = changes.compactMap { ($0["args"] as? Event)?["to"] as? String }
    #expect(targets.first == "live")
    #expect(targets.contains("seconds"))
    #expect(changes.allSatisfy { $0["s"] as? String == "g" })
  }

  @Test func updateTrapFramesShowTheLoopGuardInTwoPasses() throws {
    let events = try runTraced(["--scene", "update-trap", "--duration", "1"])
    let trips = events.filter { $0["name"] as? String == "update loop guard" }
    let frames = events.filter { $0["name"] as? String == "frame" }
    // Every frame after the first trips the guard: the skipped onChange run ends it in two passes.
    #expect(trips.count >= 10 && trips.count >= frames.count - 2, "\(trips.count) trips in \(frames.count) frames")
    for trip in trips {
      let args = try #require(trip["args"] as? Event)
      #expect(args["passes"] as? Int == 2)
      let warning = try #require(args["warning"] as? String)
      #expect(warning.hasPrefix("onChange(of: Date) action tried to update multiple times per frame."))
    }
  }

  @Test func unwritableTraceIsOneLineAndExit73() throws {
    let r = try CLI.run(["run", "--trace", "/nonexistent-dir/trace.json", "--duration", "0"])
    #expect(r.status == 73)
    #expect(
      r.err == "playground: cannot write /nonexistent-dir/trace.json: the directory /nonexistent-dir does not exist\n")
  }
}

/// Parses the trace's millisecond ISO 8601 dates.
enum ScheduleFormatProbe {
  static func parse(_ s: String) -> Date? {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return f.date(from: s)
  }
}
