import SceneGraph

/// Two faces side by side, one of which never changes: the articles' lesson on dependencies.
///
/// From the articles: `.periodic(from: .now, by: 0.2)`; the left face is picked inside the
/// timeline's closure, so it changes with every update; the right one is a `SubView()` with
/// no inputs, so its body never runs again and it keeps its first face. `D` gives the
/// subview a `date` parameter, and then both change.
public struct ManyFacesScene: PlaygroundScene {
  public static let name = "many-faces"
  public static let title = "Many Faces"
  public static let scheduleSummary = ".periodic(from: start, by: 0.2)"
  /// The faces and their captions fill the top and middle.
  public static let hudCorner = Alignment.bottomLeading

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let k = scene.fitScale(Size(width: 460, height: 300), fill: 0.8)
    ZStack {
      LinearGradient(colors: [Color(hex: 0xE8F1FF), Color(hex: 0xC9DBF5)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      ManyFaces(start: scene.start).scaleEffect(k)
    }
  }
}

/// A deterministic stand-in for `randomElement()`: the n-th evaluation of a given view
/// identity always picks the same face, so snapshots repeat, while successive evaluations
/// wander through the list. Held in `@State` as a reference, so counting evaluations does
/// not itself count as a state change.
final class FacePicker: @unchecked Sendable {
  let identity: UInt64
  private(set) var evaluations = 0

  init(identity: UInt64) { self.identity = identity }

  /// SplitMix64 of the identity and the evaluation number.
  static func index(identity: UInt64, evaluation: Int, count: Int) -> Int {
    let z = SplitMix64.mix(
      identity &* 0xD1B5_4A32_D192_ED03 &+ UInt64(truncatingIfNeeded: evaluation) &* 0x9E37_79B9_7F4A_7C15)
    return Int(z % UInt64(max(count, 1)))
  }

  /// The face for this evaluation.
  func next() -> String {
    defer { evaluations += 1 }
    return ManyFaces.emoji[Self.index(identity: identity, evaluation: evaluations, count: ManyFaces.emoji.count)]
  }
}

/// The articles' `ManyFaces`.
struct ManyFaces: View {
  static let emoji = ["😀", "😬", "😄", "🙂", "😗", "🤓", "😏", "😕", "😟", "😎", "😜", "😍", "🤪"]
  let start: Date
  /// Whether the subview takes the timeline's date (the articles' fix); `D` toggles it.
  @State var subViewTakesDate = false
  @State private var picker = FacePicker(identity: 1)

  var body: some View {
    VStack(spacing: 24) {
      TimelineView(.periodic(from: start, by: 0.2)) { timeline in
        HStack(spacing: 120) {
          let randomEmoji = picker.next()

          Text(randomEmoji)
            .font(.largeTitle)
            .scaleEffect(4.0)
            .frame(width: 160, height: 160)

          if subViewTakesDate {
            SubViewWithDate(date: timeline.date).frame(width: 160, height: 160)
          } else {
            SubView().frame(width: 160, height: 160)
          }
        }
      }
      Text(
        subViewTakesDate ? "SubView(date: timeline.date): both change" : "SubView(): no inputs, so it keeps its face"
      )
      .font(.system(size: 17, weight: .semibold))
      .foregroundStyle(Color(hex: 0x2A3B55))
      Text("press D to \(subViewTakesDate ? "take the date away" : "pass the date")")
        .font(.system(size: 13))
        .foregroundStyle(Color(hex: 0x2A3B55).opacity(0.7))
    }
    .onKeyPress("d") {
      subViewTakesDate.toggle()
      return .handled
    }
  }

  /// The articles' `SubView` with no dependencies: its body runs once.
  struct SubView: View {
    @State private var picker = FacePicker(identity: 2)

    var body: some View {
      let randomEmoji = picker.next()

      Text(randomEmoji)
        .font(.largeTitle)
        .scaleEffect(4.0)
    }
  }

  /// The articles' fix: a `date` it never reads is still an input, so the body runs each update.
  struct SubViewWithDate: View {
    let date: Date  // just by declaring it, the view will now be recomputed appropriately.
    @State private var picker = FacePicker(identity: 3)

    var body: some View {
      let randomEmoji = picker.next()

      Text(randomEmoji)
        .font(.largeTitle)
        .scaleEffect(4.0)
    }
  }
}
