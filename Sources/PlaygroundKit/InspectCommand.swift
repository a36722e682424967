import ArgumentParser
import FoundationEssentials
import Glibc
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

  @OptionGroup var moment: ReplayMoment

  func run() throws {
    let type = try moment.replay.sceneType()
    let report: InspectReport
    do {
      report = try InspectReport.make(
        scene: type.init(), start: moment.start, at: moment.at, size: moment.size, assets: moment.assets)
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
  static func make(
    scene: any PlaygroundScene, start: Date, at seconds: Double, size: PixelSize, assets: SceneAssets = SceneAssets()
  ) throws -> InspectReport {
    // Only the text engine is needed: layout uses `size`, and nothing is drawn, so the
    // target is one pixel rather than (at --size 16384x16384) a gigabyte.
    let target = try OffscreenTarget(width: 1, height: 1)
    let replay = Replay(
      scene: scene, start: start, size: Size(width: Double(size.width), height: Double(size.height)),
      textEngine: target.renderer.atlas, assets: assets)
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
