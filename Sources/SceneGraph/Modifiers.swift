import Foundation
import Graphics
import Motion

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

/// A change applied to one node: layout, drawing effect, environment, identity or behaviour.
enum Modifier {
  case frame(FrameSpec)
  case padding(EdgeInsets)
  case overlay(Node, Alignment)
  case background(Node, Alignment)
  case offset(x: Double, y: Double)
  case scale(x: Double, y: Double, anchor: UnitPoint)
  case rotation(Angle, anchor: UnitPoint)
  case opacity(Double)
  case position(x: Double, y: Double)
  case font(Font)
  case foreground(Paint)
  case monospacedDigit
  case id(AnyHashable)
  case animation(Animation?, value: AnyHashable)
  case onChange(value: AnyHashable, action: () -> Void)
  case onAppear(() -> Void)
  case clipped
}

/// The parameters of `.frame(…)`; nil leaves that dimension to the child or the proposal.
struct FrameSpec: Hashable {
  var width: Double?
  var height: Double?
  var minWidth: Double?
  var maxWidth: Double?
  var minHeight: Double?
  var maxHeight: Double?
  var alignment: Alignment
}

extension View {
  private func modified(_ m: Modifier) -> Node { Node(.modified(m, node)) }

  /// Proposes a fixed size to the view and takes that size, aligning the view inside.
  public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> Node {
    modified(.frame(FrameSpec(width: width, height: height, alignment: alignment)))
  }

  /// A flexible frame; `.infinity` as a maximum takes all the space offered.
  public func frame(
    minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
    alignment: Alignment = .center
  ) -> Node {
    modified(
      .frame(
        FrameSpec(
          minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
          alignment: alignment)))
  }

  /// Adds space around the view.
  public func padding(_ length: Double = 16) -> Node { padding(.all, length) }

  /// Adds space on the given edges.
  public func padding(_ edges: Edge, _ length: Double = 16) -> Node {
    modified(
      .padding(
        EdgeInsets(
          top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
          bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)))
  }

  /// Adds explicit insets.
  public func padding(_ insets: EdgeInsets) -> Node { modified(.padding(insets)) }

  /// Draws `content` in front of the view, sized to it.
  public func overlay(alignment: Alignment = .center, @NodeBuilder _ content: () -> Node) -> Node {
    modified(.overlay(content(), alignment))
  }

  /// Draws `content` in front of the view, sized to it.
  public func overlay(_ content: some View, alignment: Alignment = .center) -> Node {
    modified(.overlay(content.node, alignment))
  }

  /// Draws `content` behind the view, sized to it.
  public func background(alignment: Alignment = .center, @NodeBuilder _ content: () -> Node) -> Node {
    modified(.background(content(), alignment))
  }

  /// Draws `content` behind the view, sized to it.
  public func background(_ content: some View, alignment: Alignment = .center) -> Node {
    modified(.background(content.node, alignment))
  }

  /// Moves the drawing without changing layout.
  public func offset(x: Double = 0, y: Double = 0) -> Node { modified(.offset(x: x, y: y)) }

  /// Scales the drawing about `anchor` without changing layout.
  public func scaleEffect(_ s: Double, anchor: UnitPoint = .center) -> Node {
    modified(.scale(x: s, y: s, anchor: anchor))
  }

  /// Scales each axis separately about `anchor`.
  public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> Node {
    modified(.scale(x: x, y: y, anchor: anchor))
  }

  /// Rotates the drawing about `anchor`; positive angles turn clockwise.
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> Node {
    modified(.rotation(angle, anchor: anchor))
  }

  /// Multiplies the opacity of everything the view draws.
  public func opacity(_ o: Double) -> Node { modified(.opacity(o)) }

  /// Centers the view at a point of its parent's space, taking all the space offered.
  public func position(x: Double, y: Double) -> Node { modified(.position(x: x, y: y)) }

  /// Sets the font of text inside.
  public func font(_ font: Font) -> Node { modified(.font(font)) }

  /// Sets the color of text and unfilled shapes inside.
  public func foregroundStyle(_ style: some ShapeStyle) -> Node { modified(.foreground(style.paint)) }

  /// Gives the view an explicit identity; a new value resets its state.
  public func id(_ id: some Hashable) -> Node { modified(.id(AnyHashable(id))) }

  /// Animates every animatable property inside when `value` changes; nil changes instantly.
  public func animation(_ animation: Animation?, value: some Hashable) -> Node {
    modified(.animation(animation, value: AnyHashable(value)))
  }

  /// Runs `action` after an update in which `value` differs from the previous update's.
  public func onChange(of value: some Hashable, perform action: @escaping () -> Void) -> Node {
    modified(.onChange(value: AnyHashable(value), action: action))
  }

  /// Runs `action` after the first update in which the view is present.
  public func onAppear(perform action: @escaping () -> Void) -> Node { modified(.onAppear(action)) }

  /// Clips drawing to the view's frame.
  public func clipped() -> Node { modified(.clipped) }
}

extension View {
  /// Uses tabular digits in text inside, so changing numbers keep their width.
  public func monospacedDigit() -> Node { Node(.modified(.monospacedDigit, node)) }
}
