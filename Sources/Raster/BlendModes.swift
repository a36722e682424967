// Stage: blend modes: an upright image quad composited by a separable blend formula.

import Graphics

extension Rasterizer {
  /// Draws an upright image quad of `texture` drawn at its own size on whole pixels (what a
  /// layer is) with the texture's blend mode instead of source over; false for any other
  /// quad, which is then drawn `normal`.
  ///
  /// Each channel follows the W3C compositing formula for premultiplied colours,
  /// `S·(1−αd) + D·(1−αs) + αs·αd·B(Cd, Cs)`, with alpha `αs + αd − αs·αd`, where `B` is the
  /// mode's function of the straight colours; `plusLighter` and `plusDarker` add and clamp.
  static func blendQuad(
    _ q: UnsafePointer<Vertex>, clip: PixelRect, target: RasterTarget, texture: RasterTexture
  ) -> Bool {
    let (a, c) = (q[0], q[2])
    let x0 = Int(a.x)
    let y0 = Int(a.y)
    guard Float(x0) == a.x, Float(y0) == a.y, Int(c.x) - x0 == texture.width, Int(c.y) - y0 == texture.height,
      a.u == 0, a.v == 0, c.u == 1, c.v == 1
    else { return false }
    let area = clip.intersection(PixelRect(x0: x0, y0: y0, x1: Int(c.x), y1: Int(c.y)))
    guard !area.isEmpty else { return true }
    // A blended layer's tint is premultiplied already (its opacity in every channel), as the
    // GPU renderers modulate its premultiplied texels with it.
    let k = a.color
    let tint = UInt32(k.a) << 24 | UInt32(k.r) << 16 | UInt32(k.g) << 8 | UInt32(k.b)
    let mode = texture.blend
    for y in area.y0..<area.y1 {
      let row = target.pixels + y * target.stride
      let texRow = texture.texels + (y - y0) * texture.width - x0
      for x in area.x0..<area.x1 {
        var s = texRow[x]
        if tint != 0xFFFF_FFFF { s = modulate(s, tint) }
        guard s >> 24 != 0 else { continue }
        row[x] = blend(s, row[x], mode)
      }
    }
    return true
  }

  /// `src` (premultiplied) composited over `dst` by `mode`.
  static func blend(_ src: UInt32, _ dst: UInt32, _ mode: BlendKind) -> UInt32 {
    let sa = Float(src >> 24) / 255
    let da = Float(dst >> 24) / 255
    @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
      let s = Float((src >> shift) & 0xFF) / 255
      let d = Float((dst >> shift) & 0xFF) / 255
      let out: Float
      switch mode {
      case .plusLighter: out = min(1, s + d)
      case .plusDarker: out = max(0, s + d - sa - da + sa * da)
      default:
        let cs = sa > 0 ? s / sa : 0
        let cd = da > 0 ? d / da : 0
        out = s * (1 - da) + d * (1 - sa) + sa * da * separable(cd, cs, mode)
      }
      return UInt32(max(0, min(255, (out * 255).rounded())))
    }
    let alpha: Float =
      switch mode {
      case .plusLighter: min(1, sa + da)
      case .plusDarker: max(0, sa + da - 1 + (1 - sa) * (1 - da))
      default: sa + da - sa * da
      }
    return UInt32((alpha * 255).rounded()) << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
  }

  /// The mode's blend function `B(backdrop, source)` of straight colours in 0…1.
  static func separable(_ b: Float, _ s: Float, _ mode: BlendKind) -> Float {
    switch mode {
    case .normal, .plusLighter, .plusDarker: return s
    case .multiply: return b * s
    case .screen: return b + s - b * s
    case .overlay: return separable(s, b, .hardLight)
    case .darken: return min(b, s)
    case .lighten: return max(b, s)
    case .colorDodge: return b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s))
    case .colorBurn: return b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s)
    case .hardLight: return s <= 0.5 ? b * 2 * s : separable(b, 2 * s - 1, .screen)
    case .softLight:
      if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
      let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
      return b + (2 * s - 1) * (d - b)
    case .difference: return abs(b - s)
    case .exclusion: return b + s - 2 * b * s
    }
  }
}
