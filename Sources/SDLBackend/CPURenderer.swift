import FoundationEssentials
import Graphics
import Raster

/// The CPU renderer: the project's own anti-aliased span rasterizer drawing into a
/// `CPUCanvas` (a window's surface, or a buffer of its own).
final class CPURenderer: SelectableRenderer {
  static var choice: RendererChoice { .cpu }
  static var defaultDriver: String { "cpu" }

  let selection: RendererSelection
  /// Rows are spans, so ramps are dithered here and opaque interiors hide what is under them.
  let capabilities: RendererCapabilities = [.ditheredRamps, .opaqueInteriors, .analyticDiscs, .analyticRoundedRects]
  let atlas: GlyphAtlas
  /// On: the canvas keeps its pixels between frames.
  var incremental = true
  /// The window surface is updated at once; the app paces itself.
  let presentBlocksOnVSync = false
  /// The pixels and textures drawn with.
  private let canvas: CPUCanvas
  private var frame: RetainedFrame

  /// A renderer that rasterizes into `canvas`.
  init(canvas: CPUCanvas, atlas: GlyphAtlas, selection: RendererSelection) {
    self.canvas = canvas
    self.atlas = atlas
    self.selection = selection
    // A region costs the CPU rasterizer a pass over the primitives' bounds and the setup of
    // the triangles that reach it, far less than the pixels a merge adds: the visualizer's 16
    // bars and reflections merged into 6 rectangles repainted a third more than they cover.
    frame = RetainedFrame(damage: DamageTracker(maxRects: 32))
  }

  static func make(window: OpaquePointer, selection: RendererSelection) throws -> any SelectableRenderer {
    let atlas = try GlyphAtlas()
    return CPURenderer(canvas: CPUCanvas(window: window), atlas: atlas, selection: selection)
  }

  static func make(width: Int, height: Int, atlas: GlyphAtlas?, reason: String) throws -> any SelectableRenderer {
    try Platform.startCore()
    return CPURenderer(
      canvas: CPUCanvas(width: width, height: height), atlas: try atlas ?? GlyphAtlas(),
      selection: RendererSelection(kind: choice, driver: defaultDriver, reason: reason))
  }

  func destroy() {
    canvas.destroy()
  }

  var stats: RendererStats { frame.stats }
  var outputSize: (width: Int, height: Int) { canvas.size }
  var liveTextures: Int { canvas.liveTextures }
  var textureBytes: Int { canvas.textureBytes }

  func draw(_ list: DrawList, background: Color) {
    guard let target = retainedTarget(list, background: background) else { return }
    // The rasterizer samples a clipped triangle exactly as the whole one, so regions need no
    // room around scaled images.
    let regions = frame.changedRegions(list, target: target, atlasEpoch: atlas.epoch)
    frame.lastRegions = regions
    frame.beginSubmit()
    // A full redraw is the whole target as one region: the background is not painted under an
    // opaque backdrop (the mesh gradient's image covers every pixel), nor under opaque fills.
    canvas.draw(
      list, background: background, regions: regions ?? [target], atlas: atlas.image, frame: frame.frameNumber)
    countWork(list)
    frame.stats.lastRedrawFraction = regions.map { RetainedFrame.fraction($0, of: target) } ?? 1
  }

  func invalidateRetainedPixels() {
    frame.damage.invalidate()
  }

  func clear(_ color: Color) {
    frame.forget()
    canvas.fill(color)
  }

  func submit(_ list: DrawList) {
    frame.lastRegions = nil
    frame.beginSubmit()
    canvas.draw(list, background: nil, regions: nil, atlas: atlas.image, frame: frame.frameNumber)
    countWork(list)
    frame.stats.lastRedrawFraction = 1
  }

  /// The CPU's counterparts of draw calls (commands) and uploads (texture conversions).
  private func countWork(_ list: DrawList) {
    frame.stats.lastDrawCalls = list.commands.count
    frame.stats.lastTextureUploads = canvas.lastUploads
    frame.stats.totalTextureUploads += canvas.lastUploads
  }

  /// Nothing is queued: the rasterizer has drawn by the time `draw` returns.
  func flush() {}

  func present() {
    canvas.present(regions: frame.lastRegions)
  }

  /// Presenting is finished when `present` returns.
  func finish() {}

  func readPixels() throws -> ImageBuffer {
    canvas.readPixels()
  }

  func capture(into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) throws {
    let copied: Void? = canvas.withStoredPixels { t in
      for y in 0..<min(height, t.height) {
        (pixels + y * width).update(from: t.pixels + y * t.stride, count: min(width, t.width))
      }
    }
    if copied == nil { throw BackendError.sdl("the canvas has no pixels to capture") }
  }

  /// Lends the canvas's pixels as drawn (see `CPUCanvas.withStoredPixels`).
  func withStoredPixels<R>(_ body: (RasterTarget) throws -> R) rethrows -> R? {
    try canvas.withStoredPixels(body)
  }
}

extension RendererChoice {
  /// The project's own anti-aliased rasterizer, presented straight to the window surface.
  public static let cpu = RendererChoice(name: "cpu")
}
