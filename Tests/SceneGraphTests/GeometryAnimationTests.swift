import Foundation
import Testing

@testable import SceneGraph

/// A bar whose width, and a bar below whose place, the A key changes, inside `withAnimation`
/// or with `.animation(_:value:)`.
struct GrowingBars: View {
  let animation: Animation?
  let implicit: Bool
  @State var wide = false

  var body: some View {
    VStack(spacing: 0) {
      Rectangle().fill(GeometryAnimationTests.marker).frame(width: wide ? 100 : 50, height: wide ? 40 : 20)
      Rectangle().fill(Color.blue).frame(width: 20, height: 20)
    }
    // Watching a value that changes only in the implicit case: `.animation(nil, value:)` on a
    // changing value would turn the block's animation off, as in SwiftUI.
    .animation(animation, value: implicit && wide)
    .onKeyPress("a") {
      if implicit { wide.toggle() } else { withAnimation(animation) { wide.toggle() } }
      return .handled
    }
  }
}

/// A text that the A key lengthens by a plain change, and a square it pushes, under the
/// deprecated `.animation(_:)`.
struct DeprecatedAnimationLabel: View {
  @State var long = false

  var body: some View {
    HStack(spacing: 0) {
      Text(long ? "abcd" : "ab").font(.system(size: 10))
      Rectangle().fill(GeometryAnimationTests.marker).frame(width: 20, height: 20)
    }
    .onKeyPress("a") {
      long.toggle()
      return .handled
    }
    .animation(.linear(duration: 1))
  }
}

/// A bar that a timeline widens under `.animation(_:value:)` every frame, so that every frame
/// walks the views' geometry.
struct TickingBar: View {
  var body: some View {
    TimelineView(.animation) { context in
      let t = context.date.timeIntervalSince1970
      Rectangle().fill(Color.blue).frame(width: 10 + 10 * t.truncatingRemainder(dividingBy: 1), height: 10)
        .animation(.linear(duration: 0.05), value: t)
    }
  }
}

/// Four bars on a common bottom whose heights the A key changes, each under its own short
/// `.animation(_:value:)`, pressed faster than the animations end (as the timer's bars are).
struct RetargetedBars: View {
  @State var step = 0
  static func color(_ i: Int) -> Color { Color(red: 1, green: 0, blue: Double(i) / 10) }
  var body: some View {
    HStack(alignment: .bottom, spacing: 4) {
      ForEach(0..<4, id: \.self) { i in
        let h = 20 + Double((step * 7 + i * 13) % 50)
        Rectangle().fill(Self.color(i)).frame(width: 10, height: h).animation(.linear(duration: 0.05), value: h)
      }
    }
    .frame(height: 80, alignment: .bottom)
    .onKeyPress("a") {
      step += 1
      return .handled
    }
  }
}

/// A ticking bar and, apart from it, a text that the A key lengthens under `withAnimation`,
/// and the square it pushes.
struct TickerAndPushedSquare: View {
  @State var long = false

  var body: some View {
    ZStack(alignment: .topLeading) {
      TickingBar()
      HStack(spacing: 0) {
        Text(long ? "abcd" : "ab").font(.system(size: 10))
        Rectangle().fill(GeometryAnimationTests.marker).frame(width: 20, height: 20)
      }
      .frame(width: 200, height: 100)
    }
    .onKeyPress("a") {
      withAnimation(.linear(duration: 1)) { long.toggle() }
      return .handled
    }
  }
}

/// The marker square as a view of its own, whose resolved view is reused while its parent's
/// body runs again.
struct MarkerSquare: View {
  var body: some View { Rectangle().fill(GeometryAnimationTests.marker).frame(width: 20, height: 20) }
}

/// A text before the marker square: A lengthens it under `withAnimation`, B shortens it
/// without an animation.
struct LabelAndSquare: View {
  @State var long = false

  var body: some View {
    // At the leading edge, so the stack only grows: the square moves, nothing above it does.
    HStack(spacing: 0) {
      Text(long ? "abcd" : "ab").font(.system(size: 10))
      MarkerSquare()
    }
    .frame(width: 200, height: 100, alignment: .leading)
    .onKeyPress("a") {
      withAnimation(.linear(duration: 1)) { long = true }
      return .handled
    }
    .onKeyPress("b") {
      long = false
      return .handled
    }
  }
}

/// A bar before the marker square that A widens under `withAnimation`; inside
/// `.animation(nil, value:)` when `stopped`.
struct BarAndSquareUnderNilAnimation: View {
  let stopped: Bool
  @State var wide = false

  var body: some View {
    row
      .frame(width: 200, height: 100, alignment: .leading)
      .onKeyPress("a") {
        withAnimation(.linear(duration: 1)) { wide = true }
        return .handled
      }
  }

  @ViewBuilder var row: some View {
    let content = HStack(spacing: 0) {
      Rectangle().fill(Color.gray).frame(width: wide ? 40 : 20, height: 20)
      MarkerSquare()
    }
    if stopped { content.animation(nil, value: wide) } else { content }
  }
}

/// With a ticking bar, so that every frame walks the views' geometry: the marker square under
/// a square that B takes out without an animation and A puts back under `withAnimation`.
struct TickerAndSquareBelowAnOptional: View {
  @State var show = true

  var body: some View {
    ZStack(alignment: .topLeading) {
      TickingBar()
      VStack(spacing: 0) {
        if show { Rectangle().fill(Color.green).frame(width: 20, height: 20) }
        MarkerSquare()
      }
      .frame(width: 200, height: 100, alignment: .top)
    }
    .onKeyPress("a") {
      withAnimation(.linear(duration: 1)) { show = true }
      return .handled
    }
    .onKeyPress("b") {
      show = false
      return .handled
    }
  }
}

/// A text that A lengthens by a plain change, animated by an `.animation(_:value:)` on the text
/// alone, and the marker square beside it.
struct TextAnimatedAloneAndSquare: View {
  @State var long = false

  var body: some View {
    HStack(spacing: 0) {
      // The font set outside the modifier: the node the text is placed at stands above it.
      Text(long ? "abcd" : "ab").animation(.linear(duration: 1), value: long).font(.system(size: 10))
      MarkerSquare()
    }
    .frame(width: 200, height: 100, alignment: .leading)
    .onKeyPress("a") {
      long.toggle()
      return .handled
    }
  }
}

@Suite struct GeometryAnimationTests {
  static let marker = Color(red: 1, green: 0, blue: 0)

  /// The bar's and the square's bounds at each time, the key pressed after a frame at 0 and
  /// taken in a frame at 1; `again` presses it once more before the frame at that time.
  func frames(_ view: GrowingBars, at times: [Double], again: Double? = nil) -> [(Rect?, Rect?, Bool)] {
    let frame = KeyedFrames(view: view, size: Size(width: 200, height: 100))
    #expect(frame.pressAfterFirstFrame())
    return times.map { t in
      if t == again { #expect(frame.runtime.keyPress("a")) }
      let out = frame(t)
      return (
        out.items.first { $0.color == Self.marker }?.bounds, out.items.first { $0.color == Color.blue }?.bounds,
        out.animationsInFlight
      )
    }
  }

  @Test("bars whose animated heights are changed again in flight stay on their stack's bottom")
  func animatedHeightsKeepTheBottom() {
    let frame = KeyedFrames(view: RetargetedBars(), size: Size(width: 200, height: 100))
    _ = frame(0)
    var heights: [[Double]] = []
    for k in 0..<20 {
      if k % 2 == 0 { #expect(frame.runtime.keyPress("a")) }
      let out = frame(Double(k + 1) / 60)
      let bars = (0..<4).compactMap { i in out.items.first { $0.color == RetargetedBars.color(i) }?.bounds }
      #expect(bars.count == 4)
      // The 80-point stack centred in 100: every bar ends at 90, its height in flight.
      for b in bars { #expect(abs(b.maxY - 90) < 1e-9, "frame \(k): \(bars.map(\.maxY))") }
      heights.append(bars.map(\.height))
    }
    // The heights do animate: from where they were, a third of the way a frame.
    #expect(heights[0][0] == 20)
    #expect(abs(heights[1][0] - (20 + 7.0 / 3)) < 1e-9)
    #expect(Set(heights.map { $0[0] }).count > 10)
  }

  @Test("under withAnimation a view's frame moves and resizes from where it was to where layout puts it")
  func framesFollowTheAnimation() {
    let f = frames(GrowingBars(animation: .linear(duration: 1), implicit: false), at: [1.5, 2, 2.5])
    // 50 × 20 over a 20-point square, centered in 200 × 100: the bar from (75, 30); 100 × 40
    // from (50, 20). Halfway, 75 × 30 from (62.5, 25).
    #expect(f[0].0 == Rect(x: 62.5, y: 25, width: 75, height: 30))
    // The square below moves down with it: from y 50 to y 60.
    #expect(f[0].1 == Rect(x: 90, y: 55, width: 20, height: 20))
    #expect(f[0].2)
    #expect(f[1].0 == Rect(x: 50, y: 20, width: 100, height: 40))
    #expect(f[2].1 == Rect(x: 90, y: 60, width: 20, height: 20) && !f[2].2)
  }

  @Test("a change without an animation lays out at once; .animation(_:value:) animates like withAnimation")
  func unanimatedAndImplicit() {
    let jump = frames(GrowingBars(animation: nil, implicit: false), at: [1.5])
    #expect(jump[0].0 == Rect(x: 50, y: 20, width: 100, height: 40) && !jump[0].2)
    let implicit = frames(GrowingBars(animation: .linear(duration: 1), implicit: true), at: [1.5])
    #expect(implicit[0].0 == Rect(x: 62.5, y: 25, width: 75, height: 30))
  }

  /// The marker square's left edge, and whether anything is in flight, at 0, then, with the
  /// A key pressed, at 1, 1.5 and 2.25.
  func pushedSquare<V: View>(_ view: V) -> [(Double?, Bool)] {
    let frame = KeyedFrames(view: view, size: Size(width: 200, height: 100))
    func square(_ t: Double) -> (Double?, Bool) {
      let out = frame(t)
      return (out.items.first { $0.color == Self.marker }?.bounds.minX, out.animationsInFlight)
    }
    let first = square(0)
    #expect(frame.runtime.keyPress("a"))
    return [first] + [1, 1.5, 2.25].map(square)
  }

  @Test("the deprecated .animation(_:) slides a view that a plain change moves, as withAnimation does")
  func deprecatedAnimationMovesViews() {
    let s = pushedSquare(DeprecatedAnimationLabel())
    // As `layoutMovesAnimate`: from 96 to 102 over the second after the frame at 1.
    #expect(s[0].0 == 96)
    #expect(s[1].0 == 96)
    #expect(s[2] == (99, true))
    #expect(s[3] == (102, false))
  }

  @Test("a change while a frame is in flight turns it around from where it is, without a jump")
  func retargets() {
    let frame = KeyedFrames(
      view: GrowingBars(animation: .linear(duration: 1), implicit: false), size: Size(width: 200, height: 100))
    var xs: [Double] = []
    var inFlight = true
    // At 60 frames a second, the key pressed before the frame at 1 and again before the one at 1.5.
    for i in 0...180 {
      if i == 60 || i == 90 { #expect(frame.runtime.keyPress("a")) }
      let out = frame(Double(i) / 60)
      xs.append(out.items.first { $0.color == Self.marker }?.bounds.minX ?? .nan)
      inFlight = out.animationsInFlight
    }
    // 25 points a second at most: well under a point from one frame to the next.
    let steps = zip(xs, xs.dropFirst()).map { abs($1 - $0) }
    #expect(steps.max()! < 0.5, "\(steps.max()!)")
    #expect(xs[89] < 75 && xs[89] > 62.5)
    #expect(xs.last == 75 && !inFlight)
  }

  @Test("a view that layout moves, as a longer text pushes it, slides there under withAnimation")
  func layoutMovesAnimate() {
    struct Label: View {
      @State var long = false
      var body: some View {
        HStack(spacing: 0) {
          Text(long ? "abcd" : "ab").font(.system(size: 10))
          Rectangle().fill(GeometryAnimationTests.marker).frame(width: 20, height: 20)
        }
        .onKeyPress("a") {
          withAnimation(.linear(duration: 1)) { long.toggle() }
          return .handled
        }
      }
    }
    let s = pushedSquare(Label())
    // 12 points of text (6 a letter) and the square, centered: the square at 96; with 24
    // points of text, at 102.
    #expect(s[0].0 == 96)
    #expect(s[1].0 == 96)
    #expect(s[2] == (99, true))
    #expect(s[3] == (102, false))
  }

  @Test("a view left alone through frames that animate elsewhere still slides when layout moves it, there and back")
  func stillViewsSlideWhenMoved() {
    let xs = markerPath(TickerAndPushedSquare(), seconds: 4.5, presses: [1: "a", 3: "a"])
    // As in `layoutMovesAnimate`: 96 with the short text, 102 with the long one, a second
    // between them, both ways.
    #expect(xs[0..<61].allSatisfy { $0 == 96 })
    #expect(abs(xs[90] - 99) < 1e-9 && abs(xs[75] - 97.5) < 1e-9)
    #expect(xs[120..<181].allSatisfy { $0 == 102 })
    #expect(abs(xs[210] - 99) < 1e-9)
    #expect(xs[240...].allSatisfy { $0 == 96 })
  }

  /// The marker square's left edge (or top, with `top`) at 60 frames a second from 0 to
  /// `seconds`, with keys pressed before the frames at the times given.
  func markerPath<V: View>(
    _ view: V, seconds: Double, presses: [Double: KeyEquivalent], top: Bool = false
  ) -> [Double] {
    let frame = KeyedFrames(view: view, size: Size(width: 200, height: 100))
    return (0...Int(seconds * 60)).map { i in
      let t = Double(i) / 60
      if let key = presses[t] { #expect(frame.runtime.keyPress(key)) }
      let bounds = frame(t).items.first { $0.color == Self.marker }?.bounds
      return (top ? bounds?.minY : bounds?.minX) ?? .nan
    }
  }

  @Test("a view moved back without an animation, with no frame animating since, slides when moved again")
  func movedBackWithoutAWalkThenSlides() {
    let xs = markerPath(LabelAndSquare(), seconds: 5, presses: [1: "a", 3: "b", 4: "a"])
    // After 12 points of text, then 24, over a second.
    #expect(xs[59] == 12 && abs(xs[90] - 18) < 1e-9 && xs[150] == 24)
    // Back at once, then out again over a second.
    #expect(xs[180..<241].allSatisfy { $0 == 12 })
    #expect(abs(xs[270] - 18) < 1e-9 && xs[300] == 24)
  }

  @Test("a view that stood for its list while a sibling was out slides when the sibling comes back")
  func viewNoLongerItsListsSlides() {
    // The square below a 20-point one at the top: its top at 20, alone at 0.
    let ys = markerPath(TickerAndSquareBelowAnOptional(), seconds: 4, presses: [1: "b", 2: "a"], top: true)
    // B's change moves it at once: the bar's `.animation(_:value:)`, which changes in the same
    // frame, animates only the bar.
    #expect(ys[59] == 20 && ys[60..<120].allSatisfy { $0 == 0 })
    #expect(abs(ys[150] - 10) < 1e-9 && ys[240] == 20)
  }

  @Test(".animation(_:value:) animates the layout inside the view it modifies, not a sibling it pushes")
  func implicitAnimationIsScoped() {
    let xs = markerPath(TextAnimatedAloneAndSquare(), seconds: 2, presses: [0.5: "a"])
    // After 12 points of text, then 24 at once: only the text is inside the modifier.
    #expect(xs[29] == 12 && xs[30...].allSatisfy { $0 == 24 })
    // The text itself grows from 12 points to 24 over the second.
    let frame = KeyedFrames(view: TextAnimatedAloneAndSquare(), size: Size(width: 200, height: 100))
    _ = frame(0)
    #expect(frame.runtime.keyPress("a"))
    _ = frame(1)
    let text = frame(1.5).items.first { $0.kind == .text }?.bounds
    #expect(text.map { abs($0.width - 18) < 1e-9 } == true)
  }

  @Test(".animation(nil, value:) moves what is inside at once under an enclosing withAnimation")
  func nilAnimationStopsLayoutFlights() {
    // Without the modifier the bar widens over the second and pushes the square along.
    let sliding = markerPath(BarAndSquareUnderNilAnimation(stopped: false), seconds: 2, presses: [0.5: "a"])
    #expect(sliding[29] == 20 && abs(sliding[60] - 30) < 1e-9 && sliding[90] == 40)
    // With it, the bar's width and the square's place change at once.
    let xs = markerPath(BarAndSquareUnderNilAnimation(stopped: true), seconds: 2, presses: [0.5: "a"])
    #expect(xs[29] == 20 && xs[30...].allSatisfy { $0 == 40 })
  }

  @Test("a view whose sibling left ends its flight when its parent comes to stand for it")
  func flightsEndWhenAViewIsNoLongerItsOwn() {
    struct Pair: View {
      @State var show = true
      var body: some View {
        VStack(spacing: 0) {
          if show { Rectangle().fill(Color.gray).frame(width: 20, height: 20) }
          Rectangle().fill(GeometryAnimationTests.marker).frame(width: 20, height: 20)
        }
        .onKeyPress("a") {
          withAnimation(.linear(duration: 1)) { show.toggle() }
          return .handled
        }
      }
    }
    let frame = KeyedFrames(view: Pair(), size: Size(width: 100, height: 100))
    let rt = frame.runtime
    #expect(frame.pressAfterFirstFrame())
    for i in 0...40 { _ = frame(1 + Double(i) / 20) }
    // Everything has settled: no frame is asked for, and nothing is left in flight.
    #expect(!frame(3.5).animationsInFlight)
    #expect(rt.geometryNodes.isEmpty && rt.transitionNodes.isEmpty && rt.leavingCount == 0)
    #expect(frame(3.6).items.first { $0.color == Self.marker }?.bounds.minY == 40)
  }

  @Test("frames that animate only inside an .animation scope walk that scope, not the timeline beside it")
  func walksStayInsideArmedScopes() {
    /// The ticking bar, whose `.animation(_:value:)` arms its scope every frame, above a
    /// timeline whose thirty bars change every frame without an animation.
    struct TickerBesideBusyBars: View {
      var body: some View {
        VStack(alignment: .leading, spacing: 0) {
          TickingBar()
          TimelineView(.animation) { context in
            let t = context.date.timeIntervalSince1970
            HStack(alignment: .top, spacing: 1) {
              ForEach(0..<30, id: \.self) { i in
                Rectangle().fill(Color.green).frame(width: 2, height: 10 + Double(i) + 5 * sin(t))
              }
            }
          }
        }
        .frame(width: 200, height: 100, alignment: .topLeading)
      }
    }
    let frame = KeyedFrames(view: TickerBesideBusyBars(), size: Size(width: 200, height: 100))
    for i in 0...60 {
      let t = Double(i) / 60
      let out = frame(t)
      // The busy bars are where layout puts them at every frame (the date a timeline gives
      // is `t` to within a microsecond).
      let greens = out.items.filter { $0.color == Color.green }.map(\.bounds.height)
      let heights = (0..<30).map { 10 + Double($0) + 5 * sin(t) }
      #expect(greens.count == 30 && zip(greens, heights).allSatisfy { abs($0 - $1) < 1e-6 }, "frame \(i)")
      // The ticker's scope and what holds it, about twenty nodes, not the thirty bars with
      // their frames and stacks besides (some 160 nodes a walk).
      if i > 0 { #expect(frame.runtime.geometryWalkVisits < 30, "frame \(i): \(frame.runtime.geometryWalkVisits)") }
    }
  }

  @Test("a view sliding under withAnimation slides on while a timeline above moves it every frame")
  func flightsGoOnUnderUnanimatedMoves() {
    /// A bar whose height a timeline changes every frame, above the text the A key lengthens
    /// under `withAnimation` and the marker square it pushes.
    struct PushedBelowBusyBar: View {
      @State var long = false
      var body: some View {
        VStack(alignment: .leading, spacing: 0) {
          TimelineView(.animation) { context in
            let t = context.date.timeIntervalSince1970
            Rectangle().fill(Color.green).frame(width: 2, height: 10 + 5 * sin(t))
          }
          HStack(spacing: 0) {
            Text(long ? "abcd" : "ab").font(.system(size: 10))
            Rectangle().fill(GeometryAnimationTests.marker).frame(width: 20, height: 20)
          }
        }
        .frame(width: 200, height: 100, alignment: .topLeading)
        .onKeyPress("a") {
          withAnimation(.linear(duration: 1)) { long.toggle() }
          return .handled
        }
      }
    }
    let frame = KeyedFrames(view: PushedBelowBusyBar(), size: Size(width: 200, height: 100))
    var squares: [Rect] = []
    for i in 0...150 {
      let t = Double(i) / 60
      if i == 60 { #expect(frame.runtime.keyPress("a")) }
      squares.append(frame(t).items.first { $0.color == Self.marker }?.bounds ?? .zero)
    }
    // Across: after 12 points of text, then 24, over the second after the press.
    #expect(squares[59].minX == 12 && abs(squares[75].minX - 15) < 1e-9 && abs(squares[90].minX - 18) < 1e-9)
    #expect(squares[150].minX == 24)
    // Down: below the bar at every frame, at once.
    for i in [59, 75, 90, 150] {
      #expect(abs(squares[i].minY - (10 + 5 * sin(Double(i) / 60))) < 1e-6, "frame \(i)")
    }
  }
}
