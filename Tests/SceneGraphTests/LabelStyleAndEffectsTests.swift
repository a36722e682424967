import Foundation
import Graphics
import Testing

@testable import SceneGraph

@Suite struct LabelStyleAndEffectsTests {
  let size = Size(width: 200, height: 100)

  /// A style of one's own: the title over the icon.
  struct Stacked: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
      VStack(spacing: 0) {
        configuration.title
        configuration.icon
      }
    }
  }

  /// A style that restyles a `Label` of the configuration's parts: the published pattern.
  struct RedIcon: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
      Label(configuration).foregroundColor(.red)
    }
  }

  @Test("a label style whose body holds a Label draws it once, in the default style")
  func styleHoldingALabel() {
    let out = KeyedFrames(view: Label("Star", systemImage: "star.fill").labelStyle(RedIcon()), size: size)(0)
    #expect(out.items.count == 2)
    #expect(out.items.allSatisfy { $0.color == Color.red })
  }

  @Test("labelStyle: the icon alone, the title alone, both, or a style of one's own")
  func labelStyles() {
    func items<V: View>(_ view: V) -> [DrawnItem] { KeyedFrames(view: view, size: size)(0).items }
    let label = Label("Star", systemImage: "star.fill")
    // The symbol is drawn as its glyph: an item of its own beside the title's.
    let both = items(label)
    #expect(both.count == 2 && both.contains { $0.text == "Star" })
    let icon = items(label.labelStyle(.iconOnly))
    #expect(icon.count == 1 && icon[0].text != "Star")
    let title = items(label.labelStyle(.titleOnly))
    #expect(title.map(\.text) == ["Star"])
    let stacked = items(label.labelStyle(Stacked()))
    let text = stacked.first { $0.text == "Star" }
    let glyph = stacked.first { $0.text != "Star" }
    #expect(text != nil && glyph != nil)
    #expect((text?.bounds.maxY ?? 0) <= (glyph?.bounds.minY ?? 0) + 1, "the title above the icon")
  }

  /// A square moved right by a flag set through an animated binding.
  struct Slid: View {
    @State private var on = false
    var body: some View {
      VStack {
        Rectangle().fill(Color.red).frame(width: 20, height: 20).offset(x: on ? 50 : 0)
        Toggle("", isOn: $on.animation(.linear(duration: 1)))
      }
    }
  }

  @Test("Binding.animation(_:) animates what its writes change")
  func bindingAnimation() {
    let frames = KeyedFrames(view: Slid(), size: size)
    let start = frames(0).items.first { $0.color == Color.red }!.bounds.minX
    let toggle = frames.runtime.routes.controls.entries.values.first!.node
    let frame = SceneRuntime.union(toggle.output)!
    #expect(frames.runtime.tap(at: Point(x: frame.midX, y: frame.midY)))
    _ = frames(1)
    let half = frames(1.5).items.first { $0.color == Color.red }!.bounds.minX
    let end = frames(2.5).items.first { $0.color == Color.red }!.bounds.minX
    #expect(abs(half - (start + 25)) < 1)
    #expect(end == start + 50)
  }

  /// A square that bounces each time `count` changes.
  struct Bouncing: View {
    var count: Int
    var body: some View {
      Rectangle().fill(Color.red).frame(width: 20, height: 20).symbolEffect(.bounce, value: count)
    }
  }

  @Test("symbolEffect(.bounce, value:) grows the view and brings it back once per change; .pulse fades while active")
  func symbolEffects() {
    let frames = KeyedFrames(view: Bouncing(count: 0), size: size)
    func width(_ out: FrameOutput) -> Double { out.items.first { $0.color?.red == 1 }?.bounds.width ?? 0 }
    #expect(width(frames(0)) == 20)
    // The same runtime, a new value: a bounce starts.
    let runtime = frames.runtime
    let bounced = runtime.frame(
      { Bouncing(count: 1) }, input: FrameInput(now: Date(timeIntervalSince1970: 1), time: 1, size: size))
    #expect(width(bounced) == 20, "the first frame of the play")
    let mid = runtime.frame(
      { Bouncing(count: 1) }, input: FrameInput(now: Date(timeIntervalSince1970: 1.225), time: 1.225, size: size))
    #expect(abs(width(mid) - 24) < 0.5, "a fifth larger half-way")
    let after = runtime.frame(
      { Bouncing(count: 1) }, input: FrameInput(now: Date(timeIntervalSince1970: 2), time: 2, size: size))
    #expect(width(after) == 20)

    let pulsing = KeyedFrames(
      view: Rectangle().fill(Color.red).frame(width: 20, height: 20).symbolEffect(.pulse, isActive: true), size: size)
    let alpha = [0, 0.6, 1.2, 1.8].map { t in pulsing(t).items.first?.color?.opacity ?? -1 }
    #expect(alpha[0] == 1 && abs(alpha[1] - 0.4) < 0.02 && abs(alpha[2] - 1) < 0.02)
    #expect(abs(alpha[3] - 0.4) < 0.02, "the second loop pulses too")
  }
}
