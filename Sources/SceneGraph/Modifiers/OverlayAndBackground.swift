// `.overlay` and `.background`: a second view drawn in front of or behind one, sized to it.
import Graphics

/// Resolves the modified view and the extra content as two children of one node.
struct LayeredModifier: PrimitiveModifier {
  let extra: AnyView
  let alignment: Alignment
  /// True for `.background`: the extra content is drawn first.
  let behind: Bool

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    let base = single(rt.child(node, ChildKey(0), content, ctx))
    let over = single(rt.child(node, ChildKey(1), extra, ctx))
    return [RNode(Layered(extra: over, alignment: alignment, behind: behind), base)]
  }
}

/// The resolved node: as big as the base, with the extra content aligned inside it.
struct Layered: ResolvedModifier {
  let extra: RNode
  let alignment: Alignment
  let behind: Bool

  var additionalChildren: [RNode] { [extra] }

  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    layout.place(child, in: r)
    layout.place(extra, sizedTo: r, alignment)
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    if behind {
      lowerer.lower(extra, t, opacity)
      lowerer.lower(child, t, opacity)
    } else {
      lowerer.lower(child, t, opacity)
      lowerer.lower(extra, t, opacity)
    }
  }
}

extension View {
  /// Draws `content` in front of the view, sized to it.
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
    overlay(content(), alignment: alignment)
  }

  /// Draws `content` in front of the view, sized to it.
  public func overlay<V: View>(_ content: V, alignment: Alignment = .center) -> some View {
    modified(LayeredModifier(extra: AnyView(content), alignment: alignment, behind: false))
  }

  /// Draws `content` behind the view, sized to it.
  public func background<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
    background(content(), alignment: alignment)
  }

  /// Draws `content` behind the view, sized to it.
  public func background<V: View>(_ content: V, alignment: Alignment = .center) -> some View {
    modified(LayeredModifier(extra: AnyView(content), alignment: alignment, behind: true))
  }

  /// Fills `shape`, the size of the view, with `style` behind it: a capsule or rounded
  /// rectangle behind a label. The fill style's rule is accepted; shapes fill non-zero.
  public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
    -> some View
  {
    background(shape.fill(style))
  }

  /// Fills `shape` behind the view with the window's background color: white, or black in
  /// the dark scheme.
  public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
    background(SchemeBackground(shape: shape))
  }
}

extension Layout {
  /// Places `extra` (an overlay, a background, a mask) at its size for `r`, aligned in `r`.
  func place(_ extra: RNode, sizedTo r: Rect, _ alignment: Alignment) {
    let s = size(extra, ProposedSize(width: r.width, height: r.height))
    place(extra, in: r.aligning(s, alignment))
  }
}

/// A shape filled with the background color of the color scheme in the environment.
struct SchemeBackground<S: Shape>: View {
  let shape: S
  @Environment(\.colorScheme) private var colorScheme
  var body: some View { shape.fill(colorScheme == .dark ? Color.black : Color.white) }
}
