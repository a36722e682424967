import ArgumentParser
import FoundationEssentials
import Glibc
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// `bench --reload PATH`: the time from a save to the first frame drawn with the new code.
///
/// It works on a temporary copy of the sketch, changes one number literal per edit (back and
/// forth, so every save is a real change), saves the way editors do (a new file renamed over the
/// old), and waits for the watcher, the compiler, the load and a frame drawn offscreen, exactly
/// the path `run` takes. It prints p50 and p99 of the whole and of each phase, and how much the
/// process grew over all the reloads.
struct ReloadBenchmark {
  let path: String
  let edits: Int
  let arguments: SketchArguments
  let json: String?

  /// The figures of one run, as `--json` writes them.
  struct Report: Encodable {
    var sketch: String
    var edits: Int
    var total_ms: [Double]
    var compile_ms: [Double]
    var load_ms: [Double]
    var swap_ms: [Double]
    var p50_ms: Double
    var p99_ms: Double
    var rss_growth_mb: Double
  }

  func run() throws {
    guard SketchSupervisor.isChild else { throw ExitCode(SketchSupervisor.supervise(restartAfterCrash: false)) }
    let copy: String
    let host: SketchHost
    do {
      let sources = try SketchSources.resolve(path)
      copy = try Self.copy(sources)
      host = try SketchHost.prepare(path: copy, view: arguments.view, swiftVersion: arguments.swiftVersion)
      if let failure = host.buildNow() { throw failure }
    } catch let failure as SketchFailure {
      throw failure.exit()
    }
    defer { _ = try? FileManager.default.removeItem(atPath: Paths.deletingLastComponent(host.sources.files[0])) }
    let file = host.sources.files[0]
    let original = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
    guard let literal = Self.firstNumberLiteral(in: original) else {
      throw SketchFailure.usage("\(path) has no number literal to change between edits").exit()
    }
    SketchHost.current = host
    SceneCatalog.add(SketchScene.self)
    let target = try OffscreenTarget(width: 640, height: 360)
    let clock = SystemClock()
    let session = FrameSession(textEngine: target.renderer.atlas, clock: clock, name: host.sources.name)
    session.runtime.tessellation = target.renderer.preferredTessellation
    func draw() {
      let context = SceneContext(size: Size(width: 640, height: 360), start: clock.now)
      let out = session.frame(
        { SceneView(scene: SketchScene(), context: context) },
        input: FrameInput(now: clock.now, time: clock.uptime, size: context.size))
      target.renderer.draw(out.drawList, background: .black)
      target.renderer.finish()
    }
    draw()
    host.startWatching {}
    let rssBefore = Self.residentMegabytes()
    var totals: [Double] = []
    var phases: [(compile: Double, load: Double, swap: Double)] = []
    printError(
      "bench: \(edits) edits of \(Paths.lastComponent(file)), changing the literal \(literal.value) on line \(literal.line)"
    )
    for edit in 0..<edits {
      let value = edit % 2 == 0 ? literal.value + 1 : literal.value
      var text = original
      text.replaceSubrange(literal.range, with: String(value))
      let saved = monotonicSeconds()
      do {
        try OutputFile.write(Data(text.utf8), to: file)
      } catch {
        throw SketchFailure.toolchain("cannot save the copy: \(error)").exit()
      }
      guard host.waitForBuild(timeout: 120) else {
        throw SketchFailure.toolchain("no build finished within 120 s of a save").exit()
      }
      _ = host.takeReload(state: session.runtime)
      if let problem = host.problem, case .compile(let message, _) = problem {
        throw SketchFailure.doesNotCompile("an edit did not compile: \(message)").exit()
      }
      draw()
      let presented = monotonicSeconds()
      guard let t = host.framePresented(at: presented) else { continue }
      totals.append(presented - saved)
      phases.append((t.compile, t.load, presented - t.swapStarted))
      if Interruption.requested { break }
    }
    let growth = Self.residentMegabytes() - rssBefore
    func ms(_ v: [Double]) -> [Double] { v.map { ($0 * 10_000).rounded() / 10 } }
    let report = Report(
      sketch: path, edits: totals.count, total_ms: ms(totals), compile_ms: ms(phases.map(\.compile)),
      load_ms: ms(phases.map(\.load)), swap_ms: ms(phases.map(\.swap)),
      p50_ms: Self.percentile(ms(totals), 0.5), p99_ms: Self.percentile(ms(totals), 0.99),
      rss_growth_mb: (growth * 10).rounded() / 10)
    print("reload (save → first frame drawn), \(totals.count) edits of \(path):")
    print("  phase      p50 ms   p99 ms")
    for (name, values) in [
      ("total", report.total_ms), ("compile", report.compile_ms), ("load", report.load_ms), ("swap", report.swap_ms),
    ] {
      print(
        "  \(name.padded(to: 9))\(Self.format(Self.percentile(values, 0.5)))\(Self.format(Self.percentile(values, 0.99)))"
      )
    }
    print(
      "  target: p50 ≤ 1000 ms \(report.p50_ms <= 1000 ? "met" : "MISSED"), p99 ≤ 2000 ms \(report.p99_ms <= 2000 ? "met" : "MISSED")"
    )
    print("  resident memory grew \(report.rss_growth_mb) MB over \(totals.count) reloads")
    if let json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      try writingOutput { try OutputFile.write(encoder.encode(report), to: json) }
    }
  }

  private static func format(_ v: Double) -> String {
    let s = String(Int(v.rounded()))
    return String(repeating: " ", count: max(0, 9 - s.count)) + s
  }

  /// The nearest-rank percentile of `values`.
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
  }

  /// The first integer literal outside comments and strings: its value, line and range.
  static func firstNumberLiteral(in text: String) -> (value: Int, line: Int, range: Range<String.Index>)? {
    var line = 1
    var index = text.startIndex
    var inString = false
    var previous: Character = "\n"
    while index < text.endIndex {
      let c = text[index]
      if c == "\n" { line += 1 }
      if c == "\"" { inString.toggle() }
      if !inString, c == "/", text[text.index(after: index)...].first == "/" {
        index = text[index...].firstIndex(of: "\n") ?? text.endIndex
        previous = "\n"
        continue
      }
      if !inString, c.isASCII, c.isNumber,
        !(previous.isLetter || previous.isNumber || previous == "_" || previous == ".")
      {
        let end = text[index...].firstIndex { !($0.isASCII && $0.isNumber) } ?? text.endIndex
        let next = end < text.endIndex ? text[end] : " "
        if next != ".", let value = Int(text[index..<end]), value < 1_000_000 {
          return (value, line, index..<end)
        }
        index = end
        continue
      }
      previous = c
      index = text.index(after: index)
    }
    return nil
  }

  /// Copies the sketch's files into a new temporary folder; returns the path to run.
  private static func copy(_ sources: SketchSources) throws(SketchFailure) -> String {
    var template = Array("/tmp/timeline-playground-reload-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw .toolchain("cannot make a folder under /tmp") }
    let folder = String(cString: made)
    for file in sources.files {
      guard let data = FileManager.default.contents(atPath: file),
        FileManager.default.createFile(atPath: Paths.join(folder, Paths.lastComponent(file)), contents: data)
      else { throw .toolchain("cannot copy \(file) to \(folder)") }
    }
    return sources.files.count == 1 ? Paths.join(folder, Paths.lastComponent(sources.files[0])) : folder
  }

  /// The process's resident memory now, from /proc.
  static func residentMegabytes() -> Double {
    let status = String(decoding: FileManager.default.contents(atPath: "/proc/self/status") ?? Data(), as: UTF8.self)
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
      return kb / 1024
    }
    return 0
  }
}
