import FoundationEssentials
import SceneGraph
import Scenes
import Timeline

/// The sketch as a scene of the catalog: it opens like a built-in scene, and everything they
/// have (the HUD, pause, forced cadence, the overview grid, F11 and F12) works on it.
///
/// Its value is the host's generation, so a reload makes a new value and its body runs again.
struct SketchScene: PlaygroundScene {
  static var name: String { SketchHost.current?.sources.name ?? "sketch" }
  static var title: String { SketchHost.current?.entry?.viewName ?? name }
  static var scheduleSummary: String { "your view, reloaded on save" }

  let generation: Int

  init() { generation = SketchHost.current?.generation ?? 0 }

  func body(_ context: SceneContext) -> some View {
    SketchHost.current?.content(context) ?? AnyView(EmptyView())
  }
}

/// The diagnostics of a failed build, or a crash, over the sketch: file, line and message in
/// a dark band at the top, sized to the window so it reads from 320×200 to 4K.
struct SketchProblemView: View, Equatable {
  let problem: SketchProblem
  let size: Size
  /// Whether earlier code that compiled is running under the diagnostics.
  var lastGoodRuns = true

  var body: some View {
    let fontSize = max(10, min(34, min(size.width / 40, size.height / 14)))
    let columns = max(20, Int(size.width / (fontSize * 0.62)) - 4)
    let lines = Self.lines(
      problem, columns: columns, maxLines: max(3, Int(size.height * 0.6 / (fontSize * 1.3))), lastGoodRuns: lastGoodRuns
    )
    return VStack(alignment: .leading, spacing: fontSize * 0.25) {
      ForEach(0..<lines.count) { i in
        Text(lines[i].text)
          .font(.system(size: fontSize))
          .foregroundStyle(lines[i].isHeading ? Color(red: 1, green: 0.45, blue: 0.4) : Color.white)
      }
    }
    .padding(fontSize * 0.6)
    .frame(width: size.width, alignment: .leading)
    .background(Rectangle().fill(Color(red: 0.1, green: 0.05, blue: 0.06).opacity(0.92)))
    .frame(width: size.width, height: size.height, alignment: .top)
  }

  /// The text, wrapped to `columns` characters: a heading, then each error as `file:line:col`
  /// and its message.
  static func lines(_ problem: SketchProblem, columns: Int, maxLines: Int, lastGoodRuns: Bool = true)
    -> [(text: String, isHeading: Bool)]
  {
    var out: [(String, Bool)] = []
    switch problem {
    case .crash(let message):
      out += wrap("The sketch crashed — fix it and save to run it again", columns).map { ($0, true) }
      out += wrap(message, columns).map { ($0, false) }
    case .compile(let summary, let errors):
      let next = lastGoodRuns ? " — the last good code keeps running" : " — waiting for a save that compiles"
      out += wrap(summary + (errors.isEmpty ? "" : next), columns).map { ($0, true) }
      for e in errors {
        out += wrap("\(Paths.lastComponent(e.file)):\(e.line):\(e.column): \(e.message)", columns).map { ($0, false) }
      }
    }
    if out.count > maxLines { out = Array(out.prefix(maxLines - 1)) + [("…", false)] }
    return out
  }

  private static func wrap(_ s: String, _ columns: Int) -> [String] {
    var out: [String] = []
    var rest = Substring(s)
    while rest.count > columns {
      let cut =
        rest.prefix(columns).lastIndex(of: " ").map { rest.index(after: $0) }
        ?? rest.index(rest.startIndex, offsetBy: columns)
      out.append(String(rest[..<cut]))
      rest = rest[cut...]
    }
    out.append(String(rest))
    return out
  }

  static func == (a: SketchProblemView, b: SketchProblemView) -> Bool {
    a.problem == b.problem && a.size == b.size && a.lastGoodRuns == b.lastGoodRuns
  }
}
