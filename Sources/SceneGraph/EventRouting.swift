import Graphics

/// The views on screen that take key presses and gestures, and the controls, by node serial.
///
/// Children are made after their parents, so a larger serial is a more inner (or newer) view:
/// it is offered the event first.
struct EventRoutes {
  private var keyNodes: [UInt64: ViewNode] = [:]
  /// The views with a gesture attached (`Modifiers/Gestures.swift`).
  private(set) var gestureNodes: [UInt64: ViewNode] = [:]
  /// The gestures of the interaction in progress (`Gestures/GestureArena.swift`).
  var arena: GestureArena?
  /// The deadline the arena has asked to be woken at.
  var gestureWake: Double?
  /// Whether the primary button is held after a press in the window.
  var pointerIsDown = false
  /// The views with hover actions (`Modifiers/OnHover.swift`), and those the pointer is over.
  private(set) var hoverNodes: [UInt64: ViewNode] = [:]
  var hovered: Set<UInt64> = []
  /// The color schemes views asked for (`Modifiers/PreferredColorScheme.swift`).
  var colorSchemes: [UInt64: ColorScheme] = [:]
  /// Pixels per point in the last frame: drawn bounds are in pixels, the pointer in points.
  var pixelScale = 1.0
  /// The controls on screen, the focused one and the one pressed (`Controls/ControlFocus.swift`).
  var controls = ControlRoutes()

  mutating func registerKeyHandler(_ node: ViewNode) { keyNodes[node.serial] = node }
  mutating func registerGesture(_ node: ViewNode) { gestureNodes[node.serial] = node }
  mutating func registerHover(_ node: ViewNode) { hoverNodes[node.serial] = node }
  mutating func unregisterGesture(_ node: ViewNode) {
    gestureNodes[node.serial] = nil
    dropFromArena(node)
  }

  /// Forgets a node that went away; a gesture of its in progress is stopped.
  mutating func remove(_ node: ViewNode) {
    keyNodes[node.serial] = nil
    hoverNodes[node.serial] = nil
    hovered.remove(node.serial)
    colorSchemes[node.serial] = nil
    if gestureNodes.removeValue(forKey: node.serial) != nil { dropFromArena(node) }
    controls.remove(node)
  }

  /// Stops the gestures of a view that went away or turned them off (its `@GestureState`
  /// resets). Gestures it held back wait for the next input to go on: this happens in the
  /// middle of an update, where no other gesture's actions should run.
  private mutating func dropFromArena(_ node: ViewNode) {
    guard arena != nil else { return }
    arena?.cancel { $0.node === node }
    if arena?.isDone == true { arena = nil }
  }

  mutating func removeAll() {
    keyNodes.removeAll()
    hoverNodes.removeAll()
    hovered.removeAll()
    colorSchemes.removeAll()
    gestureNodes.removeAll()
    arena?.cancel { _ in true }
    arena = nil
    controls.removeAll()
  }

  /// Offers a key press to the key handlers, innermost and newest first; true when one
  /// handled it.
  func keyPress(_ press: KeyPress) -> Bool {
    for node in keyNodes.values.sorted(by: { $0.serial > $1.serial }) {
      if node.keyHandler?(press) == .handled { return true }
    }
    return false
  }

  /// Where `node`'s view was drawn in the last frame, in points: offsets, scales and turns
  /// included; its laid-out frame before it was drawn.
  func hitBounds(of node: ViewNode) -> Rect? {
    let drawn = node.output.compactMap(\.drawnBounds)
    guard drawn.count == node.output.count, let first = drawn.first, pixelScale > 0 else {
      return SceneRuntime.union(node.output)
    }
    let u = drawn.dropFirst().reduce(first) { $0.union($1) }
    let k = 1 / pixelScale
    return Rect(x: u.minX * k, y: u.minY * k, width: u.width * k, height: u.height * k)
  }
}

/// Key presses and clicks from the window, routed to the views on screen.
extension SceneRuntime {
  func registerKeyHandler(_ node: ViewNode) { routes.registerKeyHandler(node) }

  /// Offers a key press to the views on screen, innermost and newest first, and says whether
  /// one handled it. State the handler changes is drawn in the next frame.
  public func keyPress(_ key: KeyEquivalent) -> Bool { routes.keyPress(KeyPress(key: key)) }

  /// Offers a click at `point` (window points, as drawn in the last frame) to the views with
  /// gestures and the controls under it, innermost first, and says whether one took it (or a
  /// control's focus was released): a press and a release at the same point.
  @discardableResult public func tap(at point: Point) -> Bool {
    let pressed = pointerDown(at: point)
    let released = pointerUp(at: point)
    return pressed || released
  }

  /// Whether some view's state changed since the last frame (a key handler ran, say).
  public var hasPendingChanges: Bool { !dirty.isEmpty }
}
