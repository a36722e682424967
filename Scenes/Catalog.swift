import SceneGraph

/// Every scene in hot-key order: key 1 opens the first.
public enum SceneCatalog {
  /// The scenes, in the order of the number keys.
  public static let all: [any PlaygroundScene.Type] = [
    Visualizer.self, LiveIndicatorScene.self, MeshGradientScene.self, Clock.self, EmojiWave.self,
  ]

  /// The scene with the given command-line name.
  public static func scene(named name: String) -> (any PlaygroundScene.Type)? {
    all.first { $0.name == name }
  }

  /// The command-line names, in order.
  public static var names: [String] { all.map { $0.name } }
}
