import FoundationEssentials
import Graphics

/// The drawing destination of a `Canvas` renderer, with the state its draws are made under;
/// SwiftUI's `GraphicsContext`.
///
/// A context is a value: a copy has its own `transform`, `opacity`, `blendMode` and clip, so
/// `var inner = context; inner.translateBy(x: 10, y: 0)` moves only what is drawn through
/// `inner`. Every copy draws into the same canvas, in the order the calls are made.
///
/// Everything a context draws is lowered on the spot into the frame's draw list, by the same
/// code that lowers views: paths are flattened and filled or stroked as shapes are (a stroke
/// takes its dashes and caps from `StrokeStyle`), text goes through the text engine and the
/// glyph atlas as `Text` does, and images are drawn as `Image` is.
public struct GraphicsContext {
  /// The canvas every copy draws into.
  let target: CanvasTarget
  /// Multiplies the alpha of everything drawn, 0…1.
  public var opacity: Double = 1
  /// How drawing combines with what is under it: each drawing call made with a mode other
  /// than `normal` is drawn as a layer composited by it (see the view's `BlendMode` for which
  /// modes each renderer draws).
  public var blendMode: BlendMode = .normal
  /// Maps the coordinates drawing calls are given to the canvas's points (identity at first:
  /// the canvas's top-left is the origin, and y grows downward).
  public var transform: CGAffineTransform = .identity
  /// The clip in pixels; nil when only the canvas's own clip applies.
  var clip: Rect?
  /// Filters later drawing goes through (`addFilter`), in the order added.
  var filters: [Filter] = []
  /// Masks later drawing is multiplied by (`clipToLayer`), lowered in pixels.
  var layerMasks: [DrawList] = []

  init(_ target: CanvasTarget) { self.target = target }

  /// The environment the canvas was resolved in, as `.foreground` and text drawing read it.
  public var environment: EnvironmentValues { target.environment }

  /// The transform from the coordinates drawing calls are given to pixels.
  var pixelTransform: CGAffineTransform { transform.concatenating(target.base) }

  /// Moves later drawing by `x`, `y` in the current coordinates.
  public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }

  /// Scales later drawing by `x`, `y` about the current origin.
  public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }

  /// Rotates later drawing by `angle` about the current origin, clockwise on screen.
  public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: angle.radians) }

  /// Applies `matrix` to later drawing before the current transform.
  public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

  /// Restricts later drawing to `path`.
  ///
  /// The draw list clips to upright rectangles, so the clip is the path's bounding box in
  /// pixels (exact for an upright rectangle); `style` is accepted. `.inverse` cannot be drawn
  /// with a rectangle and leaves the clip as it is.
  public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
    guard !options.contains(.inverse) else { return }
    let box = path.applying(pixelTransform).boundingRect
    clip = clip.map { $0.intersection(box) } ?? box
  }

  /// The bounds of the area drawing can reach, in the current coordinates: the canvas (as far
  /// as the views around it let it draw) within every `clip(to:)` so far.
  public var clipBoundingRect: CGRect {
    var area = Quad(Rect(origin: .zero, size: target.size), target.base).bounds
    if let outer = target.outerClip { area = area.intersection(outer) }
    if let clip { area = area.intersection(clip) }
    return area.applying(pixelTransform.inverted())
  }

  /// Draws `content` with a copy of this context, so whatever it changes (transform, opacity,
  /// clip) ends with it.
  ///
  /// The layer is not composited on its own: its draws go straight to the canvas, each with
  /// the layer's opacity, so overlapping shapes in a translucent layer show their overlap.
  public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
    var layer = self
    try content(&layer)
  }

  /// Runs `draw` on the lowering with this context's pixel transform, opacity and clip in
  /// force; nothing once the canvas has been drawn (a context kept past its renderer).
  func lowering(_ draw: (inout Lowerer, CGAffineTransform, Double) -> Void) {
    let alpha = max(0, min(1, opacity)) * target.opacity
    guard alpha > 0.001, target.lowerer != nil else { return }
    if let clip {
      guard !clip.isEmpty else { return }
      target.lowerer?.list.pushClip(clip)
    }
    if filters.isEmpty && layerMasks.isEmpty && blendMode.kind == .normal {
      draw(&target.lowerer!, pixelTransform, alpha)
    } else {
      let t = pixelTransform
      filtered(&target.lowerer!, alpha: alpha) { draw(&$0, t, $1) }
    }
    if clip != nil { target.lowerer?.list.popClip() }
  }
}

/// The canvas a renderer's contexts share: the frame's lowering, lent to it while the
/// renderer runs, and what every copy of the context reads.
final class CanvasTarget {
  /// The lowering being drawn into; nil once the renderer has returned.
  var lowerer: Lowerer?
  /// Maps the canvas's points to pixels.
  let base: CGAffineTransform
  /// The opacity the canvas is drawn with.
  let opacity: Double
  let environment: EnvironmentValues
  /// The canvas's size in points.
  let size: CGSize
  /// The clip in force around the canvas, in pixels.
  let outerClip: Rect?
  /// What lays out text for `resolve(_:)`, outside the lowering.
  let textEngine: TextEngine
  /// The canvas's symbols, by tag (`Canvas(renderer:symbols:)`).
  var symbols: [AnyHashable: RNode] = [:]

  init(lowerer: Lowerer, base: CGAffineTransform, opacity: Double, environment: EnvironmentValues, size: CGSize) {
    self.lowerer = lowerer
    self.base = base
    self.opacity = opacity
    self.environment = environment
    self.size = size
    outerClip = lowerer.list.currentClip
    textEngine = lowerer.textEngine
  }
}
