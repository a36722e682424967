import FoundationEssentials
import Graphics

/// Draws draw lists into a window or an offscreen target: the protocol every renderer (CPU,
/// SDL software, accelerated) conforms to, followed by the bookkeeping they share.
///
/// A renderer says what its rasterizer can do (`capabilities`), and draw lists for it are cut
/// to match (`preferredTessellation`). Each renderer lives in a file of its own and is listed
/// once in `RendererChoice.registered`; windows, offscreen targets and the bench make
/// renderers through that list, never by naming one.
public protocol Renderer: AnyObject {
  /// Which renderer this is and why it was picked, for the HUD, `--stats`, bench and traces.
  var selection: RendererSelection { get }
  /// What the renderer's rasterizer can do, from which draw lists for it are cut
  /// (`preferredTessellation`).
  var capabilities: RendererCapabilities { get }
  /// The glyph atlas text is laid out with.
  var atlas: GlyphAtlas { get }
  /// The size of the render target in pixels.
  var outputSize: (width: Int, height: Int) { get }
  /// Whether `draw` may repaint only what changed; on by default where the target keeps its
  /// pixels between frames.
  var incremental: Bool { get set }
  /// Whether `present` waits for the display's vertical blank; without it the app paces itself.
  var presentBlocksOnVSync: Bool { get }
  /// What the last submission cost and what has been uploaded since creation.
  var stats: RendererStats { get }
  /// Textures alive now: one per cached image, plus the glyph atlas's.
  var liveTextures: Int { get }
  /// Bytes of pixels held in those textures.
  var textureBytes: Int { get }

  /// Draws `list` over `background`, repainting only the regions that changed since the last
  /// `draw` when the target keeps its pixels (see `incremental`).
  func draw(_ list: DrawList, background: Color)
  /// Draws every command of `list` over what the target holds, uploading the atlas and images
  /// that changed.
  func submit(_ list: DrawList)
  /// Fills the whole target with one color (and forgets what `draw` retained).
  func clear(_ color: Color)
  /// Makes the next `draw` repaint everything, e.g. after something else drew on the target.
  func invalidateRetainedPixels()
  /// Runs queued drawing now, so timing this separates drawing from presenting.
  func flush()
  /// Shows what was drawn.
  func present()
  /// Waits until what was presented is really drawn, for timings that must include it.
  func finish()
  /// Reads the target back as RGBA pixels (for tests and snapshots).
  func readPixels() throws -> ImageBuffer
  /// Copies what was drawn, `width × height` pixels from the top left, packed as `0xAARRGGBB`
  /// (premultiplied) into `pixels`, for the window's recorder: a plain copy where the pixels
  /// are in memory.
  func capture(into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) throws
}

extension Renderer {
  /// The renderer's short name: `cpu`, `sdl-software`, or `accelerated (opengl)` with SDL's
  /// driver name.
  public var name: String { selection.label }

  /// How draw lists for this renderer should cut shapes into triangles, from its capabilities.
  public var preferredTessellation: DrawList.Tessellation { DrawList.Tessellation(for: capabilities) }

  /// Draw calls (or, on the CPU, commands) made for the last submitted list.
  public var lastDrawCalls: Int { stats.lastDrawCalls }
  /// Texture uploads (or, on the CPU, texture conversions) made for the last submitted list.
  public var lastTextureUploads: Int { stats.lastTextureUploads }
  /// Texture uploads since creation.
  public var totalTextureUploads: Int { stats.totalTextureUploads }
  /// The fraction of the target repainted by the last `draw` (1 for a full redraw).
  public var lastRedrawFraction: Double { stats.lastRedrawFraction }

  /// The whole target, for a `draw` that may repaint only what changed; nil after clearing to
  /// `background` and submitting `list`, where the target does not keep its pixels.
  func retainedTarget(_ list: DrawList, background: Color) -> Rect? {
    let (w, h) = outputSize
    guard incremental else {
      clear(background)
      submit(list)
      return nil
    }
    return Rect(x: 0, y: 0, width: Double(w), height: Double(h))
  }
}

/// What a renderer counts about its work, for bench, `--stats` and traces.
public struct RendererStats: Hashable, Sendable {
  /// Draw calls made for the last submitted list.
  public internal(set) var lastDrawCalls = 0
  /// Texture uploads made for the last submitted list.
  public internal(set) var lastTextureUploads = 0
  /// Texture uploads since creation.
  public internal(set) var totalTextureUploads = 0
  /// The fraction of the target repainted by the last `draw` (1 for a full redraw).
  public internal(set) var lastRedrawFraction = 1.0
  /// Vertices handed to SDL with textured geometry calls for the last submitted list: SDL
  /// checks the texture coordinates of each one, whether or not the call's indices name it.
  public internal(set) var lastTexturedVertices = 0
}

/// A renderer `--renderer` can name: how to make one for a window or an offscreen target, and
/// how to free it; `RendererChoice.registered` lists them.
protocol SelectableRenderer: Renderer {
  /// The name `--renderer` takes for this renderer.
  static var choice: RendererChoice { get }
  /// The driver a selection names until the renderer reports its own: SDL's name for it, or
  /// `cpu`.
  static var defaultDriver: String { get }
  /// Whether the renderer can be missing on a machine that otherwise runs (it needs OpenGL,
  /// say); `bench --compare` leaves such a renderer out instead of failing.
  static var mayBeUnavailable: Bool { get }
  /// Whether `RendererSelection.label` names the driver too, because the renderer is whichever
  /// one the driver offers.
  static var labelNamesDriver: Bool { get }

  /// A renderer drawing into `window`, as `selection` asks; it may be another renderer where
  /// this one cannot be made there, with the selection saying why.
  static func make(window: OpaquePointer, selection: RendererSelection) throws -> any SelectableRenderer

  /// A renderer drawing into a `width × height` target of its own, laying text out with
  /// `atlas` (a new one when nil), picked for `reason`.
  static func make(width: Int, height: Int, atlas: GlyphAtlas?, reason: String) throws -> any SelectableRenderer

  /// Frees the textures and what the renderer draws into now; a window calls this before it
  /// goes, since an SDL renderer must not outlive its window.
  func destroy()
}

extension SelectableRenderer {
  static var mayBeUnavailable: Bool { false }
  static var labelNamesDriver: Bool { false }
}

/// What a renderer keeps between draws to repaint only what changed: the damage tracker, the
/// regions the last draw repainted, the frame number textures are aged by, and the counters.
struct RetainedFrame {
  var damage: DamageTracker
  /// The regions the last `draw` repainted; nil after a full redraw.
  var lastRegions: [Rect]?
  var frameNumber = 0
  var stats = RendererStats()

  /// Starts a new submission: a new frame number and fresh per-list counters.
  mutating func beginSubmit() {
    frameNumber += 1
    stats.lastDrawCalls = 0
    stats.lastTextureUploads = 0
    stats.lastTexturedVertices = 0
  }

  /// Forgets what was drawn, so the next `draw` repaints everything.
  mutating func forget() {
    damage.invalidate()
    lastRegions = nil
  }

  /// The regions of `target` that `list` changes since the last call; nil when everything
  /// must be repainted.
  ///
  /// Image textures are brought up to date as the list is drawn; their generations are read
  /// from the list, so an image redrawn in place counts as damage.
  mutating func changedRegions(_ list: DrawList, target: Rect, atlasEpoch: Int) -> [Rect]? {
    damage.damage(for: list.primitives, target: target) { ref in
      switch ref {
      case .image(let id): list.images[id]?.generation ?? -1
      case .atlas: atlasEpoch
      case .none, .coverageMask: 0
      }
    }
  }

  /// The fraction of `target` that `regions` cover.
  static func fraction(_ regions: [Rect], of target: Rect) -> Double {
    regions.reduce(0) { $0 + $1.width * $1.height } / max(1, target.width * target.height)
  }
}

/// How many bytes of textures a renderer keeps that the current frame does not draw.
///
/// Age alone lets a resize storm pile up window-sized textures (33 MB each at 4K) for four
/// seconds or more; past this cap the least recently used go first. What the frame draws is
/// never evicted, however large.
enum TextureBudget {
  /// The most bytes of image textures kept that the current frame does not draw.
  static let maxUnusedImageBytes = 16 << 20
}
