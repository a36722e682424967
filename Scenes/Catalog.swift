import SceneGraph

/// Every scene in hot-key order: key 1 opens the first.
public enum SceneCatalog {
  /// The scenes, in the order of the number keys (`1`–`9`, then `0` for the tenth; the rest
  /// by `←`/`→`/`Tab` or the overview).
  public static var all: [any PlaygroundScene.Type] { builtIn + added }

  /// The scenes compiled into the program.
  public static let builtIn: [any PlaygroundScene.Type] = [
    Visualizer.self, LiveIndicatorScene.self, MeshGradientScene.self, Clock.self, EmojiWave.self,
    MetronomeScene.self, BeatingHeartScene.self, ManyFacesScene.self, QuipsScene.self, WorldClockScene.self,
    GifPlayerScene.self, UpdateTrapScene.self, TimerVsTimelineScene.self, ParticleFieldScene.self,
    KeyframeExampleScene.self,
  ]

  /// Scenes added at run time (a sketch), after the built-in ones. Set once, before any window
  /// or replay reads the catalog, on the main thread.
  nonisolated(unsafe) private static var added: [any PlaygroundScene.Type] = []

  /// Adds a scene after the built-in ones: a sketch shows in the overview beside them.
  public static func add(_ scene: any PlaygroundScene.Type) { added.append(scene) }

  /// The key that opens scene `index`, if it has one: `1`–`9`, then `0`.
  public static func keyLabel(_ index: Int) -> String? {
    switch index {
    case 0..<9: String(index + 1)
    case 9: "0"
    default: nil
    }
  }

  /// The scene index a digit key opens.
  public static func index(forDigit d: Int) -> Int? {
    let i = d == 0 ? 9 : d - 1
    return (0..<all.count).contains(i) ? i : nil
  }

  /// The scene with the given command-line name.
  public static func scene(named name: String) -> (any PlaygroundScene.Type)? {
    all.first { $0.name == name }
  }

  /// The command-line names, in order.
  public static var names: [String] { all.map { $0.name } }
}
