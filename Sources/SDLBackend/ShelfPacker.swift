/// Places rectangles left to right in rows ("shelves") from the top of an image: when a row is
/// full, the next starts below the tallest rectangle of the last.
///
/// Glyphs arrive in no order of size and are never freed one at a time (the atlas is cleared
/// whole), which is what shelves suit: constant time per rectangle, no free space to track.
struct ShelfPacker {
  /// Empty pixels kept right of and below every rectangle.
  static let padding = 1

  /// Where the next rectangle on the current shelf starts.
  private(set) var shelfX = 0
  /// The top of the current shelf.
  private(set) var shelfY = 0
  /// The tallest rectangle on the current shelf.
  private(set) var shelfHeight = 0

  /// A packer whose first shelf begins with `width` × `height` pixels at the origin taken.
  init(reservingWidth width: Int = 0, height: Int = 0) {
    shelfX = width
    shelfHeight = height
  }

  /// The top-left corner for a `w` × `h` rectangle in a `width` × `height` image, or nil when
  /// it does not fit below the last shelf; the caller may then ask again with a larger image.
  mutating func place(_ w: Int, _ h: Int, width: Int, height: Int) -> (x: Int, y: Int)? {
    if shelfX + w + Self.padding > width {
      shelfX = 0
      shelfY += shelfHeight + Self.padding
      shelfHeight = 0
    }
    guard shelfY + h + Self.padding <= height else { return nil }
    let origin = (x: shelfX, y: shelfY)
    shelfX += w + Self.padding
    shelfHeight = max(shelfHeight, h)
    return origin
  }
}
