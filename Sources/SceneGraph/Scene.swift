@_exported import FoundationEssentials
@_exported import Glibc
@_exported import Graphics
@_exported import Motion
@_exported import Timeline

/// What a scene's body receives besides its timelines' contexts.
public struct SceneContext: Sendable, Hashable {
  /// The scene's size in points.
  public var size: Size
  /// The wall-clock date at which the scene was shown; schedules start from it.
  public var start: Date
  /// The user's parameter files and asset paths.
  public var assets: SceneAssets

  /// Creates a scene context.
  public init(size: Size, start: Date, assets: SceneAssets = SceneAssets()) {
    self.size = size
    self.start = start
    self.assets = assets
  }

  /// How much to scale a design drawn for `designSize` so it fills the scene, centered.
  public func fitScale(_ designSize: Size, fill: Double = 0.8) -> Double {
    max(0.01, min(size.width / designSize.width, size.height / designSize.height) * fill)
  }
}

/// A full-window example: a sketch whose picture is a function of its timelines.
public protocol PlaygroundScene: Sendable {
  /// The name used on the command line (`--scene`), lowercase with dashes.
  static var name: String { get }
  /// The human title shown in the window title bar.
  static var title: String { get }
  /// The schedule(s) the scene runs on, for `playground list` and the HUD.
  static var scheduleSummary: String { get }
  /// Creates the scene.
  init()
  /// The view the scene shows.
  associatedtype Content: View
  /// The scene's view for a window of the context's size; it is built again only when the
  /// context changes (a resize), and its own views update themselves from there.
  @ViewBuilder func body(_ context: SceneContext) -> Content
  /// Live information worth showing in the title bar while nothing is drawn (minimized).
  func titleDetail(date: Date, cadence: Cadence) -> String?
  /// The window corner where the scene leaves room for the HUD (top-left unless it says).
  static var hudCorner: Alignment { get }
}

extension PlaygroundScene {
  public func titleDetail(date: Date, cadence: Cadence) -> String? { nil }
  public static var hudCorner: Alignment { .topLeading }
}

/// Hosts a scene in a view tree: its body is the scene's view for the context.
///
/// Scenes are compared like any view, so the host runs the scene's body once and again only
/// when the scene value or the context (the window size) changes.
public struct SceneView: View {
  let scene: any PlaygroundScene
  let context: SceneContext

  /// Creates the host of `scene` at `context`.
  public init(scene: any PlaygroundScene, context: SceneContext) {
    self.scene = scene
    self.context = context
  }

  public var body: AnyView {
    func make<S: PlaygroundScene>(_ s: S) -> AnyView { AnyView(s.body(context)) }
    return make(scene)
  }
}

/// The parameter files a scene may read (already checked by the app), and asset paths.
///
/// Compared by `generation` and the paths alone, so a frame whose files did not change does
/// not compare their bytes; the app bumps the generation whenever it swaps a file in.
public struct SceneAssets: Hashable, Sendable {
  /// Bumped on every change of `files`.
  public var generation = 0
  /// The contents of each parameter file that parsed, by file name (`metronome.json`).
  public var files: [String: Data] = [:]
  /// The folder assets are read from, if any.
  public var directory: String?
  /// The GIF the `gif` scene plays instead of the bundled one.
  public var gifPath: String?

  /// No files: every scene uses its built-in defaults.
  public init() {}

  public static func == (a: Self, b: Self) -> Bool {
    a.generation == b.generation && a.directory == b.directory && a.gifPath == b.gifPath
  }

  public func hash(into h: inout Hasher) {
    h.combine(generation)
    h.combine(directory)
    h.combine(gifPath)
  }

  /// Decodes `file` as `T`, or nil when the file is absent (or, since files are checked before
  /// they get here, unreadable as `T`).
  public func decode<T: Decodable>(_ type: T.Type, from file: String) -> T? {
    guard let data = files[file] else { return nil }
    return try? JSONDecoder().decode(T.self, from: data)
  }
}
