// A canvas's filters and layer clips: `addFilter` and `clipToLayer`, drawn through layers.
import FoundationEssentials
import Graphics

extension GraphicsContext {
  /// A filter applied to each later drawing operation of a context; SwiftUI's
  /// `GraphicsContext.Filter`.
  ///
  /// Every drawing call made with filters in force is rasterized as a layer of its own, the
  /// filters applied in the order they were added, and the result drawn into the canvas.
  public struct Filter: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
      case blur(radius: Double)
      case shadow(color: Color, radius: Double, x: Double, y: Double, only: Bool)
      case color(ColorMatrix)
    }
    let kind: Kind

    /// A Gaussian blur of `radius` points (a standard deviation of half of it).
    public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
      Filter(kind: .blur(radius: radius))
    }

    /// A shadow of what is drawn, `color`, blurred by `radius` and offset by `x`, `y` points,
    /// drawn under it (or alone, with `.shadowOnly`). `blendMode` is accepted and drawn `normal`.
    public static func shadow(
      color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0,
      y: CGFloat = 0, blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()
    ) -> Filter {
      Filter(kind: .shadow(color: color, radius: radius, x: x, y: y, only: options.contains(.shadowOnly)))
    }

    /// Multiplies each colour by `color`.
    public static func colorMultiply(_ color: Color) -> Filter {
      Filter(kind: .color(.multiply(r: color.red, g: color.green, b: color.blue, a: color.opacity)))
    }

    /// Adds `amount` to each colour's red, green and blue.
    public static func brightness(_ amount: Double) -> Filter { Filter(kind: .color(.brightness(amount))) }
    /// Scales each colour's distance from mid-grey by `amount`.
    public static func contrast(_ amount: Double) -> Filter { Filter(kind: .color(.contrast(amount))) }
    /// Desaturates (below 1) or saturates (above 1).
    public static func saturation(_ amount: Double) -> Filter { Filter(kind: .color(.saturation(amount))) }
    /// Takes `amount` (0…1) of the colour out.
    public static func grayscale(_ amount: Double) -> Filter {
      Filter(kind: .color(.saturation(1 - max(0, min(1, amount)))))
    }
    /// Turns every hue by `angle`.
    public static func hueRotation(_ angle: Angle) -> Filter { Filter(kind: .color(.hueRotation(angle.radians))) }
    /// Inverts the colours by `amount` (0…1).
    public static func colorInvert(_ amount: Double = 1) -> Filter {
      let k = 1 - 2 * max(0, min(1, amount))
      let o = max(0, min(1, amount))
      return Filter(kind: .color(ColorMatrix([k, 0, 0, 0, o, 0, k, 0, 0, o, 0, 0, k, 0, o, 0, 0, 0, 1, 0])))
    }
    /// Alpha from luminance, colour black.
    public static var luminanceToAlpha: Filter { Filter(kind: .color(.luminanceToAlpha)) }

    /// The layer step this filter is under `scale` pixels per point.
    func step(scale: Double) -> LayerStep {
      switch kind {
      case .blur(let r): .blur(sigma: max(0, r) / 2 * scale)
      case .shadow(let c, let r, let x, let y, _):
        .shadow(color: c.rgba8, sigma: max(0, r) / 2 * scale, dx: x * scale, dy: y * scale)
      case .color(let m): .color(m)
      }
    }
  }

  /// Options for `Filter.blur`; accepted (edges fade to transparent).
  public struct BlurOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let opaque = BlurOptions(rawValue: 1 << 0)
    public static let dithersResult = BlurOptions(rawValue: 1 << 1)
  }

  /// Options for `Filter.shadow`.
  public struct ShadowOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Draws the shadow alone, without what cast it.
    public static let shadowOnly = ShadowOptions(rawValue: 1 << 0)
    public static let invertsAlpha = ShadowOptions(rawValue: 1 << 1)
    public static let disablesGroup = ShadowOptions(rawValue: 1 << 2)
  }

  /// Options for `addFilter`; accepted.
  public struct FilterOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let linearColor = FilterOptions(rawValue: 1 << 0)
  }

  /// Applies `filter` to everything this context draws from now on.
  public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
    filters.append(filter)
  }

  /// Draws what `content` draws as a mask: later drawing shows only where it is opaque, in
  /// proportion to its alpha times `opacity`.
  public mutating func clipToLayer(
    opacity: Double = 1, options: ClipOptions = ClipOptions(), content: (inout GraphicsContext) throws -> Void
  ) rethrows {
    guard let lowerer = target.lowerer else { return }
    let maskTarget = CanvasTarget(
      lowerer: lowerer.sublowerer(reach: 0), base: target.base, opacity: max(0, min(1, opacity)),
      environment: target.environment, size: target.size)
    var mask = GraphicsContext(maskTarget)
    mask.transform = transform
    try content(&mask)
    if let list = maskTarget.lowerer?.list { layerMasks.append(list) }
    maskTarget.lowerer = nil
  }

  /// Lowers one drawing operation through a layer carrying the context's filters and masks.
  func filtered(_ lowerer: inout Lowerer, alpha: Double, _ draw: (inout Lowerer, Double) -> Void) {
    let scale = pixelTransform.maxScale
    let steps = filters.map { $0.step(scale: scale) }
    let shadowOnly = filters.contains {
      if case .shadow(_, _, _, _, true) = $0.kind { return true }
      return false
    }
    let effect = LayerEffect(steps: shadowOnly ? steps.map(Self.shadowOnly) : steps, blend: blendMode.kind)
    lowerer.layer(effect, opacity: alpha, masks: layerMasks) { draw(&$0, 1) }
  }

  /// A shadow step that leaves out what cast it.
  private static func shadowOnly(_ step: LayerStep) -> LayerStep {
    guard case .shadow(let c, let s, let dx, let dy) = step else { return step }
    return .shadowOnly(color: c, sigma: s, dx: dx, dy: dy)
  }
}
