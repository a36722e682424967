import Foundation
import Graphics
import Testing

@testable import PlaygroundKit

/// The fuzzers' helpers on the project's seeded generator.
extension SplitMix64 {
  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
  mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }
}

/// Fixed-seed fuzzing of the command line: the real option names, with values that are
/// plausible, hostile or nonsense. Every vector must end with a proper status, at most one
/// line of error, and no signal or hang.
@Suite(.serialized) struct FuzzTests {
  /// Values a user (or a script gone wrong) might pass.
  static let hostile = [
    "", "0", "-1", "-0", "1", "2.5", "1e300", "-1e300", "1e-300", "nan", "NaN", "inf", "-inf", "+inf",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "0x10", "1_000", "  3", "3 ",
    String(repeating: "9", count: 400), String(repeating: "x", count: 5000), "🙂", "é́", "\u{202E}1", "--",
    "-", "=", "1,2,,3", "1,-2", "0.0001,0.0001", "2026-02-29T00:00:00Z", "-271821-04-20T00:00:00Z",
    "275760-09-13T00:00:00Z", "2026-01-01T10:34:30Z", "2026-13-01T00:00:00Z", "10x10", "0x0", "16384x16384",
    "16385x2", "1x1", "99999999999999999999x1", "-3x4", "x", "live", "minutes", "seconds", "LIVE", "normal",
    "low-frequency", "clock", "overview", "all", "nope", "q", "g,f,h,p", "🙂,🙂", "/dev/null", "/dev/full",
    "/nonexistent/dir/x", ".", "/", "a.png", "out.json", "x.swift", "./nope.swift", "/dev/null/x.swift", "Sketch",
    "#Preview@3", "5", "6", "7",
  ]

  struct Command {
    var name: [String]
    var options: [String]
    var flags: [String]
    /// Appended last (the last value of an option wins), keeping valid runs short.
    var bound: [String]
  }

  static let commands = [
    Command(
      name: ["schedule"],
      options: [
        "--from", "--count", "--mode", "--minimum-interval", "--start", "--by", "--dates", "--offsets", "--loops",
      ], flags: ["--view", "--paused"], bound: []),
    Command(
      name: ["inspect"], options: ["--scene", "--at", "--date", "--size", "--assets", "--gif", "--view"], flags: [],
      bound: ["--size", "64x36"]),
    Command(
      name: ["snapshot"],
      options: ["--scene", "--at", "--date", "--size", "--cadence", "--out", "--gif", "--view", "--swift-version"],
      flags: [], bound: ["--size", "32x18"]),
    Command(
      name: ["run"],
      options: [
        "--scene", "--size", "--cadence", "--minimized-grace", "--keys", "--renderer", "--trace", "--duration",
        "--view",
      ],
      flags: ["--stats", "--print-changes"], bound: ["--size", "32x18", "--duration", "0.05"]),
    Command(
      name: ["bench"],
      options: [
        "--scene", "--frames", "--warmup", "--size", "--json", "--csv", "--plot", "--seconds", "--reload", "--edits",
      ],
      flags: ["--full-redraw", "--headless"], bound: ["--scene", "clock", "--size", "32x18"]),
    Command(name: ["list"], options: [], flags: [], bound: []),
  ]

  static let kinds = ["animation", "periodic", "every-minute", "explicit", "cyclic", "hourly", ""]

  /// The vectors, built from the seed.
  static func vectors(count: Int, seed: UInt64) -> [[String]] {
    var r = SplitMix64(state: seed)
    var out: [[String]] = []
    for _ in 0..<count {
      // Schedules are the cheapest and have the most numbers: half of all vectors.
      let c = r.chance(0.5) ? commands[0] : r.pick(commands)
      var args = c.name
      if c.name == ["schedule"] { args.append(r.pick(kinds)) }
      for _ in 0..<r.below(5) {
        if !c.flags.isEmpty, r.chance(0.2) {
          args.append(r.pick(c.flags))
        } else if !c.options.isEmpty {
          let option = r.pick(c.options)
          let value = r.chance(0.1) ? String(r.pick(hostile).reversed()) : r.pick(hostile)
          // Both spellings: `--at 1` and `--at=1`.
          if r.chance(0.3) { args.append("\(option)=\(value)") } else { args += [option, value] }
        }
      }
      if r.chance(0.05) { args.append(r.pick(["--bogus", "-x", "extra", "--help"])) }
      out.append(args + c.bound)
    }
    return out
  }

  /// What happened to one vector.
  struct Outcome: Sendable {
    var args: [String]
    var signaled: Bool
    var status: Int32
    var errLines: [String]
    var hung: Bool
  }

  static func run(_ args: [String], in dir: URL) -> Outcome {
    let p = Process()
    p.executableURL = CLI.binary
    p.arguments = args
    p.currentDirectoryURL = dir
    var env = ProcessInfo.processInfo.environment
    env["SDL_VIDEODRIVER"] = "offscreen"
    env["SDL_AUDIODRIVER"] = "dummy"
    p.environment = env
    let err = Pipe()
    p.standardOutput = FileHandle.nullDevice
    p.standardError = err
    do { try p.run() } catch {
      return Outcome(args: args, signaled: false, status: -1, errLines: ["\(error)"], hung: false)
    }
    let pid = p.processIdentifier
    let killer = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: killer)
    let data = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    killer.cancel()
    let hung = p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGKILL
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    return Outcome(
      args: args, signaled: p.terminationReason == .uncaughtSignal, status: p.terminationStatus, errLines: lines,
      hung: hung)
  }

  @Test("500 fuzzed command lines: a proper status, at most one line of error, never a signal or a hang")
  func commandLineFuzz() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pg-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // The repository's assets, so scenes find their files from the scratch folder.
    let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets")
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("Assets"), withDestinationURL: assets)
    let vectors = Self.vectors(count: 500, seed: 0x5EED_F022)
    final class Results: @unchecked Sendable {
      var items: [Outcome?]
      let lock = NSLock()
      init(_ n: Int) { items = Array(repeating: nil, count: n) }
    }
    let results = Results(vectors.count)
    // Two at a time: most vectors are a process start and a parse.
    DispatchQueue.concurrentPerform(iterations: 2) { lane in
      for i in stride(from: lane, to: vectors.count, by: 2) {
        let o = Self.run(vectors[i], in: dir)
        results.lock.withLock { results.items[i] = o }
      }
    }
    let outcomes = results.items
    var statuses: [Int32: Int] = [:]
    for case let o? in outcomes {
      let shown = o.args.map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 }.joined(separator: " ")
      #expect(!o.hung, "hung: playground \(shown)")
      #expect(!o.signaled, "signal \(o.status): playground \(shown)")
      statuses[o.status, default: 0] += 1
      if o.args.contains("--help") { continue }
      #expect([0, 64, 65, 69, 70, 73].contains(o.status), "status \(o.status): playground \(shown)\n\(o.errLines)")
      // Warnings and bench's progress lines are not errors.
      let errors = o.errLines.filter { !$0.hasPrefix("warning: ") && !$0.hasPrefix("bench: ") }
      #expect(errors.count <= (o.status == 0 ? 0 : 1), "playground \(shown)\n\(o.errLines.joined(separator: "\n"))")
    }
    // The vectors reach past the parser: some succeed, some are refused by the commands' checks.
    #expect(statuses[0, default: 0] > 25)
    #expect(statuses[64, default: 0] > 100)
  }
}
