// Canvas draws replayed: a `CanvasContext` call repeated from the last lowering appends what it
// appended then, instead of being flattened and tessellated again.
import Graphics

/// A canvas's draw calls from its last lowering, each with the stretch of draw list it added.
///
/// A canvas's closure runs whenever its view updates, and most of what it draws is often what it
/// drew before: a clock face redraws its sixty ticks every second to move its hands. A call
/// whose arguments, transform, opacity and draw-list state (`DrawList.ReplayState`) equal a
/// call's from the last lowering appends that call's fragment again, which gives the same
/// vertices, indices and primitives (their keys included) as tessellating it anew.
///
/// Calls are matched in order: each is compared with the call at its place in last time's order
/// and a few around it, and a call that matches none takes its place (it changed), so a call
/// added, removed or changed in the middle, or a run of changed calls, leaves the rest matched.
/// A canvas whose calls mostly change (an animation drawn through the context) stops recording
/// for a few lowerings after one in which fewer than an eighth matched, so it does not pay for
/// copies it hardly uses.
final class CanvasDrawMemo {
  /// One drawing call of `CanvasContext`, by its arguments.
  enum Call: Equatable {
    case fill(Path, Color)
    case stroke(Path, Color, lineWidth: Double)
    case circle(center: Point, radius: Double, Color)
  }

  /// A call with everything else its tessellation depends on.
  struct Key: Equatable {
    var call: Call
    var transform: Transform2D
    var opacity: Double
    var state: DrawList.ReplayState
  }

  /// How many of last time's calls past the expected one a call is compared with (and one before).
  static let lookahead = 4
  /// Lowerings that record nothing after one in which fewer than an eighth of the calls matched.
  static let restingLowerings = 4

  /// A call and what it appended. A reference: a key is some two hundred bytes, and a call kept
  /// from frame to frame is then never copied.
  final class Entry {
    let key: Key
    let fragment: DrawFragment
    init(key: Key, fragment: DrawFragment) {
      self.key = key
      self.fragment = fragment
    }
  }

  private var previous: [Entry] = []
  private var current: [Entry] = []
  /// Where in `previous` the next call is expected.
  private var cursor = 0
  private var matchedNow = 0
  private var callsNow = 0
  private var resting = 0
  /// Calls appended from last time's fragments, over the memo's life (for tests and stats).
  private(set) var replayed = 0

  /// Whether this lowering neither matches nor records: calls are then drawn with no key made.
  var isResting: Bool { resting > 0 }

  /// Appends what `key` appended last time, if it was drawn then: true when it was.
  func replay(_ key: Key, into list: inout DrawList) -> Bool {
    callsNow += 1
    let start = max(0, cursor - 1)
    let end = min(previous.count, cursor + Self.lookahead + 1)
    if start < end {
      for i in start..<end where previous[i].key == key {
        let entry = previous[i]
        list.append(entry.fragment)
        current.append(entry)
        cursor = i + 1
        matchedNow += 1
        replayed += 1
        return true
      }
    }
    cursor += 1
    return false
  }

  /// Keeps what `key` added to `list` since `mark`, for the next lowering; nothing when that
  /// cannot be replayed as it stands (the call left a primitive open, or the list was replaced).
  func record(_ key: Key, _ list: DrawList, since mark: DrawList.Mark) {
    guard resting == 0, let fragment = list.fragment(since: mark) else { return }
    current.append(Entry(key: key, fragment: fragment))
  }

  /// Ends a lowering of the canvas: its calls become the ones the next lowering matches.
  func finish() {
    if resting > 0 {
      resting -= 1
    } else if matchedNow * 8 < callsNow, !previous.isEmpty {
      resting = Self.restingLowerings
      current.removeAll()
    }
    swap(&previous, &current)
    current.removeAll(keepingCapacity: true)
    cursor = 0
    matchedNow = 0
    callsNow = 0
  }
}

extension CanvasContext {
  /// Runs `draw`, or appends what the same call appended in the canvas's last lowering.
  mutating func memoized(_ call: CanvasDrawMemo.Call, _ draw: (inout CanvasContext) -> Void) {
    guard let memo, !memo.isResting else { return draw(&self) }
    let key = CanvasDrawMemo.Key(call: call, transform: transform, opacity: opacity, state: drawList.replayState)
    if memo.replay(key, into: &drawList) { return }
    let mark = drawList.mark
    draw(&self)
    memo.record(key, drawList, since: mark)
  }
}
