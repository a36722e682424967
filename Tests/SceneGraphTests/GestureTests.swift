import Foundation
import Graphics
import Testing

@testable import SceneGraph

/// A 40 × 40 square at the centre of 200 × 100 that a drag moves, and that springs back when
/// released; a tap on it counts.
struct DraggableSquare: View {
  let log: GestureLog
  var minimumDistance: Double = 10
  @State private var offset = Size(width: 0, height: 0)

  var body: some View {
    Rectangle().fill(Color.red).frame(width: 40, height: 40)
      .offset(offset)
      .gesture(
        DragGesture(minimumDistance: minimumDistance)
          .onChanged { value in
            offset = value.translation
            log.changes.append(value)
          }
          .onEnded { value in
            offset = Size(width: 0, height: 0)
            log.ends.append(value)
          }
      )
      .onTapGesture { log.taps += 1 }
  }
}

final class GestureLog: @unchecked Sendable {
  var changes: [DragGesture.Value] = []
  var ends: [DragGesture.Value] = []
  var taps = 0
}

@Suite struct GestureTests {
  func square(_ out: FrameOutput) -> Rect? { out.items.first { $0.color?.red == 1 }?.bounds }

  @Test("a drag on a view moves it by its translation, in the view's coordinates, and ends on release")
  func dragMovesTheView() {
    let log = GestureLog()
    let frames = KeyedFrames(view: DraggableSquare(log: log), size: Size(width: 200, height: 100))
    #expect(square(frames(0)) == Rect(x: 80, y: 30, width: 40, height: 40))
    #expect(frames.runtime.pointerDown(at: Point(x: 90, y: 40)))
    // Under the least distance, nothing moves yet.
    #expect(!frames.runtime.pointerMoved(to: Point(x: 95, y: 42)))
    #expect(log.changes.isEmpty)
    #expect(frames.runtime.pointerMoved(to: Point(x: 120, y: 45)))
    #expect(square(frames(0.1)) == Rect(x: 110, y: 35, width: 40, height: 40))
    let v = log.changes.last
    #expect(v?.translation == Size(width: 30, height: 5))
    #expect(v?.startLocation == Point(x: 10, y: 10) && v?.location == Point(x: 40, y: 15))
    #expect(frames.runtime.pointerUp(at: Point(x: 130, y: 45)))
    #expect(log.ends.map(\.translation) == [Size(width: 40, height: 5)])
    #expect(square(frames(0.2)) == Rect(x: 80, y: 30, width: 40, height: 40))
    #expect(log.taps == 0, "a drag is not a tap")
  }

  @Test("a press released before the drag begins is a tap, run on release")
  func shortPressIsATap() {
    let log = GestureLog()
    let frames = KeyedFrames(view: DraggableSquare(log: log), size: Size(width: 200, height: 100))
    _ = frames(0)
    #expect(frames.runtime.pointerDown(at: Point(x: 100, y: 50)))
    #expect(log.taps == 0)
    _ = frames.runtime.pointerMoved(to: Point(x: 103, y: 52))
    #expect(frames.runtime.pointerUp(at: Point(x: 103, y: 52)))
    #expect(log.taps == 1 && log.changes.isEmpty && log.ends.isEmpty)
    // Outside the view, a press starts nothing.
    #expect(!frames.runtime.pointerDown(at: Point(x: 10, y: 10)))
    #expect(!frames.runtime.pointerMoved(to: Point(x: 60, y: 10)))
    #expect(!frames.runtime.pointerUp(at: Point(x: 60, y: 10)))
  }

  @Test("with no least distance the drag begins on the press")
  func zeroDistanceBeginsAtOnce() {
    let log = GestureLog()
    let frames = KeyedFrames(view: DraggableSquare(log: log, minimumDistance: 0), size: Size(width: 200, height: 100))
    _ = frames(0)
    #expect(frames.runtime.pointerDown(at: Point(x: 100, y: 50)))
    #expect(log.changes.map(\.translation) == [Size(width: 0, height: 0)])
    #expect(frames.runtime.pointerUp(at: Point(x: 100, y: 50)))
    #expect(log.ends.count == 1 && log.taps == 0)
  }

  @Test("TapGesture through gesture(_:) runs its onEnded on a click")
  func tapGesture() {
    final class Count: @unchecked Sendable { var n = 0 }
    let count = Count()
    let frames = KeyedFrames(
      view: Rectangle().frame(width: 50, height: 50).gesture(TapGesture().onEnded { count.n += 1 }),
      size: Size(width: 100, height: 100))
    _ = frames(0)
    #expect(frames.runtime.tap(at: Point(x: 50, y: 50)))
    #expect(!frames.runtime.tap(at: Point(x: 5, y: 5)))
    #expect(count.n == 1)
  }

  /// A square dragged to stay where it is dropped: the published pattern.
  struct Dropped: View {
    @State private var position = Size(width: 0, height: 0)
    @State private var drag = Size(width: 0, height: 0)
    var body: some View {
      Rectangle().fill(Color.red).frame(width: 40, height: 40)
        .offset(x: position.width + drag.width, y: position.height + drag.height)
        .gesture(
          DragGesture()
            .onChanged { drag = $0.translation }
            .onEnded {
              let t = $0.translation
              position = Size(width: position.width + t.width, height: position.height + t.height)
              drag = Size(width: 0, height: 0)
            })
    }
  }

  @Test("a view dragged to a new place is pressed where it is drawn, not where it was laid out")
  func pressFindsTheMovedView() {
    let frames = KeyedFrames(view: Dropped(), size: Size(width: 200, height: 100))
    _ = frames(0)
    #expect(frames.runtime.pointerDown(at: Point(x: 100, y: 50)))
    #expect(frames.runtime.pointerMoved(to: Point(x: 160, y: 60)))
    #expect(frames.runtime.pointerUp(at: Point(x: 160, y: 60)))
    #expect(square(frames(0.1)) == Rect(x: 140, y: 40, width: 40, height: 40))
    // Its old place is empty now; it is found where it was dropped, and moves from there.
    #expect(!frames.runtime.pointerDown(at: Point(x: 95, y: 50)))
    #expect(frames.runtime.pointerDown(at: Point(x: 160, y: 60)))
    #expect(frames.runtime.pointerMoved(to: Point(x: 130, y: 60)))
    #expect(frames.runtime.pointerUp(at: Point(x: 130, y: 60)))
    #expect(square(frames(0.2)) == Rect(x: 110, y: 40, width: 40, height: 40))
  }

  /// A square that follows a drag through `@GestureState` and returns when it ends.
  struct StateDragged: View {
    @GestureState private var drag = Size(width: 0, height: 0)
    var body: some View {
      Rectangle().fill(Color.red).frame(width: 40, height: 40)
        .offset(x: drag.width, y: drag.height)
        .gesture(DragGesture().updating($drag) { value, state, _ in state = value.translation })
    }
  }

  @Test("@GestureState follows the drag through updating(_:body:) and is back to its start when it ends")
  func gestureStateResets() {
    let frames = KeyedFrames(view: StateDragged(), size: Size(width: 200, height: 100))
    _ = frames(0)
    #expect(frames.runtime.pointerDown(at: Point(x: 100, y: 50)))
    #expect(frames.runtime.pointerMoved(to: Point(x: 130, y: 40)))
    #expect(square(frames(0.1)) == Rect(x: 110, y: 20, width: 40, height: 40))
    #expect(frames.runtime.pointerUp(at: Point(x: 130, y: 40)))
    #expect(square(frames(0.2)) == Rect(x: 80, y: 30, width: 40, height: 40))
  }
}
