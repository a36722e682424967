// `Timer.publish(every:on:in:)` and `.onReceive`: timer-driven updates, off the display's clock.
import FoundationEssentials
import Timeline

/// A timer publisher in the shape of Combine's `Timer.publish(every:on:in:)`, so the articles'
/// "incorrect" timer-driven views paste in unchanged.
///
/// It fires every `interval` seconds from the moment its view appears, on its own clock:
/// it knows nothing of the display, and each tick wakes the app and is drawn at once, which is
/// exactly the behaviour the articles warn about.
public struct TimerPublisher: Hashable, Sendable {
  /// Seconds between ticks.
  public let interval: TimeInterval

  /// Combine's `autoconnect()`: the timer starts when a subscriber (the view) appears.
  public func autoconnect() -> TimerPublisher { self }
}

/// Foundation's `Timer`, here only as the namespace of `Timer.publish(every:on:in:)`, so a
/// article's timer pastes unchanged (the program does not link Foundation's run loop).
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
    /// Every mode, tracking included: the articles' choice.
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
