// `.id(_:)`: an explicit identity; a new value makes a new view with fresh state.

/// Keys the child by the id as well as its position.
struct IdentityModifier<ID: Hashable>: PrimitiveModifier {
  let id: ID

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    ctx.runtime.child(node, ChildKey(0, id: AnyHashable(id)), content, ctx)
  }
}

extension View {
  /// Gives the view an explicit identity; a new value makes it a new view with fresh state.
  public func id<ID: Hashable>(_ id: ID) -> some View { modified(IdentityModifier(id: id)) }
}
