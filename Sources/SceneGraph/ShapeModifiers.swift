import FoundationEssentials
import Graphics

// Shapes made from shapes: trimmed, inset, turned and moved outlines, and the border
// strokes that insetting makes possible. Each is a `Shape` again, so they chain, and each is
// drawn as its path: none is animated on its own (they are not `Animatable` here).

/// A shape whose outline can be moved inwards, so that a stroke stays inside its frame;
/// SwiftUI's `InsettableShape`.
public protocol InsettableShape: Shape {
  /// The type of the inset shape.
  associatedtype InsetShape: InsettableShape
  /// The shape with its outline moved in by `amount` on every side.
  func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
  /// The shape inset by `amount`: by default, the shape's path in a rectangle `amount`
  /// smaller on every side.
  public func inset(by amount: CGFloat) -> _InsetShape<Self> { _InsetShape(shape: self, amount: amount) }

  /// Strokes the outline inset by half the line width, so the stroke lies inside the frame.
  public func strokeBorder(_ content: some ShapeStyle, lineWidth: CGFloat = 1, antialiased: Bool = true)
    -> _ShapeView<InsetShape>
  {
    inset(by: lineWidth / 2).stroke(content, lineWidth: lineWidth)
  }

  /// Strokes the outline inset by half the line width with a stroke style.
  public func strokeBorder(_ content: some ShapeStyle, style: StrokeStyle, antialiased: Bool = true)
    -> _ShapeView<InsetShape>
  {
    inset(by: style.lineWidth / 2).stroke(content, style: style)
  }

  /// Strokes the outline inset by half the line width, in the foreground style.
  public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView<InsetShape> {
    inset(by: lineWidth / 2).stroke(lineWidth: lineWidth)
  }

  /// Strokes the outline inset by half the line width with a stroke style, in the foreground
  /// style.
  public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> _ShapeView<InsetShape> {
    inset(by: style.lineWidth / 2).stroke(style: style)
  }
}

/// A shape drawn in a rectangle smaller by `amount` on every side; what `inset(by:)` returns.
public struct _InsetShape<Content: Shape>: InsettableShape {
  let shape: Content
  let amount: CGFloat

  public func path(in rect: Rect) -> Path {
    let r = rect.insetBy(dx: amount, dy: amount)
    // Rounded corners shrink with the rectangle, so the inset outline stays parallel.
    switch shape {
    case let s as RoundedRectangle:
      let w = max(0, s.cornerSize.width - amount)
      let h = max(0, s.cornerSize.height - amount)
      return RoundedRectangle(cornerSize: Size(width: w, height: h), style: s.style).path(in: r)
    case let s as UnevenRoundedRectangle:
      return s.insetCorners(by: amount).path(in: r)
    default:
      return shape.path(in: r)
    }
  }

  public func inset(by more: CGFloat) -> _InsetShape<Content> { _InsetShape(shape: shape, amount: amount + more) }
}

extension _InsetShape: Equatable where Content: Equatable {}

extension Rectangle: InsettableShape {}
extension RoundedRectangle: InsettableShape {}
extension Circle: InsettableShape {}
extension Ellipse: InsettableShape {}
extension Capsule: InsettableShape {}

/// The part of a shape's outline between two fractions of its length; what `trim` returns.
public struct _TrimmedShape<Content: Shape>: Shape {
  let shape: Content
  let startFraction: CGFloat
  let endFraction: CGFloat

  public func path(in rect: Rect) -> Path {
    shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction)
  }
}

extension _TrimmedShape: Equatable where Content: Equatable {}

/// A shape turned about a point of its frame; SwiftUI's `RotatedShape`.
public struct RotatedShape<Content: Shape>: Shape {
  public var shape: Content
  public var angle: Angle
  public var anchor: UnitPoint

  /// Creates a turned shape.
  public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
    (self.shape, self.angle, self.anchor) = (shape, angle, anchor)
  }

  public func path(in rect: Rect) -> Path {
    shape.path(in: rect).applying(.about(anchor, of: rect, .rotation(angle)))
  }
}

extension RotatedShape: Equatable where Content: Equatable {}

extension RotatedShape: InsettableShape where Content: InsettableShape {
  public func inset(by amount: CGFloat) -> RotatedShape<Content.InsetShape> {
    RotatedShape<Content.InsetShape>(shape: shape.inset(by: amount), angle: angle, anchor: anchor)
  }
}

/// A shape moved within its frame; SwiftUI's `OffsetShape`.
public struct OffsetShape<Content: Shape>: Shape {
  public var shape: Content
  public var offset: CGSize

  /// Creates a moved shape.
  public init(shape: Content, offset: CGSize) {
    self.shape = shape
    self.offset = offset
  }

  public func path(in rect: Rect) -> Path { shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height) }
}

extension OffsetShape: Equatable where Content: Equatable {}

extension OffsetShape: InsettableShape where Content: InsettableShape {
  public func inset(by amount: CGFloat) -> OffsetShape<Content.InsetShape> {
    OffsetShape<Content.InsetShape>(shape: shape.inset(by: amount), offset: offset)
  }
}

extension Shape {
  /// The part of the outline between two fractions of its length, 0 being where the path
  /// starts (for a circle: its rightmost point, running clockwise on screen).
  public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> _TrimmedShape<Self> {
    _TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
  }

  /// The outline turned by `angle` (clockwise on screen) about `anchor` of its frame.
  public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
    RotatedShape(shape: self, angle: angle, anchor: anchor)
  }

  /// The outline moved by `offset` within its frame.
  public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }

  /// The outline moved by `x` and `y` within its frame.
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> {
    OffsetShape(shape: self, offset: CGSize(width: x, height: y))
  }
}
