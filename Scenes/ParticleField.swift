import SceneGraph

/// Five hundred particles drifting through a swirl, drawn by one `Canvas` inside a
/// `TimelineView(.animation)`: SwiftUI's own pairing for per-frame drawing.
///
/// Each particle's position is a function of the timeline's date alone (a seeded start, a
/// speed and an orbit around the centre), so any frame can be drawn on its own and a
/// recording is exactly the window.
public struct ParticleFieldScene: PlaygroundScene {
  public static let name = "particles"
  public static let title = "Particle Field"
  public static let scheduleSummary = ".animation · Canvas"

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    ZStack {
      LinearGradient(colors: [Color(hex: 0x05060F), Color(hex: 0x101735)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      ParticleField(start: scene.start)
      Caption(text: "TimelineView(.animation) { Canvas { context, size in … } } · 500 particles", size: scene.size)
    }
  }
}

/// One particle's fixed traits, drawn from a seeded generator.
struct Particle {
  var radius: Double
  var angle: Double
  var speed: Double
  var distance: Double
  var size: Double
  var hue: Double

  /// The 500 particles, the same on every run.
  static let all: [Particle] = {
    var rng = SplitMix64(state: 0x5EED_0F_F1E1D)
    func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
    return (0..<500).map { _ in
      Particle(
        radius: 0.08 + 0.9 * unit().squareRoot(), angle: unit() * 2 * .pi, speed: 0.15 + 0.5 * unit(),
        distance: unit(), size: 1.5 + 3.5 * unit() * unit(), hue: 0.52 + 0.35 * unit())
    }
  }()
}

/// The articles' pairing written the way SwiftUI's documentation writes it.
struct ParticleField: View {
  let start: Date

  var body: some View {
    TimelineView(.animation) { timeline in
      let t = timeline.date.timeIntervalSince(start)
      Canvas { context, size in
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        let reach = min(size.width, size.height) * 0.48
        for p in Particle.all {
          // Inner particles orbit faster; each breathes in and out along its radius.
          let turn = p.angle + t * p.speed / (0.3 + p.radius)
          let r = reach * p.radius * (0.92 + 0.08 * sin(t * 1.3 + p.distance * 9))
          let x = center.x + cos(turn) * r
          let y = center.y + sin(turn) * r * 0.62
          let glow = 0.55 + 0.45 * sin(t * 2 + p.distance * 20)
          let rect = CGRect(x: x - p.size, y: y - p.size, width: p.size * 2, height: p.size * 2)
          context.fill(
            Path(ellipseIn: rect),
            with: .color(Color(hue: p.hue, saturation: 0.7, brightness: 1, opacity: 0.35 + 0.6 * glow)))
        }
      }
    }
  }
}
