import SceneGraph

/// Three emoji that join one by one and jump through the articles' keyframe table.
///
/// From the articles: an outer `.explicit` schedule at +0.3, +0.6 and +0.9 s reveals the emoji;
/// each is a nested timeline on `.cyclic(timeOffsets:)` fed with the table's offsets, and each
/// tick advances a keyframe index whose pose (y offset, rotation, y-scale) is reached by that
/// row's own curve through an implicit animation.
public struct EmojiWave: PlaygroundScene {
  public static let name = "emoji-wave"
  public static let title = "Emoji Wave"
  public static let scheduleSummary = ".explicit(+0.3, +0.6, +0.9 s) › .cyclic(timeOffsets: keyframes)"
  /// The faces wave across the middle and left; the top right stays clear.
  public static let hudCorner = Alignment.topTrailing

  /// The emoji, in order of appearance.
  public static let emoji = ["😃", "😎", "😉"]
  /// The delays at which each emoji appears.
  public static let revealDelays: [TimeInterval] = [0.3, 0.6, 0.9]
  /// The keyframe table, the initial pose first.
  public static let keyframes = JumpKeyframes.table
  /// The cyclic schedule's offsets: every row's offset but the initial one.
  public static let offsets = keyframes.dropFirst().map(\.offset)

  /// The parameter file (`emoji-wave.json`): the emoji and the keyframe table.
  public struct Parameters: Codable, Hashable, Sendable {
    /// One to five emoji, in order of appearance (every 0.3 s).
    public var emoji: [String]
    /// The table, the initial pose first, as in the articles.
    public var keyframes: [Row]

    /// One row: the segment's length, the pose it reaches, and the curve that reaches it.
    public struct Row: Codable, Hashable, Sendable {
      public var offset: Double
      public var rotation: Double
      public var yScale: Double
      public var y: Double
      /// `none`, `linear`, `easeIn`, `easeOut` or `easeInOut`.
      public var curve: String
    }
  }

  /// The curves a row may name.
  public static let curves: [String: KeyframeCurve] = [
    "none": .none, "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
  ]

  /// The articles' emoji and table.
  public static let defaults = Parameters(
    emoji: emoji,
    keyframes: keyframes.map { row in
      Parameters.Row(
        offset: row.offset, rotation: row.value.rotation, yScale: row.value.yScale, y: row.value.y,
        curve: curves.first { $0.value == row.curve }?.key ?? "none")
    })

  /// The keyframe index after `idx`, skipping the initial row when wrapping, as the articles do.
  public static func advance(_ idx: Int, count: Int = keyframes.count) -> Int {
    guard count > 1 else { return 0 }
    let next = (idx + 1) % count
    return next == 0 ? 1 : next
  }

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let p = scene.assets.decode(Parameters.self, from: "emoji-wave.json") ?? Self.defaults
    // Files are checked before they reach a scene; the fallbacks keep a scene sound regardless.
    let rows = p.keyframes.compactMap { row in
      Self.curves[row.curve].map {
        KeyFrame(
          offset: row.offset, rotation: row.rotation, yScale: row.yScale, y: row.y,
          animation: $0.animation(duration: row.offset))
      }
    }
    let table = rows.count >= 2 ? rows : EmojiWaveTable.keyframes
    let emoji = p.emoji.isEmpty ? Self.emoji : Array(p.emoji.prefix(5))
    let width = Double(max(emoji.count, 3) - 3) * 216 + 560
    let k = scene.fitScale(Size(width: width, height: 360), fill: 0.85)
    ZStack {
      LinearGradient(colors: [Color(hex: 0xFFF4D6), Color(hex: 0xFFD3A8)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      ManyEmojis(
        dates: emoji.indices.map { scene.start.addingTimeInterval(0.3 * Double($0 + 1)) }, emoji: emoji,
        keyframes: table
      )
      .offset(y: 40)
      .scaleEffect(k)
      Caption(
        text: ".explicit(reveal) › .cyclic(timeOffsets:) keyframes", size: scene.size,
        color: Color.black.opacity(0.45))
    }
  }
}

/// The articles' `ManyEmojis`: an explicit schedule reveals the emoji one by one.
struct ManyEmojis: View {
  @State var emojiCount = 0
  /// The reveal dates; the articles write `.now + 0.3`, `+ 0.6`, `+ 0.9`.
  let dates: [Date]
  var emoji = EmojiWave.emoji
  var keyframes = EmojiWaveTable.keyframes

  var body: some View {
    TimelineView(.explicit(dates)) { timeline in
      HStack(spacing: 80) {
        // An emoji not revealed yet keeps its place, so the others do not shift.
        ForEach(0..<emoji.count, id: \.self) { i in
          if emojiCount > i {
            JumpingEmoji(emoji: emoji[i], keyframes: keyframes)
          } else {
            Spacer().frame(width: 136, height: 136)
          }
        }
      }
      .onChange(of: timeline.date) { (date: Date) in
        emojiCount += 1
      }
      .frame(width: Double(max(emoji.count, 3) - 3) * 216 + 560, height: 300, alignment: .center)
    }
  }
}

/// The articles' `JumpingEmoji`: one emoji on its own cyclic timeline.
struct JumpingEmoji: View {
  let emoji: String
  /// The table; the articles read a global, the playground lets `emoji-wave.json` replace it.
  var keyframes = EmojiWaveTable.keyframes

  // Use all offsets, minus the first.
  var offsets: [TimeInterval] { Array(keyframes.map { $0.offset }.dropFirst()) }

  var body: some View {
    TimelineView(.cyclic(timeOffsets: offsets)) { timeline in
      HappyEmoji(emoji: emoji, keyframes: keyframes, date: timeline.date)
    }
  }
}

/// The articles' `HappyEmoji`: each timeline update advances a keyframe index, and the index's
/// row is reached with that row's own animation.
struct HappyEmoji: View {
  let emoji: String
  var keyframes = EmojiWaveTable.keyframes
  // The current keyframe number.
  @State var idx: Int = 0

  // The timeline update.
  let date: Date

  var body: some View {
    Text(emoji)
      .font(.largeTitle)
      .scaleEffect(4.0)
      // A live edit can shorten the table under a running index.
      .modifier(Effects(keyframe: keyframes[idx % keyframes.count]))
      .animation(keyframes[idx % keyframes.count].animation, value: idx)
      .onChange(of: date) { _ in advanceKeyFrame() }
      .onAppear { advanceKeyFrame() }
  }

  func advanceKeyFrame() {
    idx = EmojiWave.advance(idx, count: keyframes.count)
  }

  struct Effects: ViewModifier {
    let keyframe: KeyFrame

    func body(content: Content) -> some View {
      content
        .scaleEffect(CGSize(width: 1.0, height: keyframe.yScale))
        .rotationEffect(Angle(degrees: keyframe.rotation))
        .offset(y: keyframe.y)
    }
  }
}

/// The articles' keyframe row: a pose and the animation that reaches it.
struct KeyFrame: Equatable {
  let offset: TimeInterval
  let rotation: Double
  let yScale: Double
  let y: CGFloat
  let animation: Animation?
}

/// The articles' table, under a name the views' own `keyframes` properties do not shadow;
/// built from `JumpKeyframes` so the figures live in one place.
enum EmojiWaveTable {
  static let keyframes: [KeyFrame] = JumpKeyframes.table.map {
    KeyFrame(
      offset: $0.offset, rotation: $0.value.rotation, yScale: $0.value.yScale, y: $0.value.y,
      animation: $0.curve.animation(duration: $0.offset))
  }
}
