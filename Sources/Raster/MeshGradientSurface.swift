// Stage: mesh gradient surface: a Catmull-Rom patch grid sampled into a lattice of points and colors.

import FoundationEssentials
import Graphics

/// A SwiftUI-style mesh gradient sampled on a regular lattice: `columns × rows` positions in
/// unit coordinates (0…1) with their colors, row by row.
///
/// The grid of control points and colors is interpolated by a tensor-product Catmull-Rom
/// surface, which passes through every control point and is C¹ across cell borders, so no
/// seams show where cells meet. The CPU shades the lattice's triangles into a small image
/// (`MeshGradientRaster`); a GPU draws them directly with per-vertex colors.
public struct MeshGradientSurface: Sendable {
  /// Samples per row and per column.
  public let columns: Int
  public let rows: Int
  /// Sample positions in unit coordinates, row by row.
  public let positions: [Point]
  /// Sample colors (red, green, blue, opacity in 0…1), row by row.
  public let colors: [SIMD4<Double>]

  /// Samples the mesh with `subdivisions` sub-cells per cell side; nil when the grid is
  /// malformed (fewer than 2×2 points, or counts that do not match).
  public init?(width: Int, height: Int, points: [Point], colors: [Color], subdivisions: Int) {
    let (cells, overflow) = width.multipliedReportingOverflow(by: height)
    guard width >= 2, height >= 2, !overflow, points.count == cells, colors.count == points.count,
      (1...1024).contains(subdivisions)
    else { return nil }
    let n = subdivisions
    let cols = (width - 1) * n + 1
    let rows = (height - 1) * n + 1
    var samplePos = [Point](repeating: .zero, count: cols * rows)
    var sampleCol = [SIMD4<Double>](repeating: .zero, count: cols * rows)
    let cvec = colors.map { SIMD4<Double>($0.red, $0.green, $0.blue, $0.opacity) }

    @inline(__always) func idx(_ i: Int, _ j: Int) -> Int {
      min(max(j, 0), height - 1) * width + min(max(i, 0), width - 1)
    }
    // The Catmull-Rom weights of the four control points around a parameter t in 0…1.
    @inline(__always) func crWeights(_ t: Double) -> SIMD4<Double> {
      let t2 = t * t
      let t3 = t2 * t
      return SIMD4(
        -0.5 * t3 + t2 - 0.5 * t,
        1.5 * t3 - 2.5 * t2 + 1,
        -1.5 * t3 + 2 * t2 + 0.5 * t,
        0.5 * t3 - 0.5 * t2
      )
    }
    // The control grid with a ring of points around it, so every sample's 4×4 neighbourhood
    // is in range. Positions are mirrored across the border instead of clamped, so the edge
    // tangent is the one-sided difference and the border stays straight; colors are clamped.
    let ew = width + 2
    var ringPos = [Point](repeating: .zero, count: ew * (height + 2))
    var ringCol = [SIMD4<Double>](repeating: .zero, count: ew * (height + 2))
    for jy in -1...height {
      for ix in -1...width {
        var q = points[idx(ix, jy)]
        if ix < 0 || ix >= width || jy < 0 || jy >= height {
          let inner = idx(
            ix < 0 ? 1 : (ix >= width ? width - 2 : ix), jy < 0 ? 1 : (jy >= height ? height - 2 : jy))
          q = points[idx(ix, jy)] * 2 - points[inner]
        }
        ringPos[(jy + 1) * ew + ix + 1] = q
        ringCol[(jy + 1) * ew + ix + 1] = cvec[idx(ix, jy)]
      }
    }
    // The surface is a tensor product, so it is evaluated in two passes: each sample row
    // first blends the four control rows around it (per ring column), then each sample blends
    // four of those: 4 + 4 taps a sample instead of 16.
    let columnWeights = (0..<cols).map { gx -> (Int, SIMD4<Double>) in
      let cellX = min(gx / n, width - 2)
      return (cellX, crWeights(Double(gx - cellX * n) / Double(n)))
    }
    var blendedPos = [Point](repeating: .zero, count: ew)
    var blendedCol = [SIMD4<Double>](repeating: .zero, count: ew)
    for gy in 0..<rows {
      let cellY = min(gy / n, height - 2)
      let wy = crWeights(Double(gy - cellY * n) / Double(n))
      for i in 0..<ew {
        var p = Point.zero
        var c = SIMD4<Double>.zero
        for b in 0..<4 {
          // Ring row cellY + b is control row cellY − 1 + b.
          let k = (cellY + b) * ew + i
          p = p + ringPos[k] * wy[b]
          c += ringCol[k] * wy[b]
        }
        blendedPos[i] = p
        blendedCol[i] = c
      }
      for gx in 0..<cols {
        let (cellX, wx) = columnWeights[gx]
        var p = Point.zero
        var c = SIMD4<Double>.zero
        for a in 0..<4 {
          // Ring column cellX + a is control column cellX − 1 + a.
          p = p + blendedPos[cellX + a] * wx[a]
          c += blendedCol[cellX + a] * wx[a]
        }
        samplePos[gy * cols + gx] = p
        sampleCol[gy * cols + gx] = c
      }
    }
    columns = cols
    self.rows = rows
    positions = samplePos
    self.colors = sampleCol
  }
}
