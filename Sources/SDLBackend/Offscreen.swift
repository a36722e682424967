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

  /// Lends the drawn pixels without converting or copying them, for streaming frames out:
  /// rows `stride` pixels apart, each `0xAARRGGBB` premultiplied (bytes B, G, R, A). Nil for
  /// renderers whose pixels are not in memory (the GPU's); `readPixels` works for every one.
  public func withStoredPixels<R>(
    _ body: (_ pixels: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ stride: Int) throws -> R
  ) rethrows -> R? {
    guard let cpu = drawing as? CPURenderer else { return nil }
    return try cpu.withStoredPixels { try body($0.pixels, $0.width, $0.height, $0.stride) }
  }
}
