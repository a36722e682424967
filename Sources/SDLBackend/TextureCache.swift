internal import CSDL2
import FoundationEssentials
import Graphics

/// The SDL textures a draw list samples: the glyph atlas's and one per image, uploaded when
/// their generation changes and evicted by age and by a byte cap.
extension SDLRenderer {
  /// An image's SDL texture and what it was made from.
  struct ImageTexture {
    var texture: OpaquePointer
    var generation: Int
    var width: Int
    var height: Int
    var lastUsedFrame: Int
    var opaque: Bool
    var blend: BlendKind = .normal
  }

  /// The atlas texture, re-made when the atlas grows and re-uploaded when it changes.
  func prepareAtlas() -> OpaquePointer? {
    let img = atlas.image
    if atlasTexture == nil || atlasSize != (img.width, img.height) {
      if let t = atlasTexture { SDL_DestroyTexture(t) }
      atlasTexture = makeTexture(width: img.width, height: img.height, smooth: true)
      atlasSize = (img.width, img.height)
      atlasGeneration = -1
    }
    if atlasGeneration != img.generation, let t = atlasTexture {
      // A new glyph or two: upload just their cells, not the whole atlas.
      upload(img, to: t, region: atlasGeneration < 0 ? nil : img.changedRegion(since: atlasGeneration))
      atlasGeneration = img.generation
    }
    return atlasTexture
  }

  /// `CoverageMask.image`'s texture, made and uploaded once: it never changes.
  func prepareCoverageMask() -> OpaquePointer? {
    if let t = maskTexture { return t }
    let img = CoverageMask.image
    maskTexture = makeTexture(width: img.width, height: img.height, smooth: true)
    if let t = maskTexture { upload(img, to: t) }
    return maskTexture
  }

  /// The texture for an image, made or re-uploaded as needed.
  func prepareImage(_ id: ImageID, _ img: ImageBuffer) -> OpaquePointer? {
    if var existing = images[id], existing.width == img.width, existing.height == img.height,
      existing.opaque == img.opaque, existing.blend == img.blend
    {
      existing.lastUsedFrame = frame.frameNumber
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
    if img.blend != .normal, SDL_SetTextureBlendMode(t, Self.blendMode(img.blend)) != 0 {
      // A renderer without custom blending: the premultiplied texels drawn source over.
      SDL_SetTextureBlendMode(t, Self.blendMode(.normal))
    }
    upload(img, to: t)
    images[id] = ImageTexture(
      texture: t, generation: img.generation, width: img.width, height: img.height, lastUsedFrame: frame.frameNumber,
      opaque: img.opaque, blend: img.blend)
    return t
  }

  /// Frees textures of images no frame has drawn for a while, so switching scenes does not leak.
  func evictImages() {
    let frameNumber = frame.frameNumber
    if frameNumber % 120 == 0 {
      for (id, t) in images where frameNumber - t.lastUsedFrame > 240 {
        SDL_DestroyTexture(t.texture)
        images[id] = nil
      }
    }
    // Past a byte cap on what this frame did not draw, the least recently used go first.
    var unused = images.values.reduce(0) { $1.lastUsedFrame < frameNumber ? $0 + $1.width * $1.height * 4 : $0 }
    guard unused > TextureBudget.maxUnusedImageBytes else { return }
    for (id, t) in images.sorted(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame })
    where t.lastUsedFrame < frameNumber {
      SDL_DestroyTexture(t.texture)
      images[id] = nil
      unused -= t.width * t.height * 4
      if unused <= TextureBudget.maxUnusedImageBytes { break }
    }
  }

  /// A streaming RGBA texture with blending on and the image's filter.
  func makeTexture(width: Int, height: Int, smooth: Bool) -> OpaquePointer? {
    guard
      let t = SDL_CreateTexture(
        handle, UInt32(SDL_PIXELFORMAT_RGBA32.rawValue), Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
        Int32(width), Int32(height))
    else { return nil }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(t, smooth ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
    return t
  }

  /// Copies an image's pixels into its texture, counting the upload.
  func upload(_ img: ImageBuffer, to texture: OpaquePointer, region: PixelRect? = nil) {
    let whole = PixelRect(x0: 0, y0: 0, x1: img.width, y1: img.height)
    let r = region?.intersection(whole) ?? whole
    guard !r.isEmpty, img.pixels.count >= img.width * img.height else { return }
    // A blended layer goes up premultiplied, which its blend factors expect.
    let pixels = img.blend == .normal ? img.pixels : img.pixels.map(Self.premultiplied)
    pixels.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var rect = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.x1 - r.x0), h: Int32(r.y1 - r.y0))
      let first = base + (r.y0 * img.width + r.x0) * 4
      _ = SDL_UpdateTexture(texture, &rect, first, Int32(img.width * 4))
    }
    frame.stats.lastTextureUploads += 1
    frame.stats.totalTextureUploads += 1
  }

  /// An RGBA pixel with its colour multiplied by its alpha.
  static func premultiplied(_ p: UInt32) -> UInt32 {
    let a = p >> 24
    @inline(__always) func m(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
    return a << 24 | m((p >> 16) & 0xFF) << 16 | m((p >> 8) & 0xFF) << 8 | m(p & 0xFF)
  }

  /// SDL's blend for a premultiplied layer drawn with `mode`: the fixed-function equation
  /// where there is one, premultiplied source over otherwise (the CPU renderer alone draws
  /// the other modes exactly).
  static func blendMode(_ mode: BlendKind) -> SDL_BlendMode {
    let one = SDL_BLENDFACTOR_ONE
    let inverseAlpha = SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA
    let (src, dst, op): (SDL_BlendFactor, SDL_BlendFactor, SDL_BlendOperation) =
      switch mode {
      case .multiply: (SDL_BLENDFACTOR_DST_COLOR, inverseAlpha, SDL_BLENDOPERATION_ADD)
      case .screen: (one, SDL_BLENDFACTOR_ONE_MINUS_SRC_COLOR, SDL_BLENDOPERATION_ADD)
      case .plusLighter: (one, one, SDL_BLENDOPERATION_ADD)
      default: (one, inverseAlpha, SDL_BLENDOPERATION_ADD)
      }
    return SDL_ComposeCustomBlendMode(src, dst, op, one, inverseAlpha, SDL_BLENDOPERATION_ADD)
  }
}
