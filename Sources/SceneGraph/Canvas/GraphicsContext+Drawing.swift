import FoundationEssentials
import Graphics

extension GraphicsContext {
  /// Fills `path` with `shading`. `style` is accepted (see `FillStyle`).
  public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
    lowering { lowerer, t, alpha in
      let paint = ResolvedShading(shading, bounds: path.boundingRect, environment: environment)
      lowerer.fillCanvasPath(path, paint, t, alpha)
    }
  }

  /// Strokes `path` with `shading` and a line `lineWidth` points wide, butt-capped and mitered.
  public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
    stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
  }

  /// Strokes `path` with `shading` as `style` says: its width, dashes and caps (joins are
  /// mitered; see `StrokeStyle`).
  public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
    lowering { lowerer, t, alpha in
      let paint = ResolvedShading(shading, bounds: path.boundingRect, environment: environment)
      lowerer.strokeCanvasPath(path, style, paint, t, alpha)
    }
  }

  /// Text laid out for drawing in this context, in the canvas's font and foreground style;
  /// SwiftUI's `GraphicsContext.ResolvedText`.
  public struct ResolvedText {
    let string: String
    let font: Font
    let textEngine: TextEngine
    /// What the text is painted with; a gradient paints it in its first color.
    public var shading: Shading

    /// The text's size in points: one line, which does not wrap, whatever `size` offers.
    public func measure(in size: CGSize) -> CGSize {
      textEngine.layout(string, font: font, pixelSize: font.size).size
    }
  }

  /// An image ready for drawing; SwiftUI's `GraphicsContext.ResolvedImage`.
  public struct ResolvedImage {
    let image: Image
    /// A symbol's side in points, from the canvas's font; 0 for a picture.
    var symbolSide = 0.0
    /// Tints the image where set; accepted, and pictures are drawn in their own colors. A
    /// symbol is drawn in it, or in the foreground style where it is nil.
    public var shading: Shading?
    /// The image's size in points: one point per pixel, as `Image` is laid out; a symbol's square.
    public var size: CGSize {
      guard image.systemName == nil else { return CGSize(width: symbolSide, height: symbolSide) }
      return CGSize(width: Double(image.buffer.width), height: Double(image.buffer.height))
    }
    /// The image's baseline: its bottom edge.
    public var baseline: CGFloat { size.height }
  }

  /// `text` laid out in the canvas's environment, ready to measure and draw.
  public func resolve(_ text: Text) -> ResolvedText {
    // Joined text is drawn in its first run's style.
    let style = text.parts.first?.style ?? text.style
    let paint = style.paint
    return ResolvedText(
      string: text.string, font: style.font(in: environment), textEngine: target.textEngine,
      shading: paint.map { GraphicsContext.Shading(kind: .paint($0)) } ?? .foreground)
  }

  /// `image`, ready to measure and draw.
  public func resolve(_ image: Image) -> ResolvedImage {
    ResolvedImage(image: image, symbolSide: image.systemName == nil ? 0 : Image.symbolSide(in: environment))
  }

  /// Draws `text` with its `anchor` (a unit point of its bounds) at `point`.
  public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
    draw(resolve(text), at: point, anchor: anchor)
  }

  /// Draws `text` from the top-left corner of `rect`; text does not wrap, so it may run past it.
  public func draw(_ text: Text, in rect: CGRect) { draw(resolve(text), in: rect) }

  /// Draws resolved text with its `anchor` (a unit point of its bounds) at `point`.
  public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
    let size = text.measure(in: CGSize(width: CGFloat.infinity, height: .infinity))
    let origin = Point(x: point.x - size.width * anchor.x, y: point.y - size.height * anchor.y)
    draw(text, in: Rect(origin: origin, size: size))
  }

  /// Draws resolved text from the top-left corner of `rect`.
  public func draw(_ text: ResolvedText, in rect: CGRect) {
    lowering { lowerer, t, alpha in
      let color = ResolvedShading(text.shading, bounds: rect, environment: environment).representative
      lowerer.lowerText(text.string, text.font, .color(color), rect, t, alpha)
    }
  }

  /// Draws `image` at its size with its `anchor` (a unit point of its bounds) at `point`.
  public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
    draw(resolve(image), at: point, anchor: anchor)
  }

  /// Draws `image` stretched to fill `rect`; `style` is accepted.
  public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
    draw(resolve(image), in: rect, style: style)
  }

  /// Draws a resolved image at its size with its `anchor` (a unit point of its bounds) at `point`.
  public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
    let size = image.size
    draw(
      image, in: Rect(x: point.x - size.width * anchor.x, y: point.y - size.height * anchor.y, size: size))
  }

  /// Draws a resolved image stretched to fill `rect`; `style` is accepted.
  public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
    lowering { lowerer, t, alpha in
      if let name = image.image.systemName {
        let color = ResolvedShading(image.shading ?? .foreground, bounds: rect, environment: environment)
        lowerer.lowerSymbol(name, side: image.symbolSide, color.representative, rect, t, alpha)
        return
      }
      lowerer.lowerImage(image.image.buffer, image.image.nodeKey, rect, t, alpha)
    }
  }
}

extension Rect {
  /// A rectangle at `x`, `y` of `size`.
  fileprivate init(x: Double, y: Double, size: Size) { self.init(origin: Point(x: x, y: y), size: size) }
}
