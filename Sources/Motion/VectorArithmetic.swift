import FoundationEssentials

/// A type whose values can be interpolated by animations: a vector space over `Double`.
///
/// Mirrors SwiftUI's `VectorArithmetic`. `zero`, `+` and `-` come from `AdditiveArithmetic`;
/// animations only ever need to form differences, sums and scalar multiples of values, so
/// that is all a conforming type has to provide. `magnitudeSquared` lets springs decide
/// when they have settled independently of the value's dimension.
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
  /// Returns this vector multiplied by `factor`.
  func scaled(by factor: Double) -> Self

  /// The dot product of the vector with itself (the squared Euclidean length).
  var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
  /// Multiplies this vector by `factor` in place (SwiftUI's spelling of `scaled(by:)`).
  public mutating func scale(by factor: Double) {
    self = scaled(by: factor)
  }
}

extension Double: VectorArithmetic {
  /// Returns `self * factor`.
  public func scaled(by factor: Double) -> Double { self * factor }

  /// Returns `self * self`.
  public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
  /// Returns `self * factor`, computed in `Double` and rounded back to `Float`.
  public func scaled(by factor: Double) -> Float { Float(Double(self) * factor) }

  /// Returns `self * self` as a `Double`.
  public var magnitudeSquared: Double { Double(self) * Double(self) }
}

/// A pair of animatable values treated as one vector, as in SwiftUI.
///
/// Nest pairs to animate more than two components together:
/// `AnimatablePair<Double, AnimatablePair<Double, Double>>`.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
  /// The first component.
  public var first: First
  /// The second component.
  public var second: Second

  /// Creates a pair from its two components.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// The pair whose components are both zero.
  public static var zero: AnimatablePair { AnimatablePair(.zero, .zero) }

  /// Adds two pairs component-wise.
  public static func + (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
    AnimatablePair(lhs.first + rhs.first, lhs.second + rhs.second)
  }

  /// Subtracts two pairs component-wise.
  public static func - (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
    AnimatablePair(lhs.first - rhs.first, lhs.second - rhs.second)
  }

  /// Scales both components by `factor`.
  public func scaled(by factor: Double) -> AnimatablePair {
    AnimatablePair(first.scaled(by: factor), second.scaled(by: factor))
  }

  /// The sum of the components' squared magnitudes.
  public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Hashable where First: Hashable, Second: Hashable {}
