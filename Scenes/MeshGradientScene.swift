import SceneGraph

/// A full-window 3×3 mesh gradient whose center point drifts.
///
/// From the seeds: center at `(0.5 + 0.2·sin(t·0.8), 0.5 + 0.2·cos(t·0.6))`, colors blue,
/// purple, indigo / cyan, mint, purple / blue, indigo, cyan.
public struct MeshGradientScene: PlaygroundScene {
  public static let name = "mesh-gradient"
  public static let title = "Mesh Gradient"
  public static let scheduleSummary = ".animation"

  /// The moving center control point at time `t` (seconds since 2001).
  public static func center(time t: Double) -> Point {
    Point(x: 0.5 + 0.2 * sin(t * 0.8), y: 0.5 + 0.2 * cos(t * 0.6))
  }

  /// The nine colors, row by row.
  public static let colors: [Color] = [
    .blue, .purple, .indigo,
    .cyan, .mint, .purple,
    .blue, .indigo, .cyan,
  ]

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    ZStack {
      AnimatedGradientBackground(size: scene.size)
      Caption(text: "TimelineView(.animation)  MeshGradient 3×3", size: scene.size)
    }
  }
}

/// The seeds' `AnimatedGradientBackground`: a 3×3 mesh whose center point drifts.
struct AnimatedGradientBackground: View, Equatable {
  /// The window's size; the seeds' `.ignoresSafeArea()` fills it.
  let size: Size

  var body: some View {
    TimelineView(.animation) { context in
      let c = MeshGradientScene.center(time: context.date.timeIntervalSinceReferenceDate)
      MeshGradient(
        width: 3, height: 3,
        points: [
          [0, 0], [0.5, 0], [1, 0],
          [0, 0.5], [c.x, c.y], [1, 0.5],
          [0, 1], [0.5, 1], [1, 1],
        ],
        colors: MeshGradientScene.colors
      )
      .frame(width: size.width, height: size.height)
    }
  }
}
