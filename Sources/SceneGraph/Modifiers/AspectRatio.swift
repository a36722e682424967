// `.aspectRatio`: proposes the child a size of a given width-to-height ratio.
import Graphics

/// How content of a fixed shape meets the space offered; SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable, CaseIterable {
  /// The largest size of the ratio that fits inside.
  case fit
  /// The smallest size of the ratio that covers it.
  case fill
}

/// Proposes the child the size of ratio `ratio` that fits (or fills) the proposal; the node is
/// as big as the child's answer, which it centers in its frame. A nil ratio is the child's
/// own, from its ideal size.
struct AspectRatioModifier: WrappingModifier, ResolvedModifier {
  var ratio: CGFloat?
  var contentMode: ContentMode

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    layout.size(child, proposal(for: child, p, layout))
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    let s = layout.size(child, proposal(for: child, ProposedSize(width: r.width, height: r.height), layout))
    layout.place(child, in: r.aligning(s, .center))
  }

  /// The size of the ratio that fits or fills proposal `p`. An axis left open takes its
  /// length from the other; with both open, the child's ideal size is the box to fit.
  func proposal(for child: RNode, _ p: ProposedSize, _ layout: Layout) -> ProposedSize {
    var box = p
    var r = ratio
    if r == nil || (box.width == nil && box.height == nil) {
      let ideal = layout.size(child, ProposedSize(width: nil, height: nil))
      if r == nil, ideal.height > 0 { r = ideal.width / ideal.height }
      if box.width == nil && box.height == nil { box = ProposedSize(width: ideal.width, height: ideal.height) }
    }
    guard let r, r > 0, r.isFinite else { return p }
    switch (box.width, box.height) {
    case (let w?, let h?):
      // Of the two sizes of the ratio that meet the box on one axis, fit takes the smaller.
      let byWidth = Size(width: w, height: w / r)
      let byHeight = Size(width: h * r, height: h)
      let fits = byWidth.height <= h
      let s = (contentMode == .fit) == fits ? byWidth : byHeight
      return ProposedSize(width: s.width, height: s.height)
    case (let w?, nil): return ProposedSize(width: w, height: w / r)
    case (nil, let h?): return ProposedSize(width: h * r, height: h)
    case (nil, nil): return p
    }
  }
}

extension View {
  /// Constrains the view to a width-to-height ratio: `.fit` proposes it the largest size of
  /// the ratio that fits the space offered, `.fill` the smallest that covers it. A nil ratio
  /// keeps the view's own, from its ideal size.
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    modified(AspectRatioModifier(ratio: aspectRatio, contentMode: contentMode))
  }

  /// Constrains the view to the ratio of `aspectRatio`'s width to its height.
  public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
    self.aspectRatio(aspectRatio.width / aspectRatio.height, contentMode: contentMode)
  }
}
