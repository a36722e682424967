/// What a compiled sketch library hands the program: the view it shows, by name.
///
/// The program generates one small source file beside the sketch's own, whose C entry point
/// returns one of these, retained; the library's code runs only through `makeView`.
public final class SketchEntry {
  /// The view's name as `--view` takes it: a type name, a preview's title, or `#Preview@LINE`.
  public let viewName: String
  /// Whether the view is a whole `PlaygroundScene`, which draws its own backdrop, rather than
  /// a view shown on a white one as a preview canvas shows it.
  public let isScene: Bool
  /// Makes the view afresh for the window's context.
  public let makeView: (SceneContext) -> AnyView

  /// Creates an entry for a view.
  public init(viewName: String, isScene: Bool = false, makeView: @escaping (SceneContext) -> AnyView) {
    self.viewName = viewName
    self.isScene = isScene
    self.makeView = makeView
  }
}

/// A type that gives previews of views; SwiftUI's `PreviewProvider`, so published files that
/// still use it compile as they are. `playground run` shows a file's first `#Preview`, or its
/// first view type.
public protocol PreviewProvider {
  /// The previews' type.
  associatedtype Previews: View
  /// The views to preview.
  @ViewBuilder static var previews: Previews { get }
}
