/// How an image is composited over what is under it: source over (`normal`), or one of the
/// separable blend modes of the W3C's compositing specification, which SwiftUI's `BlendMode`
/// names. Layers drawn with `.blendMode` carry it on their image.
public enum BlendKind: UInt8, Hashable, Sendable, CaseIterable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
  case difference, exclusion, plusLighter, plusDarker

  /// Whether a GPU's fixed-function blending draws the mode exactly over an opaque
  /// destination (the window): the others are drawn `normal` by the SDL renderers.
  public var hasFixedFunctionBlend: Bool {
    switch self {
    case .normal, .multiply, .screen, .plusLighter: true
    default: false
    }
  }
}
