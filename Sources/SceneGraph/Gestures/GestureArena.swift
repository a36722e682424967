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
/// Entries are in precedence order: high-priority gestures (outermost first), then normal ones
/// (innermost first), then simultaneous ones. A competing gesture that ends, or changes while
/// not waiting, wins, and the other competing ones are stopped. A competing gesture
/// part-way through one that ends on its own terms (a double click between its clicks, a long
/// press being held), and a high-priority one until it finishes, holds back the events of
/// those after it: they see them, in order, only once it has failed, so a single click fires
/// only when no double click followed.
struct GestureArena {
  struct Entry {
    let node: ViewNode
    let priority: GesturePriority
    let recognizer: _AnyGestureRecognizer
    /// Events not yet fed: held back behind a waiting gesture before it.
    var pending: [PointerEvent] = []
    /// Set when a new press comes while this one still has its last press's events held
    /// back: it only settles that press, and the view gets a fresh recognizer for the new one.
    var sealed = false
    /// When it joined the arena: of two for one view, the older goes first.
    let order: Int
    var competes: Bool { priority != .simultaneous }
    /// Whether it is still held back behind a waiting gesture.
    var isHeld: Bool { !pending.isEmpty }
  }
  private(set) var entries: [Entry] = []
  private var joined = 0

  /// Adds a recognizer for each of `views` (those under a press, with where each was drawn)
  /// that has no gesture going on here, and forgets those that finished.
  mutating func admit(_ views: [(node: ViewNode, frame: Rect)]) {
    entries.removeAll { $0.recognizer.isFinished }
    let going = Set(entries.filter { !$0.sealed }.map { ObjectIdentifier($0.node) })
    for (node, frame) in views where !going.contains(ObjectIdentifier(node)) {
      guard let attachment = node.gesture else { continue }
      joined += 1
      entries.append(
        Entry(
          node: node, priority: attachment.priority, recognizer: attachment.make(_GestureContext(frame: frame)),
          order: joined))
    }
    entries.sort { Self.precedes($0, $1) }
  }

  /// Whether `a` is offered events before `b`.
  static func precedes(_ a: Entry, _ b: Entry) -> Bool {
    func rank(_ p: GesturePriority) -> Int {
      switch p {
      case .high: 0
      case .normal: 1
      case .simultaneous: 2
      }
    }
    if a.priority != b.priority { return rank(a.priority) < rank(b.priority) }
    if a.node !== b.node {
      // Children are made after their parents: a larger serial is further in.
      return a.priority == .high ? a.node.serial < b.node.serial : a.node.serial > b.node.serial
    }
    return a.order < b.order
  }

  /// Whether every gesture has ended, failed or been stopped.
  var isDone: Bool { entries.allSatisfy { $0.recognizer.isFinished } }

  /// The earliest time a gesture asked to be told of; those held back cannot use it yet.
  var deadline: Double? { entries.compactMap { $0.isHeld ? nil : $0.recognizer.activeDeadline }.min() }

  /// Seals the gestures that still hold a press's events back and take no further press:
  /// they settle that press alone.
  mutating func sealHeld() {
    for i in entries.indices where entries[i].isHeld && !entries[i].recognizer.wantsPress {
      entries[i].sealed = true
    }
  }

  /// Whether a pinch or twist is under way in some gesture.
  var takesWheel: Bool { entries.contains { !$0.recognizer.isFinished && $0.recognizer.takesWheel } }

  /// Feeds `e` to every gesture still going, and says whether any changed, ended or failed
  /// (their actions may have run: the views should update).
  mutating func feed(_ e: PointerEvent) -> Bool {
    for i in entries.indices where !entries[i].recognizer.isFinished {
      // A sealed gesture belongs to an earlier press: only the time reaches it.
      if entries[i].sealed && e.kind != .time { continue }
      entries[i].pending.append(e)
    }
    return pump()
  }

  /// Tells the gestures that it is `time`, if one asked to be told of it by then.
  mutating func reach(_ time: Double) -> Bool {
    guard let deadline, deadline <= time else { return false }
    return feed(PointerEvent(kind: .time, location: Point(x: 0, y: 0), time: time))
  }

  /// Stops the gestures `drop` picks (a press elsewhere, a control pressed), and lets those
  /// they held back go on. True when any was stopped or acted.
  mutating func stop(where drop: (Entry) -> Bool) -> Bool {
    let stopped = cancel(where: drop)
    return pump() || stopped
  }

  /// Stops the gestures `drop` picks without letting anything else run (a view leaving the
  /// graph in the middle of an update). True when any was stopped.
  @discardableResult
  mutating func cancel(where drop: (Entry) -> Bool) -> Bool {
    var stopped = false
    for i in entries.indices where !entries[i].recognizer.isFinished && drop(entries[i]) {
      entries[i].recognizer.cancel()
      entries[i].pending.removeAll()
      stopped = true
    }
    return stopped
  }

  /// Feeds each gesture its pending events unless one before it holds them back; the first
  /// competing gesture recognized stops the other competing ones.
  private mutating func pump() -> Bool {
    var acted = false
    var blocked = false
    for i in entries.indices {
      let r = entries[i].recognizer
      guard !r.isFinished else { continue }
      let competes = entries[i].competes
      // Wheel steps are not held back: a pinch is never part of a click.
      if competes && blocked && entries[i].pending.contains(where: { !$0.isWheel }) { continue }
      let events = entries[i].pending
      entries[i].pending.removeAll()
      for e in events where !r.isFinished {
        switch r.step(e) {
        case .none: break
        case .failed: acted = true
        case .ended:
          acted = true
          if competes { stopOthers(than: i) }
        case .changed:
          acted = true
          if competes && !r.waits { stopOthers(than: i) }
        }
      }
      if competes && !r.isFinished && (r.waits || entries[i].priority == .high) { blocked = true }
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

extension PointerEvent {
  /// Whether this is a pinch or twist step.
  var isWheel: Bool {
    switch kind {
    case .magnify, .rotate: true
    case .down, .moved, .up, .time: false
    }
  }
}

/// Presses, moves, releases and wheel steps handed to the gestures of the views under them.
extension SceneRuntime {
  /// The views with gestures drawn under `point`, with where each was drawn.
  func gestureViews(at point: Point) -> [(node: ViewNode, frame: Rect)] {
    routes.gestureNodes.values.compactMap { node in
      guard let r = routes.hitBounds(of: node), r.contains(point) else { return nil }
      return (node, r)
    }
  }

  /// A press at `point`: the gestures waiting for another press (a double click's second)
  /// go on with it, and the views under it with no gesture going on start theirs. True when
  /// some gesture took it or acted.
  func gesturePress(at point: Point, time: Double, views: [(node: ViewNode, frame: Rect)]) -> Bool {
    var arena = routes.arena ?? GestureArena()
    var acted = arena.reach(time)
    let away = { (entry: GestureArena.Entry) in !(self.routes.hitBounds(of: entry.node)?.contains(point) ?? false) }
    // Away from the press, waiting gestures stop first, so that what they held back goes on
    // (a lone click before counts); then the rest away from it, and those that take no
    // further press (one whose release never came).
    acted = arena.stop { $0.recognizer.waits && away($0) } || acted
    acted = arena.stop { away($0) || (!$0.isHeld && !$0.recognizer.wantsPress) } || acted
    arena.sealHeld()
    arena.admit(views)
    let taken = !arena.isDone
    if taken { acted = arena.feed(PointerEvent(kind: .down, location: point, time: time)) || acted }
    settle(arena, at: time)
    return taken || acted
  }

  /// Feeds the arena a move or a release; true when a gesture changed, ended or failed.
  func gestureEvent(_ kind: PointerEvent.Kind, at point: Point, time: Double) -> Bool {
    guard var arena = routes.arena else { return false }
    let acted = arena.feed(PointerEvent(kind: kind, location: point, time: time))
    settle(arena, at: time)
    return acted
  }

  /// A pinch (Ctrl and the wheel) by `factor` with the pointer at `point`, for the gestures of
  /// the views under it (and of a press in progress). True when one took it.
  public func pinch(by factor: Double, at point: Point) -> Bool {
    wheelGesture(.magnify(factor), at: point, time: monotonicSeconds())
  }

  /// A twist (Shift and the wheel) by `radians`, clockwise, with the pointer at `point`.
  public func twist(by radians: Double, at point: Point) -> Bool {
    wheelGesture(.rotate(radians), at: point, time: monotonicSeconds())
  }

  func wheelGesture(_ kind: PointerEvent.Kind, at point: Point, time: Double) -> Bool {
    // A control being pressed keeps the pointer's button: its release must reach it.
    guard routes.controls.tracking == nil else { return false }
    var arena = routes.arena ?? GestureArena()
    _ = arena.reach(time)
    // While a press is held the step goes to its gestures alone, and is taken: a drag under
    // way is not stopped by a pinch that joins it, nor the scene switched under it.
    if routes.pointerIsDown {
      _ = arena.feed(PointerEvent(kind: kind, location: point, time: time))
      settle(arena, at: time)
      return true
    }
    arena.admit(gestureViews(at: point))
    // Presses and clicks that have not begun fail at once on a wheel step.
    _ = arena.feed(PointerEvent(kind: kind, location: point, time: time))
    settle(arena, at: time)
    return arena.takesWheel
  }

  /// Tells the gestures waiting on a deadline that it is `time`.
  func gesturesReachTime(_ time: Double) {
    guard var arena = routes.arena else { return }
    _ = arena.reach(time)
    settle(arena, at: time)
  }

  /// Stops every gesture for a press a control takes, letting what waiting ones held back go
  /// on first.
  func stopGesturesForControl() {
    guard var arena = routes.arena else { return }
    _ = arena.stop { $0.recognizer.waits }
    arena.cancel { _ in true }
    routes.arena = nil
  }

  /// Keeps the arena while a gesture in it goes on, and arranges to be woken at its deadline.
  /// `time` is the event's: the deadline is that far ahead.
  private func settle(_ arena: GestureArena, at time: Double) {
    routes.arena = arena.isDone ? nil : arena
    // A deadline at or before the time just told is one a gesture did not act on: no wake.
    guard let deadline = routes.arena?.deadline, deadline > time, deadline != routes.gestureWake else { return }
    routes.gestureWake = deadline
    // A sleeping task hands the deadline back through the inbox, which wakes the loop.
    let work = LoopWork { [weak self] in
      guard let self, self.routes.gestureWake == deadline else { return }
      self.routes.gestureWake = nil
      self.gesturesReachTime(deadline)
    }
    let inbox = self.inbox
    let delay = deadline - time
    Task.detached {
      try? await Task.sleep(nanoseconds: UInt64(delay * 1e9) + 1_000_000)
      inbox.perform(work)
    }
  }
}
