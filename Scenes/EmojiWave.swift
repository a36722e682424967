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

  public func body(_ scene: SceneContext) -> Node {
    let k = scene.fitScale(Size(width: 560, height: 360), fill: 0.85)
    let dates = Self.revealDelays.map { scene.start.addingTimeInterval($0) }
    ZStack {
      LinearGradient(colors: [Color(hex: 0xFFF4D6), Color(hex: 0xFFD3A8)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      TimelineView(.explicit(dates)) { timeline in
        Stateful(0) { emojiCount in
          HStack(spacing: 80) {
            for (i, e) in Self.emoji.enumerated() {
              if emojiCount.wrappedValue > i {
                JumpingEmoji(emoji: e).node
              } else {
                Spacer().frame(width: 136, height: 136)
              }
            }
          }
          .onChange(of: timeline.date) { emojiCount.wrappedValue += 1 }
          .frame(width: 560, height: 300, alignment: .center)
          .offset(y: 40)
          .scaleEffect(k)
        }
      }
      caption(".explicit(reveal) › .cyclic(timeOffsets:) keyframes", size: scene.size, color: Color.black.opacity(0.45))
    }
  }
}

/// One emoji on its own cyclic timeline: the seeds' `JumpingEmoji`.
struct JumpingEmoji: View {
  let emoji: String
  var node: Node {
    TimelineView(.cyclic(timeOffsets: EmojiWave.offsets)) { timeline in
      HappyEmoji(emoji: emoji, date: timeline.date).node
    }.node
  }
}

/// The emoji and its keyframe index: the seeds' `HappyEmoji`.
struct HappyEmoji: View {
  let emoji: String
  let date: Date
  var node: Node {
    Stateful(0) { idx in
      let frame = EmojiWave.keyframes[idx.wrappedValue]
      Text(emoji)
        .font(.largeTitle)
        .scaleEffect(4.0)
        .scaleEffect(x: 1, y: frame.value.yScale)
        .rotationEffect(.degrees(frame.value.rotation))
        .offset(y: frame.value.y)
        .animation(frame.curve.animation(duration: frame.offset), value: idx.wrappedValue)
        .onChange(of: date) { idx.wrappedValue = EmojiWave.advance(idx.wrappedValue) }
        .onAppear { idx.wrappedValue = EmojiWave.advance(idx.wrappedValue) }
    }.node
  }
}
