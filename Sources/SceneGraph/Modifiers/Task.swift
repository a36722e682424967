// `.task { }` and `.task(id:) { }`: async work for as long as a view is on screen.

/// A view's `.task`: the run in progress, and the id it was started for.
final class ViewTask: NodeResource {
  var task: Task<Void, Never>?
  var id: AnyHashable?
  var started = false
  var ended = false

  func end() {
    ended = true
    task?.cancel()
    task = nil
  }
}

/// The closure a `.task` runs, handed to the task that runs it.
///
/// Unchecked because it captures the view (not `Sendable`); the task runs on the runtime's
/// `LoopExecutor`, on the thread that updates the views, so the two never run at once.
struct TaskAction: @unchecked Sendable {
  let run: () async -> Void
}

/// Starts the action after the update in which the view appears, and again, after cancelling
/// the run in progress, after an update in which `id` changed. The view's going cancels it.
struct TaskModifier: PrimitiveModifier {
  let id: AnyHashable?
  let priority: TaskPriority
  let action: TaskAction

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let runtime = ctx.runtime
    let slot: ViewTask
    if let existing = node.resources.lazy.compactMap({ $0 as? ViewTask }).first {
      slot = existing
    } else {
      slot = ViewTask()
      node.resources.append(slot)
    }
    if !slot.started || slot.id != id {
      slot.started = true
      slot.task?.cancel()
      slot.task = nil
      slot.id = id
      let action = self.action
      let priority = self.priority
      // An appearance action, as in SwiftUI: it starts after the pass.
      runtime.enqueue("task") { [weak slot] in
        guard let slot, !slot.ended, slot.task == nil else { return }
        slot.task = Task(executorPreference: runtime.executor, priority: priority) { await action.run() }
      }
    }
    return runtime.child(node, ChildKey(0), content, ctx)
  }
}

extension View {
  /// Runs `action` when the view appears and cancels it when the view disappears.
  ///
  /// The action runs on the frame loop's thread, like the views' bodies; while it is suspended
  /// (`Task.sleep`, awaiting a result) the loop sleeps, and it wakes when the action resumes.
  public func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View {
    modified(TaskModifier(id: nil, priority: priority, action: TaskAction(run: action)))
  }

  /// Runs `action` when the view appears, and again, cancelling the previous run, whenever
  /// `id` changes; cancels it when the view disappears.
  public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void
  ) -> some View {
    modified(TaskModifier(id: AnyHashable(TaskID(value)), priority: priority, action: TaskAction(run: action)))
  }
}

/// An `Equatable` value as `.task(id:)` compares it.
struct TaskID<T: Equatable>: Hashable {
  let value: T
  init(_ value: T) { self.value = value }
  static func == (a: TaskID, b: TaskID) -> Bool { a.value == b.value }
  func hash(into hasher: inout Hasher) {}
}
