import Graphics

/// A size offered to a node; nil on an axis means "your ideal size".
struct ProposedSize: Hashable {
  var width: Double?
  var height: Double?
}

/// Whether a node's size depends on the size proposed to it.
enum Rigidity {
  case unknown
  case flexible
  case rigid(Size)
}

extension Rect {
  /// A rectangle of size `s` placed inside this one at alignment `a`.
  func aligning(_ s: Size, _ a: Alignment) -> Rect {
    Rect(
      x: minX + (width - s.width) * a.horizontal, y: minY + (height - s.height) * a.vertical,
      width: s.width, height: s.height)
  }
}
