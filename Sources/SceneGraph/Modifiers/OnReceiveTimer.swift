// `Timer.publish(every:on:in:)` and `.onReceive`: values from publishers, timers among them.
import Dispatch
import FoundationEssentials
import OpenCombine
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
public enum Timer {
  /// The publisher `Timer.publish(every:on:in:)` returns.
  public typealias TimerPublisher = SceneGraph.TimerPublisher
}

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

  /// Runs `action` with the tick's date each time the timer fires (the form a property typed
  /// `Publishers.Autoconnect<Timer.TimerPublisher>` has).
  public func onReceive(
    _ publisher: Publishers.Autoconnect<TimerPublisher>, perform action: @escaping (Date) -> Void
  ) -> _OnReceiveView<Self> {
    _OnReceiveView(content: self, publisher: publisher.upstream, action: action)
  }

  /// Runs `action` with each value `publisher` emits while the view is on screen.
  ///
  /// The view subscribes when it appears and cancels when it goes. Values may be sent from any
  /// thread: each is handed to the frame loop, which wakes and runs `action` on its own thread
  /// before the next update.
  public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
  where P.Failure == Never {
    modified(OnReceiveModifier(publisher: publisher, action: action))
  }
}

/// A view's subscription to a publisher, and the action it delivers to (the latest view's).
final class PublisherSubscription<Output>: NodeResource {
  var action: (Output) -> Void
  var cancellable: AnyCancellable?
  init(action: @escaping (Output) -> Void) { self.action = action }
  func end() {
    cancellable?.cancel()
    cancellable = nil
  }
}

/// Subscribes to the publisher when the view appears and hands each value to the frame loop.
struct OnReceiveModifier<P: Publisher>: PrimitiveModifier where P.Failure == Never {
  let publisher: P
  let action: (P.Output) -> Void

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    if let existing = node.resources.lazy.compactMap({ $0 as? PublisherSubscription<P.Output> }).first {
      if !ctx.sameValue { existing.action = action }
    } else {
      let subscription = PublisherSubscription(action: action)
      node.resources.append(subscription)
      let inbox = ctx.runtime.inbox
      subscription.cancellable = publisher.sink { [weak subscription] value in
        guard let subscription else { return }
        inbox.perform(LoopWork { if subscription.cancellable != nil { subscription.action(value) } })
      }
    }
    return ctx.runtime.child(node, ChildKey(0), content, ctx)
  }
}

// MARK: The timer as a publisher of its own

extension TimerPublisher: ConnectablePublisher {
  public typealias Output = Date
  public typealias Failure = Never

  /// Sends the date every `interval` seconds to `subscriber`, from a background thread. (A
  /// view's `onReceive` does not subscribe: it ticks on the frame loop's clock instead.)
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
    subscriber.receive(subscription: TimerSubscription(interval: interval, subscriber: subscriber))
  }

  /// Each subscriber has its own timer, started by its first demand; nothing to connect.
  public func connect() -> any Cancellable { AnyCancellable {} }
}

/// One subscriber's timer.
private final class TimerSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Date, S.Failure == Never {
  private let lock = Lock()
  private var subscriber: S?
  private var demand = Subscribers.Demand.none
  private var timer: DispatchSourceTimer?
  private let interval: TimeInterval

  init(interval: TimeInterval, subscriber: S) {
    self.interval = interval
    self.subscriber = subscriber
  }

  func request(_ more: Subscribers.Demand) {
    lock.withLock {
      demand += more
      guard timer == nil, subscriber != nil else { return }
      let source = DispatchSource.makeTimerSource(queue: .global())
      source.schedule(deadline: .now() + interval, repeating: interval)
      source.setEventHandler { [weak self] in self?.tick() }
      source.resume()
      timer = source
    }
  }

  private func tick() {
    let target: S? = lock.withLock {
      guard demand > 0, let subscriber else { return nil }
      demand -= 1
      return subscriber
    }
    guard let target else { return }
    let more = target.receive(Date())
    lock.withLock { demand += more }
  }

  func cancel() {
    lock.withLock {
      timer?.cancel()
      timer = nil
      subscriber = nil
    }
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
