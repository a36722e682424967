import Foundation
import Graphics
import Testing

@testable import SceneGraph

/// Fixed advances, with a glyph epoch a test moves as a growing atlas would.
final class MovingEpochTextEngine: TextEngine {
  let fixed = FixedAdvanceTextEngine()
  var layoutEpoch = 0
  func layout(_ text: String, font: Font, pixelSize: Double) -> GlyphRun {
    fixed.layout(text, font: font, pixelSize: pixelSize)
  }
}

/// Counts a canvas closure's calls.
final class CallCounter: @unchecked Sendable { var calls = 0 }

@Suite struct FragmentCacheTests {
  struct Dial: View {
    var body: some View {
      VStack(spacing: 4) {
        Circle().fill(Color.red).frame(width: 40, height: 40)
        RoundedRectangle(cornerRadius: 3).fill(Color.blue).frame(width: 60, height: 12)
      }
    }
  }

  static func frames<V: View>(
    _ count: Int, runtime rt: SceneRuntime, between: (Int) -> Void = { _ in }, _ body: @escaping (Int) -> V
  ) -> [FrameOutput] {
    (0..<count).map { i in
      between(i)
      return rt.frame(
        { body(i) }, input: FrameInput(now: t0, time: Double(i) / 60, size: Size(width: 200, height: 100)))
    }
  }

  @Test("an unchanged subtree is kept in its second frame and replayed from its third, as it was drawn")
  func keptThenReplayed() {
    let outs = Self.frames(5, runtime: SceneRuntime(textEngine: FixedAdvanceTextEngine())) { _ in Dial() }
    #expect(outs.map(\.fragmentsRecorded) == [0, 1, 0, 0, 0])
    #expect(outs.map(\.fragmentsReplayed) == [0, 0, 1, 1, 1])
    for out in outs.dropFirst() {
      #expect(out.drawList.vertices == outs[0].drawList.vertices)
      #expect(out.drawList.indices == outs[0].drawList.indices)
      #expect(out.drawList.commands == outs[0].drawList.commands)
      #expect(out.drawList.primitives == outs[0].drawList.primitives)
      #expect(out.items == outs[0].items)
    }
    let off = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    off.keepsFragments = false
    let plain = Self.frames(5, runtime: off) { _ in Dial() }
    #expect(plain.allSatisfy { $0.fragmentsRecorded == 0 && $0.fragmentsReplayed == 0 })
  }

  /// A square that flies down when a bar comes in above it, beside a dial that never changes.
  struct FlightBesideDial: View {
    let bar: Bool
    var body: some View {
      HStack(alignment: .top, spacing: 10) {
        VStack(spacing: 0) {
          if bar { Rectangle().fill(Color.orange).frame(width: 10, height: 40) }
          Rectangle().fill(Color.blue).frame(width: 10, height: 10)
        }
        .animation(.linear(duration: 1), value: bar)
        Dial()
      }
    }
  }

  @Test("a view in flight leaves the views beside it replayed, and everything drawn as with nothing kept")
  func flightBesideKeptFragments() {
    let body = { (i: Int) in FlightBesideDial(bar: i >= 3) }
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var inFlight: [Bool] = []
    let outs = Self.frames(12, runtime: rt, between: { _ in inFlight.append(!rt.geometryNodes.isEmpty) }, body)
    inFlight = Array(inFlight.dropFirst()) + [!rt.geometryNodes.isEmpty]
    let off = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    off.keepsFragments = false
    let plain = Self.frames(12, runtime: off, body)
    // The square flies from frame 3 (a second-long move, a twelfth of it drawn here). The
    // dial was kept inside the whole stack's fragment until the bar came in; it is kept on
    // its own in frame 4 and replayed from frame 5 while the flight goes on beside it.
    #expect(inFlight[3...].allSatisfy { $0 })
    #expect(outs.map(\.fragmentsReplayed) == [0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1])
    #expect(outs[5].drawList.vertices != outs[6].drawList.vertices)
    for (i, (kept, fresh)) in zip(outs, plain).enumerated() {
      #expect(kept.drawList.vertices == fresh.drawList.vertices, "frame \(i)")
      #expect(kept.drawList.indices == fresh.drawList.indices, "frame \(i)")
      #expect(kept.drawList.primitives == fresh.drawList.primitives, "frame \(i)")
      #expect(kept.items == fresh.items, "frame \(i)")
    }
  }

  @Test("glyphs that move in the atlas, or new tessellation settings, make kept fragments record again")
  func epochAndSettingsInvalidate() {
    let engine = MovingEpochTextEngine()
    let rt = SceneRuntime(textEngine: engine)
    let change: (Int) -> Void = { i in
      if i == 3 { engine.layoutEpoch += 1 }
      if i == 6 { rt.tessellation = DrawList.Tessellation(for: [.ditheredRamps, .opaqueInteriors]) }
    }
    let outs = Self.frames(8, runtime: rt, between: change) { _ in Dial() }
    // Frame 3 draws afresh and keeps the subtree again, frame 4 replays it; the same at 6.
    #expect(outs.map(\.fragmentsReplayed) == [0, 0, 1, 0, 1, 1, 0, 1])
    #expect(outs.map(\.fragmentsRecorded) == [0, 1, 0, 1, 0, 0, 1, 0])
  }

  @Test("a subtree that moves every frame is kept once, then rests before it is tried again")
  func movingSubtreeRests() {
    let frames = Lowerer.restingFrames + 4
    let outs = Self.frames(frames, runtime: SceneRuntime(textEngine: FixedAdvanceTextEngine())) { i in
      Dial().offset(x: Double(i), y: 0)
    }
    #expect(outs.allSatisfy { $0.fragmentsReplayed == 0 })
    // Kept in its second frame, found moved in its third, kept again once its rest is over;
    // nothing below it is kept meanwhile.
    let kept = outs.indices.filter { outs[$0].fragmentsRecorded > 0 }
    #expect(kept == [1, Lowerer.restingFrames + 3])
  }

  @Test("a subtree that moved once is kept again after its rest (a resize, a scroll)")
  func movedOnceIsKeptAgain() {
    let frames = Lowerer.restingFrames + 8
    let outs = Self.frames(frames, runtime: SceneRuntime(textEngine: FixedAdvanceTextEngine())) { i in
      Dial().offset(x: i < 3 ? 0 : 5, y: 0)
    }
    #expect(outs[2].fragmentsReplayed == 1)
    #expect(outs[3].fragmentsReplayed == 0)
    #expect(outs.last?.fragmentsReplayed == 1)
    #expect(outs.last?.drawList.vertices == outs[3].drawList.vertices)
  }

  @Test("a canvas made again every frame runs every frame, while the shapes beside it are replayed")
  func canvasMadeEveryFrameRuns() {
    let counter = CallCounter()
    let outs = Self.frames(5, runtime: SceneRuntime(textEngine: FixedAdvanceTextEngine())) { _ in
      VStack {
        Canvas { ctx in
          counter.calls += 1
          ctx.fillCircle(center: Point(x: 10, y: 10), radius: 8, color: .green)
        }
        .frame(width: 20, height: 20)
        Dial()
      }
    }
    #expect(counter.calls == 5)
    #expect(outs.last?.fragmentsReplayed == 1)
    #expect(outs.last?.drawList.vertices == outs[0].drawList.vertices)
  }

  /// A canvas whose view changes only with `tick`, as a `TimelineView` entry changes it.
  struct TickCanvas: View, Equatable {
    let tick: Int
    let counter: CallCounter
    static func == (a: Self, b: Self) -> Bool { a.tick == b.tick && a.counter === b.counter }
    var body: some View {
      let x = 10 + Double(tick)
      Canvas { ctx in
        counter.calls += 1
        ctx.fillCircle(center: Point(x: x, y: 10), radius: 8, color: .green)
      }
      .frame(width: 40, height: 20)
    }
  }

  @Test("a canvas whose view does not change is drawn again without running its closure, as in SwiftUI")
  func unchangedCanvasIsReplayed() {
    let counter = CallCounter()
    let outs = Self.frames(9, runtime: SceneRuntime(textEngine: FixedAdvanceTextEngine())) { i in
      VStack {
        TickCanvas(tick: i / 3, counter: counter)
        // Changes every frame, as the rest of a window does.
        Rectangle().fill(Color(white: Double(i) / 10)).frame(width: 30, height: 5)
      }
    }
    // Each tick's canvas runs when it is new and when it is kept (its second frame), then is
    // replayed: 2 runs a tick, not 3.
    #expect(counter.calls == 6)
    #expect([2, 5, 8].allSatisfy { outs[$0].fragmentsReplayed >= 1 })
    // The canvas's disc is the list's first primitive; the rectangle after it changes.
    let disc = outs.map { $0.drawList.primitives.first?.key }
    #expect(disc[0] != nil)
    #expect(disc[1] == disc[0] && disc[2] == disc[0])
    #expect(disc[4] == disc[3] && disc[5] == disc[3])
    // The circle moved with the tick.
    #expect(disc[3] != disc[0])
    #expect(outs[2].items.first == outs[0].items.first)
  }

  @Test("a canvas that changes the list's settings does not change how its siblings are drawn")
  func canvasSettingsDoNotLeak() {
    func draw(_ changes: Bool) -> FrameOutput {
      render {
        HStack {
          Canvas { ctx in
            if changes {
              ctx.drawList.antiAliased = false
              ctx.drawList.circleMaxError = 5
            }
            ctx.fillCircle(center: Point(x: 10, y: 10), radius: 8, color: .green)
          }
          .frame(width: 20, height: 20)
          Circle().fill(Color.red).frame(width: 40, height: 40)
        }
      }
    }
    let plain = draw(false)
    let changed = draw(true)
    // The circle's triangles, vertex by vertex.
    func circle(_ out: FrameOutput) -> [Vertex] {
      guard let p = out.drawList.primitives.last else { return [] }
      return out.drawList.indices[p.indexOffset..<p.indexOffset + p.indexCount].map { out.drawList.vertices[Int($0)] }
    }
    #expect(!circle(plain).isEmpty)
    #expect(circle(plain) == circle(changed))
    #expect(changed.drawList.antiAliased && changed.drawList.circleMaxError == plain.drawList.circleMaxError)
  }
}
