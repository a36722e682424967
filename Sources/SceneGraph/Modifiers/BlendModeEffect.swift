// `.blendMode(_:)`: the view rasterized as a layer and composited by a blend mode.
import Graphics

/// How a view's drawing combines with what is under it; SwiftUI's `BlendMode`.
///
/// The separable modes are drawn exactly by the CPU renderer; the SDL renderers draw
/// `multiply`, `screen` and `plusLighter` with fixed-function blending (SDL's OpenGL renderer
/// has no minimum or maximum for `darken` and `lighten`) and the rest as `normal`. The non-separable modes (`hue`, `saturation`, `color`,
/// `luminosity`) and the Porter–Duff ones are accepted and drawn as `normal`.
public enum BlendMode: Hashable, Sendable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
  case difference, exclusion, hue, saturation, color, luminosity
  case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

  /// The blend the renderers draw.
  var kind: BlendKind {
    switch self {
    case .normal: .normal
    case .multiply: .multiply
    case .screen: .screen
    case .overlay: .overlay
    case .darken: .darken
    case .lighten: .lighten
    case .colorDodge: .colorDodge
    case .colorBurn: .colorBurn
    case .softLight: .softLight
    case .hardLight: .hardLight
    case .difference: .difference
    case .exclusion: .exclusion
    case .plusDarker: .plusDarker
    case .plusLighter: .plusLighter
    case .hue, .saturation, .color, .luminosity, .sourceAtop, .destinationOver, .destinationOut: .normal
    }
  }
}

/// Draws the view as one layer composited by `mode`.
struct BlendModeEffect: PrimitiveModifier, ResolvedModifier {
  let mode: BlendMode

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    [RNode(self, single(ctx.runtime.child(node, ChildKey(0), content, ctx)))]
  }

  func lower(_ child: RNode, frame: Rect, _ lowerer: inout Lowerer, _ t: Transform2D, _ opacity: Double) {
    guard mode.kind != .normal else { return lowerer.lower(child, t, opacity) }
    lowerer.layer(LayerEffect(steps: [], blend: mode.kind), opacity: opacity) { $0.lower(child, t, 1) }
  }
}

extension View {
  /// Composites the view over what is under it by `mode`.
  public func blendMode(_ mode: BlendMode) -> some View { modified(BlendModeEffect(mode: mode)) }
}
