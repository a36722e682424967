import Foundation
import Testing

@testable import SceneGraph

/// Counts the runs of an action.
final class ActionLog {
  var count = 0
  var editing: [Bool] = []
}

struct ToggleProbe: View {
  @State var on = false
  var body: some View { Toggle("Wi-Fi", isOn: $on) }
}

struct SliderProbe: View {
  @State var value = 0.0
  let step: Double?
  let log: ActionLog

  var body: some View {
    if let step {
      SceneGraph.Slider(value: $value, in: 0...10, step: step, onEditingChanged: { log.editing.append($0) })
    } else {
      SceneGraph.Slider(value: $value, in: 0...10, onEditingChanged: { log.editing.append($0) })
    }
  }
}

struct StepperProbe: View {
  @State var count = 1
  var body: some View { Stepper("Count: \(count)", value: $count, in: 0...3) }
}

struct PickerProbe: View {
  @State var mode = "a"
  var body: some View {
    Picker("Mode", selection: $mode) {
      Text("A").tag("a")
      Text("B").tag("b")
      Text("C").tag("c")
    }
    .pickerStyle(.segmented)
  }
}

@Suite struct ControlsTests {
  let size = Size(width: 300, height: 100)

  /// The value of `name` in the state of the first view of type `type`.
  func state(_ rt: SceneRuntime, _ type: String, _ name: String) -> SceneRuntime.StateValue? {
    rt.viewRecords().first { $0.type == type }?.state.first { $0.name == name }?.value
  }

  func shapes(_ out: FrameOutput) -> [DrawnItem] { out.items.filter { $0.kind == .shape } }

  @Test("a click on a button runs its action once, on release over it; Space and Return run it while focused")
  func buttonClick() throws {
    let log = ActionLog()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let body = { Button("Go") { log.count += 1 }.buttonStyle(.bordered) }
    let out = render(size, runtime: rt, body)
    // A bordered button: its label's text on a tinted rounded rectangle 12 points wider each side.
    let text = try #require(out.items.first { $0.kind == .text })
    let background = try #require(shapes(out).first)
    #expect(abs(background.bounds.width - (text.bounds.width + 24)) < 1e-9)
    #expect(abs(background.bounds.height - (text.bounds.height + 12)) < 1e-9)
    #expect(rt.pointerDown(at: Point(x: 150, y: 50)))
    #expect(log.count == 0, "a button runs its action when released")
    #expect(rt.pointerUp(at: Point(x: 150, y: 50)))
    #expect(log.count == 1)
    // Released away from the button: no action.
    _ = render(size, time: 1, runtime: rt, body)
    #expect(rt.pointerDown(at: Point(x: 150, y: 50)))
    #expect(rt.pointerUp(at: Point(x: 5, y: 5)))
    #expect(log.count == 1)
    #expect(rt.hasFocusedControl)
    #expect(rt.controlKeyPress(.space))
    #expect(rt.controlKeyPress(.return))
    #expect(log.count == 3)
    #expect(!rt.controlKeyPress("x"), "a key the button has no use for travels on")
  }

  @Test("a button's label takes an explicit foregroundStyle instead of its style's color")
  func buttonLabelTakesForegroundStyle() {
    func labelColor(_ out: FrameOutput) -> Color? { out.items.first { $0.text == "Tap Me" }?.color }
    let plain = render(size) { Button("Tap Me") {} }
    #expect(labelColor(plain) == Color.accentColor)
    // Hacking with Swift's pulsing button: a red circle with a white label.
    let styled = render(size) {
      Button("Tap Me") {}.padding(50).background(.red).foregroundStyle(.white).clipShape(.circle)
    }
    #expect(labelColor(styled) == Color.white)
    let prominent = render(size) { Button("Tap Me") {}.buttonStyle(.borderedProminent) }
    #expect(labelColor(prominent) == Color.white)
    let prominentBlack = render(size) {
      Button("Tap Me") {}.buttonStyle(.borderedProminent).foregroundStyle(.black)
    }
    #expect(labelColor(prominentBlack) == Color.black)
  }

  @Test("a click on a toggle flips its binding, and the knob slides to the other side")
  func toggleFlips() throws {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let knob = { (out: FrameOutput) in
      self.shapes(out).first { $0.bounds.width == ToggleSwitch.knob && $0.color == Color.white }
    }
    let off = render(size, runtime: rt) { ToggleProbe() }
    // The switch is 51 × 31 at the trailing edge; off, its knob sits at the leading side.
    let offKnob = try #require(knob(off))
    #expect(offKnob.bounds.midX == 300 - 25.5 - 10)
    #expect(shapes(off).contains { $0.bounds.width == 51 && $0.color == ToggleSwitch.offColor })
    #expect(rt.tap(at: Point(x: 275, y: 50)))
    #expect(state(rt, "ToggleProbe", "on") == .bool(true))
    _ = render(size, time: 1, runtime: rt) { ToggleProbe() }
    let on = render(size, time: 2, runtime: rt) { ToggleProbe() }
    #expect(try #require(knob(on)).bounds.midX == 300 - 25.5 + 10)
    #expect(shapes(on).contains { $0.bounds.width == 51 && $0.color == Color.accentColor })
    // A click on the label does not flip it (it releases the switch's focus); Space on the
    // focused switch does.
    #expect(rt.hasFocusedControl)
    #expect(rt.tap(at: Point(x: 10, y: 50)))
    #expect(!rt.hasFocusedControl)
    #expect(state(rt, "ToggleProbe", "on") == .bool(true))
    #expect(rt.tap(at: Point(x: 275, y: 50)))
    #expect(rt.controlKeyPress(.space))
    #expect(state(rt, "ToggleProbe", "on") == .bool(true))
  }

  @Test("a slider dragged to 75 % of its track takes 75 % of its range, snapped to its step")
  func sliderDrag() throws {
    for (step, expected) in [(nil, 7.5), (2.0, 8.0)] as [(Double?, Double)] {
      let log = ActionLog()
      let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
      _ = render(size, runtime: rt) { SliderProbe(step: step, log: log) }
      // The slider takes the window's width; the thumb's center travels from 14 to 286.
      let r = SliderModel.thumbDiameter / 2
      #expect(rt.pointerDown(at: Point(x: 0, y: 50)))
      #expect(state(rt, "SliderProbe", "value") == .double(0))
      _ = render(size, time: 1, runtime: rt) { SliderProbe(step: step, log: log) }
      #expect(rt.pointerMoved(to: Point(x: r + 0.75 * (300 - 2 * r), y: 80)))
      #expect(rt.pointerUp(at: Point(x: r + 0.75 * (300 - 2 * r), y: 80)))
      #expect(state(rt, "SliderProbe", "value") == .double(expected))
      #expect(log.editing == [true, false])
      // The tinted part of the track ends at the thumb's center.
      let out = render(size, time: 2, runtime: rt) { SliderProbe(step: step, log: log) }
      let filled = try #require(shapes(out).first { $0.color == Color.accentColor })
      #expect(abs(filled.bounds.maxX - (r + expected / 10 * (300 - 2 * r))) < 0.01)
      #expect(!rt.pointerMoved(to: Point(x: 0, y: 50)), "after the release, moves go nowhere")
    }
  }

  @Test("a stepper's − and + halves step its value, which stops at the range's ends")
  func stepperSteps() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = render(size, runtime: rt) { StepperProbe() }
    // The 94 × 32 box at the trailing edge.
    #expect(shapes(out).contains { $0.bounds == Rect(x: 206, y: 34, width: 94, height: 32) })
    let plus = Point(x: 300 - 94 / 4, y: 50)
    let minus = Point(x: 206 + 94 / 4, y: 50)
    for i in 0..<4 {
      #expect(rt.tap(at: plus))
      _ = render(size, time: Double(i + 1), runtime: rt) { StepperProbe() }
    }
    #expect(state(rt, "StepperProbe", "count") == .int(3))
    for i in 0..<5 {
      #expect(rt.tap(at: minus))
      _ = render(size, time: Double(i + 5), runtime: rt) { StepperProbe() }
    }
    #expect(state(rt, "StepperProbe", "count") == .int(0))
    #expect(rt.controlKeyPress(.upArrow))
    #expect(rt.controlKeyPress(.rightArrow))
    #expect(state(rt, "StepperProbe", "count") == .int(2))
    #expect(rt.controlKeyPress(.leftArrow))
    #expect(state(rt, "StepperProbe", "count") == .int(1))
  }

  @Test("a click on a segment of a picker selects that segment's tag; Left and Right move it")
  func pickerSelects() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let selectedSegment = { (out: FrameOutput) in
      self.shapes(out).first { $0.color == Color.white }?.bounds
    }
    let first = render(size, runtime: rt) { PickerProbe() }
    // Three segments of 100 points; the selected one's white background is 2 points inside.
    #expect(selectedSegment(first) == Rect(x: 2, y: 36, width: 96, height: 28))
    #expect(rt.tap(at: Point(x: 250, y: 50)))
    #expect(state(rt, "PickerProbe", "mode") == .string("c"))
    let third = render(size, time: 1, runtime: rt) { PickerProbe() }
    #expect(selectedSegment(third) == Rect(x: 202, y: 36, width: 96, height: 28))
    #expect(rt.controlKeyPress(.leftArrow))
    #expect(state(rt, "PickerProbe", "mode") == .string("b"))
    _ = render(size, time: 2, runtime: rt) { PickerProbe() }
    #expect(rt.controlKeyPress(.rightArrow))
    #expect(state(rt, "PickerProbe", "mode") == .string("c"))
  }

  @Test("a disabled control ignores clicks and keys, and draws faded")
  func disabledIgnoresInput() throws {
    let log = ActionLog()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = render(size, runtime: rt) {
      VStack {
        Button("Go") { log.count += 1 }.buttonStyle(.borderedProminent)
        SliderProbe(step: nil, log: log)
      }
      .disabled(true)
    }
    let background = try #require(shapes(out).first)
    #expect(abs((background.color?.opacity ?? 1) - 0.4) < 0.01)
    for y in stride(from: 0.0, to: 100, by: 5) { #expect(!rt.tap(at: Point(x: 150, y: y))) }
    #expect(log.count == 0)
    #expect(!rt.hasFocusedControl)
    #expect(!rt.controlKeyPress(.space))
    #expect(!rt.controlKeyPress(.rightArrow))
    #expect(state(rt, "SliderProbe", "value") == .double(0))
  }

  @Test("a click focuses a control: Right moves the slider, Esc releases it, then Right travels on")
  func focusAndEscape() throws {
    let log = ActionLog()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let ring = { (out: FrameOutput) in
      self.shapes(out).first { $0.color == Color.accentColor && $0.bounds.height == 28 + 6 }
    }
    let before = render(size, runtime: rt) { SliderProbe(step: nil, log: log) }
    #expect(ring(before) == nil)
    #expect(!rt.controlKeyPress(.rightArrow), "with nothing focused, keys belong to the window")
    #expect(rt.tap(at: Point(x: 14, y: 50)))
    #expect(rt.hasFocusedControl)
    let focused = render(size, time: 1, runtime: rt) { SliderProbe(step: nil, log: log) }
    // The ring: 2 points wide, 2 to 4 points outside the slider (its outline's middle at 3).
    #expect(try #require(ring(focused)).bounds == Rect(x: -3, y: 33, width: 306, height: 34))
    #expect(rt.controlKeyPress(.rightArrow))
    #expect(state(rt, "SliderProbe", "value") == .double(0.5), "a twentieth of the range")
    #expect(rt.controlKeyPress(.escape))
    #expect(!rt.hasFocusedControl)
    #expect(!rt.controlKeyPress(.rightArrow), "Right travels on to the window: it switches scenes")
    #expect(!rt.controlKeyPress(.escape), "a second Esc is the window's too")
    #expect(state(rt, "SliderProbe", "value") == .double(0.5))
    let released = render(size, time: 2, runtime: rt) { SliderProbe(step: nil, log: log) }
    #expect(ring(released) == nil)
  }

  @Test("a press outside every control releases the focus; an inner tap gesture still gets its click")
  func pressElsewhereReleasesFocus() {
    let log = ActionLog()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let body = {
      VStack {
        Toggle("", isOn: .constant(false))
        Color.red.frame(width: 40, height: 20).onTapGesture { log.count += 1 }
      }
    }
    _ = render(size, runtime: rt, body)
    #expect(rt.tap(at: Point(x: 150, y: 50 - 14)))
    #expect(rt.hasFocusedControl)
    #expect(rt.tap(at: Point(x: 150, y: 50 + 20)))
    #expect(!rt.hasFocusedControl)
    #expect(log.count == 1)
  }
}
