// `.contentTransition(_:)`: content that changes under an animation cross-fades from the old
// to the new instead of switching at once.
import Graphics

/// How a view's content changes when it is replaced under an animation; SwiftUI's
/// `ContentTransition`.
///
/// `.numericText()` and `.opacity` cross-fade the old content into the new over the
/// animation (SwiftUI also rolls changed digits); `.identity` and `.interpolate` switch at once.
public struct ContentTransition: Hashable, Sendable {
  let fades: Bool
  public static let identity = ContentTransition(fades: false)
  public static let opacity = ContentTransition(fades: true)
  public static let interpolate = ContentTransition(fades: false)
  /// Digits that change cross-fade (`countsDown` is accepted).
  public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(fades: true) }
  /// Digits that change cross-fade (the value's direction is accepted).
  public static func numericText(value: Double) -> ContentTransition { ContentTransition(fades: true) }
}

/// Keeps the content drawn before a change and fades it out while the new content fades in.
struct ContentTransitionModifier: PrimitiveModifier {
  let transition: ContentTransition

  /// What the node remembers: the content drawn last, and the content being faded out.
  final class Memory {
    var current: RNode?
    var outgoing: RNode?
    var changes = 0.0
  }

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    let child = single(rt.child(node, ChildKey(0), content, ctx))
    guard transition.fades else { return [child] }
    let memory = (node.previous as? Memory) ?? Memory()
    node.previous = memory
    if let current = memory.current, current !== child, ctx.transaction != nil, Self.differs(current, child) {
      memory.outgoing = current
      memory.changes += 1
    }
    memory.current = child
    // Progress runs from the last whole count to the new one with the frame's animation.
    let shown = rt.animated(node, 0, memory.changes, ctx)
    let progress = max(0, min(1, 1 - (memory.changes - shown)))
    guard let old = memory.outgoing, progress < 1 else {
      memory.outgoing = nil
      return [child]
    }
    return [RNode(CrossFade(outgoing: old, progress: progress), child)]
  }

  /// Whether two resolved contents draw differently (a text's string, or anything else that
  /// was rebuilt).
  static func differs(_ a: RNode, _ b: RNode) -> Bool {
    if case .text(let s, _, _) = a.kind, case .text(let t, _, _) = b.kind { return s != t }
    return true
  }
}

/// The resolved cross-fade: the new content at `progress`, the old at `1 − progress`, in the
/// old content's last frame.
struct CrossFade: ResolvedModifier {
  let outgoing: RNode
  let progress: Double

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    lowerer.lower(outgoing, t, opacity * (1 - progress))
    lowerer.lower(child, t, opacity * progress)
  }
}

extension View {
  /// How the view's content changes under an animation: `.numericText()` cross-fades it.
  public func contentTransition(_ transition: ContentTransition) -> some View {
    modified(ContentTransitionModifier(transition: transition))
  }
}
