// `ViewModifier` and `.modifier(_:)`: reusable changes written with a body.

/// A reusable change to a view, written with a body; SwiftUI's `ViewModifier`.
public protocol ViewModifier {
  /// What the modifier produces.
  associatedtype Body: View
  /// The placeholder for the view being modified.
  typealias Content = _ViewModifier_Content<Self>
  /// Builds the modified view from `content`.
  @ViewBuilder func body(content: Content) -> Body
}

/// Stands for the modified view inside a `ViewModifier`'s body.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public typealias Body = Never
}

/// A view with a custom modifier applied; SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View {
  public typealias Body = Never
  public var content: Content
  public var modifier: Modifier
}

extension View {
  /// Applies a custom modifier.
  public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

extension _ViewModifier_Content: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    ModifierContentSource.resolvePlaceholder(node, ctx)
  }
}

extension ModifierContentSource {
  /// Resolves a placeholder for modified content at `node`: the innermost source's view, with
  /// the placeholders of the modifiers around it in scope.
  static func resolvePlaceholder(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    guard let source = ctx.modifierContent else { return [] }
    var c = ctx
    c.modifierContent = source.outer
    return source.update(node, c)
  }
}

extension ModifiedContent: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    let content = self.content
    let contentSame = ctx.sameValue
    var c = ctx
    c.modifierContent = ModifierContentSource(outer: ctx.modifierContent) { placeholder, pc in
      var inner = pc
      inner.sameValue = contentSame
      return rt.child(placeholder, ChildKey(0), content, inner)
    }
    // The modifier's body runs like a view's: first, and when the modifier's value changed,
    // or every frame while its `animatableData` animates.
    var modifier = self.modifier
    // Animating in the last frame includes the frame it arrives in, drawn at the target.
    let wasMoving = rt.animatingNodes[node.serial] != nil
    rt.animateIfAnimatable(&modifier, node, ctx)
    let moving = wasMoving || rt.animatingNodes[node.serial] != nil
    let changed = !ctx.sameValue && !(node.previous.map { rt.comparators.equal($0, self.modifier) } ?? false)
    if node.revisit == nil || changed || moving {
      node.previous = self.modifier
      let body = modifier.body(content: _ViewModifier_Content())
      node.revisit = { n, rc in rc.runtime.child(n, ChildKey(0), body, rc) }
      c.sameValue = false
    }
    return node.revisit?(node, c) ?? []
  }
}
