// Lowering of layers: drawing rasterized apart, filtered (blur, shadow, colour matrix, mask),
// and drawn back into the frame as one image, the same texels on every renderer.
import FoundationEssentials
import Graphics
import Raster

/// One thing done to a layer's pixels, in pixels of the target.
enum LayerStep: Hashable {
  /// A Gaussian blur of standard deviation `sigma`.
  case blur(sigma: Double)
  /// A drop shadow: the layer's alpha painted `color`, blurred by `sigma`, moved by `dx`, `dy`
  /// and drawn under the layer.
  case shadow(color: RGBA8, sigma: Double, dx: Double, dy: Double)
  /// The shadow alone, without the drawing that casts it.
  case shadowOnly(color: RGBA8, sigma: Double, dx: Double, dy: Double)
  /// A colour matrix over each pixel's straight colour.
  case color(ColorMatrix)

  /// How far outside the drawing this step can put pixels.
  var reach: Double {
    switch self {
    case .blur(let s): 3 * s
    case .shadow(_, let s, let dx, let dy), .shadowOnly(_, let s, let dx, let dy): 3 * s + max(abs(dx), abs(dy))
    case .color: 0
    }
  }
}

/// What happens to a layer between rasterizing its drawing and drawing it into the frame.
struct LayerEffect: Hashable {
  var steps: [LayerStep]
  /// How the layer is composited into the frame.
  var blend = BlendKind.normal

  /// Pixels of margin the steps need around the drawing's bounds.
  var reach: Double { steps.reduce(0) { $0 + $1.reach } }
}

/// The identity of a layer's pixels: the same drawing under the same effect rasterizes alike.
struct LayerKey: Hashable {
  var drawing: UInt64
  var effect: LayerEffect
  var masked: UInt64?
  var width: Int
  var height: Int
}

extension Lowerer {
  /// The largest side of a layer in pixels; a bigger drawing is cut to the target's bounds.
  static let maxLayerSide = 4096

  /// Lowers what `draw` draws into a layer of its own, filters it with `effect`, multiplies it
  /// by the alpha of what `mask` draws (when given), and draws the result at `opacity`.
  ///
  /// The layer's pixels are kept while the drawing, the effect and the mask stay the same, so
  /// a shadowed or blurred view that does not change is filtered once.
  /// `masks` are lists already lowered in pixels (a canvas's `clipToLayer`), applied as `mask`.
  mutating func layer(
    _ effect: LayerEffect, opacity: Double, mask: ((inout Lowerer) -> Void)? = nil, masks: [DrawList] = [],
    draw: (inout Lowerer) -> Void
  ) {
    guard opacity > 0.001 else { return }
    let reach = effect.reach.rounded(.up)
    var inner = sublowerer(reach: reach)
    draw(&inner)
    items.append(contentsOf: inner.items)
    markUncacheable()
    guard var bounds = inner.list.drawnBounds else { return }
    bounds = bounds.insetBy(dx: -reach, dy: -reach)
    if let screen = list.targetBounds { bounds = bounds.intersection(screen.insetBy(dx: -reach, dy: -reach)) }
    if let clip = list.currentClip { bounds = bounds.intersection(clip.insetBy(dx: -reach, dy: -reach)) }
    let x0 = Int(bounds.minX.rounded(.down))
    let y0 = Int(bounds.minY.rounded(.down))
    let w = min(Self.maxLayerSide, Int(bounds.maxX.rounded(.up)) - x0)
    let h = min(Self.maxLayerSide, Int(bounds.maxY.rounded(.up)) - y0)
    guard w > 0, h > 0 else { return }
    inner.list.translate(dx: -x0, dy: -y0)
    var maskLists = masks
    if let mask {
      var m = sublowerer(reach: reach)
      mask(&m)
      maskLists.append(m.list)
    }
    for i in maskLists.indices { maskLists[i].translate(dx: -x0, dy: -y0) }
    let key = LayerKey(
      drawing: fingerprint(inner.list), effect: effect,
      masked: maskLists.isEmpty ? nil : maskLists.reduce(0) { $0 &* 31 &+ fingerprint($1) }, width: w, height: h)
    let id = ImageID(key.hashValue)
    let image: ImageBuffer
    if let kept = caches.layers[key] {
      image = kept
      caches.layers.markUsed(key)
    } else {
      var pixels = LayerPixels(inner.list, width: w, height: h) { texture($0, in: inner.list) }
      for step in effect.steps { pixels.apply(step) }
      for m in maskLists {
        pixels.mask(by: LayerPixels(m, width: w, height: h) { texture($0, in: m) })
      }
      var made = pixels.image()
      made.blend = effect.blend
      image = made
      caches.layers.insert(image, bytes: image.pixelBytes, for: key)
    }
    register(id, image)
    let alpha = UInt8(max(0, min(255, (opacity * 255).rounded())))
    // A blended layer is composited premultiplied, so its opacity scales every channel.
    let tint =
      effect.blend == .normal ? RGBA8(r: 255, g: 255, b: 255, a: alpha) : RGBA8(r: alpha, g: alpha, b: alpha, a: alpha)
    list.addImageQuad(
      Quad(Rect(x: Double(x0), y: Double(y0), width: Double(w), height: Double(h))),
      uv: Rect(x: 0, y: 0, width: 1, height: 1), texture: .image(id), tint: tint)
  }

  /// A lowerer drawing into a list of its own, set up as this one's is but for the CPU
  /// rasterizer, and reaching `reach` pixels past the target so a blur's source is whole.
  func sublowerer(reach: Double) -> Lowerer {
    var sub = DrawList()
    sub.antiAliased = list.antiAliased
    sub.fringeWidth = list.fringeWidth
    sub.circleMaxError = list.circleMaxError
    sub.targetBounds = list.targetBounds?.insetBy(dx: -reach, dy: -reach)
    var inner = Lowerer(textEngine: textEngine, list: sub, caches: caches)
    inner.keepsFragments = false
    inner.lowering = lowering
    inner.settings = settings
    return inner
  }

  /// A texture of `list` for the CPU rasterizer: its own images, or the text engine's atlas.
  private func texture(_ ref: TextureRef, in list: DrawList) -> RasterTexture? {
    switch ref {
    case .none: return nil
    case .atlas:
      guard let atlas = textEngine.atlasImage else { return nil }
      return caches.atlasTexture(for: atlas)
    case .image(let id):
      return list.images[id].map(RasterTexture.init)
    case .coverageMask:
      // Not reached: a layer's list is cut for the CPU rasterizer (`sublowerer`), which
      // shades circles and rounded rectangles itself.
      return RasterTexture(CoverageMask.image)
    }
  }

  /// A hash of everything that decides the pixels `list` draws: every primitive's key (its
  /// vertices, texture and clip), the atlas's generation and each image's.
  private func fingerprint(_ list: DrawList) -> UInt64 { Self.fingerprint(list, atlas: textEngine.atlasImage) }

  private static func fingerprint(_ list: DrawList, atlas: ImageBuffer? = nil) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3 }
    for p in list.primitives { mix(p.key) }
    mix(UInt64(list.primitives.count))
    for (id, image) in list.images.sorted(by: { $0.key.raw < $1.key.raw }) {
      mix(UInt64(bitPattern: Int64(id.raw)))
      mix(UInt64(bitPattern: Int64(image.generation)))
    }
    if let atlas { mix(UInt64(bitPattern: Int64(atlas.generation))) }
    return h
  }
}

extension LayerPixels {
  /// Applies one step of a layer's effect.
  mutating func apply(_ step: LayerStep) {
    switch step {
    case .blur(let sigma):
      blur(sigma: sigma)
    case .shadow(let color, let sigma, let dx, let dy):
      var shade = silhouette(Rasterizer.premultiply(color))
      shade.blur(sigma: sigma)
      var out = LayerPixels(width: width, height: height)
      out.composite(shade, dx: Int(dx.rounded()), dy: Int(dy.rounded()))
      out.composite(self)
      self = out
    case .shadowOnly(let color, let sigma, let dx, let dy):
      var shade = silhouette(Rasterizer.premultiply(color))
      shade.blur(sigma: sigma)
      var out = LayerPixels(width: width, height: height)
      out.composite(shade, dx: Int(dx.rounded()), dy: Int(dy.rounded()))
      self = out
    case .color(let matrix):
      apply(matrix)
    }
  }
}
