import SceneGraph

/// Three emoji that join one by one and jump through the seeds' keyframe table.
///
/// From the seeds: an outer `.explicit` schedule at +0.3, +0.6 and +0.9 s reveals the emoji;
/// each is a nested timeline on `.cyclic(timeOffsets:)` fed with the table's offsets, and each
/// tick advances a keyframe index whose pose (y offset, rotation, y-scale) is reached by that
/// row's own curve through an implicit animation.
public struct EmojiWave: PlaygroundScene {
  public static let name = "emoji-wave"
  public static let title = "Emoji Wave"
  public static let scheduleSummary = ".explicit(+0.3, +0.6, +0.9 s) › .cyclic(timeOffsets: keyframes)"

  /// The emoji, in order of appearance.
  public static let emoji = ["😃", "😎", "😉"]
  /// The delays at which each emoji appears.
  public static let revealDelays: [TimeInterval] = [0.3, 0.6, 0.9]
  /// The keyframe table, the initial pose first.
  public static let keyframes = JumpKeyframes.table
  /// The cyclic schedule's offsets: every row's offset but the initial one.
  public static let offsets = keyframes.dropFirst().map(\.offset)

  /// The keyframe index after `idx`, skipping the initial row when wrapping, as the seeds do.
  public static func advance(_ idx: Int) -> Int {
    let next = (idx + 1) % keyframes.count
    return next == 0 ? 1 : next
  }

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let k = scene.fitScale(Size(width: 560, height: 360), fill: 0.85)
    ZStack {
      LinearGradient(colors: [Color(hex: 0xFFF4D6), Color(hex: 0xFFD3A8)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      ManyEmojis(dates: Self.revealDelays.map { scene.start.addingTimeInterval($0) })
        .offset(y: 40)
        .scaleEffect(k)
      Caption(
        text: ".explicit(reveal) › .cyclic(timeOffsets:) keyframes", size: scene.size,
        color: Color.black.opacity(0.45))
    }
  }
}

/// The seeds' `ManyEmojis`: an explicit schedule reveals the emoji one by one.
struct ManyEmojis: View {
  @State var emojiCount = 0
  /// The reveal dates; the seeds write `.now + 0.3`, `+ 0.6`, `+ 0.9`.
  let dates: [Date]

  var body: some View {
    TimelineView(.explicit(dates)) { timeline in
      HStack(spacing: 80) {
        // An emoji not revealed yet keeps its place, so the others do not shift.
        ForEach(0..<EmojiWave.emoji.count, id: \.self) { i in
          if emojiCount > i {
            JumpingEmoji(emoji: EmojiWave.emoji[i])
          } else {
            Spacer().frame(width: 136, height: 136)
          }
        }
      }
      .onChange(of: timeline.date) { (date: Date) in
        emojiCount += 1
      }
      .frame(width: 560, height: 300, alignment: .center)
    }
  }
}

/// The seeds' `JumpingEmoji`: one emoji on its own cyclic timeline.
struct JumpingEmoji: View {
  let emoji: String

  // Use all offsets, minus the first.
  let offsets = Array(keyframes.map { $0.offset }.dropFirst())

  var body: some View {
    TimelineView(.cyclic(timeOffsets: offsets)) { timeline in
      HappyEmoji(emoji: emoji, date: timeline.date)
    }
  }
}

/// The seeds' `HappyEmoji`: each timeline update advances a keyframe index, and the index's
/// row is reached with that row's own animation.
struct HappyEmoji: View {
  let emoji: String
  // The current keyframe number.
  @State var idx: Int = 0

  // The timeline update.
  let date: Date

  var body: some View {
    Text(emoji)
      .font(.largeTitle)
      .scaleEffect(4.0)
      .modifier(Effects(keyframe: keyframes[idx]))
      .animation(keyframes[idx].animation, value: idx)
      .onChange(of: date) { _ in advanceKeyFrame() }
      .onAppear { advanceKeyFrame() }
  }

  func advanceKeyFrame() {
    idx = EmojiWave.advance(idx)
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

/// The seeds' keyframe row: a pose and the animation that reaches it.
struct KeyFrame: Equatable {
  let offset: TimeInterval
  let rotation: Double
  let yScale: Double
  let y: CGFloat
  let animation: Animation?
}

/// The seeds' table, built from `JumpKeyframes` so the figures live in one place.
let keyframes: [KeyFrame] = JumpKeyframes.table.map {
  KeyFrame(
    offset: $0.offset, rotation: $0.value.rotation, yScale: $0.value.yScale, y: $0.value.y,
    animation: $0.curve.animation(duration: $0.offset))
}
