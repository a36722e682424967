// What other threads hand the runtime: observed changes, published values, task jobs.
import Timeline

/// A view node as other threads may name it: they hold the reference and never read it; the
/// runtime reads `node` on its own thread when it takes the reference from its inbox.
final class NodeRef: @unchecked Sendable {
  weak var node: ViewNode?
  init(_ node: ViewNode) { self.node = node }
}

/// A closure to run on the runtime's thread, handed over from another thread.
///
/// Unchecked because the closure usually captures a view's properties, which are not
/// `Sendable`; it only ever runs on the thread that updates the views, never concurrently
/// with them.
struct LoopWork: @unchecked Sendable {
  let run: () -> Void
}

/// The runtime's mailbox for work that arrives from other threads and tasks.
///
/// The runtime is single-threaded: an `@Observable` property set on another thread, an
/// `ObservableObject` that publishes from a `Task`, or a `.task` that resumes after
/// `Task.sleep` only leave a note here and call the wake hook; the runtime takes the notes at
/// the start of its next frame (and after each pass's actions) and acts on them on its own
/// thread.
final class RuntimeInbox: @unchecked Sendable {
  private let lock = Lock()
  private var nodes: [NodeRef] = []
  private var work: [LoopWork] = []
  private var jobs: [UnownedJob] = []
  private var wakeHook: (@Sendable () -> Void)?

  /// What the owner's loop runs when the inbox gets something: the app's `Window.wake()`.
  var wake: (@Sendable () -> Void)? {
    get { lock.withLock { wakeHook } }
    set { lock.withLock { wakeHook = newValue } }
  }

  /// Whether anything is waiting.
  var isEmpty: Bool { lock.withLock { nodes.isEmpty && work.isEmpty && jobs.isEmpty } }

  /// Asks for the body of the node `ref` names to run again.
  func invalidate(_ ref: NodeRef) { post { $0.nodes.append(ref) } }

  /// Asks for `run` to be called on the runtime's thread.
  func perform(_ run: LoopWork) { post { $0.work.append(run) } }

  /// Asks for a task's job to run on the runtime's thread.
  func schedule(_ job: UnownedJob) { post { $0.jobs.append(job) } }

  private func post(_ add: (RuntimeInbox) -> Void) {
    let hook: (@Sendable () -> Void)? = lock.withLock {
      add(self)
      return wakeHook
    }
    hook?()
  }

  /// Everything waiting, emptied out.
  func take() -> (nodes: [NodeRef], work: [LoopWork], jobs: [UnownedJob]) {
    lock.withLock {
      defer {
        nodes.removeAll()
        work.removeAll()
        jobs.removeAll()
      }
      return (nodes, work, jobs)
    }
  }
}

/// Runs the `.task` closures of one runtime's views on that runtime's thread.
///
/// A view's task is started with this as its executor preference, so its nonisolated code runs
/// where the views are updated, one job at a time, between passes. A suspended task costs
/// nothing: `Task.sleep` hands its continuation to this executor when it is due, the inbox
/// wakes the loop, and the next frame runs it.
final class LoopExecutor: TaskExecutor, @unchecked Sendable {
  let inbox: RuntimeInbox
  init(inbox: RuntimeInbox) { self.inbox = inbox }

  func enqueue(_ job: consuming ExecutorJob) {
    inbox.schedule(UnownedJob(job))
  }

  /// Runs jobs taken from the inbox, on the calling thread.
  func run(_ jobs: [UnownedJob]) {
    for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
  }
}

extension SceneRuntime {
  /// Called from any thread whenever work for this runtime arrives from elsewhere (an observed
  /// property changed, a publisher delivered, a `.task` resumed), so that a loop sleeping until
  /// its next deadline wakes and runs a frame. The app sets it to `Window.wake()`.
  public var wakeHandler: (@Sendable () -> Void)? {
    get { inbox.wake }
    set { inbox.wake = newValue }
  }

  /// Whether work from other threads or tasks waits for the next frame.
  public var hasPendingWork: Bool { !inbox.isEmpty }

  /// Takes what other threads left: invalidates the nodes they named, runs the work and task
  /// jobs they handed over. Only what is there when it starts is taken, so a task that keeps
  /// yielding runs once per call, not forever.
  func drainInbox() {
    let (nodes, work, jobs) = inbox.take()
    for ref in nodes {
      if let node = ref.node, !node.isRemoved { invalidate(node) }
    }
    for w in work { w.run() }
    executor.run(jobs)
  }
}
