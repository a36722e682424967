// Coverage masks: the texture of anti-aliased discs that masked circles and rounded rectangles sample.
import FoundationEssentials

/// An atlas of anti-aliased white discs at radii a factor of about √2 apart, and one square
/// corner, that a renderer which samples textures with bilinear filtering (a GPU) draws
/// circles and upright rounded rectangles through (`DrawList.coverageMasks`).
///
/// A circle is then one quad over a disc, and a rounded rectangle a 4 × 4 grid that stretches
/// the disc's middle row and column into the straight sides: 4 or 16 vertices where a polygon
/// with its fringe takes 30 to 260, each corner of which lowering computes.
///
/// Sizes are in units of the pixel a disc is drawn at when its corner radius is its own. A
/// disc drawn for a smaller corner (down to the next disc's radius) is drawn at between 0.7
/// and 1 of its size, so each edge fades over 1.19 units: on screen, 0.84 to 1.19 pixels,
/// close to the one-pixel fringe of the other renderers. Each unit is `texelsPerUnit` texels
/// across, so that filtering, which interpolates between neighbouring texels, follows the
/// fade instead of widening it to two texels.
public enum CoverageMask {
  /// One disc in the atlas.
  public struct Cell: Hashable, Sendable {
    /// The center of the disc's middle texel, in texels.
    public var centerX: Double
    public var centerY: Double
    /// The disc's radius in units; 0 for the square corner.
    public var radius: Double
    /// For the square corner: the half-size of the square, in units, whose corners a
    /// rectangle's corner slices take.
    public var square: Double
    /// How many units the edge takes to fade: the reciprocal of the middle of the scales the
    /// disc is drawn at, so that on screen it fades over close to a pixel at all of them.
    public var ramp: Double

    /// How far in from the outline, in units, the disc's middle row and column lie: what a
    /// rounded rectangle's corner slice takes of its sides.
    public var inset: Double { radius > 0 ? radius : square }

    /// The half-size, in units, of the square around the disc whose rim is clear: a quad
    /// reaching this far out samples nothing but clear texels there.
    public var extent: Double { inset + ramp / 2 + 1 / CoverageMask.texelsPerUnit }
  }

  /// Texels across a unit.
  public static let texelsPerUnit = 4.0

  /// The radii of the discs, in units, smallest first.
  public static let radii: [Double] = [2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64]

  /// The largest corner radius, in pixels, drawn through a disc; larger ones are polygons.
  /// Shapes that large are few on screen, and each disc's texels grow as its radius squared.
  public static var largestRadius: Double { radii[radii.count - 1] }

  /// The discs by radius, then the square corner.
  public static let cells: [Cell] = layout().cells

  /// The square corner: an upright rectangle's corner, for corner radii under a pixel.
  public static var squareCorner: Cell { cells[cells.count - 1] }

  /// The atlas's pixels: white, with the coverage in alpha (straight alpha, `smooth` on).
  public static let image: ImageBuffer = render()

  /// The atlas's size in texels, known without making its pixels: what every masked shape
  /// divides its texture coordinates by.
  public static let size: (width: Double, height: Double) = {
    let (_, width, height) = layout()
    return (Double(width), Double(height))
  }()

  /// The disc to draw a corner of `radius` pixels through, and the pixels per unit to draw
  /// it at: the smallest disc at least as large, so the scale is between 0.7 and 1 (0.5 and 1
  /// under 2 pixels). The square corner, at scale 1, under a pixel; nil past `largestRadius`.
  public static func cell(forRadius radius: Double) -> (cell: Cell, scale: Double)? {
    guard radius.isFinite, radius <= largestRadius else { return nil }
    guard radius >= 1 else { return (squareCorner, 1) }
    var i = 0
    while radii[i] < radius { i += 1 }
    return (cells[i], radius / radii[i])
  }

  /// The width of the atlas in texels; cells are packed in rows, largest first.
  static let atlasWidth = 2048

  /// Places the cells, largest first, in rows across `atlasWidth`, each square and a texel
  /// apart from its neighbours.
  static func layout() -> (cells: [Cell], width: Int, height: Int) {
    var cells: [Cell] = []
    for (i, r) in (radii + [1]).enumerated() {
      let isSquare = i == radii.count
      // A disc is drawn for corners down to the next smaller disc's radius (1 for the first),
      // so at a scale from that ratio up to 1; the square corner at 1 alone.
      let smallest = isSquare ? 1 : (i == 0 ? 1 : radii[i - 1]) / r
      cells.append(
        Cell(
          centerX: 0, centerY: 0, radius: isSquare ? 0 : r, square: isSquare ? r : 0, ramp: 1 / smallest.squareRoot())
      )
    }
    var (x, y, rowHeight) = (0, 0, 0)
    for i in cells.indices.sorted(by: { cells[$0].inset > cells[$1].inset }) {
      let half = halfCell(cells[i])
      let side = 2 * half + 1
      if x + side > atlasWidth {
        (x, y, rowHeight) = (0, y + rowHeight + 1, 0)
      }
      cells[i].centerX = Double(x + half) + 0.5
      cells[i].centerY = Double(y + half) + 0.5
      x += side + 1
      rowHeight = max(rowHeight, side)
    }
    return (cells, atlasWidth, y + rowHeight)
  }

  /// The half-size, in whole texels, of a cell beyond its middle texel: past its extent, with
  /// a texel to spare.
  static func halfCell(_ cell: Cell) -> Int { Int((cell.extent * texelsPerUnit).rounded(.up)) + 1 }

  /// The coverage at `dx`, `dy` units from a cell's center: one at half the cell's `ramp` or
  /// more inside the edge, none at as far outside, linear between (on screen, the ramp a
  /// one-pixel fringe gives).
  public static func coverage(_ cell: Cell, dx: Double, dy: Double) -> Double {
    let distance: Double
    if cell.radius > 0 {
      distance = (dx * dx + dy * dy).squareRoot() - cell.radius
    } else {
      // A square's signed distance: outside a corner, to the corner point.
      let qx = abs(dx) - cell.square
      let qy = abs(dy) - cell.square
      distance = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0)
    }
    return max(0, min(1, 0.5 - distance / cell.ramp))
  }

  static func render() -> ImageBuffer {
    let (cells, width, height) = layout()
    var image = ImageBuffer(width: width, height: height, smooth: true)
    // Clear texels are white too: filtering between them and the disc's edge then changes
    // only the alpha, never darkens the color.
    image.pixels = [UInt32](repeating: 0x00FF_FFFF, count: width * height)
    for cell in cells {
      let half = halfCell(cell)
      let cx = Int(cell.centerX)
      let cy = Int(cell.centerY)
      for y in (cy - half)...(cy + half) {
        for x in (cx - half)...(cx + half) {
          let a = coverage(
            cell, dx: Double(x - cx) / texelsPerUnit, dy: Double(y - cy) / texelsPerUnit)
          image.pixels[y * width + x] = UInt32((a * 255).rounded()) << 24 | 0x00FF_FFFF
        }
      }
    }
    image.generation = 1
    return image
  }
}
