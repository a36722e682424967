// Stage: gradient images (linear, radial, elliptical, conic) under any affine map, dithered.

import Glibc
import Graphics

/// Renders the gradients a canvas fills and strokes with (`GraphicsContext.Shading`) into
/// images one texel per pixel, dithered as `GradientRaster`'s are. The lowering draws the
/// path's own triangles textured with the image, so the gradient shows only inside the path.
public enum ShadingRaster {
  /// Where a gradient's parameter runs from 0 to 1, in the gradient's own coordinates.
  public enum Geometry: Hashable, Sendable {
    /// Along the line from `start` to `end`, constant across it.
    case linear(start: Point, end: Point)
    /// Outward from a circle of `startRadius` about `center` to one of `endRadius`.
    case radial(center: Point, startRadius: Double, endRadius: Double)
    /// As `radial`, in a space stretched by `radii` on each axis about `center`: radius 1
    /// there reaches `radii.width` along x and `radii.height` along y.
    case elliptical(center: Point, radii: Size, startRadius: Double, endRadius: Double)
    /// Once around `center`, clockwise on screen from `angle` radians (0 points along +x).
    case conic(center: Point, angle: Double)
  }

  /// What a gradient does past its ends.
  public enum Spread: Hashable, Sendable {
    /// Keeps the end colors.
    case pad
    /// Starts again from the first color.
    case repeating
    /// Runs back and forth.
    case mirror
  }

  /// Renders a gradient at `width × height` texels.
  ///
  /// - Parameters:
  ///   - toGradient: maps a texel's center, `(x + 0.5, y + 0.5)`, into the gradient's coordinates.
  ///   - opaque: whether every color of the gradient is opaque, which the image then says.
  ///   - color: the gradient's color at a parameter, 0…1.
  public static func render(
    _ geometry: Geometry, spread: Spread, toGradient m: Transform2D, width w: Int, height h: Int, opaque: Bool,
    color: (Double) -> Color
  ) -> ImageBuffer {
    var img = ImageBuffer(width: w, height: h, smooth: true)
    var ramp = DitheredRamp()
    var indices = [Int](repeating: 0, count: w)
    // One step along a row in the gradient's coordinates.
    let step = Point(x: m.a, y: m.b)
    for y in 0..<h {
      let rowStart = m.apply(Point(x: 0.5, y: Double(y) + 0.5))
      indices.withUnsafeMutableBufferPointer { indices in
        // The geometry is switched on once a row, so each loop is specialized to its case.
        switch geometry {
        case .linear(let s, let e):
          let d = e - s
          let len2 = max(1e-12, d.x * d.x + d.y * d.y)
          let t0 = ((rowStart.x - s.x) * d.x + (rowStart.y - s.y) * d.y) / len2
          let dt = (step.x * d.x + step.y * d.y) / len2
          for x in 0..<w { indices[x] = index(t0 + Double(x) * dt, spread, &ramp, color) }
        case .radial(let c, let r0, let r1):
          for x in 0..<w {
            let d = rowStart + step * Double(x) - c
            indices[x] = index(radial((d.x * d.x + d.y * d.y).squareRoot(), r0, r1), spread, &ramp, color)
          }
        case .elliptical(let c, let radii, let r0, let r1):
          let (sx, sy) = (1 / radii.width, 1 / radii.height)
          for x in 0..<w {
            let d = rowStart + step * Double(x) - c
            let (ex, ey) = (d.x * sx, d.y * sy)
            indices[x] = index(radial((ex * ex + ey * ey).squareRoot(), r0, r1), spread, &ramp, color)
          }
        case .conic(let c, let angle):
          for x in 0..<w {
            let p = rowStart + step * Double(x)
            indices[x] = index(conic(p - c, angle), spread, &ramp, color)
          }
        }
      }
      let row = (y & 3) * 4
      ramp.packed.withUnsafeBufferPointer { table in
        indices.withUnsafeBufferPointer { indices in
          img.pixels.withUnsafeMutableBufferPointer { px in
            for x in 0..<w { px[y * w + x] = table[(row + (x & 3)) * DitheredRamp.rowLength + indices[x]] }
          }
        }
      }
    }
    img.generation = 1
    img.opaque = opaque
    return img
  }

  /// The ramp step for parameter `t`, computed if it is not yet.
  @inline(__always)
  static func index(_ t: Double, _ spread: Spread, _ ramp: inout DitheredRamp, _ color: (Double) -> Color) -> Int {
    let i = DitheredRamp.index(spread.folded(t))
    ramp.prepare(i, color)
    return i
  }

  /// A radial gradient's parameter at distance `r` from its center.
  @inline(__always)
  static func radial(_ r: Double, _ r0: Double, _ r1: Double) -> Double {
    // Two equal radii make a hard edge between the end colors.
    guard r1 != r0 else { return r < r0 ? 0 : 1 }
    return (r - r0) / (r1 - r0)
  }

  /// A conic gradient's parameter at offset `d` from its center: the turn from `angle`, 0…1.
  @inline(__always)
  static func conic(_ d: Point, _ angle: Double) -> Double {
    let turn = (atan2(d.y, d.x) - angle) / (2 * .pi)
    return turn - turn.rounded(.down)
  }
}

extension ShadingRaster.Spread {
  /// `t` brought into 0…1 as this spread says; NaN (a degenerate map) counts as 0.
  @inline(__always)
  func folded(_ t: Double) -> Double {
    guard t.isFinite else { return 0 }
    switch self {
    case .pad: return max(0, min(1, t))
    case .repeating: return t - t.rounded(.down)
    case .mirror:
      let f = t - 2 * (t / 2).rounded(.down)
      return f > 1 ? 2 - f : f
    }
  }
}
