import FoundationEssentials
import Graphics

/// A renderer drawing into memory: no window shown and, for `cpu` and `sdl-software`, no
/// display needed.
public final class OffscreenTarget {
  private let drawing: any SelectableRenderer
  /// The renderer drawing into the target.
  public var renderer: any Renderer { drawing }

  /// Creates a `width × height` target drawn by `choice`: `.auto` means `cpu` here, since
  /// snapshots and benchmarks must not depend on which GPU is present.
  ///
  /// `.accelerated` needs a video driver with OpenGL (the `offscreen` driver's EGL works
  /// headless) and draws into a render-target texture of a hidden window.
  public init(width: Int, height: Int, atlas: GlyphAtlas? = nil, renderer choice: RendererChoice = .cpu) throws {
    let kind = choice == .auto ? RendererChoice.cpu : choice
    drawing = try kind.rendererType.make(
      width: max(1, width), height: max(1, height), atlas: atlas, reason: choice == .auto ? "offscreen" : "asked for")
  }

  deinit {
    drawing.destroy()
  }
}
