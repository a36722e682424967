import SceneGraph

/// A sentence that changes every three seconds through `onChange(of: date)`.
///
/// From the articles: `.periodic(from: .now, by: 3)`; `QuipView` receives the date and advances
/// its sentence in `onChange`, which changes its state, so its body runs twice per update:
/// once for the new date, once for the new sentence. The counter shows it.
public struct QuipsScene: PlaygroundScene {
  public static let name = "quips"
  public static let title = "Quips"
  public static let scheduleSummary = ".periodic(from: start, by: 3)"

  /// The parameter file (`quips.json`): `{"sentences": [...]}`.
  public struct Parameters: Codable, Hashable, Sendable {
    public var sentences: [String]
  }

  /// The built-in sentences.
  public static let defaults = Parameters(sentences: [
    "A schedule is a promise about when, never about what.",
    "The fastest frame is the one you did not have to draw.",
    "Every timer is a guess about the display; a timeline asks it.",
    "State changes twice, and the body runs twice. Count them.",
  ])

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let p = scene.assets.decode(Parameters.self, from: "quips.json") ?? Self.defaults
    let sentences = p.sentences.isEmpty ? Self.defaults.sentences : p.sentences
    let k = scene.fitScale(Size(width: 640, height: 260), fill: 0.9)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x1E1B2E), Color(hex: 0x2D2545)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      TimelineView(.periodic(from: scene.start, by: 3.0)) { timeline in
        QuipView(sentences: sentences, date: timeline.date)
      }
      .scaleEffect(k)
      Caption(text: ".periodic(by: 3) › onChange(of: date) { quips.advance() }", size: scene.size)
    }
  }
}

/// The articles' `QuipDatabase`, as a value held in `@State` (the articles use an
/// `ObservableObject`; either way, advancing it is a state change).
struct QuipDatabase: Equatable {
  let sentences: [String]
  var idx = 0
  var sentence: String { sentences[idx % sentences.count] }

  mutating func advance() {
    idx = (idx + 1) % sentences.count
  }
}

/// Counts body evaluations per timeline date. A reference in `@State`: counting is not a
/// state change, so it cannot cause the evaluations it counts.
final class EvaluationMeter: @unchecked Sendable {
  private(set) var date: Date?
  private(set) var count = 0
  /// Counts one evaluation for `date` and returns how many that date has had.
  func evaluate(for date: Date) -> Int {
    if date != self.date {
      self.date = date
      count = 0
    }
    count += 1
    return count
  }
}

/// The articles' `QuipView`.
struct QuipView: View {
  let sentences: [String]
  @State var quips: QuipDatabase
  @State private var meter = EvaluationMeter()
  let date: Date

  init(sentences: [String], date: Date) {
    self.sentences = sentences
    _quips = State(initialValue: QuipDatabase(sentences: sentences))
    self.date = date
  }

  var body: some View {
    let evaluations = meter.evaluate(for: date)
    VStack(spacing: 28) {
      Text("“\(quips.sentence)”")
        .font(.system(size: 24, weight: .medium, design: .serif))
        .foregroundStyle(Color(hex: 0xF3EEFF))
        .frame(width: 600)
      Text("body evaluations for this update: \(evaluations)")
        .font(.system(size: 15, design: .monospaced))
        .foregroundStyle(Color(hex: 0xFFD27A))
    }
    .onChange(of: date) { _ in
      quips.advance()
    }
  }
}
