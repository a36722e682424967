import FoundationEssentials

/// The presentation value of one animatable property, driven by implicit animations.
///
/// Holds the model value (`target`) plus the animations still in flight, and evaluates the
/// on-screen value for any frame time. Retargeting never jumps:
///
/// - A **spring** restarts from the current presentation value *and* velocity, so position
///   and velocity are both continuous. With a `blendDuration`, the motion in flight is not
///   dropped at once: the old trajectory and the new spring are cross-faded over that many
///   seconds (a smoothstep weight, so velocity stays continuous too), and the direction of
///   travel turns gradually instead of at the instant of the change.
/// - A **timing curve** is blended additively, as SwiftUI does for curve animations: the
///   animations already running keep running, and a new one animates the offset from the
///   old target to the new one down to zero. Position is continuous; velocity is too, except
///   for the initial slope of the new curve itself (non-zero only for `linear`).
///
/// Queries are meant for times at or after the latest `animate(to:with:at:)` call; a spring
/// retarget discards the history needed to answer earlier times exactly.
public struct AnimatedValue<Value: VectorArithmetic>: Sendable {
  /// One animation in flight, expressed as a decaying offset from `target`.
  struct Segment: Sendable {
    let animation: Animation
    /// Frame time at which the animation began.
    let start: Double
    /// Presentation value minus target when the animation began.
    let displacement: Value
    /// Presentation velocity when the animation began (springs only; zero for curves).
    let velocity: Value
    /// Squared energy norm at which a spring counts as settled (unused for curves).
    let settleEnergy: Double
  }

  /// The model value the presentation value is heading to.
  ///
  /// Read-only: change it with `animate(to:with:at:)` so that the time of the change is known,
  /// or with `move(to:)` for a change that keeps what is in flight.
  public private(set) var target: Value

  private var segments: [Segment] = []
  /// The trajectory being blended out after a spring with a blend duration retargeted it
  /// (at most one element; an array because a struct cannot hold itself directly).
  private var outgoing: [AnimatedValue] = []
  /// When the blend began and how long it lasts.
  private var blend: (start: Double, duration: Double) = (0, 0)

  /// The depth of nested blends kept; a deeper one is settled into its parent's motion.
  private static var maxBlendDepth: Int { 3 }

  /// Creates a value that is at rest at `value`.
  public init(_ value: Value) {
    target = value
  }

  /// Returns the on-screen value at frame time `time`.
  public func value(at time: Double) -> Value {
    var result = target
    for segment in segments {
      result = result + Self.evaluate(segment, at: time).offset
    }
    if let old = outgoing.first {
      let w = blendWeight(at: time)
      if w.value < 1 { result = result.scaled(by: w.value) + old.value(at: time).scaled(by: 1 - w.value) }
    }
    return result
  }

  /// The new trajectory's share of a blend at `time` (smoothstep) and its rate of change.
  private func blendWeight(at time: Double) -> (value: Double, rate: Double) {
    guard blend.duration > 0 else { return (1, 0) }
    let x = (time - blend.start) / blend.duration
    if x >= 1 { return (1, 0) }
    if x <= 0 { return (0, 0) }
    return (x * x * (3 - 2 * x), 6 * x * (1 - x) / blend.duration)
  }

  /// Returns the presentation value's rate of change per second at `time`.
  public func velocity(at time: Double) -> Value {
    var result = Value.zero
    for segment in segments {
      result = result + Self.evaluate(segment, at: time).velocity
    }
    if let old = outgoing.first {
      let w = blendWeight(at: time)
      if w.value < 1 {
        // d/dt (w·new + (1−w)·old) = w·new' + (1−w)·old' + w'·(new − old)
        var own = target
        for segment in segments { own = own + Self.evaluate(segment, at: time).offset }
        let oldValue = old.value(at: time)
        result =
          result.scaled(by: w.value) + old.velocity(at: time).scaled(by: 1 - w.value)
          + (own - oldValue).scaled(by: w.rate)
      }
    }
    return result
  }

  /// Whether any animation is still in flight at `time`; when false, `value(at:)` is `target`.
  public func isAnimating(at time: Double) -> Bool {
    if !outgoing.isEmpty && blendWeight(at: time).value < 1 { return true }
    return segments.contains { !Self.evaluate($0, at: time).isComplete }
  }

  /// How many blends are nested here (0 when nothing is being blended out).
  var blendDepth: Int { outgoing.first.map { $0.blendDepth + 1 } ?? 0 }

  /// Changes the target at frame time `time`, animating from the current presentation value.
  ///
  /// A `nil` animation jumps straight to `newTarget` and cancels anything in flight.
  public mutating func animate(to newTarget: Value, with animation: Animation?, at time: Double) {
    guard let animation else {
      target = newTarget
      segments.removeAll()
      outgoing.removeAll()
      return
    }
    // Finished segments contribute exactly zero, so dropping them cannot cause a jump.
    segments.removeAll { Self.evaluate($0, at: time).isComplete }
    if !outgoing.isEmpty && blendWeight(at: time).value >= 1 { outgoing.removeAll() }

    switch animation.kind {
    case .spring(let spring) where animation.isPlainSpring:
      let displacement = value(at: time) - newTarget
      let velocity = velocity(at: time)
      // With a blend duration, what is moving now keeps moving and fades out while the new
      // spring fades in; both start from the same position and velocity.
      if spring.blendDuration > 0 && isAnimating(at: time) {
        var old = self
        if old.blendDepth >= Self.maxBlendDepth { old.outgoing.removeAll() }
        outgoing = [old]
        blend = (time, spring.blendDuration)
      } else {
        outgoing.removeAll()
      }
      target = newTarget
      segments.removeAll()
      let energy = spring.energy(
        displacementSquared: displacement.magnitudeSquared,
        velocitySquared: velocity.magnitudeSquared)
      guard energy > 0 else { return }
      let tolerance = SpringModel.settleTolerance
      segments.append(
        Segment(
          animation: animation, start: time, displacement: displacement, velocity: velocity,
          settleEnergy: energy * tolerance * tolerance))
    case .curve, .spring:
      // Curves, and springs that are delayed or repeat, run as a timing curve of their shape.
      let displacement = target - newTarget
      target = newTarget
      // A zero-length curve is a jump for this change only; running animations continue.
      guard animation.duration > 0, displacement.magnitudeSquared > 0 else { return }
      segments.append(
        Segment(
          animation: animation, start: time, displacement: displacement, velocity: .zero,
          settleEnergy: 0))
    }
  }

  /// Changes the target by a change without an animation of its own, keeping what is in
  /// flight: the animations running stay offsets from the new target, so the value moves by as
  /// much as the target did at once and goes on to it as before (SwiftUI's additive
  /// animations: a view sliding under one change, moved by another without animation).
  public mutating func move(to newTarget: Value) {
    let delta = newTarget - target
    target = newTarget
    if !outgoing.isEmpty { outgoing[0].move(to: outgoing[0].target + delta) }
  }

  /// Ends every animation immediately so the value rests at `target`.
  ///
  /// Used when frames stop being drawn (minimized window) or the timeline's base time
  /// resets, where resuming old animations against a new clock would make no sense.
  /// `time` is accepted for symmetry with `animate(to:with:at:)`: ending at the target
  /// rather than freezing mid-flight means the result does not depend on it.
  public mutating func settle(at time: Double) {
    segments.removeAll()
    outgoing.removeAll()
  }

  /// Returns a segment's offset from the target, its velocity, and whether it has finished.
  ///
  /// Finished segments report exactly zero so a settled spring snaps to its target (as
  /// SwiftUI's do) and value == target whenever nothing is animating.
  private static func evaluate(
    _ segment: Segment, at time: Double
  ) -> (offset: Value, velocity: Value, isComplete: Bool) {
    let elapsed = time - segment.start
    switch segment.animation.kind {
    case .spring(let spring) where segment.animation.isPlainSpring:
      let k = spring.coefficients(at: elapsed)
      let offset = segment.displacement.scaled(by: k.p) + segment.velocity.scaled(by: k.q)
      let velocity = segment.displacement.scaled(by: k.dp) + segment.velocity.scaled(by: k.dq)
      let energy = spring.energy(
        displacementSquared: offset.magnitudeSquared, velocitySquared: velocity.magnitudeSquared)
      if elapsed > 0 && energy <= segment.settleEnergy { return (.zero, .zero, true) }
      return (offset, velocity, false)
    case .curve, .spring:
      let animation = segment.animation
      if animation.isComplete(at: elapsed) { return (.zero, .zero, true) }
      let remaining = 1 - animation.fraction(at: elapsed)
      let rate = -animation.velocity(at: elapsed)
      return (
        segment.displacement.scaled(by: remaining), segment.displacement.scaled(by: rate), false
      )
    }
  }
}
