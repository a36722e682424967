internal import CSDL2
import FoundationEssentials
import Graphics

/// SDL's accelerated renderer: whichever one SDL picks (OpenGL under X11), with vsync in a
/// window and a render-target texture offscreen.
final class AcceleratedRenderer: SDLRenderer, SelectableRenderer {
  static var choice: RendererChoice { .accelerated }
  static var defaultDriver: String { "opengl" }
  /// It needs OpenGL, which a machine without a GPU or a display may lack.
  static var mayBeUnavailable: Bool { true }
  /// SDL picks the driver, so the label says which.
  static var labelNamesDriver: Bool { true }

  /// A GPU interpolates vertex colors, so mesh gradients reach it as triangles, and filters
  /// textures, so circles and rounded rectangles reach it as quads over coverage masks; it
  /// gets edges whole and backdrops as images, since it would draw a ramp with 8-bit bands.
  override var capabilities: RendererCapabilities { [.smoothVertexColors, .coverageMasks] }

  /// A GPU blends an opaque triangle to the pixels it would write unblended, and each switch
  /// of blend mode costs a draw call: on an NVIDIA H200, drawing fills whole took the submit
  /// phase from 0.16 to 0.09 ms a frame on the visualizer and from 0.90 to 0.80 on the overview
  /// (docs/performance.md).
  override var splitsFillsByOpacity: Bool { false }

  /// A GPU discards what a region's clip leaves out for next to nothing, while each call costs
  /// the driver its state: the particles' 500 discs, some in each damage region, made 367
  /// calls a frame as runs, and took 2.1 ms a frame on an NVIDIA H200 against 0.56 drawn
  /// across the gaps (docs/performance.md).
  override var drawsAcrossGaps: Bool { true }

  /// Makes the window's renderer; where SDL has no accelerated one, the CPU renderer draws
  /// instead and the selection says why.
  static func make(window: OpaquePointer, selection: RendererSelection) throws -> any SelectableRenderer {
    guard
      let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
    else {
      let fallback = RendererSelection(kind: .cpu, driver: "cpu", reason: "no accelerated renderer (\(sdlError()))")
      return try CPURenderer.make(window: window, selection: fallback)
    }
    let renderer = AcceleratedRenderer(handle: r, atlas: try GlyphAtlas(), selection: selection, window: window)
    renderer.selection.driver = renderer.driverName
    return renderer
  }

  /// Draws into a render-target texture of a hidden window: it needs a video driver with
  /// OpenGL (the `offscreen` driver's EGL works headless).
  static func make(width: Int, height: Int, atlas: GlyphAtlas?, reason: String) throws -> any SelectableRenderer {
    try Platform.startVideo()
    let (device, problem) = Platform.openGLDevice()
    guard device != nil else { throw BackendError.sdl("no OpenGL for the accelerated renderer: \(problem ?? "")") }
    guard let win = SDL_CreateWindow("offscreen", 0, 0, Int32(width), Int32(height), SDL_WINDOW_HIDDEN.rawValue) else {
      throw BackendError.sdl(sdlError())
    }
    guard let r = SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue)
    else {
      let message = sdlError()
      SDL_DestroyWindow(win)
      throw BackendError.sdl("cannot create an accelerated renderer: \(message)")
    }
    guard
      let t = SDL_CreateTexture(
        r, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height)),
      SDL_SetRenderTarget(r, t) == 0
    else {
      let message = sdlError()
      SDL_DestroyRenderer(r)
      SDL_DestroyWindow(win)
      throw BackendError.sdl("cannot create a render target: \(message)")
    }
    let renderer = AcceleratedRenderer(
      handle: r, atlas: try atlas ?? GlyphAtlas(),
      selection: RendererSelection(kind: choice, driver: defaultDriver, device: device, reason: reason))
    renderer.selection.driver = renderer.driverName
    // A render target keeps its pixels between frames, so damage tracking holds here too;
    // SDL frees the texture with the renderer, and the hidden window goes after it.
    renderer.incremental = true
    renderer.afterDestroy = { SDL_DestroyWindow(win) }
    return renderer
  }

  /// Waits until what was presented is really drawn.
  ///
  /// SDL's OpenGL renderer returns from a present with the work queued. On llvmpipe that
  /// work runs on Mesa's own threads afterwards, so timing the calls alone leaves most of a
  /// frame out, and the backlog lands on whatever is measured next. Reading one pixel back
  /// makes OpenGL finish first.
  override func finish() {
    var pixel: UInt32 = 0
    var one = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
    _ = SDL_RenderReadPixels(handle, &one, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), &pixel, 4)
  }
}

extension RendererChoice {
  /// Whatever accelerated renderer SDL picks (OpenGL under X11), with vsync.
  public static let accelerated = RendererChoice(name: "accelerated")
}
