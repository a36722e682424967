internal import CSDL2
import FoundationEssentials
import Graphics

/// A renderer drawing into memory: no window shown and, for `cpu` and `sdl-software`, no
/// display needed.
public final class OffscreenTarget {
  /// The renderer drawing into the target.
  public let renderer: Renderer
  /// The hidden window an accelerated target's context lives on.
  private var window: OpaquePointer?

  /// Creates a `width × height` target drawn by `choice`: `.auto` means `cpu` here, since
  /// snapshots and benchmarks must not depend on which GPU is present.
  ///
  /// `.accelerated` needs a video driver with OpenGL (the `offscreen` driver's EGL works
  /// headless) and draws into a render-target texture of a hidden window.
  public init(width: Int, height: Int, atlas: GlyphAtlas? = nil, renderer choice: RendererChoice = .cpu) throws {
    let w = max(1, width)
    let h = max(1, height)
    switch choice {
    case .auto, .cpu:
      try Platform.startCore()
      renderer = Renderer(
        canvas: CPUCanvas(width: w, height: h), atlas: try atlas ?? GlyphAtlas(),
        selection: RendererSelection(kind: .cpu, driver: "cpu", reason: choice == .cpu ? "asked for" : "offscreen"))
    case .sdlSoftware:
      try Platform.startCore()
      guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue))
      else { throw BackendError.sdl(sdlError()) }
      guard let r = SDL_CreateSoftwareRenderer(s) else {
        SDL_FreeSurface(s)
        throw BackendError.sdl(sdlError())
      }
      renderer = Renderer(
        handle: r, atlas: try atlas ?? GlyphAtlas(), ownsHandle: true,
        selection: RendererSelection(kind: .sdlSoftware, driver: "software", reason: "asked for"))
      // The surface must outlive the renderer that draws into it.
      renderer.afterDestroy = { SDL_FreeSurface(s) }
    case .accelerated:
      try Platform.startVideo()
      let (device, problem) = Platform.openGLDevice()
      guard device != nil else { throw BackendError.sdl("no OpenGL for the accelerated renderer: \(problem ?? "")") }
      guard let win = SDL_CreateWindow("offscreen", 0, 0, Int32(w), Int32(h), SDL_WINDOW_HIDDEN.rawValue) else {
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
          r, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(w), Int32(h)),
        SDL_SetRenderTarget(r, t) == 0
      else {
        let message = sdlError()
        SDL_DestroyRenderer(r)
        SDL_DestroyWindow(win)
        throw BackendError.sdl("cannot create a render target: \(message)")
      }
      window = win
      renderer = Renderer(
        handle: r, atlas: try atlas ?? GlyphAtlas(), ownsHandle: true,
        selection: RendererSelection(kind: .accelerated, driver: "opengl", device: device, reason: "asked for"))
      renderer.selection.driver = renderer.driverName
      // A render target keeps its pixels between frames, so damage tracking holds here too;
      // SDL frees the texture with the renderer.
      renderer.incremental = true
    }
  }

  deinit {
    renderer.destroy()
    if let window { SDL_DestroyWindow(window) }
  }
}
