import FoundationEssentials
import Graphics

/// A thin line between views; SwiftUI's `Divider`.
///
/// In an `HStack` it is a vertical line as tall as offered; anywhere else (a `VStack`, a
/// `ZStack`, no stack) a horizontal one as wide as offered. It is one point thick, in the
/// separator color of SwiftUI's light appearance.
public struct Divider: View, Equatable {
  public typealias Body = Never
  /// Creates a divider.
  public init() {}

  /// SwiftUI's separator color: a dark gray at 29 %.
  static let color = Color(red: 0.235, green: 0.235, blue: 0.263, opacity: 0.29)
  /// The line's thickness in points.
  static let thickness = 1.0
}

extension Divider: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let line = RNode(
      .shape(AnyShape(Rectangle()), fill: .color(Self.color), stroke: nil, foreground: ctx.env.foreground))
    return [RNode(DividerLayout(vertical: ctx.env.stackAxis == .horizontal), line)]
  }
}

/// A divider's size: its thickness across, and the proposal (0 when open) along.
struct DividerLayout: ResolvedModifier {
  let vertical: Bool

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { nil }

  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size {
    vertical
      ? Size(width: Divider.thickness, height: p.height ?? 0) : Size(width: p.width ?? 0, height: Divider.thickness)
  }
}
