// Controls' focus and input: which control a press hits, drags, focus, keys and the focus ring.
import Graphics
import Timeline

extension KeyEquivalent {
  /// The up arrow key, as SwiftUI spells it (a private-use character).
  public static let upArrow = KeyEquivalent("\u{F700}")
  /// The down arrow key.
  public static let downArrow = KeyEquivalent("\u{F701}")
  /// The left arrow key.
  public static let leftArrow = KeyEquivalent("\u{F702}")
  /// The right arrow key.
  public static let rightArrow = KeyEquivalent("\u{F703}")
  /// The escape key.
  public static let escape = KeyEquivalent("\u{1B}")
  /// The return (enter) key.
  public static let `return` = KeyEquivalent("\r")
  /// The tab key.
  public static let tab = KeyEquivalent("\t")
  /// The delete (backspace) key.
  public static let delete = KeyEquivalent("\u{7F}")
}

/// Where the pointer is, with the laid-out frame of the control it acts on.
struct ControlPointer {
  /// The pointer, in window points.
  var location: Point
  /// The control's interactive part as laid out in the last frame.
  var frame: Rect

  /// How far across the frame the pointer is, 0 at its leading edge and 1 at its trailing
  /// edge, with `inset` points at each end left out; clamped to 0...1.
  func fraction(inset: Double = 0) -> Double {
    let span = frame.width - 2 * inset
    guard span > 0 else { return 0 }
    return max(0, min(1, (location.x - frame.minX - inset) / span))
  }

  /// Whether the pointer is inside the frame.
  var isInside: Bool {
    location.x >= frame.minX && location.x < frame.maxX && location.y >= frame.minY && location.y < frame.maxY
  }
}

/// What a control does with a press, a drag, a release and a key while focused.
struct ControlBehavior {
  /// The primary button went down on the control.
  var press: ((ControlPointer) -> Void)?
  /// The pointer moved with the button held, after a press on the control.
  var drag: ((ControlPointer) -> Void)?
  /// The button went up after a press on the control; `isInside` says whether over it.
  var release: ((ControlPointer) -> Void)?
  /// A key pressed while the control has focus; true when the control used it.
  var key: ((KeyEquivalent) -> Bool)?
}

/// How a control is being interacted with, for drawing it.
struct ControlInteraction {
  /// Whether the control has keyboard focus (it draws a focus ring).
  var isFocused = false
  /// Whether the primary button is held after a press on the control.
  var isPressed = false
  /// Whether the control takes input; false under `.disabled(true)`.
  var isEnabled = true
}

/// The controls on screen, the focused one and the one being pressed, by node serial.
struct ControlRoutes {
  struct Entry {
    let node: ViewNode
    var behavior: ControlBehavior
  }
  private(set) var entries: [UInt64: Entry] = [:]
  /// The control that has keyboard focus.
  var focused: UInt64?
  /// The control the primary button went down on, while it is held.
  var tracking: UInt64?

  mutating func register(_ node: ViewNode, _ behavior: ControlBehavior) {
    entries[node.serial] = Entry(node: node, behavior: behavior)
  }

  /// Forgets a control that went away or was disabled; it loses focus and its press.
  mutating func remove(_ node: ViewNode) {
    entries[node.serial] = nil
    if focused == node.serial { focused = nil }
    if tracking == node.serial { tracking = nil }
  }

  mutating func removeAll() {
    entries.removeAll()
    focused = nil
    tracking = nil
  }

  /// The laid-out frame of a control's interactive part.
  func frame(of entry: Entry) -> Rect? { SceneRuntime.union(entry.node.output) }

  /// The innermost (newest) control whose frame holds `point`.
  func target(at point: Point) -> Entry? {
    entries.values.filter { entry in
      guard let r = frame(of: entry) else { return false }
      return point.x >= r.minX && point.x < r.maxX && point.y >= r.minY && point.y < r.maxY
    }.max { $0.node.serial < $1.node.serial }
  }
}

/// The interactive part of a control: registers it for presses and keys, fades it when
/// disabled, and draws the focus ring around it while it has focus.
struct _ControlHost<Content: View>: View {
  typealias Body = Never
  /// The corner radius of the control's outline, which the focus ring follows.
  let cornerRadius: Double
  let behavior: ControlBehavior
  let content: (ControlInteraction) -> Content
}

extension _ControlHost: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let rt = ctx.runtime
    let enabled = ctx.env.controls.isEnabled
    if enabled { rt.routes.controls.register(node, behavior) } else { rt.routes.controls.remove(node) }
    let interaction = ControlInteraction(
      isFocused: enabled && rt.routes.controls.focused == node.serial,
      isPressed: enabled && rt.routes.controls.tracking == node.serial, isEnabled: enabled)
    let ring = interaction.isFocused ? FocusRing(cornerRadius: cornerRadius) : nil
    let view = content(interaction).opacity(enabled ? 1 : 0.4).overlay(ring)
    // The content is made afresh from the interaction: never the value the child last had.
    var c = ctx
    c.sameValue = false
    return rt.child(node, ChildKey(0), view, c)
  }
}

/// The ring around the focused control: accent-colored, 2 points wide, 2 points outside it.
struct FocusRing: View {
  let cornerRadius: Double
  /// How far outside the control the ring's outer edge is.
  static let outset = 4.0
  /// The ring's width.
  static let lineWidth = 2.0

  var body: some View {
    RoundedRectangle(cornerRadius: cornerRadius + Self.outset)
      .strokeBorder(Color.accentColor, lineWidth: Self.lineWidth)
      .padding(-Self.outset)
  }
}

/// Presses, drags and keys for controls: the runtime's side of mouse and keyboard input.
extension SceneRuntime {
  /// Whether a control has keyboard focus; keys then go to `controlKeyPress(_:)` first.
  public var hasFocusedControl: Bool { routes.controls.focused != nil }

  /// Gives a primary-button press at `point` (window points, as drawn in the last frame) to
  /// the innermost control under it, or to the gestures of the views under it, and says
  /// whether anything took it or changed. A control takes focus and follows the pointer until
  /// `pointerUp(at:)`; a press anywhere else releases the focus.
  public func pointerDown(at point: Point) -> Bool { pointerDown(at: point, time: monotonicSeconds()) }

  func pointerDown(at point: Point, time: Double) -> Bool {
    routes.controls.tracking = nil
    routes.pointerIsDown = true
    let views = gestureViews(at: point)
    let innermostGesture = views.map(\.node.serial).max() ?? 0
    if let control = routes.controls.target(at: point), control.node.serial > innermostGesture,
      // A high-priority gesture around the control goes first (an overview cell's click).
      !views.contains(where: { $0.node.gesture?.priority == .high && control.node.isInside($0.node) }),
      let frame = routes.controls.frame(of: control)
    {
      // A control inside every view with a gesture takes the press; gestures waiting for a
      // further click are stopped.
      stopGesturesForControl()
      focus(control.node)
      routes.controls.tracking = control.node.serial
      invalidate(control.node)
      control.behavior.press?(ControlPointer(location: point, frame: frame))
      return true
    }
    let released = releaseFocus()
    return gesturePress(at: point, time: time, views: views) || released
  }

  /// Moves the pointer with the primary button held: the control pressed follows it (a
  /// slider's thumb), or the gestures under the press see the move. True when something
  /// changed.
  public func pointerMoved(to point: Point) -> Bool { pointerMoved(to: point, time: monotonicSeconds()) }

  func pointerMoved(to point: Point, time: Double) -> Bool {
    guard let id = routes.controls.tracking else { return gestureEvent(.moved, at: point, time: time) }
    guard let entry = routes.controls.entries[id],
      let frame = routes.controls.frame(of: entry)
    else { return false }
    entry.behavior.drag?(ControlPointer(location: point, frame: frame))
    return true
  }

  /// Releases the primary button at `point`: the control pressed finishes (a button runs its
  /// action when released over it), or the gestures under the press see the release (a tap
  /// runs now). True when something changed.
  public func pointerUp(at point: Point) -> Bool { pointerUp(at: point, time: monotonicSeconds()) }

  func pointerUp(at point: Point, time: Double) -> Bool {
    routes.pointerIsDown = false
    guard let id = routes.controls.tracking else { return gestureEvent(.up, at: point, time: time) }
    routes.controls.tracking = nil
    guard let entry = routes.controls.entries[id] else { return true }
    invalidate(entry.node)
    if let frame = routes.controls.frame(of: entry) {
      entry.behavior.release?(ControlPointer(location: point, frame: frame))
    }
    return true
  }

  /// Offers a key to the focused control, and says whether it used it. `Esc` releases the
  /// focus and is used; a key the control has no use for is not, and travels on to the
  /// window's own bindings. False when no control has focus.
  public func controlKeyPress(_ key: KeyEquivalent) -> Bool {
    guard let id = routes.controls.focused else { return false }
    if key == .escape { return releaseFocus() }
    guard let entry = routes.controls.entries[id] else { return false }
    return entry.behavior.key?(key) ?? false
  }

  /// Takes the keyboard focus away from the focused control; true when one had it.
  @discardableResult public func releaseFocus() -> Bool {
    guard let id = routes.controls.focused else { return false }
    routes.controls.focused = nil
    if let entry = routes.controls.entries[id] { invalidate(entry.node) }
    return true
  }

  /// Gives `node`'s control the keyboard focus; both it and the control that had it redraw.
  func focus(_ node: ViewNode) {
    guard routes.controls.focused != node.serial else { return }
    releaseFocus()
    routes.controls.focused = node.serial
    invalidate(node)
  }
}
