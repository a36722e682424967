import SceneGraph

/// The articles' headline claim, side by side: a visualizer on a fixed 30 Hz timer against the
/// same visualizer on `TimelineView(.animation)`.
///
/// Left, the articles' "incorrect" version: `Timer.publish(every: 1/30)` writes random levels into
/// `@State` and each tick queues a 0.05 s animation. The timer knows nothing of the display:
/// each tick wakes the app and is drawn at once, between refreshes. Right, the "correct" one:
/// heights are a function of the timeline's date, one update per display frame. Under each,
/// live counts of frames that showed its updates, how many of those were off the display's
/// refresh grid, and updates that never reached the screen.
public struct TimerVsTimelineScene: PlaygroundScene {
  public static let name = "timer-vs-timeline"
  public static let title = "Timer vs Timeline"
  public static let scheduleSummary = "Timer.publish(every: 1/30) beside .animation"

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let k = scene.fitScale(Size(width: 760, height: 400), fill: 0.92)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x0B1026), Color(hex: 0x1B2450)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      TimerVsTimeline().scaleEffect(k)
      Caption(text: "Timer.publish(every: 1/30) + @State  ·  TimelineView(.animation)", size: scene.size)
    }
  }
}

/// A seeded stand-in for `CGFloat.random(in:)`, so a given tick always draws the same levels.
typealias LevelGenerator = SplitMix64

struct TimerVsTimeline: View {
  @State private var log = PresentationLog()

  var body: some View {
    VStack(spacing: 22) {
      HStack(alignment: .top, spacing: 60) {
        VStack(spacing: 16) {
          Label(text: "Timer.publish(every: 1/30)", color: Color(hex: 0xFF9F7A))
          TimerAudioVisualizer(log: log).frame(width: 300, height: 170)
        }
        VStack(spacing: 16) {
          Label(text: "TimelineView(.animation)", color: Color(hex: 0x8FE3A8))
          TimelineAudioVisualizer(log: log).frame(width: 300, height: 170)
        }
      }
      // Runs every display frame: folds each side's updates into the frame that shows them.
      TimelineView(.animation) { _ in
        let frame = DisplayFrame.current
        let _ = log.presented(frame)
        HStack(spacing: 60) {
          Counters(counts: log.counts(for: "timer"))
          Counters(counts: log.counts(for: "timeline"))
        }
      }
    }
  }

  struct Label: View {
    let text: String
    let color: Color
    var body: some View {
      Text(text).font(.system(size: 17, weight: .semibold, design: .monospaced)).foregroundStyle(color)
    }
  }

  struct Counters: View {
    let counts: PresentationLog.Counts
    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        Text("updates \(counts.updates)")
        Text("frames presented \(counts.framesPresented)")
        Text("off the display grid \(counts.offGrid)")
        Text("updates that rendered nothing \(counts.renderedNothing)")
      }
      .font(.system(size: 14, design: .monospaced).monospacedDigit())
      .foregroundStyle(Color(hex: 0xD8DEF0))
      .frame(width: 300, alignment: .leading)
    }
  }
}

/// The articles' incorrect `AudioVisualizer`: a timer writes random levels into state.
struct TimerAudioVisualizer: View {
  let log: PresentationLog
  @State private var levels: [CGFloat] = Array(repeating: 0.3, count: 8)
  @State private var generator = LevelGenerator(state: 1)

  let timer = Timer.publish(every: 1.0 / 30.0, on: .main, in: .common).autoconnect()

  var body: some View {
    HStack(alignment: .bottom, spacing: 12) {
      ForEach(0..<8, id: \.self) { index in
        RoundedRectangle(cornerRadius: 5)
          .fill(Color.orange.gradient)
          .frame(width: 24, height: 160 * levels[index])
          // Each timer tick queues a new animation transaction.
          .animation(.linear(duration: 0.05), value: levels[index])
      }
    }
    .frame(height: 160, alignment: .bottom)
    .onReceive(timer) { _ in
      var g = generator
      for i in 0..<levels.count {
        levels[i] = CGFloat.random(in: 0.15...1.0, using: &g)
      }
      generator = g
      log.updated("timer")
    }
  }
}

/// The articles' correct `AudioVisualizer`: heights are a function of the timeline's date.
struct TimelineAudioVisualizer: View, Equatable {
  let log: PresentationLog

  static func == (a: Self, b: Self) -> Bool { a.log === b.log }

  var body: some View {
    TimelineView(.animation) { context in
      let time = context.date.timeIntervalSinceReferenceDate
      let _ = log.updated("timeline")

      HStack(alignment: .bottom, spacing: 12) {
        ForEach(0..<8, id: \.self) { index in
          let phase = time * 3 + Double(index) * 0.4
          let height = 0.3 + 0.7 * abs(sin(phase))

          RoundedRectangle(cornerRadius: 5)
            .fill(Color.green.gradient)
            .frame(width: 24, height: 160 * height)
        }
      }
      .frame(height: 160, alignment: .bottom)
    }
  }
}
