// `PlaceholderContentView`: the modified view inside an animator's content closure, and what
// the phase and keyframe animators share.
import Motion

/// Stands for the view an animator modifies, inside its content closure; SwiftUI's
/// `PlaceholderContentView`.
///
/// `content` in `.phaseAnimator(…) { content, phase in content.scaleEffect(…) }` is one; it
/// draws the view the modifier was applied to.
public struct PlaceholderContentView<Value>: View {
  public typealias Body = Never
}

extension PlaceholderContentView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    ModifierContentSource.resolvePlaceholder(node, ctx)
  }
}

/// An animator's trigger with its type erased, so one animator type serves every trigger.
struct AnimatorTrigger: Equatable {
  let value: Any
  let equals: (Any) -> Bool

  init<T: Equatable>(_ value: T) {
    self.value = value
    equals = { ($0 as? T) == value }
  }

  static func == (a: AnimatorTrigger, b: AnimatorTrigger) -> Bool { a.equals(b.value) }
}

extension ModifierContentSource {
  /// A source whose placeholder draws `content`, updated as it was given to the node of
  /// `ctx`: unchanged when that node's value was, and with the transaction of that update
  /// rather than the one the body inside sets.
  convenience init<Content: View>(standingFor content: Content, in ctx: UpdateContext) {
    let contentSame = ctx.sameValue
    let transaction = ctx.transaction
    self.init(outer: ctx.modifierContent) { placeholder, pc in
      var inner = pc
      inner.sameValue = contentSame
      inner.transaction = transaction
      return pc.runtime.child(placeholder, ChildKey(0), content, inner)
    }
  }
}

extension SceneRuntime {
  /// Updates an animator's body: runs `makeBody` again when `rerun` (or the first time) and
  /// updates the children with `transaction`, else revisits what it made last. Keeps frames
  /// coming while `running`, since the animator moves on with time, not with state.
  func updateAnimator<Content: View, Body: View>(
    _ node: ViewNode, _ ctx: UpdateContext, content: Content, rerun: Bool, transaction: Animation?,
    running: Bool, makeBody: () -> Body
  ) -> [RNode] {
    animatingNodes[node.serial] = running ? node : nil
    var c = ctx
    c.modifierContent = ModifierContentSource(standingFor: content, in: ctx)
    if rerun || node.revisit == nil {
      let body = makeBody()
      node.revisit = { n, rc in rc.runtime.child(n, ChildKey(0), body, rc) }
      c.sameValue = false
      c.transaction = transaction
    }
    return node.revisit?(node, c) ?? []
  }
}
