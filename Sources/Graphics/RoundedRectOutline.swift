// Flattening by template: a rounded rectangle's outline, point for point what flattening its
// path gives, without building the path.
import FoundationEssentials

extension Path {
  /// The corner radius `addRoundedRect(in:cornerRadius:)` draws: at most half of either side.
  @inline(__always)
  static func roundedRectRadius(_ r: Rect, _ cornerRadius: Double) -> Double {
    max(0, min(cornerRadius, r.width / 2, r.height / 2))
  }

  /// Corner `i` of a rounded rectangle, clockwise on screen from the top right: the cubic
  /// quarter arc from the end of the straight side before it to the start of the one after.
  @inline(__always)
  static func roundedCorner(_ i: Int, in r: Rect, radius rad: Double) -> (
    start: Point, control1: Point, control2: Point, end: Point
  ) {
    // 0.5523 is the cubic control distance that best approximates a quarter circle.
    let k = 0.5522847498 * rad
    switch i {
    case 0:
      return (
        Point(x: r.maxX - rad, y: r.minY), Point(x: r.maxX - rad + k, y: r.minY),
        Point(x: r.maxX, y: r.minY + rad - k), Point(x: r.maxX, y: r.minY + rad)
      )
    case 1:
      return (
        Point(x: r.maxX, y: r.maxY - rad), Point(x: r.maxX, y: r.maxY - rad + k),
        Point(x: r.maxX - rad + k, y: r.maxY), Point(x: r.maxX - rad, y: r.maxY)
      )
    case 2:
      return (
        Point(x: r.minX + rad, y: r.maxY), Point(x: r.minX + rad - k, y: r.maxY),
        Point(x: r.minX, y: r.maxY - rad + k), Point(x: r.minX, y: r.maxY - rad)
      )
    default:
      return (
        Point(x: r.minX, y: r.minY + rad), Point(x: r.minX, y: r.minY + rad - k),
        Point(x: r.minX + rad - k, y: r.minY), Point(x: r.minX + rad, y: r.minY)
      )
    }
  }

  /// The closed outline of a rounded rectangle with circular corners, flattened to within
  /// `tolerance`: the same points, in the same order, as
  /// `Path { $0.addRoundedRect(in: r, cornerRadius: cornerRadius) }.flattened(tolerance:)`
  /// gives, for a fraction of the work (no elements to build and walk). Nil for a rectangle
  /// with a coordinate that is not finite, which the path's own flattening handles.
  public static func roundedRectOutline(in r: Rect, cornerRadius: Double, tolerance: Double) -> [Point]? {
    guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite, !cornerRadius.isNaN else { return nil }
    let rad = roundedRectRadius(r, cornerRadius)
    var out: [Point] = []
    if rad == 0 {
      out = [
        Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
        Point(x: r.minX, y: r.maxY),
      ]
    }
    for i in 0..<4 where rad > 0 {
      let c = roundedCorner(i, in: r, radius: rad)
      let n = cubicSegmentsByLength(c.start, c.control1, c.control2, c.end, tolerance: tolerance)
      if i == 0 {
        // Every corner has the same radius, so about the same count: room for all at once.
        out.reserveCapacity(4 * n + 9)
        out.append(Point(x: r.minX + rad, y: r.minY))
      }
      out.append(c.start)
      appendCubic(&out, c.start, c.control1, c.control2, c.end, segments: n)
    }
    // The last arc ends where the outline began (and a flat rectangle's last corner is its
    // first): flattening a closed subpath drops the repeat.
    if out.count > 2, out.first == out.last { out.removeLast() }
    return out
  }
}
