// Glyph lookup: one face's glyphs at one size, which layout finds once per run of text.
import Graphics

/// The glyphs rasterized from one face at one pixel size: ASCII by index, the rest by scalar.
///
/// A run of text set in one face looks its table up once and each glyph in it by character: a
/// key of face and character would hash the face's path and compare it for every glyph, a
/// quarter of the cost of laying out a changed text.
final class FaceGlyphs {
  private var ascii = [GlyphAtlas.Glyph?](repeating: nil, count: 128)
  private var others: [UInt32: GlyphAtlas.Glyph] = [:]
  /// Glyphs held.
  private(set) var count = 0
  /// The widest digit's advance, in pixels, by the pixel size text is set at: the cell of
  /// every digit in tabular text (`GlyphAtlas.digitAdvance`).
  private var digitCells: [Double: Double] = [:]
  /// Past this many sizes (text whose size animates), the cells start over.
  private static let maxDigitCells = 64

  subscript(scalar: UInt32) -> GlyphAtlas.Glyph? {
    get { scalar < 128 ? ascii[Int(scalar)] : others[scalar] }
    set {
      let had: Bool
      if scalar < 128 {
        had = ascii[Int(scalar)] != nil
        ascii[Int(scalar)] = newValue
      } else {
        had = others[scalar] != nil
        others[scalar] = newValue
      }
      count += (newValue != nil ? 1 : 0) - (had ? 1 : 0)
    }
  }

  /// The digit cell kept for `pixelSize`, or `compute`'s, kept.
  func digitCell(pixelSize: Double, _ compute: () -> Double) -> Double {
    if let c = digitCells[pixelSize] { return c }
    if digitCells.count >= Self.maxDigitCells { digitCells.removeAll(keepingCapacity: true) }
    let c = compute()
    digitCells[pixelSize] = c
    return c
  }

  /// Halves every glyph's texture coordinates, for an atlas that doubled its sides.
  func halveUVs() {
    func halve(_ g: inout GlyphAtlas.Glyph) {
      g.uv = Rect(x: g.uv.minX / 2, y: g.uv.minY / 2, width: g.uv.width / 2, height: g.uv.height / 2)
    }
    for i in ascii.indices where ascii[i] != nil { halve(&ascii[i]!) }
    for k in Array(others.keys) { halve(&others[k]!) }
  }

  /// Drops every glyph, for an atlas that starts over; the digit cells, which are the font's
  /// metrics, stay.
  func removeGlyphs() {
    for i in ascii.indices { ascii[i] = nil }
    others.removeAll()
    count = 0
  }
}
