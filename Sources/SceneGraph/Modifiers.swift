import FoundationEssentials
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

/// A layout, drawing or environment change applied to one view.
enum _ModifierKind {
  case frame(FrameSpec)
  case padding(EdgeInsets)
  case overlay(AnyView, Alignment)
  case background(AnyView, Alignment)
  case offset(x: Double, y: Double)
  case scale(x: Double, y: Double, anchor: UnitPoint)
  case rotation(Angle, anchor: UnitPoint)
  case opacity(Double)
  case position(x: Double, y: Double)
  case font(Font)
  case foreground(Paint)
  case monospacedDigit
  case clipped
}

/// A view with one built-in modifier applied.
public struct _ModifiedView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let modifier: _ModifierKind
}

extension View {
  private func modified(_ m: _ModifierKind) -> _ModifiedView<Self> { _ModifiedView(content: self, modifier: m) }

  /// Proposes a fixed size to the view and takes that size, aligning the view inside.
  public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
    modified(.frame(FrameSpec(width: width, height: height, alignment: alignment)))
  }

  /// A flexible frame; `.infinity` as a maximum takes all the space offered.
  public func frame(
    minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
    alignment: Alignment = .center
  ) -> some View {
    modified(
      .frame(
        FrameSpec(
          minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
          alignment: alignment)))
  }

  /// Adds space around the view.
  public func padding(_ length: Double = 16) -> some View { padding(.all, length) }

  /// Adds space on the given edges.
  public func padding(_ edges: Edge, _ length: Double = 16) -> some View {
    modified(
      .padding(
        EdgeInsets(
          top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
          bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)))
  }

  /// Adds explicit insets.
  public func padding(_ insets: EdgeInsets) -> some View { modified(.padding(insets)) }

  /// Draws `content` in front of the view, sized to it.
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
    modified(.overlay(AnyView(content()), alignment))
  }

  /// Draws `content` in front of the view, sized to it.
  public func overlay<V: View>(_ content: V, alignment: Alignment = .center) -> some View {
    modified(.overlay(AnyView(content), alignment))
  }

  /// Draws `content` behind the view, sized to it.
  public func background<V: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> V) -> some View {
    modified(.background(AnyView(content()), alignment))
  }

  /// Draws `content` behind the view, sized to it.
  public func background<V: View>(_ content: V, alignment: Alignment = .center) -> some View {
    modified(.background(AnyView(content), alignment))
  }

  /// Moves the drawing without changing layout.
  public func offset(x: Double = 0, y: Double = 0) -> some View { modified(.offset(x: x, y: y)) }

  /// Moves the drawing by a size's width and height.
  public func offset(_ size: Size) -> some View { modified(.offset(x: size.width, y: size.height)) }

  /// Scales the drawing about `anchor` without changing layout.
  public func scaleEffect(_ s: Double, anchor: UnitPoint = .center) -> some View {
    modified(.scale(x: s, y: s, anchor: anchor))
  }

  /// Scales each axis separately about `anchor`.
  public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
    modified(.scale(x: x, y: y, anchor: anchor))
  }

  /// Scales each axis by a size's width and height, as `scaleEffect(CGSize(…))`.
  public func scaleEffect(_ s: Size, anchor: UnitPoint = .center) -> some View {
    modified(.scale(x: s.width, y: s.height, anchor: anchor))
  }

  /// Rotates the drawing about `anchor`; positive angles turn clockwise.
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    modified(.rotation(angle, anchor: anchor))
  }

  /// Multiplies the opacity of everything the view draws.
  public func opacity(_ o: Double) -> some View { modified(.opacity(o)) }

  /// Centers the view at a point of its parent's space, taking all the space offered.
  public func position(x: Double, y: Double) -> some View { modified(.position(x: x, y: y)) }

  /// Sets the font of text inside.
  public func font(_ font: Font) -> some View { modified(.font(font)) }

  /// Sets the color of text and unfilled shapes inside.
  public func foregroundStyle(_ style: some ShapeStyle) -> some View { modified(.foreground(style.paint)) }

  /// Sets the color of text and unfilled shapes inside (SwiftUI's older name).
  public func foregroundColor(_ color: Color) -> some View { modified(.foreground(.color(color))) }

  /// Uses tabular digits in text inside, so changing numbers keep their width.
  public func monospacedDigit() -> some View { modified(.monospacedDigit) }

  /// Clips drawing to the view's frame.
  public func clipped() -> some View { modified(.clipped) }

  /// Extends the view into the safe area; a desktop window has none, so the view is unchanged.
  public func ignoresSafeArea() -> Self { self }
}

extension _ModifiedView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    switch modifier {
    case .font(let f):
      var c = ctx
      c.env.font = f
      return rt.child(node, ChildKey(0), content, c)
    case .foreground(let p):
      var c = ctx
      c.env.foreground = p
      return rt.child(node, ChildKey(0), content, c)
    case .monospacedDigit:
      var c = ctx
      c.env.monospacedDigits = true
      return rt.child(node, ChildKey(0), content, c)
    case .overlay(let extra, let a), .background(let extra, let a):
      let base = single(rt.child(node, ChildKey(0), content, ctx))
      let over = single(rt.child(node, ChildKey(1), extra, ctx))
      var behind = false
      if case .background = modifier { behind = true }
      return [RNode(.layered(base: base, extra: over, a, behind: behind))]
    default:
      // Animatable properties are read before the child is updated, in a fixed slot order.
      let kind = Self.resolved(modifier, node, rt, ctx)
      return [RNode(kind(single(rt.child(node, ChildKey(0), content, ctx))))]
    }
  }

  /// The resolved node for a modifier with one child, with animated values at this frame.
  private static func resolved(_ m: _ModifierKind, _ node: ViewNode, _ rt: SceneRuntime, _ ctx: UpdateContext)
    -> (RNode) -> RNode.Kind
  {
    switch m {
    case .frame(var f):
      var slot = 0
      if let w = f.width {
        f.width = rt.animated(node, slot, w, ctx)
        slot += 1
      }
      if let h = f.height { f.height = rt.animated(node, slot, h, ctx) }
      return { .frame(f, $0) }
    case .padding(let insets):
      return { .padding(insets, $0) }
    case .offset(let x, let y):
      let (ax, ay) = (rt.animated(node, 0, x, ctx), rt.animated(node, 1, y, ctx))
      return { .effect(.offset(x: ax, y: ay), $0) }
    case .scale(let x, let y, let anchor):
      let (ax, ay) = (rt.animated(node, 0, x, ctx), rt.animated(node, 1, y, ctx))
      return { .effect(.scale(x: ax, y: ay, anchor: anchor), $0) }
    case .rotation(let angle, let anchor):
      let deg = rt.animated(node, 0, angle.degrees, ctx)
      return { .effect(.rotation(.degrees(deg), anchor: anchor), $0) }
    case .opacity(let o):
      let ao = rt.animated(node, 0, o, ctx)
      return { .effect(.opacity(ao), $0) }
    case .position(let x, let y):
      let (ax, ay) = (rt.animated(node, 0, x, ctx), rt.animated(node, 1, y, ctx))
      return { .position(x: ax, y: ay, $0) }
    case .clipped:
      return { .clip($0) }
    case .font, .foreground, .monospacedDigit, .overlay, .background:
      return { _ in .empty }
    }
  }
}

/// One node for a list of resolved siblings: the node itself, or a depth stack of them.
func single(_ nodes: [RNode]) -> RNode {
  nodes.count == 1 ? nodes[0] : RNode(.stack(.depth, .center, 0, nodes))
}

// MARK: Environment

/// A view whose environment has one value set; SwiftUI's `.environment(_:_:)`.
public struct _EnvironmentView<Content: View, Value>: View {
  public typealias Body = Never
  let content: Content
  let keyPath: WritableKeyPath<EnvironmentValues, Value>
  let value: Value
}

extension View {
  /// Sets an environment value for this view and everything inside it.
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> _EnvironmentView<Self, V>
  {
    _EnvironmentView(content: self, keyPath: keyPath, value: value)
  }
}

extension _EnvironmentView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var c = ctx
    c.env[keyPath: keyPath] = value
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

// MARK: Identity

/// A view with an explicit identity; SwiftUI's `.id(_:)`.
public struct _IDView<Content: View, ID: Hashable>: View {
  public typealias Body = Never
  let content: Content
  let id: ID
}

extension View {
  /// Gives the view an explicit identity; a new value makes it a new view with fresh state.
  public func id<ID: Hashable>(_ id: ID) -> _IDView<Self, ID> { _IDView(content: self, id: id) }
}

extension _IDView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    ctx.runtime.child(node, ChildKey(0, id: AnyHashable(id)), content, ctx)
  }
}

// MARK: Implicit animation

/// Animates the animatable modifiers inside when a watched value changes.
public struct _AnimationView<Content: View, Value: Equatable>: View {
  public typealias Body = Never
  let content: Content
  let animation: Animation?
  let value: Value
}

extension View {
  /// Animates every animatable property inside when `value` changes; nil changes instantly.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> _AnimationView<Self, V> {
    _AnimationView(content: self, animation: animation, value: value)
  }
}

extension _AnimationView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var c = ctx
    if !ctx.sameValue {
      if let old = node.previous as? Value, old != value { c.transaction = animation }
      node.previous = value
    }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

// MARK: Actions

/// Runs an action after an update in which a value changed; SwiftUI's `onChange(of:)`.
public struct _OnChangeView<Content: View, Value: Equatable>: View {
  public typealias Body = Never
  let content: Content
  let value: Value
  let initial: Bool
  let action: (Value, Value) -> Void
}

extension View {
  /// Runs `action` after an update in which `value` differs from the previous update's.
  public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
    -> _OnChangeView<Self, V>
  {
    _OnChangeView(content: self, value: value, initial: initial) { _, _ in action() }
  }

  /// Runs `action` with the old and new values after an update in which `value` changed.
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> _OnChangeView<Self, V> {
    _OnChangeView(content: self, value: value, initial: initial, action: action)
  }

  /// Runs `action` with the new value after an update in which `value` changed (the form the
  /// seeds use, `onChange(of: date) { _ in … }`).
  public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void)
    -> _OnChangeView<Self, V>
  {
    _OnChangeView(content: self, value: value, initial: false) { _, new in action(new) }
  }
}

extension _OnChangeView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue {
      let action = self.action
      let new = value
      if let old = node.previous as? Value {
        if old != new { ctx.runtime.enqueue("onChange(of: \(Value.self))") { action(old, new) } }
      } else if initial {
        ctx.runtime.enqueue("onChange(of: \(Value.self))") { action(new, new) }
      }
      node.previous = new
    }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

/// Runs actions when its identity appears and disappears.
public struct _AppearanceView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let appear: (() -> Void)?
  let disappear: (() -> Void)?
}

extension View {
  /// Runs `action` after the first update in which this view's identity is present.
  public func onAppear(perform action: @escaping () -> Void) -> _AppearanceView<Self> {
    _AppearanceView(content: self, appear: action, disappear: nil)
  }

  /// Runs `action` after the update in which this view's identity went away.
  public func onDisappear(perform action: @escaping () -> Void) -> _AppearanceView<Self> {
    _AppearanceView(content: self, appear: nil, disappear: action)
  }
}

extension _AppearanceView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if node.previous == nil, let appear {
      ctx.runtime.enqueue("onAppear", appear)
    }
    node.previous = true
    if !ctx.sameValue { node.onDisappear = disappear }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

// MARK: Custom modifiers

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
    // The modifier's body runs like a view's: first, and when the modifier's value changed.
    let changed = !ctx.sameValue && !(node.previous.map { rt.comparators.equal($0, modifier) } ?? false)
    if node.revisit == nil || changed {
      node.previous = modifier
      let body = modifier.body(content: _ViewModifier_Content())
      node.revisit = { n, rc in rc.runtime.child(n, ChildKey(0), body, rc) }
      c.sameValue = false
    }
    return node.revisit?(node, c) ?? []
  }
}
