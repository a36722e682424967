// Angles, points and sizes as vectors that animations and keyframes interpolate.
import Graphics
import Motion

/// An angle animates by its radians, as in SwiftUI, so keyframes can turn a view.
extension Angle: VectorArithmetic {
  /// The sum of two angles.
  public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }

  /// The difference of two angles.
  public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }

  /// The angle multiplied by `factor`.
  public func scaled(by factor: Double) -> Angle { Angle(radians: radians * factor) }

  /// The squared radians.
  public var magnitudeSquared: Double { radians * radians }
}

/// A point animates component-wise, as `CGPoint` does in SwiftUI.
extension Point: VectorArithmetic {
  /// Both components multiplied by `factor`.
  public func scaled(by factor: Double) -> Point { self * factor }

  /// The squared distance from the origin.
  public var magnitudeSquared: Double { x * x + y * y }
}

/// A size animates component-wise, as `CGSize` does in SwiftUI.
extension Size: VectorArithmetic {
  /// The component-wise sum of two sizes.
  public static func + (lhs: Size, rhs: Size) -> Size {
    Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
  }

  /// The component-wise difference of two sizes.
  public static func - (lhs: Size, rhs: Size) -> Size {
    Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
  }

  /// Both components multiplied by `factor`.
  public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }

  /// The sum of the squared width and height.
  public var magnitudeSquared: Double { width * width + height * height }
}
