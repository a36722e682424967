// Which of the gestures under a press wins: every one is fed the press, the first recognized
// stops the others, and one waiting on a deadline holds back those after it.
import FoundationEssentials
import Graphics
import Timeline

/// A gesture attached to a view: how it competes, and how to make its recognizer.
struct GestureAttachment {
  let priority: GesturePriority
  let make: (_GestureContext) -> _AnyGestureRecognizer
}

/// The gestures taking part in one interaction, from a press until each has ended or failed.
///
/// Entries are in precedence order: high-priority gestures (innermost first), then normal ones
/// (innermost first), then simultaneous ones. A competing gesture that changes or ends first
/// wins, and the other competing ones are stopped. A competing gesture part-way through one
/// that ends on its own terms (a double click between its clicks, a long press being held)
/// holds back the events of those after it: they see them, in order, only once it has failed,
/// so a single click fires only when no double click followed.
struct GestureArena {
  struct Entry {
    let node: ViewNode
    let priority: GesturePriority
    let recognizer: _AnyGestureRecognizer
    /// Events not yet fed: held back behind a waiting gesture before it.
    var pending: [PointerEvent] = []
    var competes: Bool { priority != .simultaneous }
  }
  private(set) var entries: [Entry]

  /// An arena for `nodes`, the views under a press with gestures, each with where it was drawn.
  init(_ nodes: [(node: ViewNode, frame: Rect)]) {
    func rank(_ p: GesturePriority) -> Int {
      switch p {
      case .high: 0
      case .normal: 1
      case .simultaneous: 2
      }
    }
    let sorted = nodes.compactMap { n in n.node.gesture.map { (n, $0) } }.sorted {
      (rank($0.1.priority), -Int64(bitPattern: $0.0.node.serial)) < (
        rank($1.1.priority), -Int64(bitPattern: $1.0.node.serial)
      )
    }
    entries = sorted.map { n, attachment in
      Entry(node: n.node, priority: attachment.priority, recognizer: attachment.make(_GestureContext(frame: n.frame)))
    }
  }

  /// Whether every gesture has ended, failed or been stopped.
  var isDone: Bool { entries.allSatisfy { $0.recognizer.isFinished } }

  /// The earliest time a gesture asked to be told of.
  var deadline: Double? { entries.compactMap { $0.recognizer.isFinished ? nil : $0.recognizer.deadline }.min() }

  /// Feeds `e` to every gesture still going, and says whether any changed, ended or failed
  /// (their actions may have run: the views should update).
  mutating func feed(_ e: PointerEvent) -> Bool {
    for i in entries.indices where !entries[i].recognizer.isFinished { entries[i].pending.append(e) }
    return pump()
  }

  /// Stops the gestures `drop` picks (a press elsewhere, a view gone), and lets those they held
  /// back go on. True when any was stopped.
  mutating func stop(where drop: (Entry) -> Bool) -> Bool {
    var stopped = false
    for i in entries.indices where !entries[i].recognizer.isFinished && drop(entries[i]) {
      entries[i].recognizer.cancel()
      entries[i].pending.removeAll()
      stopped = true
    }
    return pump() || stopped
  }

  /// Stops every gesture.
  mutating func stopAll() {
    for e in entries where !e.recognizer.isFinished { e.recognizer.cancel() }
  }

  /// Feeds each gesture its pending events unless one before it waits; the first competing
  /// gesture recognized stops the other competing ones.
  private mutating func pump() -> Bool {
    var acted = false
    var blocked = false
    for i in entries.indices {
      let r = entries[i].recognizer
      guard !r.isFinished else { continue }
      let competes = entries[i].competes
      if competes && blocked { continue }
      let events = entries[i].pending
      entries[i].pending.removeAll()
      for e in events where !r.isFinished {
        let step = r.step(e)
        switch step {
        case .none: break
        case .failed: acted = true
        case .changed, .ended:
          acted = true
          if competes { stopOthers(than: i) }
        }
      }
      if competes && !r.isFinished && r.isWaiting { blocked = true }
    }
    return acted
  }

  private mutating func stopOthers(than winner: Int) {
    for j in entries.indices where j != winner && entries[j].competes && !entries[j].recognizer.isFinished {
      entries[j].recognizer.cancel()
      entries[j].pending.removeAll()
    }
  }
}

/// Presses, moves and releases handed to the gestures of the views under them.
extension SceneRuntime {
  /// The views with gestures drawn under `point`, with where each was drawn.
  func gestureViews(at point: Point) -> [(node: ViewNode, frame: Rect)] {
    routes.gestureNodes.values.compactMap { node in
      guard let r = routes.hitBounds(of: node), r.contains(point) else { return nil }
      return (node, r)
    }
  }

  /// Starts an arena for a press at `point`, or goes on with the one waiting for a further
  /// click. True when some gesture is under the press.
  func gesturePress(at point: Point, time: Double, views: [(node: ViewNode, frame: Rect)]) -> Bool {
    let e = PointerEvent(kind: .down, location: point, time: time)
    var acted = false
    if var arena = routes.arena {
      // A press away from a waiting gesture's view stops it first, so that what it held back
      // goes on (a lone click before it counts); then the rest away from the press stop.
      let away = { (entry: GestureArena.Entry) in !(self.routes.hitBounds(of: entry.node)?.contains(point) ?? false) }
      acted = arena.stop { $0.recognizer.isWaiting && away($0) }
      acted = arena.stop(where: away) || acted
      if !arena.isDone {
        _ = arena.feed(e)
        settle(arena)
        return true
      }
      settle(arena)
    }
    guard !views.isEmpty else { return acted }
    var arena = GestureArena(views)
    _ = arena.feed(e)
    settle(arena)
    return true
  }

  /// Feeds the arena an event; true when a gesture changed, ended or failed.
  func gestureEvent(_ kind: PointerEvent.Kind, at point: Point, time: Double) -> Bool {
    guard var arena = routes.arena else { return false }
    let acted = arena.feed(PointerEvent(kind: kind, location: point, time: time))
    settle(arena)
    return acted
  }

  /// A pinch (Ctrl and the wheel) by `factor` with the pointer at `point`: to the gestures of
  /// the press in progress, or else of the views under the pointer. True when one took it.
  public func pinch(by factor: Double, at point: Point) -> Bool {
    wheelGesture(.magnify(factor), at: point, time: monotonicSeconds())
  }

  /// A twist (Shift and the wheel) by `radians`, clockwise, with the pointer at `point`.
  public func twist(by radians: Double, at point: Point) -> Bool {
    wheelGesture(.rotate(radians), at: point, time: monotonicSeconds())
  }

  func wheelGesture(_ kind: PointerEvent.Kind, at point: Point, time: Double) -> Bool {
    if routes.arena != nil { return gestureEvent(kind, at: point, time: time) }
    let views = gestureViews(at: point)
    guard !views.isEmpty else { return false }
    var arena = GestureArena(views)
    _ = arena.feed(PointerEvent(kind: kind, location: point, time: time))
    settle(arena)
    // Presses and clicks fail at once on a wheel step; what is left is a pinch or a twist.
    return !arena.isDone
  }

  /// Tells the gestures waiting on a deadline that it is `time` (monotonic seconds).
  func gesturesReachTime(_ time: Double) {
    guard var arena = routes.arena, let deadline = arena.deadline, deadline <= time else { return }
    _ = arena.feed(PointerEvent(kind: .time, location: Point(x: 0, y: 0), time: time))
    settle(arena)
  }

  /// Keeps the arena while a gesture in it goes on, and arranges to be woken at its deadline.
  private func settle(_ arena: GestureArena) {
    routes.arena = arena.isDone ? nil : arena
    guard let deadline = routes.arena?.deadline, deadline != routes.gestureWake else { return }
    routes.gestureWake = deadline
    // A sleeping task hands the time back through the inbox, which wakes the loop for a frame.
    let work = LoopWork { [weak self] in
      guard let self, self.routes.gestureWake == deadline else { return }
      self.routes.gestureWake = nil
      self.gesturesReachTime(max(deadline, monotonicSeconds()))
    }
    let inbox = self.inbox
    let delay = max(0, deadline - monotonicSeconds())
    Task.detached {
      try? await Task.sleep(nanoseconds: UInt64(delay * 1e9) + 1_000_000)
      inbox.perform(work)
    }
  }
}
