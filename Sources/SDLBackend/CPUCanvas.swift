internal import CSDL2
import FoundationEssentials
import Graphics
import Raster

/// The pixels the CPU rasterizer draws into (a window's surface, or a buffer of its own for
/// snapshots and benchmarks) and the textures it samples, converted once per image generation.
final class CPUCanvas {
  /// The window whose surface is drawn into; nil for an offscreen buffer.
  private let window: OpaquePointer?
  /// The offscreen buffer, or a shadow of a window surface whose format is not 32-bit XRGB.
  private var buffer: UnsafeMutablePointer<UInt32>?
  private var bufferSize = (width: 0, height: 0)
  private var atlasTexture: RasterTexture?
  private var maskTexture: RasterTexture?
  private var textures: [ImageID: (texture: RasterTexture, lastUsed: Int)] = [:]
  private var frameNumber = 0
  /// The dithered rows of the ramps drawn here, kept from frame to frame: a damaged region
  /// redraws slivers of the backdrop, whose rows would otherwise be worked out every time.
  private let rampRows = RampRows()
  /// Texture conversions (the CPU's uploads) in the last frame and in all.
  private(set) var lastUploads = 0
  private(set) var totalUploads = 0

  /// Draws into `window`'s surface.
  init(window: OpaquePointer) {
    self.window = window
  }

  /// Draws into a buffer of its own.
  init(width: Int, height: Int) {
    window = nil
    resizeBuffer(width: max(1, width), height: max(1, height))
  }

  deinit { destroy() }

  /// Frees the buffer and the textures.
  func destroy() {
    buffer?.deallocate()
    buffer = nil
    bufferSize = (0, 0)
    atlasTexture = nil
    maskTexture = nil
    textures.removeAll()
  }

  private func resizeBuffer(width: Int, height: Int) {
    guard bufferSize != (width, height) || buffer == nil else { return }
    buffer?.deallocate()
    let b = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    b.initialize(repeating: 0xFF00_0000, count: width * height)
    buffer = b
    bufferSize = (width, height)
  }

  /// The window surface when it is `0x??RRGGBB` (X11's usual 24-bit visual), so it can be drawn
  /// into directly.
  private func directSurface() -> UnsafeMutablePointer<SDL_Surface>? {
    guard let window, let s = SDL_GetWindowSurface(window), let format = s.pointee.format else { return nil }
    let f = format.pointee.format
    guard f == SDL_PIXELFORMAT_RGB888.rawValue || f == SDL_PIXELFORMAT_ARGB8888.rawValue else { return nil }
    return s
  }

  /// The size drawn at, in pixels.
  var size: (width: Int, height: Int) {
    guard let window else { return bufferSize }
    guard let s = SDL_GetWindowSurface(window) else { return (0, 0) }
    return (Int(s.pointee.w), Int(s.pointee.h))
  }

  /// Where to draw this frame.
  private func target() -> RasterTarget? {
    if window != nil {
      if let s = directSurface(), let px = s.pointee.pixels {
        return RasterTarget(
          pixels: px.assumingMemoryBound(to: UInt32.self), width: Int(s.pointee.w), height: Int(s.pointee.h),
          stride: Int(s.pointee.pitch) / 4, ramps: rampRows)
      }
      // Any other surface format: draw into a shadow buffer and convert when presenting.
      let (w, h) = size
      guard w > 0, h > 0 else { return nil }
      resizeBuffer(width: w, height: h)
    }
    guard let buffer else { return nil }
    return RasterTarget(pixels: buffer, width: bufferSize.width, height: bufferSize.height, ramps: rampRows)
  }

  /// Fills the whole target with `color`.
  func fill(_ color: Color) {
    guard let t = target() else { return }
    Rasterizer.fill(t, t.bounds, with: Rasterizer.premultiply(color.rgba8))
  }

  /// Draws `list`; with `regions`, only inside them, each first filled with `background`
  /// unless the first thing drawn there covers it opaquely (`opaqueBackdropCovers`).
  func draw(_ list: DrawList, background: Color?, regions: [Rect]?, atlas: ImageBuffer, frame: Int) {
    guard let t = target() else { return }
    frameNumber = frame
    lastUploads = 0
    let lookup: (TextureRef) -> RasterTexture? = { ref in
      switch ref {
      case .none: return nil
      case .atlas: return self.atlas(atlas)
      case .coverageMask: return self.coverageMask()
      case .image(let id): return list.images[id].map { self.texture(id, $0) }
      }
    }
    if let regions {
      let bg = background.map { Rasterizer.premultiply($0.rgba8) }
      // Each region's draws look only at the primitives that may reach it, found once.
      let index = Rasterizer.PrimitiveIndex(list)
      var candidates: [Int] = []
      for r in regions {
        let pr = PixelRect(covering: r)
        index.touching(Rasterizer.reach(of: pr.intersection(t.bounds)), into: &candidates)
        // What comes before an opaque interior in the region cannot show there: draw it (and
        // the background) only around that interior, then the rest over the whole region.
        let (k, hidden) = Self.occluder(in: pr, list) { lookup($0)?.opaque ?? false }
        // With nothing hidden, the one piece is the whole region.
        pr.forEachPiece(outside: hidden ?? .empty) { piece in
          if let bg, !list.opaqueBackdropCovers(piece.rect) { Rasterizer.fill(t, piece, with: bg) }
          Rasterizer.draw(
            list, into: t, region: piece, primitives: 0..<k, candidates: candidates, texture: lookup)
        }
        Rasterizer.draw(
          list, into: t, region: pr, primitives: k..<list.primitives.count, candidates: candidates, texture: lookup)
      }
    } else {
      Rasterizer.draw(list, into: t, region: nil, texture: lookup)
    }
    evict()
  }

  /// About what setting up a row costs the rasterizer, in pixels filled: drawing what lies
  /// beside a hidden rectangle takes two rows where the region took one. A backdrop ramp's
  /// rows are kept (`RampRows`), so a row costs little more than its pixels: the visualizer's
  /// 50-pixel bars hide the backdrop behind them (its headless submit p50 0.27 → 0.25 ms).
  static let rowSetupPixels = 16

  /// The last primitive whose opaque interior hides at least a quarter of `region`, with the
  /// part of the region it hides; `(count, nil)` when none does.
  ///
  /// An interior that leaves the region's sides showing counts only when it is at least
  /// `rowSetupPixels` wide: a narrower one (a thin bar) saves fewer pixels per row than drawing the
  /// slivers on either side costs, row by row, instead of the whole row once.
  ///
  /// An image's interior counts only when `opaqueTexture` says the texture it samples is
  /// opaque by its pixels: the flag lowering recorded it by is the caller's word, and another
  /// image may have been registered under the same id since.
  static func occluder(
    in region: PixelRect, _ list: DrawList, opaqueTexture: (TextureRef) -> Bool = { _ in false }
  ) -> (Int, PixelRect?) {
    let ps = list.primitives
    for i in ps.indices.reversed() {
      guard let o = ps[i].opaqueInterior else { continue }
      if ps[i].texture != .none, !opaqueTexture(ps[i].texture) { continue }
      let hidden = o.intersection(region)
      guard hidden.area * 4 >= region.area, !hidden.isEmpty else { continue }
      let spansRows = hidden.x0 == region.x0 && hidden.x1 == region.x1
      if spansRows || hidden.x1 - hidden.x0 >= rowSetupPixels { return (i, hidden) }
    }
    return (ps.count, nil)
  }

  private func atlas(_ image: ImageBuffer) -> RasterTexture {
    if let a = atlasTexture, a.width == image.width, a.height == image.height {
      if a.generation != image.generation { convert(image, into: a) }
      return a
    }
    let a = RasterTexture(image)
    countUpload()
    atlasTexture = a
    return a
  }

  /// `CoverageMask.image`, converted once: the CPU renderer shades its shapes itself, but a
  /// draw list made for a GPU still draws here.
  private func coverageMask() -> RasterTexture {
    if let m = maskTexture { return m }
    let m = RasterTexture(CoverageMask.image)
    countUpload()
    maskTexture = m
    return m
  }

  private func texture(_ id: ImageID, _ image: ImageBuffer) -> RasterTexture {
    if let entry = textures[id], entry.texture.width == image.width, entry.texture.height == image.height,
      entry.texture.smooth == image.smooth
    {
      if entry.texture.generation != image.generation { convert(image, into: entry.texture) }
      textures[id] = (entry.texture, frameNumber)
      return entry.texture
    }
    let t = RasterTexture(image)
    countUpload()
    textures[id] = (t, frameNumber)
    return t
  }

  private func convert(_ image: ImageBuffer, into texture: RasterTexture) {
    texture.update(from: image)
    countUpload()
  }

  private func countUpload() {
    lastUploads += 1
    totalUploads += 1
  }

  /// Textures alive, the atlas's and the coverage mask's included.
  var liveTextures: Int { textures.count + (atlasTexture == nil ? 0 : 1) + (maskTexture == nil ? 0 : 1) }
  /// Bytes of texels held.
  var textureBytes: Int {
    textures.values.reduce((atlasTexture?.byteCount ?? 0) + (maskTexture?.byteCount ?? 0)) { $0 + $1.texture.byteCount }
  }

  /// Drops textures no frame has drawn for four seconds, and past a byte cap on what this frame
  /// did not draw, the least recently used first (the same policy as the SDL renderers').
  private func evict() {
    if frameNumber % 120 == 0 {
      for (id, e) in textures where frameNumber - e.lastUsed > 240 { textures[id] = nil }
    }
    var unused = textures.values.reduce(0) { $1.lastUsed < frameNumber ? $0 + $1.texture.byteCount : $0 }
    guard unused > TextureBudget.maxUnusedImageBytes else { return }
    for (id, e) in textures.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) where e.lastUsed < frameNumber {
      textures[id] = nil
      unused -= e.texture.byteCount
      if unused <= TextureBudget.maxUnusedImageBytes { break }
    }
  }

  /// Shows what was drawn: only `regions` when given (an empty list shows nothing new).
  func present(regions: [Rect]?) {
    guard let window else { return }
    if directSurface() == nil, let buffer, let s = SDL_GetWindowSurface(window), let format = s.pointee.format {
      _ = SDL_ConvertPixels(
        Int32(bufferSize.width), Int32(min(Int(s.pointee.h), bufferSize.height)),
        SDL_PIXELFORMAT_ARGB8888.rawValue, buffer, Int32(bufferSize.width * 4), format.pointee.format,
        s.pointee.pixels, s.pointee.pitch)
    }
    if let regions {
      guard !regions.isEmpty else { return }
      var rects = regions.map {
        SDL_Rect(x: Int32($0.minX), y: Int32($0.minY), w: Int32($0.width), h: Int32($0.height))
      }
      if SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count)) == 0 { return }
    }
    SDL_UpdateWindowSurface(window)
  }

  /// Lends the pixels as drawn, without a copy: `height` rows `stride` pixels apart, each
  /// `0xAARRGGBB` with its colour premultiplied by alpha (bytes B, G, R, A in memory).
  func withStoredPixels<R>(_ body: (RasterTarget) throws -> R) rethrows -> R? {
    guard let t = target() else { return nil }
    return try body(t)
  }

  /// The pixels as straight RGBA.
  func readPixels() -> ImageBuffer {
    guard let t = target() else { return ImageBuffer(width: 1, height: 1, smooth: false) }
    var img = ImageBuffer(width: t.width, height: t.height, smooth: false)
    img.pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<t.height {
        let row = t.pixels + y * t.stride
        for x in 0..<t.width {
          let p = row[x]
          // A window surface's alpha byte is not kept by X; everything drawn is over opaque.
          let a = window == nil ? p >> 24 : 255
          var r = (p >> 16) & 0xFF
          var g = (p >> 8) & 0xFF
          var b = p & 0xFF
          if a != 255 && a != 0 {
            r = min(255, (r * 255 + a / 2) / a)
            g = min(255, (g * 255 + a / 2) / a)
            b = min(255, (b * 255 + a / 2) / a)
          }
          out[y * t.width + x] = a << 24 | b << 16 | g << 8 | r
        }
      }
    }
    return img
  }
}
