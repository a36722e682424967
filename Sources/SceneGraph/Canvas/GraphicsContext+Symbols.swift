// A canvas's symbols: views given to `Canvas(renderer:symbols:)`, resolved by tag and drawn
// by the renderer where it likes.
import FoundationEssentials
import Graphics

extension GraphicsContext {
  /// A symbol view laid out at its ideal size, ready to draw; SwiftUI's
  /// `GraphicsContext.ResolvedSymbol`.
  public struct ResolvedSymbol {
    let node: RNode
    /// The symbol's size in points.
    public let size: CGSize
  }

  /// The symbol tagged `id`, laid out at its ideal size, or nil when there is none.
  public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
    guard let node = target.symbols[AnyHashable(id)] else { return nil }
    let layout = Layout(textEngine: target.textEngine)
    let size = layout.size(node, ProposedSize(width: nil, height: nil))
    layout.place(node, in: Rect(origin: .zero, size: size))
    return ResolvedSymbol(node: node, size: size)
  }

  /// Draws `symbol` with its `anchor` (a unit point of its bounds) at `point`.
  public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
    let s = symbol.size
    draw(
      symbol,
      in: Rect(x: point.x - s.width * anchor.x, y: point.y - s.height * anchor.y, width: s.width, height: s.height))
  }

  /// Draws `symbol` scaled to fill `rect`.
  public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
    let s = symbol.size
    guard s.width > 0, s.height > 0 else { return }
    let place = Transform2D.scale(rect.width / s.width, rect.height / s.height)
      .concatenating(.translation(rect.minX, rect.minY))
    lowering { lowerer, t, alpha in lowerer.lower(symbol.node, place.concatenating(t), alpha) }
  }
}
