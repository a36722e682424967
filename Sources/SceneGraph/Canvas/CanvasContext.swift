import FoundationEssentials
import Graphics

/// Drawing calls available inside a `Canvas`, in the canvas's own point coordinates.
public struct CanvasContext {
  /// The draw list being filled, in pixels.
  public var drawList: DrawList
  /// Maps canvas points to pixels.
  public var transform: Transform2D
  /// The canvas's size in points.
  public var size: Size
  /// Multiplies every color's alpha.
  public var opacity: Double
  /// The canvas's calls from its last lowering, appended again where a call repeats; nil draws
  /// every call afresh.
  var memo: CanvasDrawMemo? = nil

  /// Fills a path (convex paths exactly, others by ear clipping).
  public mutating func fill(_ path: Path, with color: Color) {
    memoized(.fill(path, color)) { ctx in
      let c = color.opacity(ctx.opacity).rgba8
      for line in path.applying(ctx.transform).flattened(tolerance: 0.25) where line.points.count >= 3 {
        ctx.drawList.fillPolygon(line.points, color: c)
      }
    }
  }

  /// Strokes a path with a line `lineWidth` points wide.
  public mutating func stroke(_ path: Path, with color: Color, lineWidth: Double = 1) {
    memoized(.stroke(path, color, lineWidth: lineWidth)) { ctx in
      let c = color.opacity(ctx.opacity).rgba8
      let thickness = lineWidth * ctx.transform.maxScale
      for line in path.applying(ctx.transform).flattened(tolerance: 0.25) {
        ctx.drawList.strokePolyline(line.points, closed: line.isClosed, color: c, thickness: thickness)
      }
    }
  }

  /// Fills a circle whose polygon follows from its size on screen.
  public mutating func fillCircle(center: Point, radius: Double, color: Color) {
    memoized(.circle(center: center, radius: radius, color)) { ctx in
      let c = color.opacity(ctx.opacity).rgba8
      let r = radius * ctx.transform.maxScale
      let origin = ctx.transform.apply(center)
      let pts = ctx.drawList.circlePoints(center: .zero, radius: r).map { p in origin + Point(x: p.x, y: p.y) }
      ctx.drawList.fillConvexPolygon(pts, color: c)
    }
  }

  /// Adds raw triangles given in canvas points; colors are used as given.
  public mutating func drawTriangles(_ vertices: [Vertex], indices: [Int32]) {
    let mapped = vertices.map { v -> Vertex in
      let p = transform.apply(Point(x: Double(v.x), y: Double(v.y)))
      return Vertex(x: Float(p.x), y: Float(p.y), color: v.color.fading(opacity), u: v.u, v: v.v)
    }
    drawList.addTriangles(mapped, indices: indices)
  }
}
