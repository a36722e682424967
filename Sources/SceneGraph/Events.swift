import FoundationEssentials
import Timeline

// MARK: Keys

/// A key a view can react to; SwiftUI's `KeyEquivalent`.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
  /// The character the key types (lowercase for letters).
  public let character: Character

  /// The key that types `character`.
  public init(_ character: Character) { self.character = Character(character.lowercased()) }

  public init(extendedGraphemeClusterLiteral value: Character) { self.init(value) }

  /// The space bar.
  public static let space = KeyEquivalent(" ")
}

/// A key press delivered to `onKeyPress`; SwiftUI's `KeyPress`.
public struct KeyPress: Sendable {
  /// Whether a handler used the key or lets it travel on.
  public enum Result: Sendable { case handled, ignored }
  /// The key pressed.
  public let key: KeyEquivalent
  /// The characters it typed.
  public var characters: String { String(key.character) }
}

/// Runs an action when a key is pressed while the view is on screen.
public struct _KeyPressView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let keys: Set<KeyEquivalent>?
  let action: (KeyPress) -> KeyPress.Result
}

extension View {
  /// Runs `action` when `key` is pressed; the app's own keys (scene switching, quit) come first.
  public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> _KeyPressView<Self> {
    _KeyPressView(content: self, keys: [key]) { _ in action() }
  }

  /// Runs `action` when one of `keys` is pressed.
  public func onKeyPress(keys: Set<KeyEquivalent>, action: @escaping (KeyPress) -> KeyPress.Result)
    -> _KeyPressView<Self>
  {
    _KeyPressView(content: self, keys: keys, action: action)
  }
}

extension _KeyPressView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue {
      let (keys, action) = (self.keys, self.action)
      node.keyHandler = { press in
        guard keys?.contains(press.key) ?? true else { return .ignored }
        return action(press)
      }
      ctx.runtime.registerKeyHandler(node)
    }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

// MARK: Timers

/// A timer publisher in the shape of Combine's `Timer.publish(every:on:in:)`, so the seeds'
/// "incorrect" timer-driven views paste in unchanged.
///
/// It fires every `interval` seconds from the moment its view appears, on its own clock:
/// it knows nothing of the display, and each tick wakes the app and is drawn at once, which is
/// exactly the behaviour the seeds warn about.
public struct TimerPublisher: Hashable, Sendable {
  /// Seconds between ticks.
  public let interval: TimeInterval

  /// Combine's `autoconnect()`: the timer starts when a subscriber (the view) appears.
  public func autoconnect() -> TimerPublisher { self }
}

/// Foundation's `Timer`, here only as the namespace of `Timer.publish(every:on:in:)`, so a
/// seed's timer pastes unchanged (the program does not link Foundation's run loop).
public enum Timer {}

/// Foundation's `RunLoop`, only as the `on:` and `in:` arguments of `Timer.publish`: ticks
/// are delivered on the frame loop whichever is named.
public struct RunLoop: Hashable, Sendable {
  let name: String
  /// The main thread's run loop.
  public static let main = RunLoop(name: "main")
  /// The calling thread's run loop.
  public static var current: RunLoop { main }

  /// A run loop mode.
  public struct Mode: Hashable, Sendable {
    let name: String
    /// Every mode, tracking included: the seeds' choice.
    public static let common = Mode(name: "common")
    /// The default mode.
    public static let `default` = Mode(name: "default")
  }
}

extension Timer {
  /// A publisher that ticks every `interval` seconds (Combine's API; the run loop and mode
  /// are accepted for source compatibility: ticks are delivered on the frame loop).
  public static func publish(
    every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode
  ) -> TimerPublisher {
    // A zero, negative or non-finite interval would spin; a tick per millisecond is the floor.
    TimerPublisher(interval: interval.isFinite ? max(interval, 0.001) : 1)
  }
}

/// Runs an action on each tick of a timer while the view is on screen.
public struct _OnReceiveView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let publisher: TimerPublisher
  let action: (Date) -> Void
}

extension View {
  /// Runs `action` with the tick's date each time `publisher` fires.
  public func onReceive(_ publisher: TimerPublisher, perform action: @escaping (Date) -> Void) -> _OnReceiveView<Self> {
    _OnReceiveView(content: self, publisher: publisher, action: action)
  }
}

extension _OnReceiveView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    let schedule = PeriodicTimelineSchedule(from: rt.input.now, by: publisher.interval)
    if node.timeline == nil || (node.previous as? TimerPublisher) != publisher {
      // The first entry is the start itself; a timer's first tick is one interval later.
      rt.startTimeline(node, schedule)
      node.previous = publisher
      node.lastTick = node.timeline?.driver.lastContext?.date
    }
    if let slot = node.timeline, let date = slot.driver.lastContext?.date, date != node.lastTick {
      node.lastTick = date
      let action = self.action
      rt.enqueue("onReceive(Timer)") { action(date) }
    }
    return rt.child(node, ChildKey(0), content, ctx)
  }
}

// MARK: Presentation

/// The frame being updated, as the display sees it: for views that count their own frames.
///
/// Read it in a body that runs every frame (inside `TimelineView(.animation)`); it is not part
/// of the environment, because a value that changes every frame there would make every view
/// compare unequal every frame.
public struct DisplayFrame: Sendable, Equatable {
  /// The runtime's frame counter.
  public var number: Int
  /// The frame's monotonic time.
  public var time: Double
  /// Whether the frame is presented on the display's refresh grid (a paced frame), rather
  /// than whenever something happened to ask for it.
  public var onDisplayGrid: Bool
  /// Whether the frame is drawn at all (false while minimized).
  public var draws: Bool

  /// The frame being updated now, by the runtime that is updating it (a frame counter of
  /// zero outside an update).
  public static var current: DisplayFrame {
    CurrentRuntime.reference?.runtime?.displayFrame
      ?? DisplayFrame(number: 0, time: 0, onDisplayGrid: true, draws: true)
  }
}

/// The runtime updating a frame on this task, so that the values views read beside their
/// inputs (`DisplayFrame.current`, `UpdateLoopGuard.latest`) belong to that runtime, not to
/// whichever runtime ran last in the process (tests and `bench` run several).
enum CurrentRuntime {
  @TaskLocal static var reference: RuntimeReference?
}

/// A weak handle on a runtime that can cross into a task-local.
final class RuntimeReference: @unchecked Sendable {
  weak var runtime: SceneRuntime?
  init(_ runtime: SceneRuntime) { self.runtime = runtime }
}

/// A tiny lock around a value, for the few globals the runtime publishes.
final class Mutex<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = Lock()
  init(_ value: Value) { self.value = value }
  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// Counts, for each source of updates (a timer, a timeline), how many of its updates reached
/// the screen, how many of the frames showing them were off the display's refresh grid, and
/// how many were overwritten or never drawn.
///
/// A view records an update with `updated(_:)` where its state changes, and a view that runs
/// every frame calls `presented(_:)` once per frame; reference semantics let both share it.
public final class PresentationLog: @unchecked Sendable {
  /// One source's counts.
  public struct Counts: Sendable, Equatable {
    /// Updates made.
    public var updates = 0
    /// Frames that showed at least one new update.
    public var framesPresented = 0
    /// Of those, frames presented off the display's refresh grid.
    public var offGrid = 0
    /// Updates that never reached a presented frame: overwritten by a newer one first, or made
    /// while nothing was drawn.
    public var renderedNothing = 0
  }

  private var counts: [String: Counts] = [:]
  private var pending: [String: Int] = [:]
  private var lastFrame = -1

  /// Creates an empty log.
  public init() {}

  /// Records an update by `source`.
  public func updated(_ source: String) {
    counts[source, default: Counts()].updates += 1
    pending[source, default: 0] += 1
  }

  /// Folds the pending updates into `frame`; once per frame, extra calls are ignored.
  public func presented(_ frame: DisplayFrame) {
    guard frame.number != lastFrame else { return }
    lastFrame = frame.number
    for (source, n) in pending where n > 0 {
      var c = counts[source, default: Counts()]
      if frame.draws {
        c.framesPresented += 1
        if !frame.onDisplayGrid { c.offGrid += 1 }
        c.renderedNothing += n - 1
      } else {
        c.renderedNothing += n
      }
      counts[source] = c
    }
    pending.removeAll()
  }

  /// The counts for `source`.
  public func counts(for source: String) -> Counts { counts[source] ?? Counts() }
}

/// The update-loop guard's latest warning, for views that show it (the update-trap scene).
public enum UpdateLoopGuard {
  /// The latest trip in a few words, or nil while the guard has not tripped in this scene.
  public static var latest: String? { CurrentRuntime.reference?.runtime?.loopGuardSummary }
}

// MARK: Pointer

/// Runs an action when the view is clicked; SwiftUI's `onTapGesture`.
public struct _TapGestureView<Content: View>: View {
  public typealias Body = Never
  let content: Content
  let action: () -> Void
}

extension View {
  /// Runs `action` when the view is clicked (a primary-button press inside its frame). The
  /// innermost view with a handler under the pointer takes the click.
  public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> _TapGestureView<Self> {
    _TapGestureView(content: self, action: action)
  }
}

extension _TapGestureView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if !ctx.sameValue {
      node.tapHandler = action
      ctx.runtime.registerTapHandler(node)
    }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}
