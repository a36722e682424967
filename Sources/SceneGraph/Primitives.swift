import FoundationEssentials
import Graphics

// How the builder's structural views and the leaf views turn into resolved nodes. Each child
// is updated through `SceneRuntime.child`, which keys it by position (or id) and type, so a
// child whose type or key changes is a new identity with fresh state.

extension EmptyView: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [] }
}

extension TupleView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var out: [RNode] = []
    // Most views resolve to one node each: room for them at once, rather than growing.
    var count = 0
    for _ in repeat each storage.value { count += 1 }
    out.reserveCapacity(count)
    var i = 0
    for view in repeat each storage.value {
      out += ctx.runtime.child(node, ChildKey(i), view, ctx)
      i += 1
    }
    return out
  }
}

extension _ConditionalContent: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    switch storage {
    case .trueContent(let v): ctx.runtime.child(node, ChildKey(0), v, ctx)
    case .falseContent(let v): ctx.runtime.child(node, ChildKey(1), v, ctx)
    }
  }
}

extension Optional: PrimitiveView where Wrapped: View {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    guard let view = self else { return [] }
    return ctx.runtime.child(node, ChildKey(0), view, ctx)
  }
}

extension ForEach: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    // The content closure is new whenever the parent's body ran, so elements are rebuilt then.
    if ctx.sameValue, let revisit = node.revisit { return revisit(node, ctx) }
    var c = ctx
    c.sameValue = false
    var views: [(ChildKey, Content)] = []
    views.reserveCapacity(data.count)
    if Data.self == Range<Int>.self, Data.Element.self == Int.self, ID.self == Int.self {
      // A range of integers (`ForEach(0..<n)`), walked as one: this generic type's iterator,
      // element casts and id boxing cost more than the content closure for small views.
      let range = withUnsafeBytes(of: data) { $0.load(as: Range<Int>.self) }
      for i in range {
        let element = withUnsafeBytes(of: i) { $0.load(as: Data.Element.self) }
        let elementID = withUnsafeBytes(of: id(element)) { $0.load(as: Int.self) }
        views.append((ChildKey(elementID), content(element)))
      }
    } else {
      for element in data {
        let elementID = id(element)
        // Integer ids key the child directly: comparing type-erased integers is slow.
        let key = (elementID as? Int).map { ChildKey($0) } ?? ChildKey(0, id: AnyHashable(elementID))
        views.append((key, content(element)))
      }
    }
    let update = { (n: ViewNode, rc: UpdateContext) -> [RNode] in
      var out: [RNode] = []
      out.reserveCapacity(views.count)
      for (key, v) in views { out += rc.runtime.child(n, key, v, rc) }
      return out
    }
    node.revisit = update
    return update(node, c)
  }
}

extension AnyView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    func open<V: View>(_ v: V) -> [RNode] { ctx.runtime.child(node, ChildKey(0), v, ctx) }
    return open(view)
  }
}

extension Group: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

extension HStack: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let kids = ctx.runtime.child(node, ChildKey(0), content, ctx.inStack(.horizontal, at: node))
    // A change of spacing moves the children, so it animates as their positions would.
    let gap = ctx.runtime.animated(node, 0, spacing ?? 8, ctx)
    return node.assemble(kids, ctx) {
      let (laidOut, leaving) = ctx.runtime.splitLeaving(kids)
      return RNode(.stack(.horizontal, Alignment(horizontal: 0.5, vertical: alignment.fraction), gap, laidOut))
        .drawing(leaving)
    }
  }
}

extension VStack: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let kids = ctx.runtime.child(node, ChildKey(0), content, ctx.inStack(.vertical, at: node))
    let gap = ctx.runtime.animated(node, 0, spacing ?? 8, ctx)
    return node.assemble(kids, ctx) {
      let (laidOut, leaving) = ctx.runtime.splitLeaving(kids)
      return RNode(.stack(.vertical, Alignment(horizontal: alignment.fraction, vertical: 0.5), gap, laidOut))
        .drawing(leaving)
    }
  }
}

extension ZStack: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let kids = ctx.runtime.child(node, ChildKey(0), content, ctx.inStack(.depth, at: node))
    return node.assemble(kids, ctx) { RNode(.stack(.depth, alignment, 0, kids)) }
  }
}

extension Spacer: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [RNode(spacer: minLength)] }
}

extension Text: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if let liveDate { return liveDate.resolve(node, ctx, style: style) }
    if node.timeline != nil { ctx.runtime.stopTimeline(node) }
    if runs != nil {
      // Joined text: its runs side by side on one line, each set in its own style.
      let parts = self.parts
      let line = HStack(alignment: .bottom, spacing: 0) { ForEach(parts.indices, id: \.self) { parts[$0] } }
      return ctx.runtime.child(node, ChildKey(0), line, ctx)
    }
    return [style.node(ctx.env.textCase?.apply(content) ?? content, in: ctx.env)]
  }
}

extension Image: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [resolvedNode(ctx)] }

  /// The key its pixels are known by in the lowering's caches and the renderers' textures.
  var nodeKey: UInt64 { UInt64(bitPattern: Int64(key.hashValue)) }
}

extension Canvas: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    switch drawing {
    case .context(let draw): return [RNode(.canvas(.context(draw)))]
    case .graphics(let renderer):
      // Symbols are resolved as the canvas's children, laid out and drawn only when asked for.
      var symbols: [AnyHashable: RNode] = [:]
      if let views = self.symbols {
        for n in ctx.runtime.child(node, ChildKey(0), views, ctx) {
          if let tag = TagModifier.tag(of: n) { symbols[tag] = n }
        }
      }
      return [RNode(.canvas(.graphics(renderer, ctx.env, symbols: symbols)))]
    }
  }
}

extension MeshGradient: PrimitiveView, LeafView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { [RNode(.mesh(spec, node.serial))] }
}

extension EnvironmentValues {
  /// The font text is set in: `font`, with tabular digits where `monospacedDigit()` asked for them.
  var textFont: Font {
    var font = font
    if monospacedDigits { font.usesMonospacedDigits = true }
    if let fontWeight { font.weight = fontWeight }
    if italic { font.isItalic = true }
    if tracking != 0 { font.tracking = tracking }
    return font
  }
}

extension UpdateContext {
  /// The context for a stack's children: a `Divider` among them runs across `axis`.
  func inStack(_ axis: StackAxis, at node: ViewNode) -> UpdateContext {
    guard env.stackAxis != axis else { return self }
    return deriving(node) { $0.stackAxis = axis }
  }
}

extension ViewNode {
  /// Builds this container's resolved node, or keeps the last one when the children's
  /// outputs are the very same objects (an update that only passed through).
  func assemble(_ kids: [RNode], _ ctx: UpdateContext, _ make: () -> RNode) -> [RNode] {
    if ctx.sameValue, !needsRefresh, output.count == 1, kids.count == lastKids.count,
      zip(kids, lastKids).allSatisfy({ $0 === $1 })
    {
      return output
    }
    lastKids = kids
    return [make()]
  }
}
