import FoundationEssentials
import Glibc

/// A 4×5 matrix over straight RGBA in 0…1: each output channel is a weighted sum of the four
/// inputs plus an offset. SwiftUI's colour effects (`brightness`, `contrast`, `saturation`,
/// `grayscale`, `hueRotation`, `colorMultiply`) and `GraphicsContext.Filter`'s are all one.
public struct ColorMatrix: Hashable, Sendable {
  /// Rows for red, green, blue and alpha, each `[r, g, b, a, offset]`.
  public var entries: [Double]

  /// A matrix from its twenty entries, row by row.
  public init(_ entries: [Double]) {
    precondition(entries.count == 20, "a colour matrix has 20 entries")
    self.entries = entries
  }

  /// Leaves every colour as it is.
  public static let identity = ColorMatrix([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

  /// Rec. 709 luminance weights, which saturation and hue rotation keep.
  static let luma = (r: 0.2126, g: 0.7152, b: 0.0722)

  /// Multiplies each channel by `color`'s (straight) component.
  public static func multiply(r: Double, g: Double, b: Double, a: Double) -> ColorMatrix {
    ColorMatrix([r, 0, 0, 0, 0, 0, g, 0, 0, 0, 0, 0, b, 0, 0, 0, 0, 0, a, 0])
  }

  /// Adds `amount` to red, green and blue.
  public static func brightness(_ amount: Double) -> ColorMatrix {
    ColorMatrix([1, 0, 0, 0, amount, 0, 1, 0, 0, amount, 0, 0, 1, 0, amount, 0, 0, 0, 1, 0])
  }

  /// Scales each colour's distance from mid-grey by `amount`.
  public static func contrast(_ amount: Double) -> ColorMatrix {
    let o = 0.5 * (1 - amount)
    return ColorMatrix([amount, 0, 0, 0, o, 0, amount, 0, 0, o, 0, 0, amount, 0, o, 0, 0, 0, 1, 0])
  }

  /// Moves each colour toward (below 1) or away from (above 1) its grey of equal luminance.
  public static func saturation(_ amount: Double) -> ColorMatrix {
    let (lr, lg, lb) = luma
    let s = amount
    return ColorMatrix([
      lr + (1 - lr) * s, lg - lg * s, lb - lb * s, 0, 0,
      lr - lr * s, lg + (1 - lg) * s, lb - lb * s, 0, 0,
      lr - lr * s, lg - lg * s, lb + (1 - lb) * s, 0, 0,
      0, 0, 0, 1, 0,
    ])
  }

  /// Turns hues by `radians` around the grey axis, keeping luminance (SVG's `hueRotate`).
  public static func hueRotation(_ radians: Double) -> ColorMatrix {
    let (c, s) = (cos(radians), sin(radians))
    let (lr, lg, lb) = (0.213, 0.715, 0.072)
    return ColorMatrix([
      lr + c * (1 - lr) - s * lr, lg - c * lg - s * lg, lb - c * lb + s * (1 - lb), 0, 0,
      lr - c * lr + s * 0.143, lg + c * (1 - lg) + s * 0.140, lb - c * lb - s * 0.283, 0, 0,
      lr - c * lr - s * (1 - lr), lg - c * lg + s * lg, lb + c * (1 - lb) + s * lb, 0, 0,
      0, 0, 0, 1, 0,
    ])
  }

  /// Alpha from luminance, colour black: SwiftUI's `luminanceToAlpha`.
  public static let luminanceToAlpha = ColorMatrix([
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, luma.r, luma.g, luma.b, 0, 0,
  ])

  /// This matrix, then `next`.
  public func then(_ next: ColorMatrix) -> ColorMatrix {
    var out = [Double](repeating: 0, count: 20)
    for row in 0..<4 {
      for col in 0..<5 {
        var v = col == 4 ? next.entries[row * 5 + 4] : 0
        for k in 0..<4 { v += next.entries[row * 5 + k] * entries[k * 5 + col] }
        out[row * 5 + col] = v
      }
    }
    return ColorMatrix(out)
  }
}
