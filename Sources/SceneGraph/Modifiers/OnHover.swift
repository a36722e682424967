// `.onHover` and `.onContinuousHover`: the pointer over a view, with no button needed.
import Graphics

/// Where the pointer is over a view; SwiftUI's `HoverPhase`.
public enum HoverPhase: Equatable, Sendable {
  /// Over the view, at this point (in the coordinate space asked for).
  case active(CGPoint)
  /// It left the view.
  case ended
}

/// What a view does as the pointer comes, moves and goes.
struct HoverHandler {
  var entered: ((Bool) -> Void)?
  var moved: ((HoverPhase) -> Void)?
  var global = false
}

/// A view with a hover action.
public struct _HoverView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let handler: HoverHandler
}

extension View {
  /// Runs `action` with true when the pointer comes over the view and false when it leaves.
  /// Every view under the pointer is hovered, not only the innermost.
  public func onHover(perform action: @escaping (Bool) -> Void) -> _HoverView<Self> {
    _HoverView(content: self, handler: HoverHandler(entered: action))
  }

  /// Runs `action` with the pointer's place each time it moves over the view, and `.ended`
  /// when it leaves: in the view's coordinates, or the window's with `.global`.
  public func onContinuousHover(
    coordinateSpace: CoordinateSpace = .local, perform action: @escaping (HoverPhase) -> Void
  ) -> _HoverView<Self> {
    _HoverView(content: self, handler: HoverHandler(moved: action, global: coordinateSpace == .global))
  }
}

extension _HoverView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue || node.hoverHandler == nil {
      node.hoverHandler = handler
      ctx.runtime.routes.registerHover(node)
    }
    let out = ctx.runtime.child(node, ChildKey(0), content, ctx)
    for r in out { r.isHitTarget = true }
    return out
  }
}

extension SceneRuntime {
  /// The pointer moved to `point` (window points), or left the window (nil): views it came
  /// over or left, and those with continuous hover it moved over, run their actions. True
  /// when one ran.
  public func pointerHovered(at point: Point?) -> Bool {
    var ran = false
    for node in routes.hoverNodes.values.sorted(by: { $0.serial < $1.serial }) {
      guard let handler = node.hoverHandler else { continue }
      let frame = routes.hitBounds(of: node)
      let inside = point.map { p in frame?.contains(p) ?? false } ?? false
      let was = routes.hovered.contains(node.serial)
      if inside != was {
        if inside { routes.hovered.insert(node.serial) } else { routes.hovered.remove(node.serial) }
        handler.entered?(inside)
        if !inside { handler.moved?(.ended) }
        ran = true
      }
      if inside, let p = point, let moved = handler.moved, let frame {
        moved(.active(handler.global ? p : Point(x: p.x - frame.minX, y: p.y - frame.minY)))
        ran = true
      }
    }
    return ran
  }
}
