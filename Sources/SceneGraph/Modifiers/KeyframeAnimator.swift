// `.keyframeAnimator` and `KeyframeAnimator`: content driven by a keyframe timeline.
import Motion

/// Where a keyframe animator is in its timeline; kept by its node.
final class KeyframeAnimatorState<Value> {
  /// The value handed to the content: the timeline's at the last update, or where it stopped.
  var value: Value
  var timeline: KeyframeTimeline<Value>?
  /// When the timeline started.
  var start = 0.0
  var running = false
  var repeating: Bool
  var trigger: AnimatorTrigger?

  init(value: Value, repeating: Bool, trigger: AnimatorTrigger?) {
    self.value = value
    self.repeating = repeating
    self.trigger = trigger
  }
}

/// Runs its body with the value of a keyframe timeline at each frame's time.
///
/// Each run builds its timeline from `keyframes(value)`, starting at the animator's current
/// value: `initialValue` at first, then where the previous run ended. Repeating, the runs
/// follow one another for as long as the view is shown, each starting where the last ended;
/// not repeating, the content gets the timeline's value at its start. With a trigger, each
/// change starts a run in the frame that sees it; a change during a run starts the new one
/// from the value and velocity of that moment, and a finished run stays at its end value.
struct KeyframeAnimatorModifier<Value, Path: Keyframes, Body: View>: PrimitiveModifier where Path.Value == Value {
  let initialValue: Value
  /// Nil for an animator that repeats (or rests) instead.
  let trigger: AnimatorTrigger?
  let repeating: Bool
  let body: (Value) -> Body
  let keyframes: (Value) -> Path

  /// Loops that fit in one frame's gap before the animator gives up catching up and starts
  /// the current loop afresh (after the app slept, say).
  private static var maxLoopsPerFrame: Int { 16 }

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let now = ctx.runtime.input.time
    var rerun = !ctx.sameValue
    let state: KeyframeAnimatorState<Value>
    if let existing = node.previous as? KeyframeAnimatorState<Value> {
      state = existing
      if !ctx.sameValue { takeChanges(state, at: now) }
    } else {
      state = KeyframeAnimatorState(value: initialValue, repeating: repeating, trigger: trigger)
      node.previous = state
      if trigger == nil && repeating {
        start(state, at: now)
      } else if trigger == nil {
        state.value = timeline(from: initialValue).value(time: 0)
      }
      rerun = true
    }
    if state.running {
      advance(state, to: now)
      rerun = true
    }
    let value = state.value
    let body = self.body
    // The timeline sets the values; an animation of the surrounding update would only lag them.
    return ctx.runtime.updateAnimator(
      node, ctx, content: content, rerun: rerun, transaction: state.running ? nil : ctx.transaction,
      running: state.running
    ) { body(value) }
  }

  /// Starts or stops the animator for a new trigger value or a change of `repeating`.
  private func takeChanges(_ state: KeyframeAnimatorState<Value>, at now: Double) {
    if let trigger {
      guard trigger != state.trigger else { return }
      state.trigger = trigger
      start(state, at: now)
    } else if repeating != state.repeating {
      state.repeating = repeating
      if repeating {
        start(state, at: now)
      } else {
        state.value = (state.timeline ?? timeline(from: state.value)).value(time: 0)
        state.running = false
      }
    }
  }

  private func timeline(from value: Value, velocities: [AnyKeyPath: Any] = [:]) -> KeyframeTimeline<Value> {
    KeyframeTimeline(initialValue: value, velocities: velocities, keyframes(value))
  }

  /// Starts a run at `now`, from where a run under way is at that moment.
  private func start(_ state: KeyframeAnimatorState<Value>, at now: Double) {
    var velocities: [AnyKeyPath: Any] = [:]
    if state.running, let current = state.timeline {
      state.value = current.value(time: now - state.start)
      velocities = current.velocities(time: now - state.start)
    }
    state.timeline = timeline(from: state.value, velocities: velocities)
    state.start = now
    state.running = true
  }

  /// Brings the value to `now`: the next loop when repeating, the end of the run otherwise.
  private func advance(_ state: KeyframeAnimatorState<Value>, to now: Double) {
    guard var current = state.timeline else {
      state.running = false
      return
    }
    var loops = 0
    while now - state.start >= current.duration {
      state.value = current.value(time: current.duration)
      guard trigger == nil, current.duration > 0 else {
        state.running = false
        return
      }
      if loops == Self.maxLoopsPerFrame {
        state.start = now
        break
      }
      state.start += current.duration
      current = timeline(from: state.value)
      state.timeline = current
      loops += 1
    }
    state.value = current.value(time: now - state.start)
  }
}

/// A container that animates its content with keyframes; SwiftUI's `KeyframeAnimator`.
///
/// The content runs again every frame while the keyframes play.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View
where KeyframePath.Value == Value {
  public typealias Body = Never
  let modifier: KeyframeAnimatorModifier<Value, KeyframePath, Content>

  /// Plays `keyframes` over and over while `repeating`; otherwise shows the value at the start
  /// of the keyframes.
  public init(
    initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
  ) {
    modifier = KeyframeAnimatorModifier(
      initialValue: initialValue, trigger: nil, repeating: repeating, body: content, keyframes: keyframes)
  }

  /// Plays `keyframes` once each time `trigger` changes, starting from the current value.
  public init(
    initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
  ) {
    modifier = KeyframeAnimatorModifier(
      initialValue: initialValue, trigger: AnimatorTrigger(trigger), repeating: false, body: content,
      keyframes: keyframes)
  }
}

extension KeyframeAnimator: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { modifier.resolve(EmptyView(), node, ctx) }
}

extension View {
  /// Plays `keyframes` over and over while `repeating`, applying the effects `content` makes
  /// of each frame's value to this view; not repeating, `content` gets the value at the start.
  public func keyframeAnimator<Value, Content: View, Path: Keyframes>(
    initialValue: Value, repeating: Bool = true,
    @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Path
  ) -> some View where Path.Value == Value {
    modified(
      KeyframeAnimatorModifier(
        initialValue: initialValue, trigger: nil, repeating: repeating,
        body: { content(PlaceholderContentView(), $0) }, keyframes: keyframes))
  }

  /// Plays `keyframes` once each time `trigger` changes, applying the effects `content` makes
  /// of each frame's value to this view.
  public func keyframeAnimator<Value, Content: View, Path: Keyframes>(
    initialValue: Value, trigger: some Equatable,
    @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Path
  ) -> some View where Path.Value == Value {
    modified(
      KeyframeAnimatorModifier(
        initialValue: initialValue, trigger: AnimatorTrigger(trigger), repeating: false,
        body: { content(PlaceholderContentView(), $0) }, keyframes: keyframes))
  }
}
