// `.transition(_:)` and `AnyTransition`: how a view inserted or removed under an animation
// comes and goes. The runtime's side (when an insertion or a removal animates, and where a
// removed view is kept while it leaves) is in `SceneRuntime+Transitions.swift`.
import Graphics
import Motion

/// How a view enters and leaves; SwiftUI's `AnyTransition`.
///
/// A view inserted under an animation starts in the transition's active state and animates to
/// its identity; one removed under an animation is kept, where it was last drawn and taking no
/// room, while it animates from its identity to the active state of the removal. Without a
/// transition of its own a view fades (`.opacity`), as in SwiftUI.
public struct AnyTransition: Sendable {
  /// The active state of an insertion, and of a removal.
  let insertion: [TransitionStep]
  let removal: [TransitionStep]
  /// The animations that run the insertion and the removal in place of the change's own.
  let insertionAnimation: Animation?
  let removalAnimation: Animation?

  init(
    insertion: [TransitionStep], removal: [TransitionStep], insertionAnimation: Animation? = nil,
    removalAnimation: Animation? = nil
  ) {
    (self.insertion, self.removal) = (insertion, removal)
    (self.insertionAnimation, self.removalAnimation) = (insertionAnimation, removalAnimation)
  }

  init(_ steps: [TransitionStep]) { self.init(insertion: steps, removal: steps) }

  /// No change: the view appears and goes at once.
  public static let identity = AnyTransition([])
  /// From transparent on insertion, to transparent on removal.
  public static let opacity = AnyTransition([.opacity])
  /// From (and to) a vanishing size about the center.
  public static let scale = AnyTransition([.scale(1e-5, .center)])
  /// In from the leading edge, out towards the trailing one.
  public static let slide = AnyTransition(insertion: [.move(.leading)], removal: [.move(.trailing)])
  /// Scaled from `scale` about `anchor`.
  public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
    AnyTransition([.scale(scale, anchor)])
  }
  /// Moved by the view's own size towards `edge`.
  public static func move(edge: Edge) -> AnyTransition { AnyTransition([.move(edge)]) }
  /// In from `edge` while fading in; out towards the opposite edge while fading out.
  public static func push(from edge: Edge) -> AnyTransition {
    AnyTransition(insertion: [.move(edge), .opacity], removal: [.move(edge.opposite), .opacity])
  }
  /// Offset by `offset`.
  public static func offset(_ offset: CGSize) -> AnyTransition {
    AnyTransition([.offset(offset.width, offset.height)])
  }
  /// Offset by `x` and `y`.
  public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { AnyTransition([.offset(x, y)]) }
  /// One transition in, another out.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
    AnyTransition(
      insertion: insertion.insertion, removal: removal.removal, insertionAnimation: insertion.insertionAnimation,
      removalAnimation: removal.removalAnimation)
  }
  /// This transition and `other` at once.
  public func combined(with other: AnyTransition) -> AnyTransition {
    AnyTransition(
      insertion: insertion + other.insertion, removal: removal + other.removal,
      insertionAnimation: insertionAnimation ?? other.insertionAnimation,
      removalAnimation: removalAnimation ?? other.removalAnimation)
  }
  /// Run with `animation` whatever the change's own.
  public func animation(_ animation: Animation?) -> AnyTransition {
    AnyTransition(insertion: insertion, removal: removal, insertionAnimation: animation, removalAnimation: animation)
  }
}

/// One part of a transition's active state.
enum TransitionStep: Sendable, Equatable {
  case opacity
  case scale(Double, UnitPoint)
  case offset(Double, Double)
  /// By the view's width or height towards the edge.
  case move(Edge)
}

extension Edge {
  /// The edge across from this one.
  var opposite: Edge {
    switch self {
    case .top: .bottom
    case .bottom: .top
    case .leading: .trailing
    default: .leading
    }
  }
}

/// The `.transition(_:)` modifier: its view draws as it is; the runtime reads the transition
/// when the view, or the modifiers around it, come or go.
struct TransitionModifier: PrimitiveModifier {
  let transition: AnyTransition

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    // After the content: a transition set inside it gives way to this outer one, as in SwiftUI.
    let out = ctx.runtime.child(node, ChildKey(0), content, ctx)
    ctx.runtime.setTransition(transition, at: node)
    return out
  }
}

/// A transition's steps at `progress` (0: the view as it is, 1: the active state) over the
/// node it wraps; as a removed view's stand-in (`leaving`), it takes no room and keeps the view
/// where it was last laid out.
struct TransitionEffect: ResolvedModifier {
  let steps: [TransitionStep]
  let progress: Double
  let leaving: Bool
  /// For a view leaving a stack: where the stack was when the view was removed, so that the
  /// view keeps its place in the stack as the stack moves.
  var anchor: Point? = nil
  /// For a removed matched view: where it flies.
  var flight: MatchedFlight? = nil

  func rigidSize(of child: RNode, _ layout: Layout) -> Size? { leaving ? .zero : layout.rigidSize(child) }
  func size(of child: RNode, _ p: ProposedSize, _ layout: Layout) -> Size { leaving ? .zero : layout.size(child, p) }
  func place(_ child: RNode, in r: Rect, _ layout: Layout) {
    if !leaving { layout.place(child, in: r) }
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    var (m, alpha) = Self.effect(of: steps, at: progress, in: child.frame)
    if let flown = flight?.transform(at: progress) { m = flown.concatenating(m) }
    lowerer.lower(child, m.concatenating(t), opacity * alpha)
  }

  /// The transform and opacity factor of `steps` at `p` for a view laid out at `frame`.
  static func effect(of steps: [TransitionStep], at p: Double, in frame: Rect) -> (Transform2D, Double) {
    var m = Transform2D.identity
    var alpha = 1.0
    for step in steps {
      switch step {
      case .opacity: alpha *= max(0, min(1, 1 - p))
      case .scale(let s, let anchor):
        let k = 1 + (s - 1) * p
        m = m.concatenating(.about(anchor, of: frame, .scale(k, k)))
      case .offset(let x, let y): m = m.concatenating(.translation(x * p, y * p))
      case .move(let edge):
        let dx = edge.contains(.leading) ? -frame.width : edge.contains(.trailing) ? frame.width : 0
        let dy = edge.contains(.top) ? -frame.height : edge.contains(.bottom) ? frame.height : 0
        m = m.concatenating(.translation(dx * p, dy * p))
      }
    }
    return (m, alpha)
  }
}

/// Views a stack keeps drawing while they leave, beneath the stack that no longer lays them
/// out: its views close up over them, as they slide over a leaving view in SwiftUI.
struct LeavingViews: ResolvedModifier {
  let leaving: [RNode]

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    for n in leaving {
      // A flying matched view is placed by its flight instead.
      if case .modified(let m, _) = n.kind, let effect = m as? TransitionEffect, effect.flight == nil,
        let anchor = effect.anchor
      {
        let moved = Transform2D.translation(child.frame.minX - anchor.x, child.frame.minY - anchor.y)
        lowerer.lower(n, moved.concatenating(t), opacity)
      } else {
        lowerer.lower(n, t, opacity)
      }
    }
    lowerer.lower(child, t, opacity)
  }

  var additionalChildren: [RNode] { leaving }
}

extension View {
  /// How the view enters and leaves when it is inserted or removed under an animation.
  public func transition(_ t: AnyTransition) -> some View { modified(TransitionModifier(transition: t)) }
}
