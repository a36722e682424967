// Lowering of shapes: fills (solid, graded per vertex, or through a gradient image) and strokes.
import FoundationEssentials
import Graphics

extension Lowerer {
  /// The smallest upright rectangle holding `pts`.
  func bounds(_ pts: [Point]) -> Rect { pts.isEmpty ? .zero : DrawList.bounds(of: pts) }

  /// One color standing for a paint where only one can be drawn: its own, or a gradient's first.
  func representative(_ p: Paint) -> Color {
    switch p {
    case .color(let c): c
    case .linearGradient(let g): g.stops.first?.color ?? .clear
    case .shadedGradient(let g): g.gradient.stops.first?.color ?? .clear
    }
  }

  /// Per-point colors for a paint; a two-stop linear gradient is exact under Gouraud shading.
  func colors(for paint: Paint, local: [Point], frame: Rect, opacity: Double) -> [RGBA8] {
    switch paint {
    case .color(let c):
      let q = c.opacity(opacity).rgba8
      return [RGBA8](repeating: q, count: local.count)
    case .linearGradient(let g):
      let s = Point(x: frame.minX + frame.width * g.startPoint.x, y: frame.minY + frame.height * g.startPoint.y)
      let e = Point(x: frame.minX + frame.width * g.endPoint.x, y: frame.minY + frame.height * g.endPoint.y)
      let d = e - s
      let len2 = max(1e-12, d.x * d.x + d.y * d.y)
      return local.map { p in
        let t = ((p.x - s.x) * d.x + (p.y - s.y) * d.y) / len2
        return g.color(at: t).opacity(opacity).rgba8
      }
    case .shadedGradient:
      // Drawn through a mask (`lowerShape`); a single color where it is not.
      return [RGBA8](repeating: representative(paint).opacity(opacity).rgba8, count: local.count)
    }
  }

  /// Lowers a shape filling `frame`: its fill, then its stroke.
  mutating func lowerShape(
    _ shape: AnyShape, _ frame: Rect, _ fill: Paint?, _ stroke: ResolvedStroke?, _ t: Transform2D,
    _ opacity: Double
  ) {
    let scale = max(t.maxScale, 1e-6)
    if shape.isRectangle, stroke == nil, case .linearGradient(let g) = fill, t.isAxisAligned,
      frame.width * frame.height * scale * scale > 16_384
    {
      // A large gradient rectangle (a backdrop): dithered ramps for a renderer that dithers
      // them itself, otherwise an image rendered once at its pixel size.
      if list.ditheredRamps, lowerDitheredRamps(g, frame, t, opacity) { return }
      lowerGradientImage(g, frame, t, opacity)
      return
    }
    var polylines: [Path.Polyline]
    var known: ConvexOutline?
    var filled = false
    let radius = shape.cornerRadius(in: frame)
    let outlineFrame = shape.outlineFrame(in: frame)
    let hints = radius.map { ConvexOutline(roundedRect: outlineFrame, radius: $0, t) }
    // One quad, where the renderer shades it (`fillRoundedRect`): no points at all, unless a
    // stroke needs them. A circle narrower than its frame takes a ramp across the frame, so
    // only a solid one is a quad.
    let rampFits: Bool =
      if case .color = fill { true } else { outlineFrame == frame }
    if let fill, rampFits, let box = hints?.box, let (top, bottom) = edgeColors(fill, frame, opacity),
      list.fillRoundedRect(box, radius: hints?.radius ?? 0, top: top, bottom: bottom)
    {
      items.append(DrawnItem(kind: .shape, bounds: box, color: representative(fill).opacity(opacity), text: nil))
      filled = true
      if stroke == nil { return }
    }
    // A circle's outline keeps its segment count from the pixel radius (below).
    if let radius, !shape.isEllipse,
      let outline = Path.roundedRectOutline(in: frame, cornerRadius: radius, tolerance: tolerance / scale)
    {
      polylines = [Path.Polyline(points: outline, isClosed: true)]
      known = hints
    } else if shape.isEllipse {
      // Circles get their segment count from the on-screen radius and the error bound.
      let d = min(frame.width, frame.height)
      let r = Rect(x: frame.midX - d / 2, y: frame.midY - d / 2, width: d, height: d)
      let local = shapeIsCircleRect(shape, frame) ? r : frame
      let n = list.circleSegmentCount(radius: max(local.width, local.height) / 2 * scale)
      let pts = (0..<n).map { i -> Point in
        let (c, s) = DrawList.unitCirclePoint(i, of: n, cached: true)
        return Point(x: local.midX + c * local.width / 2, y: local.midY + s * local.height / 2)
      }
      polylines = [Path.Polyline(points: pts, isClosed: true)]
    } else {
      polylines = shape.path(in: frame).flattened(tolerance: tolerance / scale)
    }
    if let fill, !filled {
      if case .shadedGradient(let g) = fill {
        // The gradient's image drawn through the fill's own triangles, as a canvas does.
        let first = items.count
        let mask = drawnAside { $0.fillPolylines(polylines, .color(.white), frame, t, 1, known) }
        let (gradient, geometry) = g.resolved(in: frame)
        paint(mask, gradient, geometry, .pad, t, opacity, itemsFrom: first)
      } else {
        fillPolylines(polylines, fill, frame, t, opacity, known)
      }
    }
    if let stroke {
      if case .shadedGradient(let g) = stroke.paint {
        let first = items.count
        let mask = drawnAside { $0.strokeLines(polylines, stroke.style, .white, t) }
        let (gradient, geometry) = g.resolved(in: frame)
        paint(mask, gradient, geometry, .pad, t, opacity, itemsFrom: first)
      } else {
        strokeLines(polylines, stroke.style, representative(stroke.paint).opacity(opacity), t)
      }
    }
  }

  /// Fills the closed `polylines` of a shape laid out in `frame` with `fill` under `t`:
  /// convex ones graded per vertex, others in one color. `known` is what the shape's kind
  /// says of its one outline, so that nothing is searched for in its points.
  private mutating func fillPolylines(
    _ polylines: [Path.Polyline], _ fill: Paint, _ frame: Rect, _ t: Transform2D, _ opacity: Double,
    _ known: ConvexOutline? = nil
  ) {
    for line in polylines where line.points.count >= 3 {
      let pixel = line.points.map(t.apply)
      if let known, polylines.count == 1 {
        let vertexColors = colors(for: fill, local: line.points, frame: frame, opacity: opacity)
        list.fillConvexPolygon(pixel, colors: vertexColors, foldFree: known.foldFree, interior: known.interior)
      } else if polylines.count == 1, DrawList.isConvex(pixel) {
        let vertexColors = colors(for: fill, local: line.points, frame: frame, opacity: opacity)
        list.fillConvexPolygon(pixel, colors: vertexColors)
      } else {
        let solid = representative(fill).opacity(opacity).rgba8
        list.fillPolygon(pixel, color: solid)
      }
      items.append(
        DrawnItem(kind: .shape, bounds: bounds(pixel), color: representative(fill).opacity(opacity), text: nil))
    }
  }

  /// The colors of `fill` along the top and bottom edges of `frame`, when it is one color or
  /// graded evenly from top to bottom: a color, or a linear gradient of two stops at its ends
  /// whose line is vertical and reaches no further than the frame. Nil for any other fill.
  func edgeColors(_ fill: Paint, _ frame: Rect, _ opacity: Double) -> (RGBA8, RGBA8)? {
    switch fill {
    case .color(let c):
      let q = c.opacity(opacity).rgba8
      return (q, q)
    case .linearGradient(let g):
      guard g.stops.count == 2, g.stops[0].location == 0, g.stops[1].location == 1, g.startPoint.x == g.endPoint.x,
        g.startPoint.y != g.endPoint.y
      else { return nil }
      // The parameter at the top and the bottom, as `colors(for:)` computes it per point.
      let s = frame.minY + frame.height * g.startPoint.y
      let e = frame.minY + frame.height * g.endPoint.y
      let (t0, t1) = ((frame.minY - s) / (e - s), (frame.maxY - s) / (e - s))
      guard (0...1).contains(t0), (0...1).contains(t1) else { return nil }
      return (g.color(at: t0).opacity(opacity).rgba8, g.color(at: t1).opacity(opacity).rgba8)
    case .shadedGradient:
      return nil
    }
  }

  /// Strokes `polylines`, in the shape's own points, under `t` as `style` says: its dashes
  /// cut and its caps added (`StrokeGeometry`), then each piece stroked by the draw list.
  mutating func strokeLines(_ polylines: [Path.Polyline], _ style: StrokeStyle, _ c: Color, _ t: Transform2D) {
    let scale = max(t.maxScale, 1e-6)
    for line in StrokeGeometry.dashed(polylines, style) {
      let pixel = StrokeGeometry.capped(line, style).points.map(t.apply)
      if style.dash.isEmpty || !StrokeGeometry.isDot(line) {
        list.strokePolyline(pixel, closed: line.isClosed, color: c.rgba8, thickness: style.lineWidth * scale)
      }
      if style.lineCap == .round, !line.isClosed, let first = pixel.first, let last = pixel.last {
        // Round caps are discs at the open ends, half a line width across.
        for end in pixel.count > 1 && first != last ? [first, last] : [first] {
          list.fillConvexPolygon(list.circlePoints(center: end, radius: style.lineWidth * scale / 2), color: c.rgba8)
        }
      }
      items.append(DrawnItem(kind: .shape, bounds: bounds(pixel), color: c, text: nil))
    }
  }

  /// Whether `shape` is a circle (a square ellipse) rather than an ellipse filling `frame`.
  func shapeIsCircleRect(_ shape: AnyShape, _ frame: Rect) -> Bool {
    // A Circle's path is a square ellipse; an Ellipse's fills the frame.
    let b = shape.path(in: frame).controlBounds
    return abs(b.width - b.height) < 1e-9
  }
}

/// What lowering knows of a convex outline from the kind of shape it is, in pixels: what the
/// draw list would otherwise work out from its points every frame.
struct ConvexOutline {
  /// No two points closer than a tenth of a pixel, and no corner turning back (`dropFolds`).
  var foldFree = false
  /// An upright rectangle inside the outline, for the opaque interior; nil to search for one.
  var interior: Rect?
  /// The outline's bounds and corner radius in pixels, where it is an upright rounded
  /// rectangle there (under a uniform scale that mirrors nothing): what `fillRoundedRect` takes.
  var box: Rect?
  var radius = 0.0

  /// What a rounded rectangle's flattened outline (`Path.roundedRectOutline`) in `frame`
  /// is under `t`.
  init(roundedRect frame: Rect, radius: Double, _ t: Transform2D) {
    // Turned or sheared outlines keep the searches; mirrored ones are upright rectangles too.
    guard t.isAxisAligned else { return }
    let a = t.apply(Point(x: frame.minX, y: frame.minY))
    let b = t.apply(Point(x: frame.maxX, y: frame.maxY))
    let box = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    let rad = max(0, min(radius, frame.width / 2, frame.height / 2))
    let (rx, ry) = (rad * abs(t.a), rad * abs(t.d))
    interior = DrawList.roundedRectInterior(box, cornerWidth: rx, cornerHeight: ry)
    // Straight sides of a fifth of a pixel or more and corners of at least a pixel, under one
    // scale, leave every point a tenth of a pixel or more from the next: no fold to drop.
    let uniform = abs(abs(t.a) - abs(t.d)) <= 1e-9 * abs(t.a)
    if uniform, t.a > 0, t.d > 0, box.width.isFinite, box.height.isFinite {
      (self.box, self.radius) = (box, rx)
    }
    foldFree =
      uniform && box.width - 2 * rx >= 0.2 && box.height - 2 * ry >= 0.2 && (rad == 0 || min(rx, ry) >= 1)
      && box.width.isFinite && box.height.isFinite
  }
}
