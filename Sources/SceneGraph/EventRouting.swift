import Graphics

/// The views on screen that take key presses and clicks, by node serial.
///
/// Children are made after their parents, so a larger serial is a more inner (or newer) view:
/// it is offered the event first.
struct EventRoutes {
  private var keyNodes: [UInt64: ViewNode] = [:]
  private var tapNodes: [UInt64: ViewNode] = [:]

  mutating func registerKeyHandler(_ node: ViewNode) { keyNodes[node.serial] = node }
  mutating func registerTapHandler(_ node: ViewNode) { tapNodes[node.serial] = node }

  /// Forgets a node that went away.
  mutating func remove(_ node: ViewNode) {
    keyNodes[node.serial] = nil
    tapNodes[node.serial] = nil
  }

  mutating func removeAll() {
    keyNodes.removeAll()
    tapNodes.removeAll()
  }

  /// Offers a key press to the key handlers, innermost and newest first; true when one
  /// handled it.
  func keyPress(_ press: KeyPress) -> Bool {
    for node in keyNodes.values.sorted(by: { $0.serial > $1.serial }) {
      if node.keyHandler?(press) == .handled { return true }
    }
    return false
  }

  /// Gives a click at `point` to the innermost tap handler whose view's laid-out frame holds
  /// it; true when one took it.
  func tap(at point: Point) -> Bool {
    let hits = tapNodes.values.filter { node in
      guard let r = SceneRuntime.union(node.output) else { return false }
      return point.x >= r.minX && point.x < r.maxX && point.y >= r.minY && point.y < r.maxY
    }
    guard let node = hits.max(by: { $0.serial < $1.serial }), let action = node.tapHandler else { return false }
    action()
    return true
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
  /// with `onTapGesture` under it, innermost first, and says whether one took it.
  public func tap(at point: Point) -> Bool { routes.tap(at: point) }

  /// Whether some view's state changed since the last frame (a key handler ran, say).
  public var hasPendingChanges: Bool { !dirty.isEmpty }
}
