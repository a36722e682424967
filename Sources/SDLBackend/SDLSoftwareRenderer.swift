internal import CSDL2
import FoundationEssentials
import Graphics

/// SDL's software renderer: whole-pixel triangles without anti-aliasing, kept for comparison.
final class SDLSoftwareRenderer: SDLRenderer, SelectableRenderer {
  static var choice: RendererChoice { .sdlSoftware }
  static var defaultDriver: String { "software" }

  /// It walks each triangle's whole bounding box, so long diagonals are cut.
  override var capabilities: RendererCapabilities { [.boundingBoxWalk] }

  static func make(window: OpaquePointer, selection: RendererSelection) throws -> any SelectableRenderer {
    guard let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
      throw BackendError.sdl("cannot create a renderer: \(sdlError())")
    }
    let renderer = SDLSoftwareRenderer(handle: r, atlas: try GlyphAtlas(), selection: selection, window: window)
    renderer.selection.driver = renderer.driverName
    return renderer
  }

  /// Draws into an RGBA surface of its own, which needs no display.
  static func make(width: Int, height: Int, atlas: GlyphAtlas?, reason: String) throws -> any SelectableRenderer {
    try Platform.startCore()
    let format = UInt32(SDL_PIXELFORMAT_RGBA32.rawValue)
    guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, format) else {
      throw BackendError.sdl(sdlError())
    }
    guard let r = SDL_CreateSoftwareRenderer(s) else {
      SDL_FreeSurface(s)
      throw BackendError.sdl(sdlError())
    }
    let renderer = SDLSoftwareRenderer(
      handle: r, atlas: try atlas ?? GlyphAtlas(),
      selection: RendererSelection(kind: choice, driver: defaultDriver, reason: reason))
    // The surface must outlive the renderer that draws into it.
    renderer.afterDestroy = { SDL_FreeSurface(s) }
    return renderer
  }
}

extension RendererChoice {
  /// SDL's software renderer (whole-pixel triangles), kept for comparison.
  public static let sdlSoftware = RendererChoice(name: "sdl-software")
}
