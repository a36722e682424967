import Graphics

// `.frame(…)`: proposes a fixed or bounded size to the view and aligns it inside.

/// The parameters of `.frame(…)`; nil leaves that dimension to the child or the proposal.
struct FrameSpec: Hashable, WrappingModifier, ResolvedModifier {
  var width: Double?
  var height: Double?
  var minWidth: Double?
  var maxWidth: Double?
  var minHeight: Double?
  var maxHeight: Double?
  var alignment: Alignment

  init(
    width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
    minHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment
  ) {
    (self.width, self.height, self.alignment) = (width, height, alignment)
    (self.minWidth, self.maxWidth, self.minHeight, self.maxHeight) = (minWidth, maxWidth, minHeight, maxHeight)
  }

  // MARK: Resolving: a fixed width and height animate, each in its own slot.

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier {
    var f = self
    if let w = width { f.width = slots.value(w) }
    if let h = height { f.height = slots.value(h) }
    return f
  }

  // MARK: Layout

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? {
    // A fixed side, or one that hugs a rigid child (no bounds on that axis).
    let w: Double
    let h: Double
    if let fixed = width {
      w = fixed
    } else if minWidth == nil, maxWidth == nil, let c = layout.rigidSize(child) {
      w = c.width
    } else {
      return nil
    }
    if let fixed = height {
      h = fixed
    } else if minHeight == nil, maxHeight == nil, let c = layout.rigidSize(child) {
      h = c.height
    } else {
      return nil
    }
    return Size(width: w, height: h)
  }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    var pw = width ?? p.width
    var ph = height ?? p.height
    if width == nil, let w = pw { pw = Self.clamp(w, minWidth, maxWidth) }
    if height == nil, let h = ph { ph = Self.clamp(h, minHeight, maxHeight) }
    let c = layout.size(child, ProposedSize(width: pw, height: ph))
    let w = width ?? Self.flexible(child: c.width, proposal: p.width, min: minWidth, max: maxWidth)
    let h = height ?? Self.flexible(child: c.height, proposal: p.height, min: minHeight, max: maxHeight)
    return Size(width: w, height: h)
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    let s = layout.size(child, ProposedSize(width: width ?? r.width, height: height ?? r.height))
    layout.place(child, in: r.aligning(s, alignment))
  }

  private static func clamp(_ v: Double, _ lo: Double?, _ hi: Double?) -> Double {
    var r = v
    if let hi { r = min(r, hi) }
    if let lo { r = max(r, lo) }
    return r
  }

  /// A flexible frame takes the proposal clamped to its bounds, or hugs the child when
  /// it has no bound on that axis.
  private static func flexible(child: Double, proposal: Double?, min lo: Double?, max hi: Double?) -> Double {
    if lo == nil && hi == nil { return child }
    if let proposal, hi == .infinity || hi.map({ proposal <= $0 }) == true {
      return clamp(proposal, lo, hi)
    }
    return clamp(child, lo, hi)
  }
}

extension View {
  /// Proposes a fixed size to the view and takes that size, aligning the view inside.
  public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
    modified(FrameSpec(width: width, height: height, alignment: alignment))
  }

  /// A flexible frame; `.infinity` as a maximum takes all the space offered.
  public func frame(
    minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
    alignment: Alignment = .center
  ) -> some View {
    modified(
      FrameSpec(
        minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment))
  }
}
