/// A rectangle of whole pixels, `x0..<x1` by `y0..<y1`.
public struct PixelRect: Hashable, Sendable {
  public var x0: Int
  public var y0: Int
  public var x1: Int
  public var y1: Int

  /// Creates a rectangle from its corners; an inverted one is empty.
  @inlinable
  public init(x0: Int, y0: Int, x1: Int, y1: Int) {
    (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
  }

  /// Whether no pixel is inside.
  @inlinable
  public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
  /// The number of pixels inside.
  public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
  /// The same pixels as a `Rect`.
  public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)) }

  /// No pixels.
  public static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

  /// The smallest rectangle holding both; an empty one adds nothing.
  public func union(_ o: PixelRect) -> PixelRect {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }

  /// The overlap of two rectangles (possibly empty).
  @inlinable
  public func intersection(_ o: PixelRect) -> PixelRect {
    PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
  }

  /// The pixels of this rectangle outside `o`, as up to four disjoint rectangles: the full-width
  /// bands above and below `o`, then the pieces left and right of it.
  public func subtracting(_ o: PixelRect) -> [PixelRect] {
    var pieces: [PixelRect] = []
    forEachPiece(outside: o) { pieces.append($0) }
    return pieces
  }

  /// Calls `body` with each piece `subtracting(o)` returns, in the same order, without making
  /// an array: a renderer cuts every damaged region around what hides it, every frame.
  @inlinable
  public func forEachPiece(outside o: PixelRect, _ body: (PixelRect) -> Void) {
    let cut = intersection(o)
    guard !cut.isEmpty else {
      if !isEmpty { body(self) }
      return
    }
    let above = PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0)
    let below = PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1)
    let left = PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)
    let right = PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)
    if !above.isEmpty { body(above) }
    if !below.isEmpty { body(below) }
    if !left.isEmpty { body(left) }
    if !right.isEmpty { body(right) }
  }

  /// The pixels a clip rectangle lets through: every pixel the rectangle touches, as SDL
  /// rounds its clip rectangles.
  @inlinable
  public init(covering r: Rect) {
    @inline(__always) func bound(_ v: Double) -> Int {
      v.isFinite ? Int(max(-1e9, min(1e9, v))) : (v > 0 ? 1 << 30 : -(1 << 30))
    }
    self.init(
      x0: bound(r.minX.rounded(.down)), y0: bound(r.minY.rounded(.down)), x1: bound(r.maxX.rounded(.up)),
      y1: bound(r.maxY.rounded(.up)))
  }
}
