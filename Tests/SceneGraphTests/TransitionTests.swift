import Foundation
import Testing

@testable import SceneGraph

/// A red bar between a blue and a green one that the A key shows or hides, inside
/// `withAnimation` or not.
struct TransitionBars: View {
  let transition: AnyTransition?
  let animation: Animation?
  @State var show: Bool

  init(transition: AnyTransition?, animation: Animation? = .linear(duration: 1), show: Bool) {
    (self.transition, self.animation, _show) = (transition, animation, State(initialValue: show))
  }

  var body: some View {
    VStack(spacing: 0) {
      Rectangle().fill(Color.blue).frame(width: 100, height: 20)
      if show {
        if let transition {
          Rectangle().fill(TransitionTests.marker).frame(width: 100, height: 20).transition(transition)
        } else {
          Rectangle().fill(TransitionTests.marker).frame(width: 100, height: 20)
        }
      }
      Rectangle().fill(Color.green).frame(width: 100, height: 20)
    }
    .onKeyPress("a") {
      withAnimation(animation) { show.toggle() }
      return .handled
    }
  }
}

/// A card whose body carries its transition, shown through a padding.
struct SlidingCard: View {
  var body: some View {
    Rectangle().fill(TransitionTests.marker).frame(width: 100, height: 20).transition(.move(edge: .leading))
  }
}

@Suite struct TransitionTests {
  /// The color of the bar that comes and goes.
  static let marker = Color(red: 1, green: 0, blue: 0)

  /// The marker's items at each time, the key pressed after a first frame at 0: the change
  /// is made, and its animations start, in a frame at 1.
  func reds<V: View>(_ view: V, at times: [Double]) -> [[DrawnItem]] {
    let frame = KeyedFrames(view: view, size: Size(width: 100, height: 60))
    #expect(frame.pressAfterFirstFrame())
    return times.map { t in frame(t).items.filter { $0.color == Self.marker.opacity($0.color?.opacity ?? 1) } }
  }

  /// Whether `a` is `b` within a thousandth of a point (`.scale` scales from 10⁻⁵, not 0).
  func close(_ a: Rect?, _ b: Rect) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < 1e-3 && abs(a.minY - b.minY) < 1e-3 && abs(a.width - b.width) < 1e-3
      && abs(a.height - b.height) < 1e-3
  }

  /// The opacity of the one red item, or nil where none is drawn.
  func alphas(_ items: [[DrawnItem]]) -> [Double?] {
    items.map { $0.count == 1 ? (($0[0].color?.opacity ?? 0) * 1000).rounded() / 1000 : nil }
  }

  @Test("an inserted view fades in by default, over the change's animation, already laid out in its place")
  func insertionFades() {
    let items = reds(TransitionBars(transition: nil, show: false), at: [1.25, 1.5, 2, 3])
    #expect(alphas(items) == [0.25, 0.5, 1, 1])
    // At its place in the stack, which grows from 40 to 60 points about the window's middle
    // under the same animation: the stack's top goes from 10 to 0, the bar from 30 to 20.
    #expect(items.map { $0.first?.bounds } == [27.5, 25, 20, 20].map { Rect(x: 0, y: $0, width: 100, height: 20) })
  }

  @Test("a removed view fades out at its place in the stack while the others close up, then goes")
  func removalFades() {
    let frame = KeyedFrames(view: TransitionBars(transition: nil, show: true), size: Size(width: 100, height: 60))
    let rt = frame.runtime
    #expect(frame.pressAfterFirstFrame())
    let mid = frame(1.5)
    let red = mid.items.filter { $0.color == Self.marker.opacity(0.5) }
    // The stack shrinks from 60 to 40 points about the window's middle: its top is halfway
    // from 0 to 10, and the leaving bar keeps its place in it, 20 below the top.
    #expect(red.count == 1 && red[0].bounds == Rect(x: 0, y: 25, width: 100, height: 20))
    #expect(abs((red.first?.color?.opacity ?? 0) - 0.5) < 1e-9)
    // The stack closes up under the same animation: the green bar is halfway from 40 to 30.
    #expect(mid.items.contains { $0.color == Color.green && $0.bounds.minY == 35 })
    // The leaving bar is drawn beneath the stack that closed up over it.
    let order = mid.items.compactMap(\.color)
    #expect(order.firstIndex(of: Self.marker.opacity(0.5)) == 0 && order.count == 3)
    #expect(mid.animationsInFlight)
    let end = frame(2.25)
    #expect(!end.items.contains { $0.color?.red == 1 && $0.color?.blue == 0 })
    #expect(rt.leavingCount == 0)
    #expect(!frame(2.5).animationsInFlight)
  }

  @Test("without an animation a view comes and goes at once")
  func unanimated() {
    #expect(alphas(reds(TransitionBars(transition: .slide, animation: nil, show: false), at: [1.25, 1.5])) == [1, 1])
    #expect(
      alphas(reds(TransitionBars(transition: .slide, animation: nil, show: true), at: [1.25, 1.5])) == [nil, nil])
    #expect(alphas(reds(TransitionBars(transition: .identity, show: true), at: [1.25, 1.5])) == [nil, nil])
  }

  @Test("slide comes in from the leading edge and leaves towards the trailing one, by the view's width")
  func slide() {
    let inserted = reds(TransitionBars(transition: .slide, show: false), at: [1.25, 1.5, 2])
    #expect(inserted.map { $0.first?.bounds.minX } == [-75, -50, 0])
    let removed = reds(TransitionBars(transition: .slide, show: true), at: [1.25, 1.5, 2.5])
    #expect(removed.map { $0.first?.bounds.minX } == [25, 50, nil])
    #expect(removed[0].first?.bounds.minY == 22.5)
  }

  @Test("scale, offset, push and move apply their documented active states")
  func activeStates() {
    let scaled = reds(TransitionBars(transition: .scale, show: false), at: [1.5])[0]
    // Halfway, the growing stack has the bar 5 points below its place (see insertionFades).
    #expect(close(scaled.first?.bounds, Rect(x: 25, y: 30, width: 50, height: 10)))
    let half = reds(TransitionBars(transition: .scale(scale: 0.5, anchor: .topLeading), show: false), at: [1.5])[0]
    #expect(half.first?.bounds == Rect(x: 0, y: 25, width: 75, height: 15))
    let offset = reds(TransitionBars(transition: .offset(x: 40, y: -10), show: false), at: [1.5])[0]
    #expect(offset.first?.bounds == Rect(x: 20, y: 20, width: 100, height: 20))
    let moved = reds(TransitionBars(transition: .move(edge: .bottom), show: false), at: [1.5])[0]
    #expect(moved.first?.bounds == Rect(x: 0, y: 35, width: 100, height: 20))
    // push(from: .top): in from above while fading in; out through the bottom while fading out.
    let pushedIn = reds(TransitionBars(transition: .push(from: .top), show: false), at: [1.5])[0]
    #expect(pushedIn.first?.bounds.minY == 15 && pushedIn.first?.color?.opacity == 0.5)
    let pushedOut = reds(TransitionBars(transition: .push(from: .top), show: true), at: [1.5])[0]
    #expect(pushedOut.first?.bounds.minY == 35 && pushedOut.first?.color?.opacity == 0.5)
  }

  @Test("asymmetric picks by direction, combined applies both, and a transition's animation wins")
  func composition() {
    let t = AnyTransition.asymmetric(insertion: .move(edge: .leading), removal: .opacity.combined(with: .scale))
    #expect(reds(TransitionBars(transition: t, show: false), at: [1.5])[0].first?.bounds.minX == -50)
    let out = reds(TransitionBars(transition: t, show: true), at: [1.5])[0].first
    #expect(out?.color?.opacity == 0.5 && close(out?.bounds, Rect(x: 25, y: 30, width: 50, height: 10)))
    let slow = AnyTransition.opacity.animation(.linear(duration: 4))
    #expect(alphas(reds(TransitionBars(transition: slow, show: false), at: [2, 3])) == [0.25, 0.5])
    // A transition's own animation runs even where the change has none.
    #expect(alphas(reds(TransitionBars(transition: slow, animation: nil, show: false), at: [2])) == [0.25])
  }

  @Test("a transition set in a view's body or under other modifiers belongs to the view that comes and goes")
  func transitionRisesThroughModifiersAndBodies() {
    struct Shown: View {
      @State var show = false
      var body: some View {
        // A stack that keeps its size, so that only the card moves.
        ZStack {
          Rectangle().fill(Color.clear).frame(width: 100, height: 60)
          if show { SlidingCard().padding(.top, 0).opacity(1) }
        }
        .onKeyPress("a") {
          withAnimation(.linear(duration: 1)) { show.toggle() }
          return .handled
        }
      }
    }
    #expect(reds(Shown(), at: [1.5]).map { $0.first?.bounds.minX } == [-50])
  }

  @Test("an element removed from a ForEach leaves through its transition")
  func forEachRemoval() {
    struct List: View {
      @State var ids = [1, 2, 3]
      var body: some View {
        HStack(spacing: 0) {
          ForEach(ids, id: \.self) { i in
            Rectangle().fill(i == 2 ? TransitionTests.marker : Color.gray).frame(width: 20, height: 20)
              .transition(.scale)
          }
        }
        .onKeyPress("a") {
          withAnimation(.linear(duration: 1)) { ids.removeAll { $0 == 2 } }
          return .handled
        }
      }
    }
    let mid = reds(List(), at: [1.5, 2.5])
    // The row, 60 points centered in 100, put the red square at x 40. It shrinks about its
    // center while keeping its place in the row, which closes up to 40 points: halfway, the
    // row starts at 25 instead of 20, and the square's center is at 55.
    #expect(close(mid[0].first?.bounds, Rect(x: 50, y: 25, width: 10, height: 10)))
    #expect(mid[1].isEmpty)
  }
}
