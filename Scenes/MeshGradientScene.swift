import SceneGraph

/// A full-window 3×3 mesh gradient whose center point drifts.
///
/// From the articles: center at `(0.5 + 0.2·sin(t·0.8), 0.5 + 0.2·cos(t·0.6))`, colors blue,
/// purple, indigo / cyan, mint, purple / blue, indigo, cyan.
public struct MeshGradientScene: PlaygroundScene {
  public static let name = "mesh-gradient"
  public static let title = "Mesh Gradient"
  public static let scheduleSummary = ".animation"

  /// The parameter file (`mesh-gradient.json`): the nine colors and nine control points row by
  /// row, and how far the center point drifts from where `points` puts it.
  public struct Parameters: Codable, Hashable, Sendable {
    /// Nine `#RRGGBB` colors, row by row.
    public var colors: [String]
    /// Nine `[x, y]` pairs in 0…1, row by row; the fifth is the drifting center's rest point.
    public var points: [[Double]]
    /// The drift's amplitude in unit coordinates (the articles' 0.2); 0 holds the center still.
    public var drift: Double
  }

  /// The articles' mesh.
  public static let defaults = Parameters(
    colors: ["#007AFF", "#AF52DE", "#5856D6", "#32ADE6", "#00C7BE", "#AF52DE", "#007AFF", "#5856D6", "#32ADE6"],
    points: [[0, 0], [0.5, 0], [1, 0], [0, 0.5], [0.5, 0.5], [1, 0.5], [0, 1], [0.5, 1], [1, 1]],
    drift: 0.2)

  /// The moving center control point at time `t` (seconds since 2001), around `rest`.
  public static func center(time t: Double, rest: Point = Point(x: 0.5, y: 0.5), drift: Double = 0.2) -> Point {
    Point(x: rest.x + drift * sin(t * 0.8), y: rest.y + drift * cos(t * 0.6))
  }

  /// The nine colors, row by row.
  public static let colors: [Color] = [
    .blue, .purple, .indigo,
    .cyan, .mint, .purple,
    .blue, .indigo, .cyan,
  ]

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let p = scene.assets.decode(Parameters.self, from: "mesh-gradient.json")
    // Files are checked before they reach a scene; the guards keep a scene sound regardless.
    let colors = p.map { $0.colors.compactMap(Color.init(hexString:)) }.flatMap { $0.count == 9 ? $0 : nil }
    let points = p.map { $0.points.compactMap { $0.count == 2 ? Point(x: $0[0], y: $0[1]) : nil } }
      .flatMap { $0.count == 9 ? $0 : nil }
    ZStack {
      AnimatedGradientBackground(
        size: scene.size, colors: colors ?? Self.colors,
        points: points ?? Self.defaults.points.map { Point(x: $0[0], y: $0[1]) },
        drift: p?.drift ?? Self.defaults.drift)
      Caption(text: "TimelineView(.animation)  MeshGradient 3×3", size: scene.size)
    }
  }
}

/// The articles' `AnimatedGradientBackground`: a 3×3 mesh whose center point drifts.
struct AnimatedGradientBackground: View, Equatable {
  /// The window's size; the articles' `.ignoresSafeArea()` fills it.
  let size: Size
  var colors = MeshGradientScene.colors
  var points = MeshGradientScene.defaults.points.map { Point(x: $0[0], y: $0[1]) }
  var drift = 0.2

  var body: some View {
    TimelineView(.animation) { context in
      let c = MeshGradientScene.center(
        time: context.date.timeIntervalSinceReferenceDate, rest: points[4], drift: drift)
      MeshGradient(
        width: 3, height: 3,
        points: points.enumerated().map { $0.offset == 4 ? [c.x, c.y] : [$0.element.x, $0.element.y] },
        colors: colors
      )
      .frame(width: size.width, height: size.height)
    }
  }
}
