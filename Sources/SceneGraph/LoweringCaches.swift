import Graphics
import Raster

/// Pixels that lowering renders once and reuses across drawn frames, under one pruning
/// policy: an entry not drawn for more than `keepFrames` frames is dropped, and past
/// `maxBytes` the least recently drawn go first.
final class FrameCache<Key: Hashable, Value> {
  /// One cached value with its size and the drawn frame that last used it.
  struct Entry {
    var value: Value
    var bytes: Int
    var lastUsed: Int
  }

  private(set) var entries: [Key: Entry] = [:]
  /// How many drawn frames an unused entry survives (0: only this frame's are kept).
  let keepFrames: Int
  /// The most bytes kept after a frame.
  let maxBytes: Int
  /// Drawn frames so far.
  private var frame = 0

  init(keepFrames: Int, maxBytes: Int = .max) {
    self.keepFrames = keepFrames
    self.maxBytes = maxBytes
  }

  var count: Int { entries.count }
  var bytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }

  /// The value for `key`, if cached; reading does not count as use (see `markUsed`).
  subscript(key: Key) -> Value? { entries[key]?.value }

  /// Starts a drawn frame.
  func beginFrame() { frame += 1 }

  /// Keeps `key` as drawn in this frame.
  func markUsed(_ key: Key) { entries[key]?.lastUsed = frame }

  /// Stores `value`, drawn in this frame.
  func insert(_ value: Value, bytes: Int, for key: Key) {
    entries[key] = Entry(value: value, bytes: bytes, lastUsed: frame)
  }

  /// Takes `key`'s value out, so that it can be rendered into without a copy and stored again.
  func remove(_ key: Key) -> Value? { entries.removeValue(forKey: key)?.value }

  /// Drops what the policy says is stale or over budget, at the end of a drawn frame.
  func endFrame() {
    guard !entries.isEmpty else { return }
    var total = 0
    for (k, e) in entries {
      if frame - e.lastUsed > keepFrames {
        entries[k] = nil
      } else {
        total += e.bytes
      }
    }
    guard total > maxBytes else { return }
    for (k, e) in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
      guard total > maxBytes else { break }
      total -= e.bytes
      entries[k] = nil
    }
  }

  func removeAll() { entries.removeAll() }
}

/// A mesh gradient rasterized at a size, kept while its points and colors stay the same.
struct MeshRendering {
  var spec: MeshSpec
  var width: Int
  var height: Int
  var image: ImageBuffer
}

/// A gradient backdrop rendered at one pixel size.
struct GradientKey: Hashable {
  var gradient: LinearGradient
  var width: Int
  var height: Int
}

/// A canvas's gradient rendered over the pixels a fill or stroke covers.
struct ShadingKey: Hashable {
  var gradient: Gradient
  var geometry: ShadingRaster.Geometry
  var spread: ShadingRaster.Spread
  /// Maps a texel's center into the gradient's coordinates.
  var toGradient: Transform2D
  var width: Int
  var height: Int
}

/// Where a canvas is drawn, in pixels: its frame and the transform it is drawn under, and how
/// many canvases were drawn there before it in the frame (two stacked in a `ZStack` keep their
/// own calls).
struct CanvasPlacement: Hashable {
  var frame: Rect
  var transform: Transform2D
  var ordinal = 0
}

/// An image shrunk for the size it is drawn at.
struct ScaledImageKey: Hashable {
  var key: UInt64
  var generation: Int
  var width: Int
  var height: Int
}

/// The caches a runtime's lowering draws from, one per kind of pixels it renders itself.
final class LoweringCaches {
  /// Mesh gradients by view; only the meshes of the latest drawn frame are kept.
  let meshes = FrameCache<UInt64, MeshRendering>(keepFrames: 0)
  /// Gradient backdrops: only this frame's stay (a resize leaves stale sizes behind, and the
  /// overview grid draws thirteen at once, which a cap on the count would re-render every
  /// frame), within 64 MB (a 4K window's backdrop alone is 33 MB).
  let gradients = FrameCache<GradientKey, ImageBuffer>(keepFrames: 0, maxBytes: 64 << 20)
  /// Images drawn notably smaller than their pixels, area-filtered to the size drawn. A GIF's
  /// frames come round again within its loop, so they are kept for 240 frames, within 16 MB.
  let scaledImages = FrameCache<ScaledImageKey, ImageBuffer>(keepFrames: scaledImageFrames, maxBytes: 16 << 20)
  /// Canvas gradients: only this frame's stay, as for `gradients`; a canvas redrawn
  /// unchanged finds its own again.
  let shadings = FrameCache<ShadingKey, ImageBuffer>(keepFrames: 0, maxBytes: 64 << 20)
  /// Layers' filtered pixels (blur, shadow, masks): only this frame's stay, as for
  /// `gradients`, so a layer that does not change is filtered once.
  let layers = FrameCache<LayerKey, ImageBuffer>(keepFrames: 0, maxBytes: 64 << 20)
  /// `CanvasContext` canvases' calls by where each canvas is drawn: only this frame's stay, so
  /// a canvas lowered again finds its calls from the last time.
  let canvasDraws = FrameCache<CanvasPlacement, CanvasDrawMemo>(keepFrames: 0)
  /// Canvases drawn at each place in this frame so far, for `CanvasPlacement.ordinal`.
  private var canvasesPlaced: [CanvasPlacement: Int] = [:]

  /// The memo for the next canvas drawn at `frame` under `transform` in this frame: the one the
  /// canvas drawn there in the same order used last frame, or a new one.
  func canvasMemo(frame: Rect, transform: Transform2D) -> (CanvasDrawMemo, CanvasPlacement) {
    let place = CanvasPlacement(frame: frame, transform: transform)
    let ordinal = canvasesPlaced[place, default: 0]
    canvasesPlaced[place] = ordinal + 1
    let placement = CanvasPlacement(frame: frame, transform: transform, ordinal: ordinal)
    let memo = canvasDraws[placement] ?? CanvasDrawMemo()
    canvasDraws.insert(memo, bytes: 0, for: placement)
    return (memo, placement)
  }

  /// Keeps the memo of a canvas replayed from its fragment (its closure did not run), and its
  /// place in this frame's order, for the frame its view updates in.
  private func keepCanvasMemo(_ placement: CanvasPlacement) {
    canvasDraws.markUsed(placement)
    var place = placement
    place.ordinal = 0
    canvasesPlaced[place] = max(canvasesPlaced[place, default: 0], placement.ordinal + 1)
  }
  /// The glyph atlas converted for the CPU rasterizer, for layers that draw text.
  private var atlas: RasterTexture?

  /// The atlas as a texture the CPU rasterizer samples, converted again only when it changed.
  func atlasTexture(for image: ImageBuffer) -> RasterTexture {
    if let atlas, atlas.width == image.width, atlas.height == image.height {
      if atlas.generation != image.generation { atlas.update(from: image) }
      return atlas
    }
    let t = RasterTexture(image)
    atlas = t
    return t
  }

  /// How many drawn frames a shrunk image survives undrawn.
  static let scaledImageFrames = 240

  /// Starts a drawn frame in every cache.
  func beginFrame() {
    meshes.beginFrame()
    gradients.beginFrame()
    scaledImages.beginFrame()
    shadings.beginFrame()
    layers.beginFrame()
    canvasDraws.beginFrame()
    canvasesPlaced.removeAll(keepingCapacity: true)
  }

  /// Keeps what a fragment or a drawn primitive uses.
  func markUsed(_ r: FragmentResource) {
    switch r {
    case .mesh(let k): meshes.markUsed(k)
    case .gradient(let k): gradients.markUsed(k)
    case .scaledImage(let k): scaledImages.markUsed(k)
    case .canvasMemo(let p): keepCanvasMemo(p)
    }
  }

  /// Prunes every cache at the end of a drawn frame.
  func endFrame() {
    meshes.endFrame()
    gradients.endFrame()
    scaledImages.endFrame()
    shadings.endFrame()
    layers.endFrame()
    canvasDraws.endFrame()
  }

  func removeAll() {
    meshes.removeAll()
    gradients.removeAll()
    scaledImages.removeAll()
    shadings.removeAll()
    layers.removeAll()
    canvasDraws.removeAll()
    atlas = nil
  }

  /// Bytes of pixels held.
  var bytes: Int { meshes.bytes + gradients.bytes + scaledImages.bytes + shadings.bytes }
}

extension ImageBuffer {
  /// Bytes of its 8-bit RGBA pixels.
  var pixelBytes: Int { width * height * 4 }
}
