import SceneGraph

/// A heart that beats on an irregular rhythm: the articles' custom cyclic schedule.
///
/// From the articles: `.cyclic(timeOffsets: [0.2, 0.2, 0.4])`, scales 1.0 → 1.6 → 2.0, each step
/// reached with `.spring(response: 0.10, dampingFraction: 0.24, blendDuration: 0.2)`. The
/// phase advances in `onChange(of: date)` and once in `onAppear`.
public struct BeatingHeartScene: PlaygroundScene {
  public static let name = "heart"
  public static let title = "Beating Heart"
  public static let scheduleSummary = ".cyclic(timeOffsets: [0.2, 0.2, 0.4])"

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let k = scene.fitScale(Size(width: 220, height: 220), fill: 0.7)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x2A0A12), Color(hex: 0x4A1020)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      BeatingHeart().scaleEffect(k)
      Caption(text: ".cyclic(timeOffsets: [0.2, 0.2, 0.4]) · .spring(blendDuration: 0.2)", size: scene.size)
    }
  }
}

/// The articles' `BeatingHeart`.
struct BeatingHeart: View {
  var body: some View {
    TimelineView(.cyclic(timeOffsets: [0.2, 0.2, 0.4])) { timeline in
      Heart(date: timeline.date)
    }
  }
}

/// The articles' `Heart`: each timeline update moves to the next scale with a bouncy spring.
struct Heart: View {
  @State private var phase = 0
  let scales: [CGFloat] = [1.0, 1.6, 2.0]

  let date: Date

  var body: some View {
    HStack {
      Text("❤️")
        .font(.largeTitle)
        .scaleEffect(scales[phase])
        .animation(
          .spring(
            response: 0.10,
            dampingFraction: 0.24,
            blendDuration: 0.2),
          value: phase
        )
        .onChange(of: date) { _ in
          advanceAnimationPhase()
        }
        .onAppear {
          advanceAnimationPhase()
        }
    }
  }

  func advanceAnimationPhase() {
    phase = (phase + 1) % scales.count
  }
}
