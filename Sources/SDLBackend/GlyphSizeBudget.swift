/// Decides which pixel sizes get their own rasterization: each font file's first few sizes
/// exactly, later ones rounded to a bounded set.
///
/// Static text (a clock's digits, labels) uses a handful of sizes and is rendered exactly; text
/// whose size animates runs through the budget within a few frames and then shares the
/// quantized sizes, so the atlas stays bounded. The budget refills when the atlas is cleared.
struct GlyphSizeBudget {
  /// How many exact sizes a font file gets before further sizes fall back to `quantize`.
  static let exactSizesPerFile = 8

  /// Exact pixel sizes rasterized per font file since the budget was last refilled.
  private var exactSizes: [String: Set<Int>] = [:]

  /// Quantizes pixel sizes so animated scales reuse a bounded set of rasterizations.
  static func quantize(_ px: Double) -> Int {
    let p = max(4, min(512, px))
    if p <= 32 { return Int(p.rounded()) }
    if p <= 96 { return Int((p / 4).rounded()) * 4 }
    return Int((p / 16).rounded()) * 16
  }

  /// Whether text at `size` from the font file at `path` gets its own rasterization; a yes for
  /// a new size spends one of the file's exact sizes.
  mutating func admitsExactSize(_ size: Int, path: String) -> Bool {
    if size <= 32 { return true }
    if exactSizes[path]?.contains(size) == true { return true }
    guard exactSizes[path, default: []].count < Self.exactSizesPerFile else { return false }
    exactSizes[path, default: []].insert(size)
    return true
  }

  /// Gives every font file its whole budget again.
  mutating func refill() {
    exactSizes.removeAll()
  }
}
