internal import CSDL2
import FoundationEssentials

/// Which renderer to draw with, as `--renderer` names it.
public enum RendererChoice: String, CaseIterable, Sendable {
  /// The GPU when OpenGL reports a hardware device, the CPU rasterizer otherwise.
  case auto
  /// The project's own anti-aliased rasterizer, presented straight to the window surface.
  case cpu
  /// SDL's software renderer (whole-pixel triangles), kept for comparison.
  case sdlSoftware = "sdl-software"
  /// Whatever accelerated renderer SDL picks (OpenGL under X11), with vsync.
  case accelerated
}

/// The renderer in use and why it was picked, as the HUD, `--stats`, bench and traces report it.
public struct RendererSelection: Hashable, Sendable {
  /// What draws: never `.auto`.
  public var kind: RendererChoice
  /// SDL's driver name ("opengl", "software") or "cpu".
  public var driver: String
  /// OpenGL's renderer string, when OpenGL was asked.
  public var device: String?
  /// Why this renderer, in a few words ("asked for", "auto: OpenGL is llvmpipe, a software
  /// rasterizer").
  public var reason: String

  /// The short name: `cpu`, `sdl-software`, `accelerated (opengl)`.
  public var label: String {
    kind == .accelerated ? "accelerated (\(driver))" : kind.rawValue
  }

  /// Creates a selection.
  public init(kind: RendererChoice, driver: String, device: String? = nil, reason: String) {
    (self.kind, self.driver, self.device, self.reason) = (kind, driver, device, reason)
  }

  /// Whether an OpenGL renderer string names a software rasterizer (Mesa's llvmpipe, softpipe
  /// or swrast, Google's SwiftShader, or a "Software Rasterizer").
  public static func isSoftwareGL(_ device: String) -> Bool {
    let d = device.lowercased()
    return ["llvmpipe", "softpipe", "swrast", "swiftshader", "software"].contains { d.contains($0) }
  }
}

extension Platform {
  /// How `auto` learns OpenGL's renderer string. The default asks in this process; the program
  /// sets one that asks a child process, because a loaded GL driver stays resident for good
  /// (llvmpipe brings LLVM: about 50 MB) even when the answer is not to use it.
  nonisolated(unsafe) public static var openGLProbe: () -> (device: String?, problem: String?) = {
    openGLDevice()
  }

  /// OpenGL's renderer string, from a context on a hidden window; nil with the reason when
  /// no context can be made. Starts video if needed.
  public static func openGLDevice() -> (device: String?, problem: String?) {
    do { try startVideo() } catch { return (nil, "\(error)") }
    let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue
    guard let w = SDL_CreateWindow("probe", 0, 0, 16, 16, flags) else { return (nil, sdlError()) }
    defer { SDL_DestroyWindow(w) }
    guard let ctx = SDL_GL_CreateContext(w) else { return (nil, sdlError()) }
    defer { SDL_GL_DeleteContext(ctx) }
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    guard let fn = SDL_GL_GetProcAddress("glGetString") else { return (nil, "no glGetString") }
    let getString = unsafeBitCast(fn, to: GetString.self)
    // GL_RENDERER
    guard let s = getString(0x1F01) else { return (nil, "OpenGL gave no renderer name") }
    return (String(cString: s), nil)
  }

  /// Resolves `.auto`: accelerated where OpenGL runs on hardware, the CPU rasterizer otherwise.
  static func resolve(_ choice: RendererChoice) -> RendererSelection {
    switch choice {
    case .cpu: return RendererSelection(kind: .cpu, driver: "cpu", reason: "asked for")
    case .sdlSoftware: return RendererSelection(kind: .sdlSoftware, driver: "software", reason: "asked for")
    case .accelerated: return RendererSelection(kind: .accelerated, driver: "opengl", reason: "asked for")
    case .auto:
      let (device, problem) = openGLProbe()
      guard let device else {
        return RendererSelection(kind: .cpu, driver: "cpu", reason: "auto: no OpenGL (\(problem ?? "unknown"))")
      }
      if RendererSelection.isSoftwareGL(device) {
        return RendererSelection(
          kind: .cpu, driver: "cpu", device: device, reason: "auto: OpenGL is \(device), a software rasterizer")
      }
      return RendererSelection(
        kind: .accelerated, driver: "opengl", device: device, reason: "auto: OpenGL is \(device)")
    }
  }
}
