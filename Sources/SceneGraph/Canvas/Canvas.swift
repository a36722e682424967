import FoundationEssentials
import Graphics

/// A view that draws with immediate-mode calls; SwiftUI's `Canvas`.
///
/// SwiftUI's form takes a renderer, `{ context, size in … }`, that draws through a
/// `GraphicsContext`. The project's own form, `{ ctx in … }`, draws through a `CanvasContext`,
/// which writes the draw list directly. As in SwiftUI, the closure runs when the canvas's view
/// updates (a body that makes the canvas again, as a `TimelineView` entry does) or its frame,
/// position, opacity or clip changes; while none does, what it drew last is drawn again.
/// `symbols:` are views tagged with `.tag(_:)` that the renderer draws by
/// `resolveSymbol(id:)`, each at its ideal size.
public struct Canvas<Symbols: View>: View {
  public typealias Body = Never
  let drawing: Drawing
  /// Views the renderer can draw, by tag.
  var symbols: Symbols?

  /// What the canvas draws with.
  enum Drawing {
    case context((inout CanvasContext) -> Void)
    case graphics((inout GraphicsContext, CGSize) -> Void)
  }
}

extension Canvas where Symbols == EmptyView {
  /// Creates a canvas whose closure draws into the frame's draw list.
  public init(_ draw: @escaping (inout CanvasContext) -> Void) { drawing = .context(draw) }

  /// Creates a canvas that `renderer` draws, given a context and the canvas's size in points.
  ///
  /// - Parameters:
  ///   - opaque: whether the canvas covers its frame with opaque pixels; accepted, and not
  ///     needed: what is under a canvas is drawn first either way.
  ///   - colorMode: the working color space; accepted, and drawing is always in sRGB with 8-bit channels.
  ///   - rendersAsynchronously: accepted; the renderer always runs while the frame is lowered.
  public init(
    opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
    renderer: @escaping (inout GraphicsContext, CGSize) -> Void
  ) {
    drawing = .graphics(renderer)
  }
}

extension Canvas {
  /// Creates a canvas that `renderer` draws, with `symbols` (each tagged with `.tag(_:)`) for
  /// it to draw by `resolveSymbol(id:)`.
  public init(
    opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
    renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols
  ) {
    drawing = .graphics(renderer)
    self.symbols = symbols()
  }
}

/// The color space and precision a canvas draws in; SwiftUI's `ColorRenderingMode`. Accepted:
/// every renderer blends 8-bit sRGB.
public enum ColorRenderingMode: Hashable, Sendable {
  case nonLinear, linear, extendedLinear
}

/// A canvas as the resolved tree holds it: its closure, and for a `GraphicsContext` renderer
/// the environment it was resolved in (for `.foreground` and text).
enum CanvasContent {
  case context((inout CanvasContext) -> Void)
  case graphics((inout GraphicsContext, CGSize) -> Void, EnvironmentValues, symbols: [AnyHashable: RNode] = [:])
}
