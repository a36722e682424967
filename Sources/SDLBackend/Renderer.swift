internal import CSDL2
import Foundation
import Graphics

/// Submits draw lists to an `SDL_Renderer` and owns the textures they reference.
public final class Renderer {
  let handle: OpaquePointer
  /// The glyph atlas text is laid out with.
  public let atlas: GlyphAtlas
  private var atlasTexture: OpaquePointer?
  private var atlasGeneration = -1
  private var atlasSize = (0, 0)
  private struct ImageTexture {
    var texture: OpaquePointer
    var generation: Int
    var width: Int
    var height: Int
    var lastUsedFrame: Int
    var opaque: Bool
  }
  private var images: [ImageID: ImageTexture] = [:]
  private var frameNumber = 0
  private var ownsHandle: Bool
  /// Runs after the SDL renderer is destroyed, to free what it drew into.
  var afterDestroy: (() -> Void)?

  /// Textures alive now: one per cached image, plus the glyph atlas's.
  public var liveTextures: Int { images.count + (atlasTexture == nil ? 0 : 1) }
  /// Bytes of pixels held in those textures.
  public var textureBytes: Int {
    images.values.reduce(0) { $0 + $1.width * $1.height * 4 } + atlasSize.0 * atlasSize.1 * 4
  }

  /// SDL calls made for the last submitted list.
  public private(set) var lastDrawCalls = 0
  /// Texture uploads made for the last submitted list.
  public private(set) var lastTextureUploads = 0
  /// Texture uploads since creation.
  public private(set) var totalTextureUploads = 0
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

  init(handle: OpaquePointer, atlas: GlyphAtlas, ownsHandle: Bool) {
    self.handle = handle
    self.atlas = atlas
    self.ownsHandle = ownsHandle
    var info = SDL_RendererInfo()
    // Accelerated renderers swap buffers, leaving the back buffer undefined after a present.
    incremental = SDL_GetRendererInfo(handle, &info) == 0 && info.flags & UInt32(SDL_RENDERER_SOFTWARE.rawValue) != 0
    SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
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
    if ownsHandle { SDL_DestroyRenderer(handle) }
    afterDestroy?()
  }

  /// The renderer's name as SDL reports it ("software", "opengl", …).
  public var name: String {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(handle, &info) == 0, let n = info.name else { return "unknown" }
    return String(cString: n)
  }

  /// The size of the render target in pixels.
  public var outputSize: (width: Int, height: Int) {
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
    guard let found = regions, let regions = coverScaledBlits(found, list, target) else {
      fill(background)
      submit(list)
      lastRegions = nil
      return
    }
    lastRegions = regions
    beginSubmit()
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

  /// Grows regions to take in whole every scaled image they touch: a scaled blit clipped to
  /// part of its rectangle samples differently from the whole one, which would leave a seam.
  /// Nil when the regions grow to most of the target.
  private func coverScaledBlits(_ input: [Rect], _ list: DrawList, _ target: Rect) -> [Rect]? {
    var regions = input
    let scaled = list.primitives.filter { p in
      switch p.texture {
      case .none: return false
      case .atlas: return isScaled(p, list, atlas.image.width, atlas.image.height)
      case .image(let id):
        guard let img = list.images[id] else { return false }
        return isScaled(p, list, img.width, img.height)
      }
    }
    guard !scaled.isEmpty else { return regions }
    for _ in 0..<8 {
      var grew = false
      for i in regions.indices {
        for p in scaled where p.bounds.touches(regions[i]) {
          let whole = DamageTracker.snap(p.bounds.insetBy(dx: -1, dy: -1), in: target).intersection(target)
          let u = regions[i].union(whole)
          if u != regions[i] {
            regions[i] = u
            grew = true
          }
        }
      }
      regions = DamageTracker.merge(regions, limit: damage.maxRects)
      if !grew { break }
    }
    let area = regions.reduce(0) { $0 + $1.width * $1.height }
    return area > damage.fullThreshold * target.width * target.height ? nil : regions
  }

  /// Whether a textured primitive is drawn at a size other than its texels'.
  private func isScaled(_ p: Primitive, _ list: DrawList, _ tw: Int, _ th: Int) -> Bool {
    var u0 = Float.infinity
    var u1 = -Float.infinity
    var v0 = Float.infinity
    var v1 = -Float.infinity
    for k in p.indexOffset..<(p.indexOffset + p.indexCount) {
      let v = list.vertices[Int(list.indices[k])]
      u0 = min(u0, v.u)
      u1 = max(u1, v.u)
      v0 = min(v0, v.v)
      v1 = max(v1, v.v)
    }
    let texW = Double(u1 - u0) * Double(tw)
    let texH = Double(v1 - v0) * Double(th)
    return abs(texW - p.bounds.width) > 0.5 || abs(texH - p.bounds.height) > 0.5
  }

  /// Whether the first primitive drawn in `region` is an opaque image covering all of it, so
  /// the background under it need not be painted (SDL's fill costs up to 8 ns a pixel).
  static func opaqueBackdropCovers(_ region: Rect, in list: DrawList) -> Bool {
    guard let first = list.primitives.first(where: { $0.bounds.touches(region) }),
      case .image(let id) = first.texture, list.images[id]?.opaque == true,
      list.commands[first.command].clip == nil
    else { return false }
    let b = first.bounds
    return b.minX <= region.minX && b.minY <= region.minY && b.maxX >= region.maxX && b.maxY >= region.maxY
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
    let c = color.rgba8
    SDL_RenderSetClipRect(handle, nil)
    SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
    SDL_RenderClear(handle)
  }

  /// Draws every command of `list`, uploading the atlas and images that changed.
  public func submit(_ list: DrawList) {
    lastRegions = nil
    beginSubmit()
    encode(list, within: nil)
    lastRedrawFraction = 1
    evictImages()
  }

  private func beginSubmit() {
    frameNumber += 1
    lastDrawCalls = 0
    lastTextureUploads = 0
  }

  /// Issues the SDL calls for `list`, restricted to `region` when one is given.
  private func encode(_ list: DrawList, within region: Rect?) {
    guard !list.vertices.isEmpty else { return }
    let colorOffset = MemoryLayout<Vertex>.offset(of: \Vertex.color)!
    let uvOffset = MemoryLayout<Vertex>.offset(of: \Vertex.u)!
    let stride = Int32(MemoryLayout<Vertex>.stride)
    var clipSet = false
    // Within a region, only the primitives that reach it are drawn: SDL sets up every
    // triangle it is given, clipped away or not.
    var runs: [[Range<Int>]] = []
    if let region {
      runs = Array(repeating: [], count: list.commands.count)
      let reach = region.insetBy(dx: -1, dy: -1)
      for p in list.primitives where p.command < runs.count && p.bounds.touches(reach) {
        let r = p.indexOffset..<(p.indexOffset + p.indexCount)
        if let last = runs[p.command].last, last.upperBound == r.lowerBound {
          runs[p.command][runs[p.command].count - 1] = last.lowerBound..<r.upperBound
        } else {
          runs[p.command].append(r)
        }
      }
    }
    list.vertices.withUnsafeBytes { vraw in
      guard let base = vraw.baseAddress else { return }
      let xy = base.assumingMemoryBound(to: Float.self)
      let col = (base + colorOffset).assumingMemoryBound(to: SDL_Color.self)
      let uv = (base + uvOffset).assumingMemoryBound(to: Float.self)
      list.indices.withUnsafeBytes { iraw in
        guard let ibase = iraw.baseAddress else { return }
        for (ci, cmd) in list.commands.enumerated() where cmd.indexCount > 0 {
          let ranges = region == nil ? [cmd.indexOffset..<(cmd.indexOffset + cmd.indexCount)] : runs[ci]
          if ranges.isEmpty { continue }
          let texture: OpaquePointer?
          switch cmd.texture {
          case .none: texture = nil
          case .atlas: texture = prepareAtlas()
          case .image(let id):
            guard let img = list.images[id] else { continue }
            texture = prepareImage(id, img)
          }
          if let clip = region.map({ cmd.clip?.intersection($0) ?? $0 }) ?? cmd.clip {
            if clip.isEmpty { continue }
            let x0 = clip.minX.rounded(.down)
            let y0 = clip.minY.rounded(.down)
            var r = SDL_Rect(
              x: Int32(x0), y: Int32(y0), w: Int32(max(0, clip.maxX.rounded(.up) - x0)),
              h: Int32(max(0, clip.maxY.rounded(.up) - y0)))
            SDL_RenderSetClipRect(handle, &r)
            clipSet = true
          } else if clipSet {
            SDL_RenderSetClipRect(handle, nil)
            clipSet = false
          }
          for range in ranges {
            var part = cmd
            part.indexOffset = range.lowerBound
            part.indexCount = range.count
            if let texture, copyQuads(list, part, texture) { continue }
            func geometry(_ offset: Int, _ count: Int) {
              SDL_RenderGeometryRaw(
                handle, texture, xy, stride, col, stride, uv, stride, Int32(list.vertices.count),
                ibase + offset * 4, Int32(count), 4)
              lastDrawCalls += 1
            }
            if texture != nil {
              geometry(part.indexOffset, part.indexCount)
              continue
            }
            // SDL's software renderer draws every blended triangle into a scratch surface the
            // size of its bounding box and blends that back; opaque triangles drawn unblended
            // are written straight to the target. A fill's interior is opaque and its fringe is
            // not, so each fill becomes two runs, kept in order.
            for run in Self.opacityRuns(list, part.indexOffset..<(part.indexOffset + part.indexCount)) {
              SDL_SetRenderDrawBlendMode(handle, run.opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
              geometry(run.range.lowerBound, run.range.count)
            }
            SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
          }
        }
      }
    }
    if clipSet { SDL_RenderSetClipRect(handle, nil) }
  }

  /// Splits a range of whole triangles into maximal runs that are all opaque (every vertex
  /// at full alpha) or all not, in order.
  static func opacityRuns(_ list: DrawList, _ range: Range<Int>) -> [(range: Range<Int>, opaque: Bool)] {
    var runs: [(range: Range<Int>, opaque: Bool)] = []
    var k = range.lowerBound
    while k + 2 < range.upperBound {
      let opaque =
        list.vertices[Int(list.indices[k])].color.a == 255 && list.vertices[Int(list.indices[k + 1])].color.a == 255
        && list.vertices[Int(list.indices[k + 2])].color.a == 255
      if let last = runs.last, last.opaque == opaque {
        runs[runs.count - 1].range = last.range.lowerBound..<(k + 3)
      } else {
        runs.append((k..<(k + 3), opaque))
      }
      k += 3
    }
    return runs
  }

  /// Draws a textured command made only of axis-aligned, untinted-per-vertex quads (glyphs,
  /// images) as `SDL_RenderCopyF` blits; false, having drawn nothing, if any quad is not one.
  ///
  /// SDL's software renderer blits a rectangle ~2.4× faster than it rasterizes the same two
  /// textured triangles, and text is made of little else.
  private func copyQuads(_ list: DrawList, _ cmd: DrawCommand, _ texture: OpaquePointer) -> Bool {
    guard cmd.indexCount % 6 == 0 else { return false }
    let end = cmd.indexOffset + cmd.indexCount
    var quads: [(src: SDL_Rect, dst: SDL_FRect, color: RGBA8)] = []
    quads.reserveCapacity(cmd.indexCount / 6)
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_QueryTexture(texture, nil, nil, &w, &h)
    let tw = Float(w)
    let th = Float(h)
    var k = cmd.indexOffset
    while k < end {
      // The layout `addImageQuad` writes: corners clockwise from the top left, two triangles.
      let b = list.indices[k]
      guard list.indices[k + 1] == b + 1, list.indices[k + 2] == b + 2, list.indices[k + 3] == b,
        list.indices[k + 4] == b + 2, list.indices[k + 5] == b + 3
      else { return false }
      let i = Int(b)
      let v0 = list.vertices[i]
      let v1 = list.vertices[i + 1]
      let v2 = list.vertices[i + 2]
      let v3 = list.vertices[i + 3]
      guard v0.y == v1.y, v2.y == v3.y, v0.x == v3.x, v1.x == v2.x, v0.x < v1.x, v0.y < v3.y,
        v0.u == v3.u, v1.u == v2.u, v0.v == v1.v, v2.v == v3.v, v0.u < v1.u, v0.v < v3.v,
        v0.color == v1.color, v0.color == v2.color, v0.color == v3.color
      else { return false }
      let src = SDL_Rect(
        x: Int32((v0.u * tw).rounded()), y: Int32((v0.v * th).rounded()),
        w: Int32(((v1.u - v0.u) * tw).rounded()), h: Int32(((v3.v - v0.v) * th).rounded()))
      quads.append((src, SDL_FRect(x: v0.x, y: v0.y, w: v1.x - v0.x, h: v3.y - v0.y), v0.color))
      k += 6
    }
    var current: RGBA8?
    for var q in quads {
      if current != q.color {
        SDL_SetTextureColorMod(texture, q.color.r, q.color.g, q.color.b)
        SDL_SetTextureAlphaMod(texture, q.color.a)
        current = q.color
      }
      SDL_RenderCopyF(handle, texture, &q.src, &q.dst)
    }
    // Geometry reads tint from the vertices; leave the texture unmodulated for it.
    SDL_SetTextureColorMod(texture, 255, 255, 255)
    SDL_SetTextureAlphaMod(texture, 255)
    lastDrawCalls += quads.count
    return true
  }

  private func prepareAtlas() -> OpaquePointer? {
    let img = atlas.image
    if atlasTexture == nil || atlasSize != (img.width, img.height) {
      if let t = atlasTexture { SDL_DestroyTexture(t) }
      atlasTexture = makeTexture(width: img.width, height: img.height, smooth: true)
      atlasSize = (img.width, img.height)
      atlasGeneration = -1
    }
    if atlasGeneration != img.generation, let t = atlasTexture {
      upload(img, to: t)
      atlasGeneration = img.generation
    }
    return atlasTexture
  }

  private func prepareImage(_ id: ImageID, _ img: ImageBuffer) -> OpaquePointer? {
    if var existing = images[id], existing.width == img.width, existing.height == img.height,
      existing.opaque == img.opaque
    {
      existing.lastUsedFrame = frameNumber
      if existing.generation != img.generation {
        upload(img, to: existing.texture)
        existing.generation = img.generation
      }
      images[id] = existing
      return existing.texture
    }
    if let old = images[id] { SDL_DestroyTexture(old.texture) }
    guard let t = makeTexture(width: img.width, height: img.height, smooth: img.smooth) else { return nil }
    if img.opaque { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) }
    upload(img, to: t)
    images[id] = ImageTexture(
      texture: t, generation: img.generation, width: img.width, height: img.height, lastUsedFrame: frameNumber,
      opaque: img.opaque)
    return t
  }

  /// Frees textures of images no frame has drawn for a while, so switching scenes does not leak.
  private func evictImages() {
    if frameNumber % 120 == 0 {
      for (id, t) in images where frameNumber - t.lastUsedFrame > 240 {
        SDL_DestroyTexture(t.texture)
        images[id] = nil
      }
    }
    // Age alone lets a resize storm pile up window-sized textures (33 MB each at 4K) for four
    // seconds or more; past a byte cap on what this frame did not draw, the least recently
    // used go first. What the frame draws is never evicted, however large.
    var unused = images.values.reduce(0) { $1.lastUsedFrame < frameNumber ? $0 + $1.width * $1.height * 4 : $0 }
    guard unused > Self.maxUnusedImageBytes else { return }
    for (id, t) in images.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame })
    where t.lastUsedFrame < frameNumber {
      SDL_DestroyTexture(t.texture)
      images[id] = nil
      unused -= t.width * t.height * 4
      if unused <= Self.maxUnusedImageBytes { break }
    }
  }

  /// The most bytes of image textures kept that the current frame does not draw.
  static let maxUnusedImageBytes = 16 << 20

  private func makeTexture(width: Int, height: Int, smooth: Bool) -> OpaquePointer? {
    guard
      let t = SDL_CreateTexture(
        handle, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
        Int32(width), Int32(height))
    else { return nil }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(t, smooth ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
    return t
  }

  private func upload(_ img: ImageBuffer, to texture: OpaquePointer) {
    img.pixels.withUnsafeBytes { raw in
      _ = SDL_UpdateTexture(texture, nil, raw.baseAddress, Int32(img.width * 4))
    }
    lastTextureUploads += 1
    totalTextureUploads += 1
  }

  /// Runs SDL's queued commands now; the software renderer rasterizes here, so timing this
  /// separates drawing from presenting.
  public func flush() {
    SDL_RenderFlush(handle)
  }

  /// Shows what was drawn.
  public func present() {
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

  /// Reads the target back as RGBA pixels (for tests and snapshots).
  public func readPixels() throws -> ImageBuffer {
    let (w, h) = outputSize
    var img = ImageBuffer(width: w, height: h, smooth: false)
    let rc = img.pixels.withUnsafeMutableBytes { raw in
      SDL_RenderReadPixels(handle, nil, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), raw.baseAddress, Int32(w * 4))
    }
    if rc != 0 { throw BackendError.sdl(sdlError()) }
    return img
  }
}

/// Writes RGBA pixels as a PNG file with SDL_image.
public enum PNGWriter {
  /// Saves `image` to `path`; throws with a one-line reason on failure.
  public static func write(_ image: ImageBuffer, to path: String) throws {
    try Platform.startCore()
    var pixels = image.pixels
    let rc: Int32 = pixels.withUnsafeMutableBytes { raw in
      guard
        let surf = SDL_CreateRGBSurfaceWithFormatFrom(
          raw.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
          UInt32(SDL_PIXELFORMAT_RGBA32.rawValue))
      else { return -1 }
      defer { SDL_FreeSurface(surf) }
      return IMG_SavePNG(surf, path)
    }
    if rc != 0 { throw BackendError.io("cannot write PNG to \(path): \(sdlError())") }
  }

  /// Reads a PNG (or any format SDL_image knows) as RGBA pixels.
  public static func read(_ path: String) throws -> ImageBuffer {
    try Platform.startCore()
    guard let surf = IMG_Load(path) else { throw BackendError.io("cannot read image \(path): \(sdlError())") }
    defer { SDL_FreeSurface(surf) }
    return try image(of: surf)
  }

  /// Copies an SDL surface of any format into RGBA pixels.
  static func image(of surf: UnsafeMutablePointer<SDL_Surface>) throws -> ImageBuffer {
    guard let conv = SDL_ConvertSurfaceFormat(surf, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), 0) else {
      throw BackendError.sdl(sdlError())
    }
    defer { SDL_FreeSurface(conv) }
    var img = ImageBuffer(width: Int(conv.pointee.w), height: Int(conv.pointee.h), smooth: false)
    let pitch = Int(conv.pointee.pitch)
    if let src = conv.pointee.pixels {
      for y in 0..<img.height {
        let row = UnsafeRawPointer(src + y * pitch).assumingMemoryBound(to: UInt32.self)
        for x in 0..<img.width { img.pixels[y * img.width + x] = row[x] }
      }
    }
    return img
  }
}

/// A renderer drawing into a memory surface: no window and no display needed.
public final class OffscreenTarget {
  /// The renderer drawing into the surface.
  public let renderer: Renderer

  /// Creates a software renderer on a `width × height` RGBA surface.
  public init(width: Int, height: Int, atlas: GlyphAtlas? = nil) throws {
    try Platform.startCore()
    guard
      let s = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(max(1, width)), Int32(max(1, height)), 32, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue))
    else { throw BackendError.sdl(sdlError()) }
    guard let r = SDL_CreateSoftwareRenderer(s) else {
      SDL_FreeSurface(s)
      throw BackendError.sdl(sdlError())
    }
    renderer = Renderer(handle: r, atlas: try atlas ?? GlyphAtlas(), ownsHandle: true)
    // The surface must outlive the renderer that draws into it.
    renderer.afterDestroy = { SDL_FreeSurface(s) }
  }
}
