// `ScrollView`: content laid out at its ideal length along the scrolled axes, shown from its
// start and clipped to the view's frame.
import Graphics

/// The axes of a layout; SwiftUI's `Axis`.
public enum Axis: Hashable, Sendable {
  case horizontal, vertical

  /// A set of axes.
  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}

/// A scrollable view; SwiftUI's `ScrollView`.
///
/// The content is offered its ideal length along the scrolled axes and the view's size across
/// them, placed at the start of the scrolled axes (centred across), and clipped to the frame:
/// what a scroll view shows before it is scrolled. There is no scrolling (a wheel steps
/// through scenes), so `showsIndicators` is accepted.
public struct ScrollView<Content: View>: View {
  let axes: Axis.Set
  let content: Content

  /// Creates a scroll view along `axes`.
  public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
    self.axes = axes
    self.content = content()
  }

  public var body: some View {
    content.modified(ScrollLayout(horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical)))
  }
}

/// The scroll view's layout: as big as offered, the content at its ideal length on the
/// scrolled axes, from their start, clipped.
struct ScrollLayout: WrappingModifier, ResolvedModifier {
  let horizontal: Bool
  let vertical: Bool

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    // A scroll view takes the space offered; offered nothing on an axis, it is its content's.
    let ideal = layout.size(child, proposal(p))
    return Size(width: p.width ?? ideal.width, height: p.height ?? ideal.height)
  }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    let s = layout.size(child, proposal(ProposedSize(width: r.width, height: r.height)))
    let x = horizontal ? r.minX : r.minX + (r.width - s.width) / 2
    let y = vertical ? r.minY : r.minY + (r.height - s.height) / 2
    layout.place(child, in: Rect(x: x, y: y, width: s.width, height: s.height))
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    ClipModifier().lower(child, frame: frame, &lowerer, t, opacity)
  }

  private func proposal(_ p: ProposedSize) -> ProposedSize {
    ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
  }
}
