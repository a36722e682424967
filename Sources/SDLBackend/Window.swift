internal import CSDL2
import FoundationEssentials
import Graphics

/// A key the playground reacts to, decoupled from SDL's keycodes.
public enum Key: Hashable, Sendable {
  case digit(Int)
  case left, right, up, down, tab, space, escape, enter
  /// Function keys: F11 toggles fullscreen, F12 takes a screenshot.
  case f11, f12
  case letter(Character)
  case questionMark
  case other(Int32)
}

/// Keyboard modifiers held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  /// Creates a modifier set.
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let shift = KeyModifiers(rawValue: 1)
  public static let control = KeyModifiers(rawValue: 2)
  public static let alt = KeyModifiers(rawValue: 4)
}

/// What happened to the window or the keyboard, as the app loop sees it.
public enum WindowEvent: Hashable, Sendable {
  case quit
  case key(Key, KeyModifiers)
  case shown, hidden, exposed, minimized, maximized, restored
  case resized(width: Int, height: Int)
  case focusGained, focusLost
  /// A primary-button press at a point in window coordinates (points).
  case click(x: Double, y: Double)
  /// The pointer moved to a point with the primary button held (a drag).
  case mouseMoved(x: Double, y: Double)
  /// The primary button was released at a point.
  case mouseUp(x: Double, y: Double)
  /// The pointer moved to a point with no button held.
  case hover(x: Double, y: Double)
  /// The pointer left the window.
  case pointerLeft
  /// The wheel turned with the pointer at a point: positive is away from the user (up); the
  /// modifier keys held (Ctrl pinches, Shift twists).
  case wheel(Int, x: Double, y: Double, KeyModifiers)
  /// An event the app does not act on (a move with no button held, say); it still woke the loop.
  case ignored
}

extension WindowEvent {
  /// Whether this is pointer motion with no button held.
  public var isHover: Bool {
    if case .hover = self { return true }
    return false
  }
}

/// The platform window, its renderer and its event queue.
public final class Window {
  private let handle: OpaquePointer
  private let drawing: any SelectableRenderer
  /// The renderer drawing into the window.
  public var renderer: any Renderer { drawing }
  /// Whether presents wait for vertical blank; false for the software renderers, which then
  /// need the app's own pacer.
  public let presentBlocksOnVSync: Bool

  /// The X connection `waitEvent(untilUptime:)` waits on; nil off X11.
  let xConnection: Int32?

  /// Which renderer to draw with.
  public typealias RendererChoice = SDLBackend.RendererChoice

  /// Wakes a `waitEvent` in progress from any thread (a watched file changed, say).
  public static func wake() {
    var e = SDL_Event()
    e.type = SDL_USEREVENT.rawValue
    _ = SDL_PushEvent(&e)
    signalWake()
  }

  /// Asks the event loop to quit, as closing the window does; safe from any thread, and a
  /// no-op before SDL's events are started.
  public static func pushQuit() {
    var e = SDL_Event()
    e.type = SDL_QUIT.rawValue
    _ = SDL_PushEvent(&e)
    signalWake()
  }

  /// Opens a resizable window; throws `.noDisplay` when there is no display server.
  public init(title: String, width: Int, height: Int, renderer choice: RendererChoice = .auto) throws {
    try Platform.startVideo()
    let centered = Int32(bitPattern: 0x2FFF_0000)
    let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    guard
      let w = SDL_CreateWindow(title, centered, centered, Int32(max(1, width)), Int32(max(1, height)), flags)
    else { throw BackendError.noDisplay(sdlError()) }
    handle = w
    xConnection = Self.xConnection(of: w)
    let selection = Platform.resolve(choice)
    do {
      drawing = try selection.kind.rendererType.make(window: w, selection: selection)
    } catch {
      SDL_DestroyWindow(w)
      throw error
    }
    presentBlocksOnVSync = drawing.presentBlocksOnVSync
  }

  deinit {
    drawing.destroy()
    SDL_DestroyWindow(handle)
  }

  /// The window's title bar text.
  public var title: String {
    get { String(cString: SDL_GetWindowTitle(handle)) }
    set { SDL_SetWindowTitle(handle, newValue) }
  }

  /// The size in logical points (differs from pixels on HiDPI screens).
  public var logicalSize: (width: Int, height: Int) {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetWindowSize(handle, &w, &h)
    return (Int(w), Int(h))
  }

  /// Whether the window manager reports the window minimized or hidden.
  public var isMinimizedOrHidden: Bool {
    let f = SDL_GetWindowFlags(handle)
    return f & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0
  }

  /// The window's SDL id, to match events to it.
  public var id: UInt32 { SDL_GetWindowID(handle) }

  /// Sets the icon the window manager shows for the window (straight RGBA pixels).
  public func setIcon(_ image: ImageBuffer) {
    var pixels = image.pixels
    pixels.withUnsafeMutableBytes { raw in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          raw.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
          SDL_PIXELFORMAT_RGBA32.rawValue)
      else { return }
      SDL_SetWindowIcon(handle, surface)
      SDL_FreeSurface(surface)
    }
  }

  /// Asks for a new size in points (the soak's resize storm); the window manager may adjust it.
  public func setSize(width: Int, height: Int) {
    SDL_SetWindowSize(handle, Int32(min(max(1, width), 16384)), Int32(min(max(1, height), 16384)))
  }

  /// Whether the window covers its display (desktop fullscreen: no mode change, so switching
  /// is instant and the scene simply lays out at the new size).
  public var isFullscreen: Bool {
    get {
      SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
    }
    set { SDL_SetWindowFullscreen(handle, newValue ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) }
  }

  /// Asks the window manager to minimize the window.
  public func minimize() { SDL_MinimizeWindow(handle) }
  /// Asks the window manager to restore the window.
  public func restore() { SDL_RestoreWindow(handle) }

  /// The display's refresh period in seconds; 1/60 when the display reports no rate (Xvfb).
  public var refreshPeriod: Double {
    var mode = SDL_DisplayMode()
    let index = SDL_GetWindowDisplayIndex(handle)
    if index >= 0, SDL_GetCurrentDisplayMode(index, &mode) == 0, mode.refresh_rate > 0 {
      return 1.0 / Double(mode.refresh_rate)
    }
    return 1.0 / 60.0
  }

  /// Waits up to `timeout` seconds (nil: forever) for one event.
  public func waitEvent(timeout: Double?) -> WindowEvent? {
    var e = SDL_Event()
    let got: Int32
    if let timeout {
      // Clamped before converting: a far-off deadline (or an infinite one) must not trap.
      let ms = timeout.isFinite ? min(max(0, (timeout * 1000).rounded(.down)), Double(Int32.max)) : Double(Int32.max)
      got = SDL_WaitEventTimeout(&e, Int32(ms))
    } else {
      got = SDL_WaitEvent(&e)
    }
    return got == 1 ? Self.translate(e) : nil
  }

  /// Takes one queued event without waiting.
  public func pollEvent() -> WindowEvent? {
    var e = SDL_Event()
    return SDL_PollEvent(&e) == 1 ? Self.translate(e) : nil
  }

  /// Maps an SDL event onto the playground's vocabulary.
  static func translate(_ e: SDL_Event) -> WindowEvent {
    switch SDL_EventType(e.type) {
    case SDL_QUIT: return .quit
    case SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT):
      return .click(x: Double(e.button.x), y: Double(e.button.y))
    case SDL_MOUSEBUTTONUP where e.button.button == UInt8(SDL_BUTTON_LEFT):
      return .mouseUp(x: Double(e.button.x), y: Double(e.button.y))
    // Bit 0 of the button state is the primary button (SDL_BUTTON_LMASK).
    case SDL_MOUSEMOTION where e.motion.state & 1 != 0:
      return .mouseMoved(x: Double(e.motion.x), y: Double(e.motion.y))
    case SDL_MOUSEMOTION where e.motion.state == 0:
      return .hover(x: Double(e.motion.x), y: Double(e.motion.y))
    case SDL_MOUSEWHEEL:
      let dy = Int(e.wheel.y) * (e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
      return dy == 0
        ? .ignored : .wheel(dy, x: Double(e.wheel.mouseX), y: Double(e.wheel.mouseY), modifiers(SDL_GetModState()))
    case SDL_KEYDOWN:
      let sym = e.key.keysym
      let mods = modifiers(SDL_Keymod(UInt32(sym.mod)))
      return .key(key(for: sym.sym, shift: mods.contains(.shift)), mods)
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(e.window.event)) {
      case SDL_WINDOWEVENT_SHOWN: return .shown
      case SDL_WINDOWEVENT_HIDDEN: return .hidden
      case SDL_WINDOWEVENT_EXPOSED: return .exposed
      case SDL_WINDOWEVENT_MINIMIZED: return .minimized
      case SDL_WINDOWEVENT_MAXIMIZED: return .maximized
      case SDL_WINDOWEVENT_RESTORED: return .restored
      case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
        return .resized(width: Int(e.window.data1), height: Int(e.window.data2))
      case SDL_WINDOWEVENT_FOCUS_GAINED: return .focusGained
      case SDL_WINDOWEVENT_FOCUS_LOST: return .focusLost
      case SDL_WINDOWEVENT_LEAVE: return .pointerLeft
      default: return .ignored
      }
    default: return .ignored
    }
  }

  /// The modifier keys in SDL's mask.
  static func modifiers(_ mod: SDL_Keymod) -> KeyModifiers {
    var mods: KeyModifiers = []
    if mod.rawValue & KMOD_SHIFT.rawValue != 0 { mods.insert(.shift) }
    if mod.rawValue & KMOD_CTRL.rawValue != 0 { mods.insert(.control) }
    if mod.rawValue & KMOD_ALT.rawValue != 0 { mods.insert(.alt) }
    return mods
  }

  static func key(for sym: SDL_Keycode, shift: Bool) -> Key {
    switch sym {
    case 48...57: return shift && sym == 47 ? .questionMark : .digit(Int(sym - 48))
    case 97...122:
      return .letter(Character(UnicodeScalar(UInt8(sym))))
    case 47: return shift ? .questionMark : .other(sym)
    // `+` is shift+`=` on most layouts; both, and `-`, reach scenes as characters.
    case 61: return .letter(shift ? "+" : "=")
    case 43, 45: return .letter(Character(UnicodeScalar(UInt8(sym))))
    case 63: return .questionMark
    case 32: return .space
    case 27: return .escape
    case 9: return .tab
    case 13, 1_073_741_912: return .enter
    case Int32(bitPattern: 0x4000_004F): return .right
    case Int32(bitPattern: 0x4000_0050): return .left
    case Int32(bitPattern: 0x4000_0051): return .down
    case Int32(bitPattern: 0x4000_0052): return .up
    case Int32(bitPattern: 0x4000_0044): return .f11
    case Int32(bitPattern: 0x4000_0045): return .f12
    default: return .other(sym)
    }
  }

  /// SDL's keycode for `key`: the inverse of `key(for:shift:)`.
  static func sym(for key: Key) -> SDL_Keycode {
    switch key {
    case .digit(let d): return SDL_Keycode(48 + max(0, min(9, d)))
    case .letter("+"): return 61
    case .letter(let c): return SDL_Keycode(c.unicodeScalars.first.map { Int32(truncatingIfNeeded: $0.value) } ?? 0)
    case .questionMark: return 47
    case .space: return 32
    case .escape: return 27
    case .tab: return 9
    case .enter: return 13
    case .right: return Int32(bitPattern: 0x4000_004F)
    case .left: return Int32(bitPattern: 0x4000_0050)
    case .down: return Int32(bitPattern: 0x4000_0051)
    case .up: return Int32(bitPattern: 0x4000_0052)
    case .f11: return Int32(bitPattern: 0x4000_0044)
    case .f12: return Int32(bitPattern: 0x4000_0045)
    case .other(let sym): return sym
    }
  }

  /// Pushes a synthetic key press onto SDL's queue, as a user's keystroke would arrive.
  public static func pushKey(_ key: Key, shift: Bool = false) {
    let sym = Self.sym(for: key)
    let shift = shift || key == .questionMark
    var e = SDL_Event()
    e.type = SDL_KEYDOWN.rawValue
    e.key.keysym.sym = sym
    e.key.keysym.mod = UInt16(shift ? KMOD_LSHIFT.rawValue : 0)
    e.key.state = UInt8(SDL_PRESSED)
    SDL_PushEvent(&e)
  }
}
