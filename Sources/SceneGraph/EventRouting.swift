import Graphics

/// The views on screen that take key presses and clicks, and the controls, by node serial.
///
/// Children are made after their parents, so a larger serial is a more inner (or newer) view:
/// it is offered the event first.
struct EventRoutes {
  private var keyNodes: [UInt64: ViewNode] = [:]
  private var tapNodes: [UInt64: ViewNode] = [:]
  private var dragNodes: [UInt64: ViewNode] = [:]
  /// The drag the pointer is making, from a press on a view with a `DragGesture`.
  var drag: DragTracking?
  /// Pixels per point in the last frame: drawn bounds are in pixels, the pointer in points.
  var pixelScale = 1.0
  /// The controls on screen, the focused one and the one pressed (`Controls/ControlFocus.swift`).
  var controls = ControlRoutes()

  mutating func registerKeyHandler(_ node: ViewNode) { keyNodes[node.serial] = node }
  mutating func registerTapHandler(_ node: ViewNode) { tapNodes[node.serial] = node }
  mutating func registerDragHandler(_ node: ViewNode) { dragNodes[node.serial] = node }

  /// Forgets a node that went away.
  mutating func remove(_ node: ViewNode) {
    keyNodes[node.serial] = nil
    tapNodes[node.serial] = nil
    dragNodes[node.serial] = nil
    if drag?.node === node { drag = nil }
    controls.remove(node)
  }

  mutating func removeAll() {
    keyNodes.removeAll()
    tapNodes.removeAll()
    dragNodes.removeAll()
    drag = nil
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

  /// The innermost view with a tap handler drawn under `point`.
  func tapTarget(at point: Point) -> ViewNode? { innermost(in: tapNodes, at: point) }

  /// The innermost view with a drag gesture drawn under `point`.
  func dragTarget(at point: Point) -> ViewNode? { innermost(in: dragNodes, at: point) }

  private func innermost(in nodes: [UInt64: ViewNode], at point: Point) -> ViewNode? {
    let hits = nodes.values.filter { node in
      guard let r = hitBounds(of: node) else { return false }
      return point.x >= r.minX && point.x < r.maxX && point.y >= r.minY && point.y < r.maxY
    }
    return hits.max { $0.serial < $1.serial }
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
  func registerTapHandler(_ node: ViewNode) { routes.registerTapHandler(node) }

  /// Offers a key press to the views on screen, innermost and newest first, and says whether
  /// one handled it. State the handler changes is drawn in the next frame.
  public func keyPress(_ key: KeyEquivalent) -> Bool { routes.keyPress(KeyPress(key: key)) }

  /// Offers a click at `point` (window points, as laid out in the last frame) to the views
  /// with `onTapGesture` and the controls under it, innermost first, and says whether one
  /// took it (or a control's focus was released): a press and a release at the same point.
  @discardableResult public func tap(at point: Point) -> Bool {
    let pressed = pointerDown(at: point)
    let released = pointerUp(at: point)
    return pressed || released
  }

  /// Whether some view's state changed since the last frame (a key handler ran, say).
  public var hasPendingChanges: Bool { !dirty.isEmpty }
}
