// `Image(systemName:)`: SF Symbols names drawn as glyphs of the Material Icons font, sized by
// the environment's font and colored by its foreground style, as text is. How an image
// stretches: `resizable()`, `scaledToFit()`, `scaledToFill()`, `imageScale(_:)`.
import Graphics

extension Image {
  /// The size of a symbol relative to its font; SwiftUI's `Image.Scale`.
  public enum Scale: Hashable, Sendable, CaseIterable {
    case small, medium, large

    /// The symbol's side relative to the medium scale's.
    var factor: Double {
      switch self {
      case .small: 0.8
      case .medium: 1
      case .large: 1.3
      }
    }
  }

  /// How an image's colors are used; SwiftUI's `Image.TemplateRenderingMode`.
  public enum TemplateRenderingMode: Hashable, Sendable {
    case template, original
  }

  /// The family symbols are drawn in: Debian's `fonts-material-design-icons-iconfont`.
  static let symbolFontFamily = "Material Icons"

  /// An empty picture, the pixels of a symbol image.
  private static let noPixels = ImageBuffer(width: 0, height: 0)

  /// A symbol from its SF Symbols name, drawn with the Material Icons glyph that stands for it.
  ///
  /// It is sized by the environment's font (a square 1.2 times the font's size at the medium
  /// image scale) and colored by its foreground style, as text is. The names are those of
  /// `Assets/Symbols/sf-symbols.tsv`; any other name draws a dashed box around a question mark
  /// and warns once per name.
  public init(systemName: String) {
    self.buffer = Image.noPixels
    self.key = AnyHashable(systemName)
    self.systemName = systemName
  }

  /// The same image, stretched to fill the size offered to it; an axis offered no length keeps
  /// the image's own.
  public func resizable() -> Image {
    var image = self
    image.isResizable = true
    return image
  }

  /// The same image; accepted: pictures keep their colors and symbols take the foreground style.
  public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

  /// The same image; accepted: symbols are drawn in one color, the foreground style.
  public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { self }

  /// The resolved node: the picture or the symbol, inside a stretching frame when resizable.
  func resolvedNode(_ ctx: UpdateContext) -> RNode {
    let content: RNode
    if let systemName {
      content = symbolNode(systemName, ctx)
    } else if let assetName {
      content = Self.namedNode(assetName, ctx)
    } else {
      content = RNode(.image(buffer, nodeKey))
    }
    return isResizable ? RNode(ResizableImage(), content) : content
  }

  /// The side of a symbol's square in environment `env`: 1.2 times the font's size at the
  /// medium image scale.
  static func symbolSide(in env: EnvironmentValues) -> Double { env.textFont.size * 1.2 * env.imageScale.factor }

  /// The icon font's glyph for SF Symbols name `name`, as a one-character string; nil when the
  /// table has none.
  static func symbolGlyph(_ name: String) -> String? {
    guard let codepoint = symbolCodepoints[name], let scalar = Unicode.Scalar(codepoint) else { return nil }
    return String(Character(scalar))
  }

  /// Warns through `warn` that `name` has no glyph, the first time this process meets it.
  static func warnUnknownSymbol(_ name: String, _ warn: (String) -> Void) {
    guard unknownSymbolsWarned.withLock({ $0.insert(name).inserted }) else { return }
    warn("Image(systemName: \"\(name)\") has no glyph in the icon font; drawn as a placeholder")
  }

  /// The node that draws symbol `name`: its glyph, or the placeholder for a name without one.
  private func symbolNode(_ name: String, _ ctx: UpdateContext) -> RNode {
    let side = Image.symbolSide(in: ctx.env)
    let paint = ctx.env.foreground
    if let glyph = Image.symbolGlyph(name) {
      let text = RNode(.text(glyph, .custom(Image.symbolFontFamily, size: side), paint))
      return RNode(SymbolFrame(side: side), text)
    }
    Image.warnUnknownSymbol(name, ctx.runtime.warn)
    let line = max(1, side / 16)
    let box = RoundedRectangle(cornerRadius: side * 0.16).inset(by: side * 0.08 + line / 2)
    let style = StrokeStyle(lineWidth: line, dash: [line * 2, line * 1.5])
    let outline = RNode(
      .shape(AnyShape(box), fill: nil, stroke: ResolvedStroke(style: style, paint: paint), foreground: paint))
    let mark = RNode(.text("?", Font(size: side * 0.6, weight: .bold), paint))
    return RNode(SymbolFrame(side: side), RNode(.stack(.depth, .center, 0, [outline, mark])))
  }
}

/// The names `Image(systemName:)` has warned about in this process: one warning per name.
private let unknownSymbolsWarned = Mutex<Set<String>>([])

extension Lowerer {
  /// Draws symbol `name` stretched to fill `rect` (a canvas's `draw(_:in:)`): its glyph, or,
  /// for a name without one, a question mark in the middle of `rect`, which warns once.
  mutating func lowerSymbol(
    _ name: String, side: Double, _ color: Color, _ rect: Rect, _ t: Transform2D, _ opacity: Double
  ) {
    guard let glyph = Image.symbolGlyph(name) else {
      Image.warnUnknownSymbol(
        name, CurrentRuntime.reference?.runtime?.warn ?? { writeToStandardError("warning: " + $0 + "\n") })
      let font = Font(size: side * 0.6, weight: .bold)
      let run = textEngine.layout("?", font: font, pixelSize: font.size).size
      lowerText("?", font, .color(color), rect.aligning(run, .center), t, opacity)
      return
    }
    let font = Font.custom(Image.symbolFontFamily, size: side)
    let run = textEngine.layout(glyph, font: font, pixelSize: font.size).size
    guard run.width > 0, run.height > 0, rect.width > 0, rect.height > 0 else { return }
    let scale = Transform2D.scale(rect.width / run.width, rect.height / run.height)
    let fill = Transform2D.about(UnitPoint(x: 0, y: 0), of: rect, scale).concatenating(t)
    lowerText(glyph, font, .color(color), Rect(origin: rect.origin, size: run), fill, opacity)
  }
}

/// How symbols are drawn in several colors; SwiftUI's `SymbolRenderingMode`, accepted: every
/// mode draws in the foreground style.
public struct SymbolRenderingMode: Hashable, Sendable {
  private let name: String
  /// One color.
  public static let monochrome = SymbolRenderingMode(name: "monochrome")
  /// The symbol's own colors.
  public static let multicolor = SymbolRenderingMode(name: "multicolor")
  /// One color at several opacities.
  public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
  /// The foreground styles, one per layer.
  public static let palette = SymbolRenderingMode(name: "palette")
}

/// A symbol's square of side `side`: its content (a glyph's run, or the placeholder) is laid
/// out at its own size and scaled to fill whatever frame the node is given.
struct SymbolFrame: ResolvedModifier {
  var side: Double

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { Size(width: side, height: side) }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size { Size(width: side, height: side) }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    let s = layout.size(child, ProposedSize(width: side, height: side))
    layout.place(child, in: Rect(x: r.minX, y: r.minY, width: s.width, height: s.height))
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    let content = child.frame
    guard content.width > 0, content.height > 0 else { return }
    let scale = Transform2D.scale(frame.width / content.width, frame.height / content.height)
    lowerer.lower(child, Transform2D.about(UnitPoint(x: 0, y: 0), of: frame, scale).concatenating(t), opacity)
  }
}

/// A resizable image's frame: the size offered on each axis that has one, the image's own on
/// the others; the image fills it.
struct ResizableImage: ResolvedModifier {
  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    let own = layout.size(child, ProposedSize(width: nil, height: nil))
    func length(_ offered: Double?, _ own: Double) -> Double {
      guard let offered, offered.isFinite else { return own }
      return max(0, offered)
    }
    return Size(width: length(p.width, own.width), height: length(p.height, own.height))
  }
}

extension View {
  /// Scales the view to fit the space offered, keeping its aspect ratio: `aspectRatio(contentMode: .fit)`.
  public func scaledToFit() -> some View { aspectRatio(nil, contentMode: .fit) }

  /// Scales the view to fill the space offered, keeping its aspect ratio: `aspectRatio(contentMode: .fill)`.
  public func scaledToFill() -> some View { aspectRatio(nil, contentMode: .fill) }

  /// Sets the size of symbol images inside relative to their font.
  public func imageScale(_ scale: Image.Scale) -> some View { environment(\.imageScale, scale) }

  /// Accepted: symbols inside are drawn in one color, the foreground style.
  public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }
}
