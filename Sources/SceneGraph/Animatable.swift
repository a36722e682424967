// `Animatable` and `animatableData`: custom shapes, modifiers and geometry effects whose own
// values animate, interpolated by the runtime frame by frame.
import Graphics
import Motion

/// A type whose `animatableData` the runtime interpolates when it changes under an
/// animation; SwiftUI's `Animatable`.
///
/// A shape or modifier that declares `animatableData` is drawn, each frame of an animation,
/// with that property set to the value in flight: a `Shape`'s path is asked for with it, a
/// `ViewModifier`'s body runs with it, and a `GeometryEffect` transforms with it.
public protocol Animatable {
  /// The values that animate, as one vector.
  associatedtype AnimatableData: VectorArithmetic = EmptyAnimatableData
  /// The values that animate.
  var animatableData: AnimatableData { get set }
  /// Whether the type declares values that animate; chosen when the type conforms, so the
  /// runtime asks it without looking at metadata on every update.
  static var _declaresAnimatableData: Bool { get }
}

extension Animatable {
  /// A type with `animatableData` of its own.
  public static var _declaresAnimatableData: Bool { true }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
  /// Nothing animates.
  public var animatableData: EmptyAnimatableData {
    get { EmptyAnimatableData() }
    set {}
  }
  /// Nothing animates.
  public static var _declaresAnimatableData: Bool { false }
}

/// No animatable values: the default of shapes and modifiers that declare none.
public struct EmptyAnimatableData: VectorArithmetic, Hashable {
  public init() {}
  public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
  public static func + (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }
  public static func - (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }
  public func scaled(by factor: Double) -> EmptyAnimatableData { self }
  public var magnitudeSquared: Double { 0 }
}

/// An animated `animatableData` of any type, as a node keeps it.
protocol AnimatedData {
  /// Whether it is still moving at `time`.
  func isAnimating(at time: Double) -> Bool
  /// Ends the motion at its target.
  mutating func settle(at time: Double)
}

extension AnimatedValue: AnimatedData {}

extension SceneRuntime {
  /// `value.animatableData` as it stands in this frame: the new value, reached with the
  /// frame's transaction when it changed; the node keeps animating until it arrives.
  func animate<A: Animatable>(_ value: inout A, _ node: ViewNode, _ ctx: UpdateContext) {
    guard A._declaresAnimatableData else { return }
    let target = value.animatableData
    guard var a = node.animatedData as? AnimatedValue<A.AnimatableData> else {
      node.animatedData = AnimatedValue(target)
      return
    }
    if a.target != target { a.animate(to: target, with: ctx.transaction, at: input.time) }
    value.animatableData = a.value(at: input.time)
    node.animatedData = a
    if a.isAnimating(at: input.time) {
      animatingNodes[node.serial] = node
    } else if !animatingNodes.isEmpty, !node.anims.contains(where: { $0.isAnimating(at: input.time) }) {
      animatingNodes[node.serial] = nil
    }
  }

  /// `animate` for a value whose type is known only to be a view modifier.
  func animateIfAnimatable<M>(_ value: inout M, _ node: ViewNode, _ ctx: UpdateContext) {
    // Whether a modifier type is animatable is asked of the runtime once per type.
    let id = ObjectIdentifier(M.self)
    let animatable: Bool
    if let known = animatableTypes[id] {
      animatable = known
    } else {
      animatable = M.self is any Animatable.Type
      animatableTypes[id] = animatable
    }
    guard animatable, var animatable = value as? any Animatable else { return }
    animate(&animatable, node, ctx)
    if let back = animatable as? M { value = back }
  }
}

/// A 3×3 projective transform; SwiftUI's `ProjectionTransform`. One with a perspective row
/// (`m13`, `m23`, `m33`) is drawn in perspective (see `Lowerer.lowerProjected`).
public struct ProjectionTransform: Hashable, Sendable {
  public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
  public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
  public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

  /// The identity.
  public init() {}

  /// An affine transform as a projection.
  public init(_ t: CGAffineTransform) {
    (m11, m12, m21, m22, m31, m32) = (t.a, t.b, t.c, t.d, t.tx, t.ty)
  }

  /// Its affine part.
  var affine: Transform2D { Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }

  /// Whether it has no perspective (its third column is 0, 0, 1).
  public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

  /// The transform as the draw list maps points with it.
  var homography: Homography {
    Homography(m11: m11, m12: m12, m13: m13, m21: m21, m22: m22, m23: m23, m31: m31, m32: m32, m33: m33)
  }
}

/// A modifier that moves, turns or scales a view by a transform computed from its size;
/// SwiftUI's `GeometryEffect`. Its `animatableData` animates.
public protocol GeometryEffect: Animatable, ViewModifier where Body == Never {
  /// The transform for a view of `size`.
  func effectValue(size: CGSize) -> ProjectionTransform
}

extension GeometryEffect {
  /// Never called: the runtime applies `effectValue(size:)` instead.
  public func body(content: Content) -> Never { fatalError("GeometryEffect has no body") }
}

/// A geometry effect as the runtime applies it: animated, then a transform of the node.
struct GeometryEffectModifier<Effect: GeometryEffect>: PrimitiveModifier {
  let effect: Effect

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var e = effect
    ctx.runtime.animate(&e, node, ctx)
    return [RNode(ResolvedGeometryEffect(effect: e), single(ctx.runtime.child(node, ChildKey(0), content, ctx)))]
  }
}

/// The resolved effect: its transform, about the node's origin as SwiftUI applies it.
struct ResolvedGeometryEffect<Effect: GeometryEffect>: TransformEffect {
  let effect: Effect

  func transform(in frame: Rect) -> Transform2D {
    let m = effect.effectValue(size: frame.size).affine
    return Transform2D.translation(-frame.minX, -frame.minY).concatenating(m)
      .concatenating(.translation(frame.minX, frame.minY))
  }

  /// An affine effect is a transform of the child's drawing; one with perspective moves the
  /// vertices the child was drawn with.
  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    let m = effect.effectValue(size: frame.size)
    // A turn resting at 180° leaves perspective terms of 10⁻¹⁶ (sin π): drawn as the affine
    // map it is, it keeps analytic shapes and replayed fragments.
    let flat = abs(m.m13) < 1e-12 && abs(m.m23) < 1e-12 && abs(m.m33 - 1) < 1e-12
    guard !m.isAffine, !flat else { return lowerer.lower(child, transform(in: frame).concatenating(t), opacity) }
    let local = Homography(.translation(-frame.minX, -frame.minY)).concatenating(m.homography)
      .concatenating(Homography(.translation(frame.minX, frame.minY)))
    lowerer.lowerProjected(child, local, t, opacity)
  }
}

extension View {
  /// Applies a geometry effect: the view transformed by the effect's `effectValue(size:)`.
  public func modifier<M: GeometryEffect>(_ effect: M) -> some View { modified(GeometryEffectModifier(effect: effect)) }
}
