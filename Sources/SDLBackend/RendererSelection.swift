internal import CSDL2
import FoundationEssentials

/// Which renderer to draw with, as `--renderer` names it: `auto`, or one of the renderers in
/// `registered`.
///
/// Each renderer's file declares its own name (`RendererChoice.cpu` in `CPURenderer.swift`,
/// …), so adding a renderer is its file and one line in `registered`.
public struct RendererChoice: RawRepresentable, CaseIterable, Hashable, Sendable {
  /// The name as `--renderer` takes it.
  public let rawValue: String

  /// The GPU when OpenGL reports a hardware device, the CPU rasterizer otherwise.
  public static let auto = RendererChoice(name: "auto")

  /// Every renderer that can be asked for, in the order help and `bench --compare` list them.
  static var registered: [any SelectableRenderer.Type] {
    [
      CPURenderer.self,
      SDLSoftwareRenderer.self,
      AcceleratedRenderer.self,
    ]
  }

  /// `auto`, then every registered renderer.
  public static var allCases: [RendererChoice] { [.auto] + renderers }

  /// The registered renderers' names, without `auto`.
  public static var renderers: [RendererChoice] { registered.map { $0.choice } }

  /// The choice `name` names; nil for a name no renderer has.
  public init?(rawValue name: String) {
    guard let known = Self.allCases.first(where: { $0.rawValue == name }) else { return nil }
    self = known
  }

  /// A renderer's name, for the renderer's own file to declare.
  init(name: String) {
    rawValue = name
  }

  /// The renderer this choice names; `auto`, which callers resolve first, stands for the
  /// CPU renderer here, as it does wherever nothing is probed.
  var rendererType: any SelectableRenderer.Type {
    Self.registered.first { $0.choice == self } ?? CPURenderer.self
  }

  /// Whether the renderer can be missing on a machine that otherwise runs (it needs OpenGL,
  /// say), so that a run comparing renderers leaves it out instead of failing.
  public var mayBeUnavailable: Bool { rendererType.mayBeUnavailable }
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
    kind.rendererType.labelNamesDriver ? "\(kind.rawValue) (\(driver))" : kind.rawValue
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
    guard choice == .auto else {
      return RendererSelection(kind: choice, driver: choice.rendererType.defaultDriver, reason: "asked for")
    }
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
