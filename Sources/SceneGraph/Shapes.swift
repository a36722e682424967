import FoundationEssentials
import Graphics

/// A 2-D outline that fills whatever frame it is given; SwiftUI's `Shape`.
public protocol Shape: View, Animatable where Body == Never {
  /// The outline inside `rect`, as a pure function of the rectangle.
  func path(in rect: Rect) -> Path
}

/// A shape filled or stroked with a style; what `.fill` and `.stroke` return.
public struct _ShapeView<Content: Shape>: View {
  public typealias Body = Never
  let shape: Content
  /// What the shape is painted with; nil paints it with the environment's foreground.
  let paint: Paint?
  /// How the outline is stroked; nil fills the shape.
  let stroke: StrokeStyle?
}

extension _ShapeView: Equatable where Content: Equatable {}

extension Shape {
  /// Fills the shape with a color or gradient.
  public func fill(_ style: some ShapeStyle) -> _ShapeView<Self> {
    _ShapeView(shape: self, paint: style.paint, stroke: nil)
  }

  /// Fills the shape, as SwiftUI's `foregroundStyle` on a shape does.
  public func foregroundStyle(_ style: some ShapeStyle) -> _ShapeView<Self> { fill(style) }

  /// Outlines the shape with a line `lineWidth` points wide, centered on the outline.
  /// `antialiased` is accepted; the renderers' anti-aliasing decides.
  public func stroke(_ content: some ShapeStyle, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<Self> {
    stroke(content, style: StrokeStyle(lineWidth: lineWidth))
  }

  /// Outlines the shape with a stroke style: width, caps and dashes.
  public func stroke(_ content: some ShapeStyle, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<Self> {
    _ShapeView(shape: self, paint: content.paint, stroke: style)
  }

  /// Outlines the shape in the foreground style; `stroke()` draws a one-point line.
  public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self> {
    _ShapeView(shape: self, paint: nil, stroke: StrokeStyle(lineWidth: lineWidth))
  }

  /// Outlines the shape in the foreground style with a stroke style.
  public func stroke(style: StrokeStyle) -> _ShapeView<Self> { _ShapeView(shape: self, paint: nil, stroke: style) }
}

extension _ShapeView: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    // A shape with `animatableData` is asked for its path with the value in flight.
    var shape = self.shape
    ctx.runtime.animate(&shape, node, ctx)
    let fg = ctx.env.foreground
    let p = paint ?? fg
    guard let stroke else { return [RNode(.shape(AnyShape(shape), fill: p, stroke: nil, foreground: fg))] }
    return [RNode(.shape(AnyShape(shape), fill: nil, stroke: ResolvedStroke(style: stroke, paint: p), foreground: fg))]
  }
}

/// A type-erased shape that remembers whether it is an ellipse, so circles can pick their
/// segment count from the pixel radius instead of generic curve flattening.
///
/// Its path is in the space its rectangle is given in. Other shapes than the built-in ones
/// are asked for their path in their own space, as SwiftUI asks: a rectangle at the origin,
/// the path then moved to where the rectangle is. So a `Path` used as a view, or a shape
/// drawn from `(0, 0)` to `rect.width`, is drawn where its frame is.
public struct AnyShape: Shape {
  let makePath: (Rect) -> Path
  let isEllipse: Bool
  let isRectangle: Bool
  /// How a built-in shape of straight sides and circular corners rounds them, so lowering
  /// can flatten its outline by template (`Path.roundedRectOutline`); nil for other shapes.
  let corners: Corners?

  /// The corners of a rectangle, a rounded rectangle or a capsule.
  enum Corners {
    /// Circular corners of this radius (0 for square ones), clamped to half the shorter side.
    case radius(Double)
    /// Half the shorter side.
    case capsule
    /// A circle: a capsule in the square centered in the rectangle (`outlineFrame(in:)`).
    case circle
  }

  /// Wraps a shape.
  public init(_ shape: some Shape) {
    if let any = shape as? AnyShape {
      self = any
    } else {
      isEllipse = shape is Circle || shape is Ellipse
      isRectangle = shape is Rectangle
      corners =
        switch shape {
        case is Rectangle: .radius(0)
        case let r as RoundedRectangle where r.cornerSize.width == r.cornerSize.height: .radius(r.cornerSize.width)
        case is Capsule: .capsule
        case is Circle: .circle
        default: nil
        }
      if isEllipse || isRectangle || shape is RoundedRectangle || shape is Capsule {
        // These place themselves within any rectangle; asked directly, they give the same
        // bits as ever.
        makePath = shape.path(in:)
      } else {
        makePath = { rect in
          let local = shape.path(in: Rect(origin: .zero, size: rect.size))
          return rect.minX == 0 && rect.minY == 0 ? local : local.applying(.translation(rect.minX, rect.minY))
        }
      }
    }
  }

  public func path(in rect: Rect) -> Path { makePath(rect) }

  /// The corner radius the shape's path has in `rect`, when it is a rectangle with circular
  /// corners (see `corners`).
  func cornerRadius(in rect: Rect) -> Double? {
    switch corners {
    case .radius(let r): r
    case .capsule, .circle: min(rect.width, rect.height) / 2
    case nil: nil
    }
  }

  /// The rectangle the shape's straight sides and corners span in `rect`: the centered square
  /// for a circle, `rect` itself for the others.
  func outlineFrame(in rect: Rect) -> Rect {
    guard case .circle = corners else { return rect }
    let d = min(rect.width, rect.height)
    return Rect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d)
  }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape, Equatable {
  /// Creates a rectangle.
  public init() {}
  public func path(in rect: Rect) -> Path { Path { $0.addRect(rect) } }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape, Equatable {
  /// The width and height of each corner's quarter ellipse.
  public var cornerSize: CGSize
  /// Accepted; see `RoundedCornerStyle`.
  public var style: RoundedCornerStyle
  /// Creates a rounded rectangle with circular corners.
  public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
    self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
  }
  /// Creates a rounded rectangle with elliptical corners.
  public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
    self.cornerSize = cornerSize
    self.style = style
  }
  /// The corner size: a change of radius animates, as SwiftUI's does.
  public var animatableData: CGSize {
    get { cornerSize }
    set { cornerSize = newValue }
  }
  public func path(in rect: Rect) -> Path {
    if cornerSize.width == cornerSize.height {
      return Path { $0.addRoundedRect(in: rect, cornerRadius: cornerSize.width) }
    }
    return Path(roundedRect: rect, cornerSize: cornerSize, style: style)
  }
}

/// A circle centered in its frame, as wide as the frame's shorter side.
public struct Circle: Shape, Equatable {
  /// Creates a circle.
  public init() {}
  public func path(in rect: Rect) -> Path {
    let d = min(rect.width, rect.height)
    return Path { $0.addEllipse(in: Rect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d)) }
  }
}

/// An ellipse filling its frame.
public struct Ellipse: Shape, Equatable {
  /// Creates an ellipse.
  public init() {}
  public func path(in rect: Rect) -> Path { Path { $0.addEllipse(in: rect) } }
}

/// A rectangle whose short sides are semicircles.
public struct Capsule: Shape, Equatable {
  /// Accepted; see `RoundedCornerStyle`.
  public var style: RoundedCornerStyle
  /// Creates a capsule.
  public init(style: RoundedCornerStyle = .continuous) { self.style = style }
  public func path(in rect: Rect) -> Path {
    Path { $0.addRoundedRect(in: rect, cornerRadius: min(rect.width, rect.height) / 2) }
  }
}

extension Path: Shape {
  /// A path used as a shape draws itself unchanged in its own space, whatever its frame's size.
  public func path(in rect: Rect) -> Path { self }
}

// The built-in shapes where a shape is expected, as SwiftUI spells them: `.clipShape(.circle)`,
// `.background(.blue, in: .capsule)`, `.rect(cornerRadius: 12)`.

extension Shape where Self == Circle {
  /// A circle.
  public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
  /// An ellipse.
  public static var ellipse: Ellipse { Ellipse() }
}

extension Shape where Self == Capsule {
  /// A capsule.
  public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Rectangle {
  /// A rectangle.
  public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
  /// A rectangle with rounded corners.
  public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
    RoundedRectangle(cornerRadius: cornerRadius, style: style)
  }
}
