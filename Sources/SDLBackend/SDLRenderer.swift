internal import CSDL2
import FoundationEssentials
import Graphics

/// What SDL's renderers share: an `SDL_Renderer`, the textures it samples, the damage-tracked
/// redraw and presenting; `SDLSoftwareRenderer` and `AcceleratedRenderer` add how each is
/// made and what it can do.
class SDLRenderer: Renderer {
  /// The SDL renderer drawn through.
  let handle: OpaquePointer
  let atlas: GlyphAtlas
  var selection: RendererSelection
  var incremental: Bool
  var atlasTexture: OpaquePointer?
  var atlasGeneration = -1
  var atlasSize = (0, 0)
  var maskTexture: OpaquePointer?
  var images: [ImageID: ImageTexture] = [:]
  var frame = RetainedFrame(damage: DamageTracker())
  /// The window the renderer draws into, when it is a window's renderer.
  let windowHandle: OpaquePointer?
  /// Runs after the SDL renderer is destroyed, to free what it drew into.
  var afterDestroy: (() -> Void)?
  private var destroyed = false

  /// A renderer drawing through `handle`, which it destroys when it goes.
  init(handle: OpaquePointer, atlas: GlyphAtlas, selection: RendererSelection, window: OpaquePointer? = nil) {
    self.handle = handle
    self.atlas = atlas
    self.selection = selection
    windowHandle = window
    var info = SDL_RendererInfo()
    // Accelerated renderers swap buffers, leaving the back buffer undefined after a present.
    incremental = SDL_GetRendererInfo(handle, &info) == 0 && info.flags & UInt32(SDL_RENDERER_SOFTWARE.rawValue) != 0
    SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
  }

  deinit {
    destroy()
  }

  /// What the rasterizer can do; each kind of SDL renderer overrides this.
  var capabilities: RendererCapabilities { [] }

  /// Whether a fill's opaque triangles are drawn unblended, apart from its blended fringe;
  /// each kind of SDL renderer says.
  var splitsFillsByOpacity: Bool { true }

  /// Whether, within a damage region, two runs of a command's primitives that reach the
  /// region are drawn in one call with the few between them that do not (`largestGap`);
  /// otherwise each unbroken run is a call of its own. Each kind of SDL renderer says.
  var drawsAcrossGaps: Bool { false }

  /// Frees the textures and the SDL renderer now, then what it drew into.
  func destroy() {
    guard !destroyed else { return }
    destroyed = true
    if let t = atlasTexture { SDL_DestroyTexture(t) }
    atlasTexture = nil
    if let t = maskTexture { SDL_DestroyTexture(t) }
    maskTexture = nil
    for i in images.values { SDL_DestroyTexture(i.texture) }
    images.removeAll()
    SDL_DestroyRenderer(handle)
    afterDestroy?()
  }

  /// The SDL driver's own name ("software", "opengl", …).
  var driverName: String {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(handle, &info) == 0, let n = info.name else { return "unknown" }
    return String(cString: n)
  }

  var presentBlocksOnVSync: Bool {
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(handle, &info)
    return (info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue) != 0
  }

  var stats: RendererStats { frame.stats }

  var liveTextures: Int { images.count + (atlasTexture == nil ? 0 : 1) + (maskTexture == nil ? 0 : 1) }

  var textureBytes: Int {
    let mask = maskTexture == nil ? 0 : CoverageMask.image.width * CoverageMask.image.height * 4
    return images.values.reduce(0) { $0 + $1.width * $1.height * 4 } + atlasSize.0 * atlasSize.1 * 4 + mask
  }

  var outputSize: (width: Int, height: Int) {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(handle, &w, &h)
    return (Int(w), Int(h))
  }

  func draw(_ list: DrawList, background: Color) {
    guard let target = retainedTarget(list, background: background) else { return }
    guard let found = frame.changedRegions(list, target: target, atlasEpoch: atlas.epoch),
      let regions = coverScaledBlits(found, list, target, damage: frame.damage)
    else {
      // Under an opaque backdrop the clear would be painted over everywhere.
      if !list.opaqueBackdropCovers(target) { fill(background) }
      submit(list)
      frame.lastRegions = nil
      return
    }
    frame.lastRegions = regions
    frame.beginSubmit()
    let c = background.rgba8
    for region in regions {
      var r = SDL_Rect(x: Int32(region.minX), y: Int32(region.minY), w: Int32(region.width), h: Int32(region.height))
      SDL_RenderSetClipRect(handle, &r)
      if !list.opaqueBackdropCovers(region) {
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_RenderFillRect(handle, &r)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
      }
      encode(list, within: region)
    }
    SDL_RenderSetClipRect(handle, nil)
    frame.stats.lastRedrawFraction = RetainedFrame.fraction(regions, of: target)
    evictImages()
  }

  func invalidateRetainedPixels() {
    frame.damage.invalidate()
  }

  func clear(_ color: Color) {
    frame.forget()
    fill(color)
  }

  private func fill(_ color: Color) {
    let c = color.rgba8
    SDL_RenderSetClipRect(handle, nil)
    SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
    SDL_RenderClear(handle)
  }

  func submit(_ list: DrawList) {
    frame.lastRegions = nil
    frame.beginSubmit()
    encode(list, within: nil)
    evictImages()
    frame.stats.lastRedrawFraction = 1
  }

  /// Runs SDL's queued commands now; the software renderer rasterizes here.
  func flush() {
    SDL_RenderFlush(handle)
  }

  func present() {
    // The software renderer draws straight into the window surface; only what was repainted
    // needs to reach the X server (a full 1280×720 push costs ~0.5 ms).
    if let window = windowHandle, incremental, let regions = frame.lastRegions {
      SDL_RenderFlush(handle)
      guard !regions.isEmpty else { return }
      var rects = regions.map {
        SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height))
      }
      if SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count)) == 0 { return }
    }
    SDL_RenderPresent(handle)
  }

  /// Presenting is finished when `present` returns, unless a kind of renderer says otherwise.
  func finish() {}

  func capture(into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) throws {
    var area = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
    let rc = SDL_RenderReadPixels(handle, &area, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), pixels, Int32(width * 4))
    if rc != 0 { throw BackendError.sdl(sdlError()) }
  }

  func readPixels() throws -> ImageBuffer {
    let (w, h) = outputSize
    var img = ImageBuffer(width: w, height: h, smooth: false)
    let rc = img.pixels.withUnsafeMutableBytes { raw in
      SDL_RenderReadPixels(handle, nil, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), raw.baseAddress, Int32(w * 4))
    }
    if rc != 0 { throw BackendError.sdl(sdlError()) }
    return img
  }
}
