import Graphics

// `.padding(…)`: space around a view, with the edge types it is given in.

/// Edge distances for padding.
public struct EdgeInsets: Hashable, Sendable {
  public var top, leading, bottom, trailing: Double
  /// Creates insets.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }
}

/// The edges a padding applies to.
public struct Edge: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  /// Creates an edge set.
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let top = Edge(rawValue: 1)
  public static let leading = Edge(rawValue: 2)
  public static let bottom = Edge(rawValue: 4)
  public static let trailing = Edge(rawValue: 8)
  public static let horizontal: Edge = [.leading, .trailing]
  public static let vertical: Edge = [.top, .bottom]
  public static let all: Edge = [.top, .leading, .bottom, .trailing]
}

/// Insets the child by fixed distances; not animated.
struct PaddingModifier: WrappingModifier, ResolvedModifier {
  var insets: EdgeInsets

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? {
    guard let c = layout.rigidSize(child) else { return nil }
    return Size(width: c.width + insets.leading + insets.trailing, height: c.height + insets.top + insets.bottom)
  }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    let e = insets
    let c = layout.size(
      child,
      ProposedSize(
        width: p.width.map { max(0, $0 - e.leading - e.trailing) },
        height: p.height.map { max(0, $0 - e.top - e.bottom) }))
    return Size(width: c.width + e.leading + e.trailing, height: c.height + e.top + e.bottom)
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    let e = insets
    layout.place(
      child,
      in: Rect(
        x: r.minX + e.leading, y: r.minY + e.top, width: max(0, r.width - e.leading - e.trailing),
        height: max(0, r.height - e.top - e.bottom)))
  }
}

extension View {
  /// Adds space around the view.
  public func padding(_ length: Double = 16) -> some View { padding(.all, length) }

  /// Adds space on the given edges.
  public func padding(_ edges: Edge, _ length: Double = 16) -> some View {
    padding(
      EdgeInsets(
        top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
        bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0))
  }

  /// Adds explicit insets.
  public func padding(_ insets: EdgeInsets) -> some View { modified(PaddingModifier(insets: insets)) }
}
