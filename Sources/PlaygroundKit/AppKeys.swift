import FoundationEssentials
import Glibc
import SDLBackend
import SceneGraph
import Scenes
import Timeline

/// Window events and key bindings: what each key does to the running app.
extension PlaygroundApp {
  func handle(_ e: WindowEvent) {
    tracer.event(e)
    switch e {
    case .quit: running = false
    case .key(let key, let mods):
      handleKey(key, mods)
    case .minimized, .hidden:
      if visibility == .visible { becomeMinimized() }
    case .restored, .shown, .maximized:
      if visibility == .minimized && !window.isMinimizedOrHidden { becomeVisible() }
    case .exposed, .resized:
      // The window system may have lost what was drawn: repaint every pixel.
      window.renderer.invalidateRetainedPixels()
      if visibility == .visible { invalidate() }
    case .click(let x, let y):
      // Through the runtime, as a scene's own `onTapGesture` and controls would get it: the
      // grid's cells are views with tap handlers.
      if runtime.pointerDown(at: Point(x: x, y: y)) { invalidate() }
      openPendingScene()
    case .mouseMoved(let x, let y):
      // A drag: the control pressed (a slider) follows the pointer.
      let moved = runtime.pointerMoved(to: Point(x: x, y: y))
      if runtime.pointerHovered(at: Point(x: x, y: y)) || moved { invalidate() }
    case .hover(let x, let y):
      if runtime.pointerHovered(at: Point(x: x, y: y)) { invalidate() }
    case .pointerLeft:
      if runtime.pointerHovered(at: nil) { invalidate() }
    case .mouseUp(let x, let y):
      // A tap runs on release: a grid cell's opens its scene.
      if runtime.pointerUp(at: Point(x: x, y: y)) { invalidate() }
      openPendingScene()
    case .wheel(let dy, let x, let y, let mods) where mods.contains(.control) || mods.contains(.shift):
      // A pinch or a twist for a view's gesture under the pointer; else the wheel's own use.
      let point = Point(x: x, y: y)
      let taken =
        mods.contains(.control)
        ? runtime.pinch(by: pow(1.1, Double(dy)), at: point) : runtime.twist(by: Double(dy) * .pi / 12, at: point)
      if taken {
        invalidate()
      } else {
        handle(.wheel(dy, x: x, y: y, []))
      }
    case .wheel(let dy, _, _, _):
      let count = SceneCatalog.all.count
      let step = dy > 0 ? count - 1 : 1
      if gridMode {
        gridSelection = (gridSelection + step) % count
        invalidate()
      } else {
        switchScene(to: (sceneIndex + step) % count)
      }
    case .focusGained, .focusLost, .ignored:
      break
    }
  }

  /// Opens the scene a grid cell's tap asked for, once the event that ran it is handled.
  private func openPendingScene() {
    guard let open = pendingSceneOpen else { return }
    pendingSceneOpen = nil
    switchScene(to: open)
  }

  func handleKey(_ key: Key, _ mods: KeyModifiers) {
    // A focused control has the keys first; Esc releases it, and what it does not use falls
    // through to the window's bindings. With help on screen, Esc closes the help first.
    if runtime.hasFocusedControl, !(key == .escape && helpVisible), mods.isDisjoint(with: [.control, .alt]),
      let equivalent = Self.keyEquivalent(for: key), runtime.controlKeyPress(equivalent)
    {
      invalidate()
      return
    }
    let count = SceneCatalog.all.count
    if gridMode {
      switch key {
      case .enter:
        switchScene(to: gridSelection)
        return
      case .right, .tab:
        let d: Overlays.Grid.Direction = key == .tab && mods.contains(.shift) ? .left : .right
        gridSelection = Overlays.Grid.neighbor(of: gridSelection, d, count: count)
        invalidate()
        return
      case .left, .up, .down:
        let d: Overlays.Grid.Direction = key == .left ? .left : key == .up ? .up : .down
        gridSelection = Overlays.Grid.neighbor(of: gridSelection, d, count: count)
        invalidate()
        return
      default: break
      }
    }
    switch key {
    case .escape where helpVisible:
      // Esc closes the overlay first, as dialogs do; a second Esc quits.
      helpVisible = false
      invalidate()
    case .escape, .letter("q"): running = false
    case .f11:
      window.isFullscreen.toggle()
      invalidate()
    case .f12 where mods.contains(.control):
      toggleRecording()
    case .f12:
      takeScreenshot()
    case .letter("f"):
      hudVisible.toggle()
      invalidate()
    case .letter("h"), .questionMark:
      helpVisible.toggle()
      invalidate()
    case .letter("g"):
      if gridMode {
        switchScene(to: gridSelection)
      } else {
        gridMode = true
        gridSelection = sceneIndex
        gridScenes = SceneCatalog.all.map { $0.init() }
        session.reset(name: "overview")
        sceneStart = clock.now
        updateTitle()
        invalidate()
      }
    case .digit(let d):
      if let i = SceneCatalog.index(forDigit: d) { switchScene(to: i) }
    case .right: switchScene(to: sceneIndex + 1)
    case .left: switchScene(to: sceneIndex - 1)
    case .tab: switchScene(to: sceneIndex + (mods.contains(.shift) ? -1 : 1))
    case .space:
      paused.toggle()
      invalidate()
    case .letter("c"):
      visibilityState.forcedCadence =
        switch visibilityState.forcedCadence {
        case nil: .live
        case .live: .seconds
        case .seconds: .minutes
        case .minutes: nil
        }
      invalidate()
    case .letter(let c):
      // Keys the app does not use go to the scene's `onKeyPress` handlers.
      if !gridMode, runtime.keyPress(KeyEquivalent(c)) { invalidate() }
    default: break
    }
  }
}

extension PlaygroundApp {
  /// The key as controls and `onKeyPress` know it; nil for the function keys.
  static func keyEquivalent(for key: Key) -> KeyEquivalent? {
    switch key {
    case .digit(let d): KeyEquivalent(Character(String(d)))
    case .letter(let c): KeyEquivalent(c)
    case .left: .leftArrow
    case .right: .rightArrow
    case .up: .upArrow
    case .down: .downArrow
    case .tab: .tab
    case .space: .space
    case .escape: .escape
    case .enter: .return
    case .questionMark: KeyEquivalent("?")
    case .f11, .f12, .other: nil
    }
  }
}

extension PlaygroundApp {
  /// F12: the window's pixels as a PNG named after the scene and the time, in the screenshot
  /// folder, confirmed on stderr and in the window for two seconds.
  func takeScreenshot() {
    let path = Paths.join(options.screenshotDir, outputName(extension: "png"))
    do {
      let image = try window.renderer.readPixels()
      try PNGFile.write(image, to: path)
      announce("screenshot: \(path)")
    } catch {
      announce("screenshot failed: \(error)")
    }
  }
}
