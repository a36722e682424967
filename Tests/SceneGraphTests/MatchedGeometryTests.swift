import Foundation
import Testing

@testable import SceneGraph

/// A small square at the top left that the A key swaps, under `withAnimation`, for a large
/// one at the bottom right with the same matched id (or another id).
struct HeroSquares: View {
  let sameID: Bool
  @Namespace var space
  @State var expanded = false

  var body: some View {
    ZStack(alignment: .topLeading) {
      Rectangle().fill(Color.clear).frame(width: 200, height: 100)
      if expanded {
        Rectangle().fill(MatchedGeometryTests.big)
          .matchedGeometryEffect(id: sameID ? "card" : "other", in: space)
          .frame(width: 100, height: 60)
          .padding(EdgeInsets(top: 40, leading: 100, bottom: 0, trailing: 0))
      } else {
        Rectangle().fill(MatchedGeometryTests.small)
          .matchedGeometryEffect(id: "card", in: space)
          .frame(width: 20, height: 20)
      }
    }
    .onKeyPress("a") {
      withAnimation(.linear(duration: 1)) { expanded.toggle() }
      return .handled
    }
  }
}

/// The small square of `HeroSquares` in a box that the A key slides right under `withAnimation`;
/// the B key swaps it for the large one while the box is still sliding.
struct HeroInSlidingBox: View {
  @Namespace var space
  @State var pushed = false
  @State var expanded = false

  var body: some View {
    ZStack(alignment: .topLeading) {
      Rectangle().fill(Color.clear).frame(width: 200, height: 100)
      HStack(spacing: 0) {
        if pushed { Color.clear.frame(width: 30, height: 20) }
        VStack(spacing: 0) {
          if !expanded {
            Rectangle().fill(MatchedGeometryTests.small).matchedGeometryEffect(id: "card", in: space)
              .frame(width: 20, height: 20)
          }
          Rectangle().fill(Color.green).frame(width: 20, height: 20)
        }
        .padding(1)
      }
      if expanded {
        Rectangle().fill(MatchedGeometryTests.big).matchedGeometryEffect(id: "card", in: space)
          .frame(width: 100, height: 60)
          .padding(EdgeInsets(top: 40, leading: 100, bottom: 0, trailing: 0))
      }
    }
    .onKeyPress("a") {
      withAnimation(.linear(duration: 1)) { pushed = true }
      return .handled
    }
    .onKeyPress("b") {
      withAnimation(.linear(duration: 2)) { expanded = true }
      return .handled
    }
  }
}

@Suite struct MatchedGeometryTests {
  static let small = Color(red: 1, green: 0, blue: 0)
  static let big = Color(red: 0, green: 0, blue: 1)

  /// The big square's bounds and opacity at each time, the key pressed after a frame at 0
  /// and taken in a frame at 1.
  func big(_ view: HeroSquares, at times: [Double]) -> [(Rect, Double)?] {
    let frame = KeyedFrames(view: view, size: Size(width: 200, height: 100))
    #expect(frame.pressAfterFirstFrame())
    return times.map { t in
      frame(t).items.first { $0.color?.blue == 1 && $0.color?.red == 0 }.map { ($0.bounds, $0.color?.opacity ?? 0) }
    }
  }

  @Test("a view inserted as a matched one is removed starts from that one's frame and fades in")
  func startsFromTheMatchedFrame() {
    // (Its content is drawn at the frame in flight; an offset outside the matched view would
    // move it from the start, as in SwiftUI.)
    let f = big(HeroSquares(sameID: true), at: [1.5, 2.5])
    // From 20 × 20 at the origin to 100 × 60 at (100, 40): halfway, 60 × 40 at (50, 20).
    let r = f[0]?.0 ?? .zero
    #expect(
      abs(r.minX - 50) < 1e-9 && abs(r.minY - 20) < 1e-9 && abs(r.width - 60) < 1e-9 && abs(r.height - 40) < 1e-9,
      "\(r)")
    #expect(f[0]?.1 == 0.5)
    #expect(f[1]?.0 == Rect(x: 100, y: 40, width: 100, height: 60) && f[1]?.1 == 1)
  }

  @Test("the removed matched view flies to the new one's frame while it fades out")
  func removedOneFlies() {
    let frame = KeyedFrames(view: HeroSquares(sameID: true), size: Size(width: 200, height: 100))
    #expect(frame.pressAfterFirstFrame())
    let small = frame(1.5).items.first { $0.color?.red == 1 && $0.color?.blue == 0 }
    let r = small?.bounds ?? .zero
    #expect(
      abs(r.minX - 50) < 1e-9 && abs(r.minY - 20) < 1e-9 && abs(r.width - 60) < 1e-9 && abs(r.height - 40) < 1e-9,
      "\(r)")
    #expect(small?.color?.opacity == 0.5)
    #expect(!frame(2.5).items.contains { $0.color?.red == 1 && $0.color?.blue == 0 })
  }

  @Test("a card that spacers place flies straight to its place: an inserted spacer pushes at once")
  func spacersKeepPushing() {
    let frame = KeyedFrames(view: SpacedHero(), size: Size(width: 1280, height: 720))
    #expect(frame.pressAfterFirstFrame())
    // From 300 × 400 at (490, 304) to 100 × 100 at (590, 16), the old card flying with the new.
    let cards = [2.0, 3.0].map { t in frame(t).items.filter { $0.color?.blue == 1 && $0.color?.red == 0 } }
    #expect(cards[0].count == 2 && cards[0].allSatisfy { $0.bounds == Rect(x: 540, y: 160, width: 200, height: 250) })
    #expect(cards[1].map(\.bounds) == [Rect(x: 590, y: 16, width: 100, height: 100)])
  }

  @Test("with another id it only fades in, in its own place")
  func unmatchedStaysInPlace() {
    let f = big(HeroSquares(sameID: false), at: [1.5])
    #expect(f[0]?.0 == Rect(x: 100, y: 40, width: 100, height: 60) && f[0]?.1 == 0.5)
  }

  @Test("a namespace is one per view, and stays the same across updates")
  func namespacesAreStable() {
    struct Two: View {
      @Namespace var a
      @Namespace var b
      @State var tick = 0
      let seen: NamespaceLog
      var body: some View {
        seen.ids.append([a, b])
        return Text("\(tick)").onKeyPress("a") {
          tick += 1
          return .handled
        }
      }
    }
    let log = NamespaceLog()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let input = FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 100, height: 100))
    _ = rt.frame({ Two(seen: log) }, input: input)
    #expect(rt.keyPress("a"))
    _ = rt.frame({ Two(seen: log) }, input: input)
    #expect(log.ids.count == 2 && log.ids[0] == log.ids[1] && log.ids[0][0] != log.ids[0][1])
  }

  @Test("a matched view inside a removed row flies with the one that comes in; the row's text stays and fades")
  func matchedViewInsideARemovedRowFlies() {
    for spring in [false, true] {
      let frame = KeyedFrames(view: ExpandingCard(spring: spring), size: Size(width: 640, height: 480))
      #expect(frame.pressAfterFirstFrame())
      var titles: [Rect] = []
      for t in [1.05, 1.1, 1.2, 1.5] {
        let out = frame(t)
        if let title = out.items.first(where: { $0.text == "Brief title" })?.bounds { titles.append(title) }
        let small = out.items.first { $0.color?.red == 1 && $0.color?.blue == 0 }?.bounds
        let big = out.items.first { $0.color?.blue == 1 && $0.color?.red == 0 }?.bounds
        guard let small, let big else {
          #expect(spring && t == 1.5, "both pictures are drawn at \(t)")
          continue
        }
        // The two pictures are one frame in flight, under the spring as under the curve.
        let pairs = [
          (small.minX, big.minX), (small.minY, big.minY), (small.width, big.width), (small.height, big.height),
        ]
        for (a, b) in pairs { #expect(abs(a - b) < 1e-6, "spring \(spring), t \(t): \(small) against \(big)") }
      }
      // The title stays where the row put it while it fades.
      #expect(titles.count >= 3 && titles.allSatisfy { $0 == titles[0] }, "\(titles)")
      #expect(titles.first.map { $0.minX > 219.9 + 80 } == true)
      // Halfway along the curve: from 80 × 80 at (219.9, 200) to 640 × 300 at (0, 75.8).
      if !spring {
        let small = frame(1.5).items.first { $0.color?.red == 1 && $0.color?.blue == 0 }?.bounds ?? .zero
        #expect(abs(small.minX - 109.95) < 1e-6 && abs(small.width - 360) < 1e-6 && abs(small.minY - 137.9) < 1e-6)
      }
    }
  }

  @Test("a matched view removed from a sliding box flies from where the box drew it")
  func removedFromASlidingBoxFliesFromWhereItWasDrawn() {
    let frame = KeyedFrames(view: HeroInSlidingBox(), size: Size(width: 200, height: 100))
    var small: [Int: Rect] = [:]
    for i in 0...210 {
      if i == 60 { #expect(frame.runtime.keyPress("a")) }
      if i == 90 { #expect(frame.runtime.keyPress("b")) }
      small[i] = frame(Double(i) / 60).items.first { $0.color?.red == 1 && $0.color?.blue == 0 }?.bounds
    }
    func near(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
      guard let r else { return false }
      return abs(r.minX - x) < 1e-9 && abs(r.minY - y) < 1e-9 && abs(r.width - w) < 1e-9 && abs(r.height - h) < 1e-9
    }
    // The box slides from x 1 to 31 over the second after the frame at 1; the last frame
    // before the swap drew the square at 15.5.
    #expect(near(small[89], 15.5, 1, 20, 20), "\(String(describing: small[89]))")
    // It flies from there, not from its place in the box's layout (31), to the large one's
    // frame (100, 40, 100 × 60) over two seconds.
    #expect(near(small[90], 15.5, 1, 20, 20), "\(String(describing: small[90]))")
    #expect(near(small[120], 36.625, 10.75, 40, 30), "\(String(describing: small[120]))")
    #expect(near(small[150], 57.75, 20.5, 60, 40), "\(String(describing: small[150]))")
  }
}

/// A published expandable card: a picture beside a title in a row that a tap swaps, under a
/// spring or a linear animation, for the picture full width over a description.
struct ExpandingCard: View {
  let spring: Bool
  @Namespace private var space
  @State private var isExpanded = false

  var body: some View {
    Group {
      if isExpanded {
        VStack {
          Rectangle().fill(MatchedGeometryTests.big).matchedGeometryEffect(id: "picture", in: space)
            .frame(maxWidth: .infinity).frame(height: 300)
          Text("Detailed description...")
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
      } else {
        HStack {
          Rectangle().fill(MatchedGeometryTests.small).matchedGeometryEffect(id: "picture", in: space)
            .frame(width: 80, height: 80)
          Text("Brief title")
        }
      }
    }
    .onKeyPress("a") {
      withAnimation(spring ? .spring(response: 0.4, dampingFraction: 0.8) : .linear(duration: 1)) {
        isExpanded.toggle()
      }
      return .handled
    }
  }
}

/// A published hero card: a small card over a spacer that a large one under a spacer replaces.
struct SpacedHero: View {
  @Namespace private var animation
  @State var isExpanded = true
  var body: some View {
    VStack {
      if !isExpanded {
        RoundedRectangle(cornerRadius: 12).fill(MatchedGeometryTests.big)
          .matchedGeometryEffect(id: "card", in: animation).frame(width: 100, height: 100)
        Spacer()
      } else {
        Spacer()
        RoundedRectangle(cornerRadius: 24).fill(MatchedGeometryTests.big)
          .matchedGeometryEffect(id: "card", in: animation).frame(width: 300, height: 400)
      }
    }
    .padding()
    .onKeyPress("a") {
      withAnimation(.linear(duration: 2)) { isExpanded.toggle() }
      return .handled
    }
  }
}

/// The namespaces a view saw in each body.
final class NamespaceLog: @unchecked Sendable {
  var ids: [[Namespace.ID]] = []
}
