internal import CSDL2
import FoundationEssentials
import Glibc
import Timeline

/// An error from SDL or its companions, carrying a one-line message for the user.
public enum BackendError: Error, CustomStringConvertible, Equatable {
  /// No display server could be reached.
  case noDisplay(String)
  /// SDL, SDL_ttf or SDL_image failed in a way the user cannot fix by configuration.
  case sdl(String)
  /// A file could not be written.
  case io(String)

  public var description: String {
    switch self {
    case .noDisplay(let detail):
      "no display could be opened (\(detail)); set DISPLAY to a running X server, or use "
        + "SDL_VIDEODRIVER=offscreen for headless rendering"
    case .sdl(let m): "SDL error: \(m)"
    case .io(let m): m
    }
  }
}

/// The last SDL error as a Swift string.
func sdlError() -> String {
  String(cString: SDL_GetError())
}

/// What happens when the X server goes away under a running window.
///
/// Xlib gives no way back: after its I/O error handler returns it exits. The app registers a
/// closure that closes the trace and prints the stats, so what was measured is not lost; then
/// one line names the display and the process exits 69.
public enum LostDisplay {
  nonisolated(unsafe) private static var finish: (() -> Void)?

  /// Sets what to do before exiting; the app's loop thread is the one Xlib calls it on.
  public static func onLoss(_ body: @escaping () -> Void) { finish = body }

  static func handle() {
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    writeToStandardError("playground: lost the connection to the display \(display) (the X server went away)\n")
    finish?()
    finish = nil
  }
}

/// Process-wide SDL initialisation; SDL keeps global state, so this is done once.
public enum Platform {
  /// Asks the kernel to allow itself 1 µs of slack, not the default 50 µs, when it wakes this
  /// thread from a timed sleep, so a paced frame sleeps closer to its slot before spinning.
  /// Returns whether the kernel agreed.
  @discardableResult
  public static func tightenTimerSlack() -> Bool { tp_set_timer_slack_ns(1000) == 0 }

  nonisolated(unsafe) private static var coreReady = false
  nonisolated(unsafe) private static var videoReady = false
  /// SDL's init calls are not thread-safe; two threads starting them at once corrupt its state.
  private static let lock = Lock()

  /// Starts SDL_ttf and SDL_image (no display needed); safe to call repeatedly.
  public static func startCore() throws {
    lock.lock()
    defer { lock.unlock() }
    if coreReady { return }
    if SDL_WasInit(UInt32(SDL_INIT_EVENTS)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_EVENTS)) != 0 {
      throw BackendError.sdl(sdlError())
    }
    if TTF_WasInit() == 0, TTF_Init() != 0 { throw BackendError.sdl(sdlError()) }
    _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue))
    coreReady = true
  }

  /// Puts the C library's character type in UTF-8, from the user's locale or else `C.UTF-8`.
  ///
  /// SDL's X11 backend converts window titles through the C locale, and a process starts in
  /// the "C" locale: there the title's "—" cannot be converted, SDL sets no `_NET_WM_NAME`, and
  /// a window manager shows the raw bytes of `WM_NAME` ("Timeline Playground â").
  static func useUTF8CharacterType() {
    func isUTF8() -> Bool {
      guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
      let name = String(cString: codeset).uppercased()
      return name == "UTF-8" || name == "UTF8"
    }
    if setlocale(LC_CTYPE, "") != nil, isUTF8() { return }
    _ = setlocale(LC_CTYPE, "C.UTF-8")
  }

  /// Starts the video subsystem; throws `.noDisplay` when no display server answers.
  public static func startVideo() throws {
    try startCore()
    lock.lock()
    defer { lock.unlock() }
    if videoReady { return }
    // Software rendering straight to the X framebuffer: presenting through OpenGL costs
    // 2–4 ms a frame and ~80 MB of RSS under llvmpipe for nothing on this machine class.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    let env = ProcessInfo.processInfo.environment
    let requested = (env["SDL_VIDEODRIVER"] ?? "").lowercased()
    let hasServer = !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
    // Without a display server SDL would probe Wayland (printing its own errors) and then
    // quietly fall back to an invisible offscreen window; say so instead.
    if requested.isEmpty && !hasServer {
      throw BackendError.noDisplay("DISPLAY is not set")
    }
    useUTF8CharacterType()
    let display = env["DISPLAY"] ?? ""
    let x11Only = requested.isEmpty && !display.isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty
    // With only DISPLAY set, X11 is what the user means: probing Wayland first would print
    // libwayland's own "XDG_RUNTIME_DIR" complaint, and a failure would not name the display.
    if x11Only { SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11") }
    if SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
      throw BackendError.noDisplay(x11Only ? "the X server at DISPLAY=\(display) cannot be reached" : sdlError())
    }
    if let driver = videoDriver, ["offscreen", "dummy"].contains(driver), !requested.contains(driver) {
      SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
      throw BackendError.noDisplay("SDL found only its invisible \(driver) driver")
    }
    if videoDriver == "x11" {
      // Installed after SDL's video start, so it is the handler in force.
      _ = XSetIOErrorHandler { _ in
        LostDisplay.handle()
        // Xlib would exit(1) after a handler returns; end with "service unavailable" instead.
        exit(69)
      }
    }
    videoReady = true
  }

  /// The linked SDL version, e.g. "2.26.5".
  public static var sdlVersion: String {
    var v = SDL_version()
    SDL_GetVersion(&v)
    return "\(v.major).\(v.minor).\(v.patch)"
  }

  /// The video driver in use, or nil before video starts.
  public static var videoDriver: String? {
    guard let p = SDL_GetCurrentVideoDriver() else { return nil }
    return String(cString: p)
  }
}
