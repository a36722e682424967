import Audio
import SceneGraph

/// The articles' metronome: a pendulum that swings on each beat, a tick per beat and a bell on
/// every fourth.
///
/// From the articles: `.periodic(from:by: 60/bpm)`; back and front are rounded trapezoids; the
/// pendulum swings ±30° with `.easeInOut(duration: 60/bpm)`, toggled in `onChange(of: date)`
/// and `onAppear`. `+`/`-` change the tempo, `M` mutes.
public struct MetronomeScene: PlaygroundScene {
  public static let name = "metronome"
  public static let title = "Metronome"
  public static let scheduleSummary = ".periodic(from: start, by: 60 / bpm)"

  /// The parameter file (`metronome.json`).
  public struct Parameters: Codable, Hashable, Sendable {
    /// Beats per minute, 20…300.
    public var bpm: Double
    /// Beats per bar: the bell rings on the first of each.
    public var beatsPerBar: Int
  }

  /// The articles' tempo (60) and bell (every 4th beat).
  public static let defaults = Parameters(bpm: 60, beatsPerBar: 4)
  /// The tempo range the keys move in.
  public static let bpmRange = 20.0...300.0

  /// Whether beat `n` (1 = the first after the scene appears) rings the bell, as the articles
  /// count: `bellCounter = (bellCounter + 1) % 4`, bell when it is 0.
  public static func isBell(beat n: Int, beatsPerBar: Int) -> Bool {
    n % max(1, beatsPerBar) == 0
  }

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    var p = scene.assets.decode(Parameters.self, from: "metronome.json") ?? Self.defaults
    p.bpm = min(max(p.bpm.isFinite ? p.bpm : 60, Self.bpmRange.lowerBound), Self.bpmRange.upperBound)
    let k = scene.fitScale(Size(width: 320, height: 420), fill: 0.85)
    return ZStack {
      LinearGradient(colors: [Color(hex: 0xEEF3F7), Color(hex: 0xC9D6E0)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      Metronome(initialBPM: p.bpm, beatsPerBar: p.beatsPerBar, start: scene.start).scaleEffect(k)
      Caption(
        text: ".periodic(by: 60/bpm) · pendulum .easeInOut(60/bpm) · +/- tempo · M mute", size: scene.size,
        color: Color.black.opacity(0.45))
    }
  }
}

/// The metronome's two sounds, made at start-up (the articles load two MP3s).
let bellSound: Sound? = .bell
let beatSound: Sound? = .beat

/// The articles' `Metronome`, with the tempo as state so the keys can change it.
struct Metronome: View {
  let initialBPM: Double
  let beatsPerBar: Int
  let start: Date
  @State private var bpmOverride: Double?
  @State private var muted = AudioSystem.isMuted

  var body: some View {
    let bpm = bpmOverride ?? initialBPM
    VStack(spacing: 12) {
      TimelineView(.periodic(from: start, by: 60 / bpm)) { timeline in
        MetronomeBack()
          .overlay(MetronomePendulum(bpm: bpm, beatsPerBar: beatsPerBar, date: timeline.date))
          .overlay(MetronomeFront(), alignment: .bottom)
      }
      Text("\(Int(bpm.rounded())) bpm\(muted ? " · muted" : "")")
        .font(.system(size: 20, weight: .semibold).monospacedDigit())
        .foregroundStyle(Color(hex: 0x113355))
    }
    .onKeyPress(keys: ["+", "=", "-"]) { press in
      let step = press.key == "-" ? -4.0 : 4.0
      bpmOverride = min(max(bpm + step, MetronomeScene.bpmRange.lowerBound), MetronomeScene.bpmRange.upperBound)
      return .handled
    }
    .onKeyPress("m") {
      muted.toggle()
      AudioSystem.isMuted = muted
      return .handled
    }
  }
}

/// The articles' `MetronomeBack`.
struct MetronomeBack: View {
  let c1 = Color(red: 0, green: 0.3, blue: 0.5, opacity: 1)
  let c2 = Color(red: 0, green: 0.46, blue: 0.73, opacity: 1)

  var body: some View {
    let gradient = LinearGradient(
      colors: [c1, c2],
      startPoint: .topLeading,
      endPoint: .bottomTrailing)

    RoundedTrapezoid(pct: 0.5, cornerSizes: [CGSize(width: 15, height: 15)])
      .foregroundStyle(gradient)
      .frame(width: 200, height: 350)
  }
}

/// The articles' `MetronomeFront`.
struct MetronomeFront: View {
  var body: some View {
    RoundedTrapezoid(pct: 0.85, cornerSizes: [.zero, CGSize(width: 10, height: 10)])
      .foregroundStyle(Color(red: 0, green: 0.46, blue: 0.73, opacity: 1))
      .frame(width: 180, height: 100).padding(10)
  }
}

/// The articles' trapezoid with rounded corners: the top is `pct` of the base wide, and each
/// corner is cut by a quadratic curve whose control point is the sharp corner.
struct RoundedTrapezoid: Shape {
  let pct: CGFloat
  let cornerSizes: [CGSize]

  func path(in rect: CGRect) -> Path {
    Path { path in
      let (cs1, cs2, cs3, cs4) = decodeCornerSize()
      let (x0, y0) = (rect.origin.x, rect.origin.y)

      // Start of path
      let start = CGPoint(x: rect.midX, y: y0)

      // width base and top
      let wb = rect.size.width
      let wt = wb * pct

      // angles
      let angle: CGFloat = atan(Double(rect.height / ((wb - wt) / 2.0)))

      // Control points
      let c1 = CGPoint(x: x0 + (wb - wt) / 2.0, y: y0)
      let c2 = CGPoint(x: c1.x + wt, y: y0)
      let c3 = CGPoint(x: x0 + wb, y: rect.maxY)
      let c4 = CGPoint(x: x0, y: rect.maxY)

      // Points a and b
      let pa2 = CGPoint(x: c2.x - cs2.width, y: y0)
      let pb2 = CGPoint(x: c2.x + CGFloat(cs2.height * tan((.pi / 2) - angle)), y: y0 + cs2.height)

      let pb3 = CGPoint(x: c3.x - cs3.width, y: rect.maxY)
      let pa3 = CGPoint(x: c3.x - (cs3.height != 0 ? CGFloat(tan(angle) / cs3.height) : 0.0), y: rect.maxY - cs3.height)

      let pa4 = CGPoint(x: c4.x + cs4.width, y: rect.maxY)
      let pb4 = CGPoint(x: c4.x + (cs4.height != 0 ? CGFloat(tan(angle) / cs4.height) : 0.0), y: rect.maxY - cs4.height)

      let pb1 = CGPoint(x: c1.x + cs1.width, y: y0)
      let pa1 = CGPoint(x: c1.x - CGFloat(cs1.height * tan((.pi / 2) - angle)), y: y0 + cs1.height)

      path.move(to: start)

      path.addLine(to: pa2)
      path.addQuadCurve(to: pb2, control: c2)

      path.addLine(to: pa3)
      path.addQuadCurve(to: pb3, control: c3)

      path.addLine(to: pa4)
      path.addQuadCurve(to: pb4, control: c4)

      path.addLine(to: pa1)
      path.addQuadCurve(to: pb1, control: c1)

      path.closeSubpath()
    }
  }

  func decodeCornerSize() -> (CGSize, CGSize, CGSize, CGSize) {
    if cornerSizes.count == 1 {
      // One size: every corner.
      return (cornerSizes[0], cornerSizes[0], cornerSizes[0], cornerSizes[0])
    } else if cornerSizes.count == 2 {
      // Two sizes: the top corners, then the bottom ones.
      return (cornerSizes[0], cornerSizes[0], cornerSizes[1], cornerSizes[1])
    } else if cornerSizes.count == 4 {
      // Four sizes: one per corner.
      return (cornerSizes[0], cornerSizes[1], cornerSizes[2], cornerSizes[3])
    } else {
      // Anything else: sharp corners.
      return (.zero, .zero, .zero, .zero)
    }
  }
}

/// The articles' `MetronomePendulum`.
struct MetronomePendulum: View {
  @State var pendulumOnLeft: Bool = false
  @State var bellCounter = 0  // sound bell every 4 beats

  let bpm: Double
  let beatsPerBar: Int
  let date: Date

  var body: some View {
    Pendulum(angle: pendulumOnLeft ? -30 : 30)
      .animation(.easeInOut(duration: 60 / bpm), value: pendulumOnLeft)
      .onChange(of: date) { _ in beat() }
      .onAppear { beat() }
  }

  func beat() {
    pendulumOnLeft.toggle()  // triggers the animation
    bellCounter = (bellCounter + 1) % max(1, beatsPerBar)  // counts beats, to ring the bell on the bar's first

    // sound bell or beat?
    if bellCounter == 0 {
      bellSound?.play()
    } else {
      beatSound?.play()
    }
  }

  struct Pendulum: View {
    let angle: Double

    var body: some View {
      return Capsule()
        .fill(.red)
        .frame(width: 10, height: 320)
        .overlay(weight)
        .rotationEffect(Angle.degrees(angle), anchor: .bottom)
    }

    var weight: some View {
      RoundedRectangle(cornerRadius: 10)
        .fill(.orange)
        .frame(width: 35, height: 35)
        .padding(.bottom, 200)
    }
  }
}
