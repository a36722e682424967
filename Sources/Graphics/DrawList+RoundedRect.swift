// Tessellation of upright rounded rectangles as one quad, for a renderer that shades them per pixel.

extension DrawList {
  /// Adds `rect` (in pixels) with circular corners of `radius` pixels (square ones for 0),
  /// filled with `top` along its top edge and `bottom` along its bottom edge and graded evenly
  /// between, as a `PrimitiveShape.roundedRect`; true when it was added (or lies outside the
  /// target, so there is nothing to draw).
  ///
  /// With `coverageMasks` instead, the shape is drawn through the mask's discs
  /// (`addMaskedRoundedRect`).
  ///
  /// False, adding nothing, where the list takes neither (no anti-aliasing, a fringe other
  /// than a pixel) or the rectangle is not one the rasterizer or the mask can place: the
  /// caller then fills the shape's polygon.
  public mutating func fillRoundedRect(_ rect: Rect, radius: Double, top: RGBA8, bottom: RGBA8) -> Bool {
    guard analyticRoundedRects || coverageMasks, antiAliased, fringeWidth == 1, rect.width > 0, rect.height > 0,
      radius >= 0, radius.isFinite, abs(rect.minX) < Self.drawableLimit, abs(rect.maxX) < Self.drawableLimit,
      abs(rect.minY) < Self.drawableLimit, abs(rect.maxY) < Self.drawableLimit
    else { return false }
    guard top.a | bottom.a != 0, isVisible(rect) else { return true }
    let r = min(radius, rect.width / 2, rect.height / 2)
    guard analyticRoundedRects else { return addMaskedRoundedRect(rect, radius: r, top: top, bottom: bottom) }
    // The fringe's outer edge, half a pixel out: what the quad covers and damage counts.
    appendQuad(rect.insetBy(dx: -0.5, dy: -0.5), top: top, bottom: bottom, u: Float(r), v: 0, shape: .roundedRect)
    if recordsOpaqueInteriors, top.a == 255, bottom.a == 255, rect.width * rect.height >= 1024,
      let inner = Self.roundedRectInterior(rect, cornerWidth: r, cornerHeight: r)
    {
      recordOpaqueInterior(inner)
    }
    return true
  }

  /// The larger of the two bands between a rounded rectangle's corners, across and down: an
  /// upright rectangle inside it, for its opaque interior. Where the corners meet on both axes
  /// (a circle, an ellipse), the rectangle inscribed in the ellipse; nil for an empty one.
  public static func roundedRectInterior(_ rect: Rect, cornerWidth rx: Double, cornerHeight ry: Double) -> Rect? {
    let across = Rect(x: rect.minX, y: rect.minY + ry, width: rect.width, height: rect.height - 2 * ry)
    let down = Rect(x: rect.minX + rx, y: rect.minY, width: rect.width - 2 * rx, height: rect.height)
    @inline(__always) func area(_ r: Rect) -> Double { r.width > 0 && r.height > 0 ? r.width * r.height : 0 }
    let best = area(across) >= area(down) ? across : down
    if area(best) > 0 { return best }
    // The largest upright rectangle in an ellipse has its corners at 45° on it.
    let inscribed = Rect(
      x: rect.midX - rx / 2.squareRoot(), y: rect.midY - ry / 2.squareRoot(), width: rx * 2.squareRoot(),
      height: ry * 2.squareRoot())
    return area(inscribed) > 0 ? inscribed : nil
  }
}
