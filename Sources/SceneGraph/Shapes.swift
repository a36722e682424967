import FoundationEssentials
import Graphics

/// A 2-D outline that fills whatever frame it is given; SwiftUI's `Shape`.
public protocol Shape: View where Body == Never {
  /// The outline inside `rect`, as a pure function of the rectangle.
  func path(in rect: Rect) -> Path
}

/// A shape filled or stroked with a style; what `.fill` and `.stroke` return.
public struct _ShapeView<Content: Shape>: View {
  public typealias Body = Never
  let shape: Content
  let fill: Paint?
  let stroke: StrokeStyle?
}

extension _ShapeView: Equatable where Content: Equatable {}

extension Shape {
  /// Fills the shape with a color or gradient.
  public func fill(_ style: some ShapeStyle) -> _ShapeView<Self> {
    _ShapeView(shape: self, fill: style.paint, stroke: nil)
  }

  /// Fills the shape, as SwiftUI's `foregroundStyle` on a shape does.
  public func foregroundStyle(_ style: some ShapeStyle) -> _ShapeView<Self> { fill(style) }

  /// Outlines the shape.
  public func stroke(_ style: some ShapeStyle, lineWidth: Double = 1) -> _ShapeView<Self> {
    _ShapeView(shape: self, fill: nil, stroke: StrokeStyle(lineWidth: lineWidth, paint: style.paint))
  }
}

extension _ShapeView: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    [RNode(.shape(AnyShape(shape), fill: fill, stroke: stroke, foreground: ctx.env.foreground))]
  }
}

/// A type-erased shape that remembers whether it is an ellipse, so circles can pick their
/// segment count from the pixel radius instead of generic curve flattening.
public struct AnyShape: Shape {
  let makePath: (Rect) -> Path
  let isEllipse: Bool
  let isRectangle: Bool

  /// Wraps a shape.
  public init(_ shape: some Shape) {
    if let any = shape as? AnyShape {
      self = any
    } else {
      makePath = shape.path(in:)
      isEllipse = shape is Circle || shape is Ellipse
      isRectangle = shape is Rectangle
    }
  }

  public func path(in rect: Rect) -> Path { makePath(rect) }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape, Equatable {
  /// Creates a rectangle.
  public init() {}
  public func path(in rect: Rect) -> Path { Path { $0.addRect(rect) } }
}

/// A rectangle with circular corners.
public struct RoundedRectangle: Shape, Equatable {
  public var cornerRadius: Double
  /// Creates a rounded rectangle.
  public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
  public func path(in rect: Rect) -> Path { Path { $0.addRoundedRect(in: rect, cornerRadius: cornerRadius) } }
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
  /// Creates a capsule.
  public init() {}
  public func path(in rect: Rect) -> Path {
    Path { $0.addRoundedRect(in: rect, cornerRadius: min(rect.width, rect.height) / 2) }
  }
}

extension Path: Shape {
  /// A path used as a shape draws itself unchanged, whatever the frame.
  public func path(in rect: Rect) -> Path { self }
}
