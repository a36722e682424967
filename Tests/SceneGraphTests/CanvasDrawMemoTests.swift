import Foundation
import Graphics
import Testing

@testable import SceneGraph

/// `CanvasContext` calls repeated from a canvas's last lowering are appended as they were drawn:
/// every frame's draw list equals the one a first lowering of the same canvas gives.
@Suite struct CanvasDrawMemoTests {
  /// A dial: a rim, twelve ticks, a hand at `hand` twelfths of a turn, a filled wedge, a hub.
  struct Dial: View {
    var hand: Int
    var tickColor = Color.white
    var body: some View {
      Canvas { ctx in
        let c = Point(x: 50, y: 50)
        ctx.stroke(Path { $0.addEllipse(in: Rect(x: 5, y: 5, width: 90, height: 90)) }, with: .gray, lineWidth: 2)
        for i in 0..<12 {
          let a = Double(i) / 12 * 2 * .pi
          let p0 = Point(x: c.x + sin(a) * 38, y: c.y - cos(a) * 38)
          let p1 = Point(x: c.x + sin(a) * 44, y: c.y - cos(a) * 44)
          ctx.stroke(
            Path {
              $0.move(to: p0)
              $0.addLine(to: p1)
            }, with: tickColor, lineWidth: i % 3 == 0 ? 3 : 1)
        }
        let a = Double(hand) / 12 * 2 * .pi
        ctx.stroke(
          Path {
            $0.move(to: c)
            $0.addLine(to: Point(x: c.x + sin(a) * 30, y: c.y - cos(a) * 30))
          }, with: .orange, lineWidth: 2)
        ctx.fill(
          Path {
            $0.move(to: Point(x: 20, y: 80))
            $0.addLine(to: Point(x: 40, y: 70))
            $0.addLine(to: Point(x: 30, y: 90))
            $0.closeSubpath()
          }, with: .blue)
        ctx.fillCircle(center: c, radius: 3, color: .white)
      }
      .frame(width: 100, height: 100)
    }
  }

  /// `count` dots on a circle, turned a step further each `turn`; with `fixedDot`, a dot that
  /// stays put drawn first. A new `generation` makes the canvas again without changing what it
  /// draws (an unchanged canvas is replayed whole, and its closure does not run).
  struct Orbit: View {
    var turn: Int
    var count: Int
    var fixedDot = false
    var generation = 0
    var body: some View {
      Canvas { ctx in
        if fixedDot { ctx.fillCircle(center: Point(x: 5, y: 5), radius: 3, color: .white) }
        for i in 0..<count {
          let a = Double(turn * count + i) * 0.1
          ctx.fillCircle(center: Point(x: 50 + 30 * cos(a), y: 50 + 30 * sin(a)), radius: 4, color: .green)
        }
      }
      .frame(width: 100, height: 100)
    }
  }

  static func lowered<V: View>(_ view: V, by rt: SceneRuntime, frame i: Int = 0) -> FrameOutput {
    rt.frame({ view }, input: FrameInput(now: t0, time: Double(i), size: Size(width: 200, height: 120)))
  }

  /// The draw list a first lowering of `view` gives: nothing replayed.
  static func fresh<V: View>(_ view: V) -> FrameOutput {
    lowered(view, by: SceneRuntime(textEngine: FixedAdvanceTextEngine()))
  }

  /// Lowers `view(i)` for each `i` in `frames` by one runtime, checks each frame's list against a
  /// first lowering's, and returns how many calls each frame replayed.
  static func replays<V: View>(_ frames: Range<Int>, by rt: SceneRuntime, _ view: (Int) -> V) -> [Int] {
    frames.map { i in
      let out = lowered(view(i), by: rt, frame: i)
      expectSame(out, fresh(view(i)), "frame \(i)")
      return out.canvasCallsReplayed
    }
  }

  static func expectSame(_ a: FrameOutput, _ b: FrameOutput, _ comment: Comment) {
    #expect(a.drawList.vertices == b.drawList.vertices, comment)
    #expect(a.drawList.indices == b.drawList.indices, comment)
    #expect(a.drawList.commands == b.drawList.commands, comment)
    #expect(a.drawList.primitives == b.drawList.primitives, comment)
  }

  @Test("a moving hand is drawn again while the rim, the ticks, the wedge and the hub are appended as they were")
  func repeatedCallsAreReplayed() {
    let replayed = Self.replays(0..<5, by: SceneRuntime(textEngine: FixedAdvanceTextEngine())) { Dial(hand: $0) }
    // 16 calls a frame: the rim, 12 ticks, the hand, the wedge and the hub; all but the hand repeat.
    #expect(replayed == [0, 15, 15, 15, 15])
  }

  @Test("a canvas replayed whole while its view holds still keeps its calls for the update that changes it")
  func replayedCanvasKeepsItsCalls() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let still = (0..<5).map { Self.lowered(Dial(hand: 0), by: rt, frame: $0) }
    #expect(still.last?.fragmentsReplayed == 1)
    #expect(still.last?.canvasCallsReplayed == 0, "the closure did not run")
    let moved = Self.lowered(Dial(hand: 1), by: rt, frame: 5)
    Self.expectSame(moved, Self.fresh(Dial(hand: 1)), "after the replays")
    #expect(moved.canvasCallsReplayed == 15)
  }

  @Test("a canvas moved, faded or clipped differently draws every call afresh")
  func placementAndStateAreChecked() {
    let variants: [(String, AnyView, replayed: Int)] = [
      ("moved", AnyView(Dial(hand: 0).offset(x: 7.25, y: 3)), 0),
      ("faded", AnyView(Dial(hand: 0).opacity(0.5)), 0),
      ("clipped", AnyView(Dial(hand: 0).frame(width: 60, height: 60).clipped()), 0),
      // The same place, under a clip: the draw list's state tells the calls apart.
      ("clipped in place", AnyView(Dial(hand: 0).clipped()), 0),
      // Twelve calls changed in a row: the rim before them and the three calls after them match.
      ("ticks recolored", AnyView(Dial(hand: 0, tickColor: .red)), 4),
    ]
    for (name, view, expected) in variants {
      let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
      _ = Self.lowered(AnyView(Dial(hand: 0)), by: rt)
      let out = Self.lowered(view, by: rt, frame: 1)
      Self.expectSame(out, Self.fresh(view), "\(name)")
      #expect(out.canvasCallsReplayed == expected, "\(name)")
    }
  }

  @Test("calls that change every frame stop being recorded for a while, and the lists stay exact")
  func changingCallsRest() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    #expect(Self.replays(0..<12, by: rt) { Orbit(turn: $0, count: 8) }.allSatisfy { $0 == 0 })
    // After resting, a canvas that holds still is matched again.
    let still = Self.replays(20..<(23 + CanvasDrawMemo.restingLowerings), by: rt) {
      Orbit(turn: 99, count: 8, generation: $0)
    }
    #expect(still.last == 8)
  }

  @Test("a call inserted or removed in the middle leaves the calls after it matched")
  func insertionsKeepTheRestMatched() {
    struct Marks: View {
      var count: Int
      var extra: Bool
      var body: some View {
        Canvas { ctx in
          for i in 0..<count {
            if extra && i == 3 { ctx.fillCircle(center: Point(x: 5, y: 5), radius: 2, color: .red) }
            ctx.stroke(
              Path {
                $0.move(to: Point(x: Double(i) * 10, y: 0))
                $0.addLine(to: Point(x: Double(i) * 10, y: 40))
              }, with: .white, lineWidth: 2)
          }
        }
        .frame(width: 100, height: 50)
      }
    }
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    _ = Self.lowered(Marks(count: 8, extra: false), by: rt)
    let inserted = Self.lowered(Marks(count: 8, extra: true), by: rt, frame: 1)
    #expect(inserted.canvasCallsReplayed == 8)
    Self.expectSame(inserted, Self.fresh(Marks(count: 8, extra: true)), "inserted")
    let removed = Self.lowered(Marks(count: 8, extra: false), by: rt, frame: 2)
    #expect(removed.canvasCallsReplayed == 8)
    Self.expectSame(removed, Self.fresh(Marks(count: 8, extra: false)), "removed")
  }

  @Test("two canvases stacked in one place keep their own calls, and each is replayed")
  func stackedCanvasesKeepTheirOwnCalls() {
    struct Stacked: View {
      var hand: Int
      var body: some View {
        ZStack {
          Dial(hand: hand)
          Dial(hand: hand + 6, tickColor: .yellow)
        }
      }
    }
    let replayed = Self.replays(0..<3, by: SceneRuntime(textEngine: FixedAdvanceTextEngine())) { Stacked(hand: $0) }
    #expect(replayed == [0, 30, 30])
  }

  @Test("a canvas whose calls mostly change rests, though a few of them repeat")
  func mostlyChangingCallsRest() {
    let replayed = Self.replays(0..<4, by: SceneRuntime(textEngine: FixedAdvanceTextEngine())) {
      Orbit(turn: $0, count: 16, fixedDot: true)
    }
    // The white dot repeats in the second lowering; 1 of 17 is under an eighth, so the canvas
    // rests and records nothing for the next ones.
    #expect(replayed == [0, 1, 0, 0])
  }
}
