import ArgumentParser
import Foundation
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// `playground inspect`: the view tree of a scene at a moment, as JSON.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Print a scene's view tree SECONDS after its timeline started, as JSON.",
    discussion: """
      The scene is replayed exactly as `snapshot` replays it. Each entry is one view instance with a \
      body (or a TimelineView), in tree order: its type, its path in the tree, its @State values by \
      name, how many times its body ran since the scene started, the date of the timeline it is \
      under, and its frame in points [x, y, width, height].
      """)

  @Option(help: "The scene to inspect (see `playground list`).")
  var scene: String

  @Option(help: "Seconds after the timeline started.")
  var at: Double

  @Option(help: "ISO 8601 date at which the timeline started, e.g. 2026-01-01T10:34:30Z (default: now).")
  var date: String?

  @Option(help: "Scene size in points, WIDTHxHEIGHT.")
  var size: PixelSize = .defaultWindow

  func validate() throws {
    if !(at >= 0) || !at.isFinite { throw UsageFailure.fail("--at must be a non-negative number of seconds") }
    if at > 86_400 { throw UsageFailure.fail("--at must be at most 86400 seconds (one day)") }
    if let d = date, ScheduleFormat.parseISO8601(d) == nil {
      throw UsageFailure.fail("--date '\(d)' is not an ISO 8601 date such as 2026-01-01T10:34:30Z")
    }
  }

  func run() throws {
    let type = try UsageFailure.scene(scene)
    let start = date.flatMap(ScheduleFormat.parseISO8601) ?? Date()
    let report: InspectReport
    do {
      report = try InspectReport.make(scene: type.init(), start: start, at: at, size: size)
    } catch let e as BackendError {
      printError("playground: \(e)")
      throw ExitCode(70)
    }
    print(report.json)
  }
}

/// What `inspect` prints: the scene, the moment, and its views.
struct InspectReport: Encodable {
  /// One view instance.
  struct Entry: Encodable {
    var type: String
    var path: String
    var state: [String: StateJSON]
    var evaluations: Int
    var timeline_date: String?
    var frame: [Double]?
  }

  /// A state value in JSON.
  enum StateJSON: Encodable {
    case value(SceneRuntime.StateValue)
    func encode(to encoder: Encoder) throws {
      var c = encoder.singleValueContainer()
      switch self {
      case .value(.int(let i)): try c.encode(i)
      case .value(.double(let d)): try c.encode(d.isFinite ? d : 0)
      case .value(.bool(let b)): try c.encode(b)
      case .value(.string(let s)): try c.encode(s)
      }
    }
  }

  var scene: String
  var at: Double
  var views: [Entry]

  /// Replays `scene` to `seconds` after `start` with the real text engine and lists its views.
  static func make(scene: any PlaygroundScene, start: Date, at seconds: Double, size: PixelSize) throws
    -> InspectReport
  {
    let target = try OffscreenTarget(width: size.width, height: size.height)
    let replay = Replay(
      scene: scene, start: start, size: Size(width: Double(size.width), height: Double(size.height)),
      textEngine: target.renderer.atlas)
    _ = replay.frame(at: seconds)
    return InspectReport(scene: type(of: scene).name, at: seconds, records: replay.runtime.viewRecords())
  }

  init(scene: String, at: Double, records: [SceneRuntime.ViewRecord]) {
    self.scene = scene
    self.at = at
    views = records.map { r in
      Entry(
        type: r.type, path: r.path,
        state: Dictionary(r.state.map { ($0.name, StateJSON.value($0.value)) }, uniquingKeysWith: { a, _ in a }),
        evaluations: r.evaluations, timeline_date: r.timelineDate.map(ScheduleFormat.iso8601),
        frame: r.frame.map { [$0.minX, $0.minY, $0.width, $0.height] })
    }
  }

  /// The report as one JSON document with sorted keys, so equal trees print equal text.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
