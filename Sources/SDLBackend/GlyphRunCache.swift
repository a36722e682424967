import Graphics

/// Lines of text laid out since the atlas's glyphs last moved: a frame measures each text in
/// layout and places its glyphs again in lowering, and most text is the same next frame.
struct GlyphRunCache {
  /// What a run's layout depends on, besides the atlas.
  struct Key: Hashable {
    var text: String
    var font: Graphics.Font
    var pixelSize: Double
  }

  /// Beyond this many distinct runs (text that changes every frame), the cache starts over.
  static let maxRuns = 512

  private var runs: [Key: GlyphRun] = [:]
  /// The atlas epoch `runs` were laid out in.
  private var epoch = 0

  /// The run kept for `key`, if any, once runs from an epoch before `epoch` are dropped.
  mutating func run(for key: Key, epoch: Int) -> GlyphRun? {
    if self.epoch != epoch || runs.count >= Self.maxRuns {
      runs.removeAll(keepingCapacity: true)
      self.epoch = epoch
    }
    return runs[key]
  }

  /// Keeps `run` for `key` if it was laid out in the epoch the cache holds: laying out may grow
  /// the atlas and move every glyph.
  mutating func insert(_ run: GlyphRun, for key: Key, epoch: Int) {
    if self.epoch == epoch { runs[key] = run }
  }
}
