// Stage: ramps' dithered rows, worked out once and kept between draws for a retained target.

import Graphics

/// The dithered pixels of each row of the ramps a target draws, kept from draw to draw.
///
/// A dithered ramp's row costs its color, the four dither offsets added to it and the four
/// pixels packed: some ninety instructions before the first pixel is stored. A damaged region
/// draws only a sliver of the window's backdrop, a few pixels or a bar's width, so that set-up
/// is most of the ramp's cost, and it comes back every region and every frame for the same
/// rows. Kept here, a row costs a load and a rotation.
///
/// Rows are the same pixels `RampDitherFill` packs, lane for lane: each is kept as the four
/// pixels of columns 0, 1, 2 and 3 (mod 4) and rotated to a span's first column.
public final class RampRows {
  /// What decides a ramp's rows: the rectangle's width (its plane's determinant), its top and
  /// bottom in 1/256 pixel, its two premultiplied colors and the target's height.
  struct Key: Equatable {
    var width: Int64
    var top: Int64
    var bottom: Int64
    var topColor: UInt32
    var bottomColor: UInt32
    var targetHeight: Int
  }

  /// One ramp's rows: `rows[y - firstRow]` for the rows worked out, `known`.
  final class Entry {
    let key: Key
    let firstRow: Int
    let rows: UnsafeMutablePointer<SIMD4<UInt32>>
    /// The rows worked out so far (absolute row numbers).
    var known: Range<Int>
    var lastUse: Int

    init(key: Key, rows range: Range<Int>) {
      self.key = key
      firstRow = range.lowerBound
      rows = .allocate(capacity: max(1, range.count))
      known = range.lowerBound..<range.lowerBound
      lastUse = 0
    }

    deinit { rows.deallocate() }
  }

  /// Ramps kept at most: a scene has one or two backdrops, the overview one per cell.
  public let capacity: Int
  private var entries: [Entry] = []
  private var uses = 0

  /// Creates an empty store that keeps the rows of up to `capacity` ramps.
  public init(capacity: Int = 32) {
    self.capacity = max(1, capacity)
  }

  /// Ramps whose rows are kept.
  public var count: Int { entries.count }

  /// The entry for `key` with rows `needed` worked out by `row`, made or extended as needed.
  /// `extent` is every row the ramp has in the target, which `needed` lies within.
  func rows(
    _ key: Key, extent: Range<Int>, needed: Range<Int>, row: (Int) -> SIMD4<UInt32>
  ) -> Entry {
    uses += 1
    let entry: Entry
    if let found = entries.first(where: { $0.key == key }) {
      entry = found
    } else {
      if entries.count >= capacity {
        let oldest = entries.indices.min { entries[$0].lastUse < entries[$1].lastUse }
        entries.remove(at: oldest ?? 0)
      }
      entry = Entry(key: key, rows: extent)
      entries.append(entry)
    }
    entry.lastUse = uses
    // The known rows stay one run: what lies between it and the rows needed is worked out too.
    let known = entry.known
    let want =
      known.isEmpty ? needed : min(known.lowerBound, needed.lowerBound)..<max(known.upperBound, needed.upperBound)
    let below = want.lowerBound..<(known.isEmpty ? want.upperBound : known.lowerBound)
    let above = (known.isEmpty ? want.upperBound : known.upperBound)..<want.upperBound
    for y in below { entry.rows[y - entry.firstRow] = row(y) }
    for y in above { entry.rows[y - entry.firstRow] = row(y) }
    entry.known = want
    return entry
  }
}

extension Rasterizer {
  /// Fills `rows` of a dithered ramp from column `start` for `count` pixels with the rows kept
  /// in `store`, working out those it lacks as `RampDitherFill` does.
  static func keptRampRows(
    _ store: RampRows, key: RampRows.Key, extent: Range<Int>, rows: Range<Int>, start: Int, count: Int,
    color: SIMD4<Float>, dy: SIMD4<Float>, oy: Float, target: RasterTarget
  ) {
    let entry = store.rows(key, extent: extent, needed: rows) { y in
      let c = color + dy * (Float(y) + 0.5 - oy)
      return ditherPattern(c, Bayer.row(y))
    }
    // Lane i of a span starting at `start` is column start + i: the kept lane (start + i) mod 4.
    let s = start & 3
    let (l0, l1, l2, l3) = (s, (s + 1) & 3, (s + 2) & 3, (s + 3) & 3)
    var row = target.pixels + rows.lowerBound * target.stride + start
    var kept = entry.rows + (rows.lowerBound - entry.firstRow)
    for _ in rows {
      let q = kept.pointee
      patternSpan(row, count: count, pattern: SIMD4(q[l0], q[l1], q[l2], q[l3]))
      row += target.stride
      kept += 1
    }
  }
}
