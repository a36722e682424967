import FoundationEssentials
import Graphics

/// Core Graphics' affine transform, as `GraphicsContext.transform` and `Path.applying(_:)` take it.
///
/// The draw list's own `Transform2D` has the same six coefficients, the same row-vector
/// convention and the same `concatenating(_:)`, so the name stands for it and no conversion
/// is ever made. Foundation on Linux declares no `CGAffineTransform`, so nothing is ambiguous.
public typealias CGAffineTransform = Transform2D

extension Transform2D {
  /// A transform that moves by `tx`, `ty`.
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A transform that scales by `sx`, `sy` about the origin.
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A transform that rotates by `angle` radians about the origin, clockwise on screen (y down).
  public init(rotationAngle angle: CGFloat) {
    self = .rotation(Angle(radians: angle))
  }

  /// Whether the transform leaves every point where it is.
  public var isIdentity: Bool { self == .identity }

  /// This transform with a translation applied first, as Core Graphics' `translatedBy(x:y:)`.
  public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// This transform with a scale applied first, as Core Graphics' `scaledBy(x:y:)`.
  public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// This transform with a rotation by `angle` radians applied first, as Core Graphics' `rotated(by:)`.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The transform that undoes this one; the transform itself when it cannot be undone (it
  /// flattens the plane), as Core Graphics answers.
  public func inverted() -> CGAffineTransform {
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return self }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    return CGAffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }
}

extension Point {
  /// The point mapped through `t`.
  public func applying(_ t: CGAffineTransform) -> CGPoint { t.apply(self) }
}

extension Size {
  /// The size as a vector mapped through `t`'s linear part (no translation), as Core Graphics does.
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: width * t.a + height * t.c, height: width * t.b + height * t.d)
  }
}

extension Rect {
  /// The smallest upright rectangle holding this one's corners mapped through `t`.
  public func applying(_ t: CGAffineTransform) -> CGRect { Quad(self, t).bounds }
}
