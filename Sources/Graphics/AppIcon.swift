import FoundationEssentials
import Glibc

/// The program's icon, drawn here rather than shipped: a clock face on a blue tile, its
/// second hand a timeline's tick. Used for the window (`SDL_SetWindowIcon`) and for the
/// `.desktop` entry that `make install` writes.
public enum AppIcon {
  /// The icon at `size`×`size` pixels, anti-aliased by coverage (4×4 samples per pixel).
  public static func render(size: Int) -> ImageBuffer {
    let n = max(16, min(1024, size))
    var img = ImageBuffer(width: n, height: n, smooth: true)
    let s = Double(n)
    let top = (r: 0.16, g: 0.55, b: 1.0)
    let bottom = (r: 0.20, g: 0.22, b: 0.62)
    let center = s / 2
    let face = s * 0.34
    // Hands at 10:08, the watchmaker's smile, and a thin second hand.
    let hands: [(angle: Double, length: Double, width: Double)] = [
      (300 + 4, 0.55, 0.075), (48, 0.8, 0.055), (165, 0.9, 0.02),
    ]
    func inRoundedTile(_ x: Double, _ y: Double) -> Bool {
      let r = s * 0.2
      let dx = max(0, abs(x - center) - (center - r))
      let dy = max(0, abs(y - center) - (center - r))
      return dx * dx + dy * dy <= r * r
    }
    func onHand(_ x: Double, _ y: Double) -> Bool {
      for h in hands {
        let a = h.angle * .pi / 180
        let (ux, uy) = (sin(a), -cos(a))
        let (px, py) = (x - center, y - center)
        let along = px * ux + py * uy
        let across = abs(px * uy - py * ux)
        if along >= -face * 0.1, along <= face * h.length, across <= s * h.width / 2 { return true }
      }
      return (x - center) * (x - center) + (y - center) * (y - center) <= (s * 0.045) * (s * 0.045)
    }
    for py in 0..<n {
      for px in 0..<n {
        var tile = 0.0
        var white = 0.0
        var ink = 0.0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let x = Double(px) + (Double(sx) + 0.5) / 4
            let y = Double(py) + (Double(sy) + 0.5) / 4
            guard inRoundedTile(x, y) else { continue }
            tile += 1
            let d = ((x - center) * (x - center) + (y - center) * (y - center)).squareRoot()
            if onHand(x, y) {
              ink += 1
            } else if d <= face {
              white += 1
            }
          }
        }
        guard tile > 0 else { continue }
        let t = Double(py) / s
        let bg = (
          r: top.r + (bottom.r - top.r) * t, g: top.g + (bottom.g - top.g) * t, b: top.b + (bottom.b - top.b) * t
        )
        // Premultiplied mix of the tile, the white face and the dark hands.
        let (wf, kf, bf) = (white / 16, ink / 16, (tile - white - ink) / 16)
        let r = bf * bg.r + wf * 1.0 + kf * 0.12
        let g = bf * bg.g + wf * 1.0 + kf * 0.13
        let b = bf * bg.b + wf * 1.0 + kf * 0.2
        let a = tile / 16
        // Stored straight (not premultiplied), as PNG and SDL surfaces expect.
        func byte(_ v: Double) -> UInt32 { UInt32(max(0, min(255, (v / a * 255).rounded()))) }
        img.pixels[py * n + px] = byte(r) | byte(g) << 8 | byte(b) << 16 | UInt32((a * 255).rounded()) << 24
      }
    }
    img.opaque = false
    return img
  }
}
