import Foundation
import Graphics
import Testing

@testable import SceneGraph

/// What the gestures under test did, in order.
final class GestureEvents: @unchecked Sendable {
  var log: [String] = []
}

@Suite struct GestureCompositionTests {
  let size = Size(width: 200, height: 100)
  let centre = Point(x: 100, y: 50)

  /// A 40 × 40 square at the centre with `gesture` attached, red.
  func square<G: Gesture>(_ gesture: G) -> some View {
    Rectangle().fill(Color.red).frame(width: 40, height: 40).gesture(gesture)
  }

  @Test("a tap runs on the release, not on the press, and not when released away from the view")
  func tapRunsOnRelease() {
    let events = GestureEvents()
    let frames = KeyedFrames(
      view: Color.red.frame(width: 40, height: 40).onTapGesture { events.log.append("tap") }, size: size)
    _ = frames(0)
    #expect(frames.runtime.pointerDown(at: centre, time: 0))
    #expect(events.log.isEmpty)
    #expect(frames.runtime.pointerUp(at: centre, time: 0.1))
    #expect(events.log == ["tap"])
    // Pressed on the view, dragged off and released there: no tap.
    #expect(frames.runtime.pointerDown(at: centre, time: 1))
    _ = frames.runtime.pointerMoved(to: Point(x: 190, y: 50), time: 1.1)
    _ = frames.runtime.pointerUp(at: Point(x: 190, y: 50), time: 1.2)
    #expect(events.log == ["tap"])
  }

  /// A view with a double click inside a single click, the published way to have both.
  struct DoubleAndSingle: View {
    let events: GestureEvents
    var body: some View {
      Color.red.frame(width: 40, height: 40)
        .onTapGesture(count: 2) { events.log.append("double") }
        .onTapGesture { events.log.append("single") }
    }
  }

  @Test("two quick clicks are a double click and not a single; one click is a single once the wait is over")
  func doubleClickBeforeSingle() {
    let events = GestureEvents()
    let frames = KeyedFrames(view: DoubleAndSingle(events: events), size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    _ = frames.runtime.pointerUp(at: centre, time: 0.05)
    #expect(events.log.isEmpty, "the single click waits: a second may follow")
    _ = frames.runtime.pointerDown(at: centre, time: 0.2)
    _ = frames.runtime.pointerUp(at: centre, time: 0.25)
    #expect(events.log == ["double"])
    // One click alone: nothing until the double click's wait (0.35 s) is over.
    _ = frames.runtime.pointerDown(at: centre, time: 2)
    _ = frames.runtime.pointerUp(at: centre, time: 2.05)
    frames.runtime.gesturesReachTime(2.3)
    #expect(events.log == ["double"])
    frames.runtime.gesturesReachTime(2.41)
    #expect(events.log == ["double", "single"])
    // A click, then a press elsewhere: the click was a single.
    _ = frames.runtime.pointerDown(at: centre, time: 3)
    _ = frames.runtime.pointerUp(at: centre, time: 3.05)
    #expect(frames.runtime.pointerDown(at: Point(x: 5, y: 5), time: 3.1), "the held click ran: the view changes")
    #expect(events.log == ["double", "single", "single"])
  }

  @Test("TapGesture(count: 3) needs three clicks, each within the wait of the last")
  func tripleClick() {
    let events = GestureEvents()
    let frames = KeyedFrames(view: square(TapGesture(count: 3).onEnded { events.log.append("three") }), size: size)
    _ = frames(0)
    for t in [0.0, 0.2, 0.4] {
      _ = frames.runtime.pointerDown(at: centre, time: t)
      _ = frames.runtime.pointerUp(at: centre, time: t + 0.05)
    }
    #expect(events.log == ["three"])
    // Two clicks, then the third too late: nothing.
    for t in [1.0, 1.2, 2.0] {
      _ = frames.runtime.pointerDown(at: centre, time: t)
      _ = frames.runtime.pointerUp(at: centre, time: t + 0.05)
    }
    #expect(events.log == ["three"])
  }

  /// A circle that is red, then blue while a long press is held, and green once it succeeded.
  struct LongPressCircle: View {
    let events: GestureEvents
    @GestureState private var pressing = false
    @State private var done = false
    var body: some View {
      Circle()
        .fill(pressing ? Color.blue : (done ? Color.green : Color.red))
        .frame(width: 40, height: 40)
        .gesture(
          LongPressGesture(minimumDuration: 1)
            .updating($pressing) { current, state, _ in state = current }
            .onEnded { finished in
              done = finished
              events.log.append("ended \(finished)")
            })
    }
  }

  func color(_ out: FrameOutput) -> Color? { out.items.first { $0.kind == .shape }?.color }

  @Test("a long press is true while held and ends, true, once held its duration; moved away, it fails")
  func longPress() {
    let events = GestureEvents()
    let frames = KeyedFrames(view: LongPressCircle(events: events), size: size)
    #expect(color(frames(0)) == Color.red)
    #expect(frames.runtime.pointerDown(at: centre, time: 10))
    #expect(color(frames(0.1)) == Color.blue)
    frames.runtime.gesturesReachTime(10.5)
    #expect(events.log.isEmpty)
    frames.runtime.gesturesReachTime(11)
    #expect(events.log == ["ended true"])
    #expect(color(frames(0.2)) == Color.green, "the gesture state is back to false, and done is set")
    _ = frames.runtime.pointerUp(at: centre, time: 11.5)
    #expect(events.log == ["ended true"])

    let moved = GestureEvents()
    let again = KeyedFrames(view: LongPressCircle(events: moved), size: size)
    _ = again(0)
    _ = again.runtime.pointerDown(at: centre, time: 0)
    #expect(again.runtime.pointerMoved(to: Point(x: 115, y: 50), time: 0.2))
    again.runtime.gesturesReachTime(2)
    #expect(moved.log.isEmpty)
    #expect(color(again(0.3)) == Color.red)
  }

  @Test("onLongPressGesture: pressing true on the press, the action at the duration, pressing false on release")
  func onLongPressGesture() {
    let events = GestureEvents()
    let view = Color.red.frame(width: 40, height: 40)
      .onLongPressGesture(minimumDuration: 0.5) {
        events.log.append("action")
      } onPressingChanged: {
        events.log.append("pressing \($0)")
      }
    let frames = KeyedFrames(view: view, size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    #expect(events.log == ["pressing true"])
    frames.runtime.gesturesReachTime(0.6)
    #expect(events.log == ["pressing true", "action"])
    _ = frames.runtime.pointerUp(at: centre, time: 1)
    #expect(events.log == ["pressing true", "action", "pressing false"])
    // Released early: no action.
    _ = frames.runtime.pointerDown(at: centre, time: 2)
    _ = frames.runtime.pointerUp(at: centre, time: 2.1)
    frames.runtime.gesturesReachTime(3)
    #expect(events.log.suffix(2) == ["pressing true", "pressing false"])
  }

  /// The published "long press, then drag" pattern: a square that moves only after being held.
  struct HoldThenDrag: View {
    @GestureState private var offset = Size(width: 0, height: 0)
    var body: some View {
      Rectangle().fill(Color.red).frame(width: 40, height: 40)
        .offset(offset)
        .gesture(
          LongPressGesture(minimumDuration: 0.5)
            .sequenced(before: DragGesture(minimumDistance: 0))
            .updating($offset) { value, state, _ in
              if case .second(true, let drag?) = value { state = drag.translation }
            })
    }
  }

  func square(_ out: FrameOutput) -> Rect? { out.items.first { $0.color == Color.red }?.bounds }

  @Test("sequenced(before:): the drag moves the square only once the long press has succeeded")
  func longPressThenDrag() {
    let frames = KeyedFrames(view: HoldThenDrag(), size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    _ = frames.runtime.pointerMoved(to: Point(x: 104, y: 50), time: 0.1)
    #expect(square(frames(0.1)) == Rect(x: 80, y: 30, width: 40, height: 40), "held, not yet long enough")
    frames.runtime.gesturesReachTime(0.6)
    _ = frames.runtime.pointerMoved(to: Point(x: 134, y: 60), time: 0.7)
    #expect(square(frames(0.2)) == Rect(x: 114, y: 40, width: 40, height: 40))
    _ = frames.runtime.pointerUp(at: Point(x: 134, y: 60), time: 0.8)
    #expect(square(frames(0.3)) == Rect(x: 80, y: 30, width: 40, height: 40))
  }

  @Test("simultaneously(with:) gives both values; exclusively(before:) only the first that succeeds")
  func simultaneousAndExclusive() {
    let events = GestureEvents()
    let both = DragGesture(minimumDistance: 0).simultaneously(with: LongPressGesture(minimumDuration: 0.5))
      .onEnded { value in events.log.append("both \(value.first?.translation.width ?? -1) \(value.second ?? false)") }
    let frames = KeyedFrames(view: square(both), size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    frames.runtime.gesturesReachTime(0.6)
    _ = frames.runtime.pointerUp(at: Point(x: 105, y: 50), time: 0.7)
    #expect(events.log == ["both 5.0 true"])

    let either = TapGesture(count: 2).exclusively(before: TapGesture())
      .onEnded { value in
        switch value {
        case .first: events.log.append("first")
        case .second: events.log.append("second")
        }
      }
    let other = KeyedFrames(view: square(either), size: size)
    _ = other(0)
    _ = other.runtime.pointerDown(at: centre, time: 0)
    _ = other.runtime.pointerUp(at: centre, time: 0.05)
    _ = other.runtime.pointerDown(at: centre, time: 0.1)
    _ = other.runtime.pointerUp(at: centre, time: 0.15)
    #expect(events.log.last == "first")
    _ = other.runtime.pointerDown(at: centre, time: 1)
    _ = other.runtime.pointerUp(at: centre, time: 1.05)
    #expect(events.log.last == "first")
    other.runtime.gesturesReachTime(2)
    #expect(events.log.suffix(2) == ["first", "second"])
  }

  @Test("a high-priority gesture on a container goes before its child's tap; a simultaneous one runs with it")
  func priorities() {
    let events = GestureEvents()
    let high = Color.red.frame(width: 40, height: 40).onTapGesture { events.log.append("child") }
      .padding(10)
      .highPriorityGesture(TapGesture().onEnded { events.log.append("parent") })
    let frames = KeyedFrames(view: high, size: size)
    _ = frames(0)
    #expect(frames.runtime.tap(at: centre))
    #expect(events.log == ["parent"])

    events.log.removeAll()
    let together = Color.red.frame(width: 40, height: 40).onTapGesture { events.log.append("child") }
      .padding(10)
      .simultaneousGesture(TapGesture().onEnded { events.log.append("parent") })
    let second = KeyedFrames(view: together, size: size)
    _ = second(0)
    #expect(second.runtime.tap(at: centre))
    #expect(Set(events.log) == ["child", "parent"])
  }

  @Test("disabled views and including: .none take no gestures")
  func disabledGestures() {
    let events = GestureEvents()
    let off = Color.red.frame(width: 40, height: 40).onTapGesture { events.log.append("tap") }.disabled(true)
    let frames = KeyedFrames(view: off, size: size)
    _ = frames(0)
    #expect(!frames.runtime.tap(at: centre))
    let masked = Color.red.frame(width: 40, height: 40)
      .gesture(TapGesture().onEnded { events.log.append("masked") }, including: .none)
    let other = KeyedFrames(view: masked, size: size)
    _ = other(0)
    #expect(!other.runtime.tap(at: centre))
    #expect(events.log.isEmpty)
  }

  @Test("onTapGesture with a location gives it in the view's coordinates, or the window's")
  func spatialTap() {
    let events = GestureEvents()
    let view = VStack(spacing: 0) {
      Color.red.frame(width: 40, height: 40).onTapGesture { p in events.log.append("local \(p.x),\(p.y)") }
      Color.blue.frame(width: 40, height: 20)
        .onTapGesture(coordinateSpace: .global) { p in events.log.append("global \(p.x),\(p.y)") }
    }
    let frames = KeyedFrames(view: view, size: size)
    _ = frames(0)
    // The stack is 40 × 60, centred: the red square from (80, 20), the blue bar from (80, 60).
    #expect(frames.runtime.tap(at: Point(x: 90, y: 25)))
    #expect(frames.runtime.tap(at: Point(x: 110, y: 70)))
    #expect(events.log == ["local 10.0,5.0", "global 110.0,70.0"])
  }

  /// A square that scales with a pinch while it goes on, and keeps the last twist's angle.
  struct Zoomable: View {
    let events: GestureEvents
    @GestureState private var scale = 1.0
    var body: some View {
      Rectangle().fill(Color.red).frame(width: 40, height: 40)
        .scaleEffect(scale)
        .gesture(MagnificationGesture().updating($scale) { value, state, _ in state = value })
        .simultaneousGesture(
          RotateGesture().onEnded { events.log.append("turned \(Int(($0.rotation.degrees).rounded()))°") })
    }
  }

  @Test("Ctrl and the wheel pinch a MagnificationGesture; Shift and the wheel twist a RotateGesture")
  func pinchAndTwist() {
    let events = GestureEvents()
    let frames = KeyedFrames(view: Zoomable(events: events), size: size)
    _ = frames(0)
    #expect(frames.runtime.wheelGesture(.magnify(1.1), at: centre, time: 0))
    #expect(frames.runtime.wheelGesture(.magnify(1.1), at: centre, time: 0.1))
    // Scaled by 1.1 twice about its centre: 48.4 points a side.
    #expect(abs((square(frames(0.1))?.width ?? 0) - 48.4) < 1e-9)
    frames.runtime.gesturesReachTime(0.3)
    #expect(
      abs((square(frames(0.2))?.width ?? 0) - 48.4) < 1e-9, "a third of a second after the last notch, not before")
    frames.runtime.gesturesReachTime(0.45)
    #expect(square(frames(0.3)) == Rect(x: 80, y: 30, width: 40, height: 40), "back to 1 when the pinch ends")
    #expect(frames.runtime.wheelGesture(.rotate(.pi / 12), at: centre, time: 1))
    #expect(frames.runtime.wheelGesture(.rotate(.pi / 12), at: centre, time: 1.1))
    frames.runtime.gesturesReachTime(1.5)
    #expect(events.log == ["turned 30°"])
    // Over no view with a pinch, the wheel is the app's.
    #expect(!frames.runtime.wheelGesture(.magnify(1.1), at: Point(x: 5, y: 5), time: 2))
    let tapOnly = KeyedFrames(view: square(TapGesture()), size: size)
    _ = tapOnly(0)
    #expect(!tapOnly.runtime.wheelGesture(.magnify(1.1), at: centre, time: 0))
  }

  @Test("a tap beside a long press on one view: a click taps, a held press is long, in either order")
  func tapBesideLongPress() {
    let events = GestureEvents()
    let tapFirst = Color.red.frame(width: 40, height: 40)
      .onTapGesture { events.log.append("tap") }
      .onLongPressGesture { events.log.append("long") }
    let pressFirst = Color.red.frame(width: 40, height: 40)
      .onLongPressGesture { events.log.append("long") }
      .onTapGesture { events.log.append("tap") }
    for view in [AnyView(tapFirst), AnyView(pressFirst)] {
      events.log.removeAll()
      let frames = KeyedFrames(view: view, size: size)
      _ = frames(0)
      _ = frames.runtime.pointerDown(at: centre, time: 0)
      _ = frames.runtime.pointerUp(at: centre, time: 0.1)
      frames.runtime.gesturesReachTime(1)
      #expect(events.log == ["tap"])
      _ = frames.runtime.pointerDown(at: centre, time: 2)
      frames.runtime.gesturesReachTime(2.6)
      _ = frames.runtime.pointerUp(at: centre, time: 2.7)
      #expect(events.log == ["tap", "long"])
    }
  }

  @Test("a finished part of a composed gesture leaves no deadline behind to wake the loop for")
  func noStaleDeadline() {
    let frames = KeyedFrames(
      view: square(DragGesture().simultaneously(with: LongPressGesture(minimumDuration: 0.5))), size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    #expect(frames.runtime.routes.arena?.deadline == 0.5)
    // Moved away, the long press fails; the drag goes on with no deadline.
    _ = frames.runtime.pointerMoved(to: Point(x: 130, y: 50), time: 0.1)
    #expect(frames.runtime.routes.arena != nil)
    #expect(frames.runtime.routes.arena?.deadline == nil)
  }

  @Test("a press after a release that never came starts the drag afresh")
  func lostRelease() {
    let events = GestureEvents()
    let drag = DragGesture().onEnded { events.log.append("dragged \($0.translation.width)") }
    let frames = KeyedFrames(view: square(drag), size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    _ = frames.runtime.pointerMoved(to: Point(x: 115, y: 50), time: 0.1)
    // No release: the next press is a new drag.
    #expect(frames.runtime.pointerDown(at: centre, time: 1))
    _ = frames.runtime.pointerMoved(to: Point(x: 85, y: 50), time: 1.1)
    _ = frames.runtime.pointerUp(at: Point(x: 85, y: 50), time: 1.2)
    #expect(events.log == ["dragged -15.0"])
  }

  @Test("a twist right after a pinch is taken too; a quick click reaches the second of an exclusive pair")
  func wheelAfterWheelAndExclusiveSecond() {
    let events = GestureEvents()
    let frames = KeyedFrames(view: Zoomable(events: events), size: size)
    _ = frames(0)
    #expect(frames.runtime.wheelGesture(.magnify(1.1), at: centre, time: 0))
    #expect(frames.runtime.wheelGesture(.rotate(.pi / 12), at: centre, time: 0.1))
    frames.runtime.gesturesReachTime(1)
    #expect(events.log == ["turned 15°"])

    let either = LongPressGesture().exclusively(before: TapGesture())
      .onEnded { value in
        if case .second = value { events.log.append("tap") } else { events.log.append("long") }
      }
    let other = KeyedFrames(view: square(either), size: size)
    _ = other(0)
    _ = other.runtime.pointerDown(at: centre, time: 0)
    _ = other.runtime.pointerUp(at: centre, time: 0.1)
    #expect(events.log.last == "tap")
    _ = other.runtime.pointerDown(at: centre, time: 1)
    other.runtime.gesturesReachTime(1.6)
    #expect(events.log.last == "long")
  }

  @Test("a single click held back behind a double click and a long press runs when the double click's wait ends")
  func heldBehindTwo() {
    let events = GestureEvents()
    let view = Color.red.frame(width: 40, height: 40)
      .onTapGesture(count: 2) { events.log.append("double") }
      .onTapGesture { events.log.append("single") }
      .onLongPressGesture(
        perform: { events.log.append("long") }, onPressingChanged: { events.log.append("pressing \($0)") })
    let frames = KeyedFrames(view: view, size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    _ = frames.runtime.pointerUp(at: centre, time: 0.2)
    // The long press's own deadline (0.5) is held back; the wake to ask for is the double click's.
    #expect(frames.runtime.routes.arena?.deadline == 0.55)
    frames.runtime.gesturesReachTime(0.55)
    #expect(events.log.contains("single") && !events.log.contains("long"))
    #expect(frames.runtime.routes.arena == nil)
  }

  @Test("a drag begun right after a click on a double-click view inside it drags")
  func dragAfterClick() {
    let events = GestureEvents()
    let view = Color.red.frame(width: 40, height: 40)
      .onTapGesture(count: 2) { events.log.append("double") }
      .padding(10)
      .gesture(DragGesture().onEnded { events.log.append("dragged \($0.translation.width)") })
    let frames = KeyedFrames(view: view, size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    _ = frames.runtime.pointerUp(at: centre, time: 0.05)
    _ = frames.runtime.pointerDown(at: centre, time: 0.2)
    _ = frames.runtime.pointerMoved(to: Point(x: 130, y: 50), time: 0.3)
    _ = frames.runtime.pointerUp(at: Point(x: 130, y: 50), time: 0.4)
    #expect(events.log == ["dragged 30.0"])
  }

  @Test("a pinch while a drag is held goes to the press's gestures; the drag carries on")
  func pinchDuringDrag() {
    let events = GestureEvents()
    let view = Color.red.frame(width: 40, height: 40)
      .gesture(DragGesture().onEnded { events.log.append("dragged \($0.translation.width)") })
      .padding(10)
      .gesture(MagnificationGesture().onEnded { _ in events.log.append("pinched") })
    let frames = KeyedFrames(view: view, size: size)
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre, time: 0)
    _ = frames.runtime.pointerMoved(to: Point(x: 120, y: 50), time: 0.1)
    #expect(frames.runtime.wheelGesture(.magnify(1.1), at: Point(x: 120, y: 50), time: 0.2))
    frames.runtime.gesturesReachTime(1)
    _ = frames.runtime.pointerUp(at: Point(x: 125, y: 50), time: 1.1)
    #expect(events.log == ["dragged 25.0"])
  }

  @Test("a control inside a view with a high-priority tap: the tap takes the click")
  func highPriorityOverControl() {
    let events = GestureEvents()
    let view = Button("Go") { events.log.append("button") }
      .padding(20)
      .highPriorityGesture(TapGesture().onEnded { events.log.append("cell") })
    let frames = KeyedFrames(view: view, size: size)
    _ = frames(0)
    #expect(frames.runtime.tap(at: centre))
    #expect(events.log == ["cell"])
  }

  @Test("a waiting gesture wakes the loop through the runtime's wake handler at its deadline")
  func deadlineWakesTheLoop() async throws {
    final class Woken: @unchecked Sendable {
      let lock = NSLock()
      var count = 0
    }
    let woken = Woken()
    let events = GestureEvents()
    let frames = KeyedFrames(
      view: Color.red.frame(width: 40, height: 40).onLongPressGesture(minimumDuration: 0.05) {
        events.log.append("long")
      },
      size: size)
    frames.runtime.wakeHandler = { woken.lock.withLock { woken.count += 1 } }
    _ = frames(0)
    _ = frames.runtime.pointerDown(at: centre)
    for _ in 0..<100 where woken.lock.withLock({ woken.count }) == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
    #expect(woken.lock.withLock { woken.count } >= 1)
    _ = frames(0.1)
    #expect(events.log == ["long"])
  }
}
