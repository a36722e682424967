import SceneGraph

/// A red "live" dot with a translucent ring that breathes.
///
/// From the articles: `TimelineView(.animation)`, pulse `sin(t·2)·0.5 + 0.5`, ring diameter
/// `24 + 8·pulse` around a 10-point dot, red at 0.2 opacity; here scaled up to the window.
public struct LiveIndicatorScene: PlaygroundScene {
  public static let name = "live-indicator"
  public static let title = "Live Indicator"
  public static let scheduleSummary = ".animation"

  /// The articles' pulse, 0…1, at time `t` (seconds since 2001).
  public static func pulse(time t: Double) -> Double { sin(t * 2) * 0.5 + 0.5 }

  /// The ring's diameter in design points at time `t`.
  public static func ringDiameter(time t: Double) -> Double { 24 + pulse(time: t) * 8 }

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let k = scene.fitScale(Size(width: 120, height: 60), fill: 0.8)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x17171C), Color(hex: 0x23232B)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      LiveIndicator(scale: k)
      Caption(text: "TimelineView(.animation)  pulse = sin(t·2)·0.5+0.5", size: scene.size)
    }
  }
}

/// The articles' `LiveIndicator`: a red dot whose ring breathes with the timeline's date, in a
/// "LIVE" badge.
struct LiveIndicator: View, Equatable {
  /// Points per design point.
  let scale: Double

  var body: some View {
    let k = scale
    TimelineView(.animation) { context in
      let time = context.date.timeIntervalSinceReferenceDate
      let pulse = LiveIndicatorScene.pulse(time: time)
      let ring = LiveIndicatorScene.ringDiameter(time: time)
      HStack(spacing: 8 * k) {
        ZStack {
          Circle()
            .fill(Color.red.opacity(0.2))
            .frame(width: ring * k, height: ring * k)
          Circle()
            .fill(Color.red)
            .frame(width: 10 * k, height: 10 * k)
        }
        .frame(width: 32 * k, height: 32 * k)
        Text("LIVE")
          .font(.system(size: 14 * k, weight: .bold))
          .foregroundStyle(Color.white.opacity(0.75 + 0.25 * pulse))
      }
      .padding(EdgeInsets(top: 6 * k, leading: 10 * k, bottom: 6 * k, trailing: 16 * k))
      .background {
        // Opaque rather than white at 6 %: SDL's software rasterizer blends the shared edges
        // of long sliver triangles twice, which shows as faint lines in translucent fills.
        Capsule().fill(Color(hex: 0x2C2C34))
      }
    }
  }
}
