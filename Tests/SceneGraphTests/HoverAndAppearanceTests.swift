import Foundation
import Graphics
import Testing

@testable import SceneGraph

@Suite struct HoverAndAppearanceTests {
  let size = Size(width: 200, height: 100)

  /// A square that is blue while hovered and logs where the pointer is over it.
  struct Hovered: View {
    let events: GestureEvents
    @State private var over = false
    var body: some View {
      Rectangle().fill(over ? Color.blue : Color.red).frame(width: 40, height: 40)
        .onHover { over = $0 }
        .onContinuousHover { phase in
          switch phase {
          case .active(let p): events.log.append("at \(p.x),\(p.y)")
          case .ended: events.log.append("ended")
          }
        }
    }
  }

  func color(_ out: FrameOutput) -> Color? { out.items.first { $0.kind == .shape }?.color }

  @Test("onHover turns true over the view and false when the pointer leaves it or the window")
  func hover() {
    let events = GestureEvents()
    let frames = KeyedFrames(view: Hovered(events: events), size: size)
    #expect(color(frames(0)) == Color.red)
    #expect(!frames.runtime.pointerHovered(at: Point(x: 10, y: 10)))
    #expect(frames.runtime.pointerHovered(at: Point(x: 90, y: 40)))
    #expect(color(frames(0.1)) == Color.blue)
    #expect(frames.runtime.pointerHovered(at: Point(x: 95, y: 45)))
    #expect(events.log == ["at 10.0,10.0", "at 15.0,15.0"])
    #expect(frames.runtime.pointerHovered(at: Point(x: 150, y: 45)))
    #expect(color(frames(0.2)) == Color.red)
    #expect(events.log.last == "ended")
    _ = frames.runtime.pointerHovered(at: Point(x: 100, y: 50))
    #expect(frames.runtime.pointerHovered(at: nil), "the pointer left the window")
    #expect(color(frames(0.3)) == Color.red)
  }

  /// Draws white on black in the dark scheme, black on white in the light one.
  struct SchemeProbe: View {
    @Environment(\.colorScheme) private var scheme
    var body: some View {
      Rectangle().fill(scheme == .dark ? Color.white : Color.black).frame(width: 10, height: 10)
    }
  }

  /// Asks for the dark scheme and reads the scheme in the same body, as published code does.
  struct DarkRoot: View {
    @Environment(\.colorScheme) private var scheme
    var body: some View {
      VStack {
        Rectangle().fill(scheme == .dark ? Color.white : Color.black).frame(width: 10, height: 10)
        Text("hi")
      }
      .preferredColorScheme(.dark)
    }
  }

  @Test("preferredColorScheme(.dark) makes the whole window dark, in the frame that asks; nil asks nothing")
  func colorScheme() {
    let light = KeyedFrames(view: SchemeProbe(), size: size)
    #expect(color(light(0)) == Color.black)
    let dark = KeyedFrames(view: DarkRoot(), size: size)
    let out = dark(0)
    #expect(color(out) == Color.white, "the view that asks reads dark too")
    #expect(out.items.first { $0.kind == .text }?.color == Color.white, "text with no color of its own is white")
    #expect(dark.runtime.preferredColorScheme == .dark)
    let kept = KeyedFrames(view: SchemeProbe().preferredColorScheme(nil).environment(\.colorScheme, .dark), size: size)
    #expect(color(kept(0)) == Color.white)
    #expect(kept.runtime.preferredColorScheme == nil)
  }

  /// A dark root that shows a detail from its second frame; the detail's text changes when
  /// it appears.
  struct DarkAppearing: View {
    let show: Bool
    var body: some View {
      VStack {
        Text("root")
        if show { Detail() }
      }
      .preferredColorScheme(.dark)
    }
  }

  struct Detail: View {
    @State private var ready = false
    var body: some View { Text(ready ? "ready" : "wait").onAppear { ready = true } }
  }

  @Test("a dark window stays dark when a view appears later and its onAppear changes state; reset is light")
  func darkThroughAppear() {
    let runtime = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func frame(_ show: Bool, _ t: Double) -> FrameOutput {
      runtime.frame(
        { DarkAppearing(show: show) }, input: FrameInput(now: Date(timeIntervalSince1970: t), time: t, size: size))
    }
    #expect(frame(false, 0).items.first { $0.text == "root" }?.color == Color.white)
    let out = frame(true, 0.1)
    #expect(out.items.first { $0.text == "ready" }?.color == Color.white)
    #expect(out.items.first { $0.text == "root" }?.color == Color.white)
    runtime.reset()
    #expect(runtime.rootEnvironment.colorScheme == .light)
  }

  @Test("Font.system(_:design:weight:) takes the style's size and the design and weight given")
  func fontFromTextStyle() {
    let font = Font.system(.title, design: .rounded, weight: .heavy)
    #expect(font.size == 28 && font.design == .rounded && font.weight == .heavy)
    #expect(Font.system(.headline) == Font.headline)
    #expect(Font.TextStyle.allCases.map(\.font.size) == [34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11])
  }

  @Test("background(_:in:) fills the shape the size of the view behind it")
  func backgroundInShape() {
    let frames = KeyedFrames(
      view: Color.red.frame(width: 40, height: 20).padding(5).background(Color.green, in: Capsule()), size: size)
    let out = frames(0)
    let green = out.items.first { $0.color == Color.green }
    let red = out.items.first { $0.color == Color.red }
    #expect(green?.bounds == Rect(x: 75, y: 35, width: 50, height: 30))
    #expect(red?.bounds == Rect(x: 80, y: 40, width: 40, height: 20))
    #expect(out.items.firstIndex { $0.color == Color.green }! < out.items.firstIndex { $0.color == Color.red }!)
  }

  @Test("safeAreaInset puts its content along the edge and the view in the room left")
  func safeAreaInset() {
    let view = Color.red.frame(maxWidth: .infinity, maxHeight: .infinity)
      .safeAreaInset(edge: .bottom, spacing: 0) { Color.blue.frame(height: 20) }
    let out = KeyedFrames(view: view, size: size)(0)
    #expect(out.items.first { $0.color == Color.red }?.bounds == Rect(x: 0, y: 0, width: 200, height: 80))
    #expect(out.items.first { $0.color == Color.blue }?.bounds == Rect(x: 0, y: 80, width: 200, height: 20))
    let leading = Color.red.frame(maxWidth: .infinity, maxHeight: .infinity)
      .safeAreaInset(edge: .leading) { Color.blue.frame(width: 30) }
    let side = KeyedFrames(view: leading, size: size)(0)
    #expect(side.items.first { $0.color == Color.blue }?.bounds == Rect(x: 0, y: 0, width: 30, height: 100))
    #expect(side.items.first { $0.color == Color.red }?.bounds == Rect(x: 30, y: 0, width: 170, height: 100))
  }
}
