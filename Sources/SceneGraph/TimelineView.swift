import FoundationEssentials
import Timeline

/// A view that re-evaluates its content at the dates a schedule provides; SwiftUI's TimelineView.
///
/// The content closure receives the context of the latest entry that has come due (its exact
/// date, not the frame's time) and the current cadence. Each timeline keeps its own position
/// in its schedule under its identity, so nested timelines run independently: when a parent
/// re-evaluates, the content runs again with the same context, and the date changes only
/// when this timeline's own schedule delivers an entry. A schedule that differs from the one
/// the timeline was following (compared as values) starts the timeline afresh.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
  public typealias Body = Never
  /// The schedule the timeline follows.
  public let schedule: Schedule
  let content: (TimelineContext) -> Content

  /// Creates a timeline that follows `schedule`.
  public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineContext) -> Content) {
    self.schedule = schedule
    self.content = content
  }
}

/// SwiftUI's name for the context a timeline hands its content.
public typealias TimelineViewDefaultContext = TimelineContext

extension TimelineView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    var fresh = false
    let sameSchedule = node.timeline.map { rt.comparators.equal($0.schedule, schedule) } ?? false
    let scheduleChanged = !ctx.sameValue && !sameSchedule
    if node.timeline == nil || scheduleChanged {
      rt.startTimeline(node, schedule)
      fresh = true
    }
    guard let slot = node.timeline else { return [] }
    var context = slot.driver.lastContext ?? TimelineContext(date: rt.input.now, cadence: rt.input.cadence)
    context.cadence = rt.input.cadence
    var c = ctx
    if fresh || node.needsBody || !ctx.sameValue || node.revisit == nil {
      // A new content closure (the parent ran) or a new entry: run the content.
      slot.context = context
      node.needsBody = false
      rt.noteEvaluation(node)
      let body = content(context)
      node.revisit = { n, rc in rc.runtime.child(n, ChildKey(0), body, rc) }
      c.sameValue = false
      return rt.child(node, ChildKey(0), body, c)
    }
    return node.revisit?(node, c) ?? []
  }
}

// Schedules compare as values, so a parent that rebuilds an identical schedule keeps the
// timeline where it is.
extension ExplicitTimelineSchedule: Equatable where Dates: Equatable {
  public static func == (a: Self, b: Self) -> Bool { a.dates == b.dates }
}
