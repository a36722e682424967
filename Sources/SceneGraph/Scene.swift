@_exported import Foundation
@_exported import Graphics
@_exported import Motion
@_exported import Timeline

/// What a scene's body receives besides its timelines' contexts.
public struct SceneContext: Sendable {
  /// The scene's size in points.
  public var size: Size
  /// The wall-clock date at which the scene was shown; schedules start from it.
  public var start: Date

  /// Creates a scene context.
  public init(size: Size, start: Date) {
    self.size = size
    self.start = start
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
  /// Builds this frame's tree.
  @NodeBuilder func body(_ context: SceneContext) -> Node
  /// Live information worth showing in the title bar while nothing is drawn (minimized).
  func titleDetail(date: Date, cadence: Cadence) -> String?
}

extension PlaygroundScene {
  public func titleDetail(date: Date, cadence: Cadence) -> String? { nil }
}
