internal import CSDL2
import FoundationEssentials
import Graphics

/// Draws draw lists into a window or an offscreen target, through the project's own CPU
/// rasterizer or an `SDL_Renderer`, and owns the textures they reference.
///
/// Both paths take the same triangles; the damage tracking that lets a frame repaint only what
/// changed is shared.
public final class Renderer {
  /// The SDL renderer, when drawing through SDL; nil for the CPU rasterizer.
  let handle: OpaquePointer?
  /// The CPU rasterizer's pixels and textures, when drawing through it.
  let canvas: CPUCanvas?
  /// The glyph atlas text is laid out with.
  public let atlas: GlyphAtlas
  var atlasTexture: OpaquePointer?
  var atlasGeneration = -1
  var atlasSize = (0, 0)
  var images: [ImageID: ImageTexture] = [:]
  var frameNumber = 0
  private var ownsHandle: Bool
  /// Runs after the SDL renderer is destroyed, to free what it drew into.
  var afterDestroy: (() -> Void)?
  /// Which renderer this is and why it was picked, for the HUD, `--stats`, bench and traces.
  public internal(set) var selection: RendererSelection

  /// How draw lists for this renderer should cut shapes into triangles: SDL's software
  /// renderer walks each triangle's bounding box and wants short pieces in strips; the CPU
  /// canvas walks spans and dithers ramps itself; a GPU gets edges whole and backdrops as
  /// images (it would draw a ramp with 8-bit bands).
  public var preferredTessellation: DrawList.Tessellation {
    switch selection.kind {
    case .sdlSoftware: .boundingBoxWalker
    case .cpu: .spanRasterizer
    default: .standard
    }
  }

  /// Textures alive now: one per cached image, plus the glyph atlas's.
  public var liveTextures: Int {
    if let canvas { return canvas.liveTextures }
    return images.count + (atlasTexture == nil ? 0 : 1)
  }
  /// Bytes of pixels held in those textures.
  public var textureBytes: Int {
    if let canvas { return canvas.textureBytes }
    return images.values.reduce(0) { $0 + $1.width * $1.height * 4 } + atlasSize.0 * atlasSize.1 * 4
  }

  /// SDL calls made for the last submitted list.
  public internal(set) var lastDrawCalls = 0
  /// Texture uploads made for the last submitted list.
  public internal(set) var lastTextureUploads = 0
  /// Texture uploads since creation.
  public internal(set) var totalTextureUploads = 0
  /// The fraction of the target repainted by the last `draw` (1 for a full redraw).
  public private(set) var lastRedrawFraction = 1.0
  /// Whether `draw` may repaint only what changed; on by default for the software renderer,
  /// whose target keeps its pixels between frames.
  public var incremental: Bool
  private var damage = DamageTracker()
  /// The regions the last `draw` repainted; nil after a full redraw.
  private var lastRegions: [Rect]?
  /// The window the renderer draws into, when it is a window's software renderer.
  var windowHandle: OpaquePointer?

  init(handle: OpaquePointer, atlas: GlyphAtlas, ownsHandle: Bool, selection: RendererSelection) {
    self.handle = handle
    self.canvas = nil
    self.atlas = atlas
    self.ownsHandle = ownsHandle
    self.selection = selection
    var info = SDL_RendererInfo()
    // Accelerated renderers swap buffers, leaving the back buffer undefined after a present.
    incremental = SDL_GetRendererInfo(handle, &info) == 0 && info.flags & UInt32(SDL_RENDERER_SOFTWARE.rawValue) != 0
    SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
  }

  /// A renderer that rasterizes on the CPU into `canvas`, which keeps its pixels between frames.
  init(canvas: CPUCanvas, atlas: GlyphAtlas, selection: RendererSelection) {
    self.handle = nil
    self.canvas = canvas
    self.atlas = atlas
    self.ownsHandle = false
    self.selection = selection
    incremental = true
    // A region costs the CPU rasterizer a pass over the primitives' bounds and the setup of
    // the triangles that reach it, far less than the pixels a merge adds: the visualizer's 16
    // bars and reflections merged into 6 rectangles repainted a third more than they cover.
    damage = DamageTracker(maxRects: 32)
  }

  deinit {
    destroy()
  }

  private var destroyed = false

  /// Frees the textures and the SDL renderer now; the window calls this before it goes, since
  /// an SDL renderer must not outlive its window.
  func destroy() {
    guard !destroyed else { return }
    destroyed = true
    if let t = atlasTexture { SDL_DestroyTexture(t) }
    atlasTexture = nil
    for i in images.values { SDL_DestroyTexture(i.texture) }
    images.removeAll()
    canvas?.destroy()
    if ownsHandle, let handle { SDL_DestroyRenderer(handle) }
    afterDestroy?()
  }

  /// The renderer's short name: `cpu`, `sdl-software`, or `accelerated (opengl)` with SDL's
  /// driver name.
  public var name: String { selection.label }

  /// The SDL driver's own name ("software", "opengl", …), or "cpu".
  var driverName: String {
    guard let handle else { return "cpu" }
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(handle, &info) == 0, let n = info.name else { return "unknown" }
    return String(cString: n)
  }

  /// The size of the render target in pixels.
  public var outputSize: (width: Int, height: Int) {
    guard let handle else { return canvas?.size ?? (0, 0) }
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(handle, &w, &h)
    return (Int(w), Int(h))
  }

  /// Draws `list` over `background`, repainting only the regions that changed since the last
  /// `draw` when the target keeps its pixels (see `incremental`).
  public func draw(_ list: DrawList, background: Color) {
    let (w, h) = outputSize
    let target = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
    guard incremental else {
      clear(background)
      submit(list)
      return
    }
    // Image textures are brought up to date by `encode`; their generations are read from the
    // list, so an image redrawn in place counts as damage.
    let epoch = atlas.epoch
    let regions = damage.damage(for: list.primitives, target: target) { ref in
      switch ref {
      case .image(let id): list.images[id]?.generation ?? -1
      case .atlas: epoch
      case .none: 0
      }
    }
    // The CPU rasterizer samples a clipped triangle exactly as the whole one, so it needs no
    // room around scaled images.
    guard let found = regions,
      let regions = canvas == nil ? coverScaledBlits(found, list, target, damage: damage) : found
    else {
      if let canvas {
        // The whole target as one region: the background is not painted under an opaque
        // backdrop (the mesh gradient's image covers every pixel), nor under opaque fills.
        beginSubmit()
        canvas.draw(list, background: background, regions: [target], atlas: atlas.image, frame: frameNumber)
        countCPUWork(list)
        lastRedrawFraction = 1
      } else {
        // Under an opaque backdrop the clear would be painted over everywhere.
        if !Self.opaqueBackdropCovers(target, in: list) { fill(background) }
        submit(list)
      }
      lastRegions = nil
      return
    }
    lastRegions = regions
    beginSubmit()
    if let canvas {
      canvas.draw(list, background: background, regions: regions, atlas: atlas.image, frame: frameNumber)
      countCPUWork(list)
      lastRedrawFraction = regions.reduce(0) { $0 + $1.width * $1.height } / max(1, target.width * target.height)
      return
    }
    guard let handle else { return }
    let c = background.rgba8
    for region in regions {
      var r = SDL_Rect(x: Int32(region.minX), y: Int32(region.minY), w: Int32(region.width), h: Int32(region.height))
      SDL_RenderSetClipRect(handle, &r)
      if !Self.opaqueBackdropCovers(region, in: list) {
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        SDL_RenderFillRect(handle, &r)
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
      }
      encode(list, within: region)
    }
    SDL_RenderSetClipRect(handle, nil)
    lastRedrawFraction = regions.reduce(0) { $0 + $1.width * $1.height } / max(1, target.width * target.height)
    evictImages()
  }

  /// Makes the next `draw` repaint everything, e.g. after something else drew on the target.
  public func invalidateRetainedPixels() {
    damage.invalidate()
  }

  /// Fills the whole target with one color (and forgets what `draw` retained).
  public func clear(_ color: Color) {
    damage.invalidate()
    lastRegions = nil
    fill(color)
  }

  private func fill(_ color: Color) {
    if let canvas {
      canvas.fill(color)
      return
    }
    guard let handle else { return }
    let c = color.rgba8
    SDL_RenderSetClipRect(handle, nil)
    SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
    SDL_RenderClear(handle)
  }

  /// Draws every command of `list`, uploading the atlas and images that changed.
  public func submit(_ list: DrawList) {
    lastRegions = nil
    beginSubmit()
    if let canvas {
      canvas.draw(list, background: nil, regions: nil, atlas: atlas.image, frame: frameNumber)
      countCPUWork(list)
    } else {
      encode(list, within: nil)
      evictImages()
    }
    lastRedrawFraction = 1
  }

  /// The CPU path's counterparts of draw calls (commands) and uploads (texture conversions).
  private func countCPUWork(_ list: DrawList) {
    guard let canvas else { return }
    lastDrawCalls = list.commands.count
    lastTextureUploads = canvas.lastUploads
    totalTextureUploads += canvas.lastUploads
  }

  private func beginSubmit() {
    frameNumber += 1
    lastDrawCalls = 0
    lastTextureUploads = 0
  }

  /// Runs SDL's queued commands now; the software renderer rasterizes here, so timing this
  /// separates drawing from presenting.
  public func flush() {
    if let handle { SDL_RenderFlush(handle) }
  }

  /// Shows what was drawn.
  public func present() {
    if let canvas {
      canvas.present(regions: lastRegions)
      return
    }
    guard let handle else { return }
    // The software renderer draws straight into the window surface; only what was repainted
    // needs to reach the X server (a full 1280×720 push costs ~0.5 ms).
    if let window = windowHandle, incremental, let regions = lastRegions {
      SDL_RenderFlush(handle)
      guard !regions.isEmpty else { return }
      var rects = regions.map {
        SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height))
      }
      if SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count)) == 0 { return }
    }
    SDL_RenderPresent(handle)
  }

  /// Waits until what was presented is really drawn.
  ///
  /// SDL's OpenGL renderer returns from a present with the work queued. On llvmpipe that
  /// work runs on Mesa's own threads afterwards, so timing the calls alone leaves most of a
  /// frame out, and the backlog lands on whatever is measured next. Reading one pixel back
  /// makes OpenGL finish first. The CPU and software renderers are finished when they return.
  public func finish() {
    guard let handle, selection.kind == .accelerated else { return }
    var pixel: UInt32 = 0
    var one = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
    _ = SDL_RenderReadPixels(handle, &one, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), &pixel, 4)
  }

  /// Reads the target back as RGBA pixels (for tests and snapshots).
  public func readPixels() throws -> ImageBuffer {
    if let canvas { return canvas.readPixels() }
    guard let handle else { throw BackendError.sdl("no renderer") }
    let (w, h) = outputSize
    var img = ImageBuffer(width: w, height: h, smooth: false)
    let rc = img.pixels.withUnsafeMutableBytes { raw in
      SDL_RenderReadPixels(handle, nil, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), raw.baseAddress, Int32(w * 4))
    }
    if rc != 0 { throw BackendError.sdl(sdlError()) }
    return img
  }
}
