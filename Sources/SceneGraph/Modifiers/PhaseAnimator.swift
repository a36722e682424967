// `.phaseAnimator` and `PhaseAnimator`: content that steps through phases, each step animated.
import Motion

/// Where a phase animator is in its phases; kept by its node.
final class PhaseAnimatorState {
  var index = 0
  /// When the current phase was entered, and how long the animation into it runs.
  var entered: Double
  var duration = 0.0
  /// Whether the animator is stepping (always, without a trigger; during a run, with one).
  var running: Bool
  var trigger: AnimatorTrigger?

  init(at time: Double, running: Bool, trigger: AnimatorTrigger?) {
    entered = time
    self.running = running
    self.trigger = trigger
  }
}

/// Steps its body through `phases`, animating each change with `animation(phase)`.
///
/// A phase lasts as long as the animation into it (`Animation.duration`: a spring's settling
/// time; forever for one that repeats forever); then the next phase comes in the frame that
/// finds it over, and its animation starts at that frame's time. Without a trigger the phases
/// cycle for as long as the view is shown, the first step starting as it appears; with one,
/// each change of the trigger runs through every phase once and back to the first, and a
/// change during a run moves on to the next phase at once.
struct PhaseAnimatorModifier<Phase: Equatable, Body: View>: PrimitiveModifier {
  let phases: [Phase]
  let trigger: AnimatorTrigger?
  let body: (Phase) -> Body
  let animation: (Phase) -> Animation?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    guard !phases.isEmpty else { return [] }
    let rt = ctx.runtime
    let now = rt.input.time
    guard let state = node.previous as? PhaseAnimatorState else {
      let state = PhaseAnimatorState(at: now, running: trigger == nil && phases.count > 1, trigger: trigger)
      node.previous = state
      // The first phase is drawn as the view appears; cycling, the step to the second starts
      // at once, from the values the first phase set.
      let first = update(content, node, ctx, state, rerun: true, transaction: ctx.transaction)
      guard state.running else { return first }
      advance(state, at: now)
      return update(content, node, ctx, state, rerun: true, transaction: animation(phases[state.index]))
    }
    var stepped = false
    if !ctx.sameValue, let trigger, trigger != state.trigger {
      state.trigger = trigger
      state.running = true
      advance(state, at: now)
      stepped = true
    } else if state.running, now - state.entered >= state.duration {
      if trigger != nil && state.index == 0 {
        // Back at the first phase: the run is over.
        state.running = false
      } else {
        advance(state, at: now)
        stepped = true
      }
    }
    state.index = min(state.index, phases.count - 1)
    let transaction = stepped ? animation(phases[state.index]) : ctx.transaction
    return update(content, node, ctx, state, rerun: stepped || !ctx.sameValue, transaction: transaction)
  }

  /// Enters the next phase (after the last, the first) at `time`.
  private func advance(_ state: PhaseAnimatorState, at time: Double) {
    state.index = (state.index + 1) % phases.count
    state.entered = time
    state.duration = animation(phases[state.index])?.duration ?? 0
  }

  private func update<Content: View>(
    _ content: Content, _ node: ViewNode, _ ctx: UpdateContext, _ state: PhaseAnimatorState, rerun: Bool,
    transaction: Animation?
  ) -> [RNode] {
    let phase = phases[state.index]
    let body = self.body
    return ctx.runtime.updateAnimator(
      node, ctx, content: content, rerun: rerun, transaction: transaction, running: state.running
    ) { body(phase) }
  }
}

/// A container that animates its content by cycling through phases; SwiftUI's `PhaseAnimator`.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
  public typealias Body = Never
  let modifier: PhaseAnimatorModifier<Phase, Content>

  /// Cycles through `phases` for as long as the view is shown, animating each change with
  /// `animation(phase)`, the phase being entered.
  public init(
    _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) {
    modifier = PhaseAnimatorModifier(phases: Array(phases), trigger: nil, body: content, animation: animation)
  }

  /// Runs through `phases` once, and back to the first, each time `trigger` changes.
  public init(
    _ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) {
    modifier = PhaseAnimatorModifier(
      phases: Array(phases), trigger: AnimatorTrigger(trigger), body: content, animation: animation)
  }
}

extension PhaseAnimator: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] { modifier.resolve(EmptyView(), node, ctx) }
}

extension View {
  /// Animates the effects `content` applies to this view over `phases`, cycling for as long
  /// as the view is shown; each change animates with `animation(phase)`, the phase entered.
  public func phaseAnimator<Phase: Equatable, Content: View>(
    _ phases: some Sequence<Phase>,
    @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) -> some View {
    modified(
      PhaseAnimatorModifier(
        phases: Array(phases), trigger: nil, body: { content(PlaceholderContentView(), $0) }, animation: animation))
  }

  /// Animates the effects `content` applies to this view through `phases` once, and back to
  /// the first, each time `trigger` changes.
  public func phaseAnimator<Phase: Equatable, Content: View>(
    _ phases: some Sequence<Phase>, trigger: some Equatable,
    @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) -> some View {
    modified(
      PhaseAnimatorModifier(
        phases: Array(phases), trigger: AnimatorTrigger(trigger), body: { content(PlaceholderContentView(), $0) },
        animation: animation))
  }
}
