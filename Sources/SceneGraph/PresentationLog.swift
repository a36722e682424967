/// Counts, for each source of updates (a timer, a timeline), how many of its updates reached
/// the screen, how many of the frames showing them were off the display's refresh grid, and
/// how many were overwritten or never drawn.
///
/// A view records an update with `updated(_:)` where its state changes, and a view that runs
/// every frame calls `presented(_:)` once per frame; reference semantics let both share it.
public final class PresentationLog: @unchecked Sendable {
  /// One source's counts.
  public struct Counts: Sendable, Equatable {
    /// Updates made.
    public var updates = 0
    /// Frames that showed at least one new update.
    public var framesPresented = 0
    /// Of those, frames presented off the display's refresh grid.
    public var offGrid = 0
    /// Updates that never reached a presented frame: overwritten by a newer one first, or made
    /// while nothing was drawn.
    public var renderedNothing = 0
  }

  private var counts: [String: Counts] = [:]
  private var pending: [String: Int] = [:]
  private var lastFrame = -1

  /// Creates an empty log.
  public init() {}

  /// Records an update by `source`.
  public func updated(_ source: String) {
    counts[source, default: Counts()].updates += 1
    pending[source, default: 0] += 1
  }

  /// Folds the pending updates into `frame`; once per frame, extra calls are ignored.
  public func presented(_ frame: DisplayFrame) {
    guard frame.number != lastFrame else { return }
    lastFrame = frame.number
    for (source, n) in pending where n > 0 {
      var c = counts[source, default: Counts()]
      if frame.draws {
        c.framesPresented += 1
        if !frame.onDisplayGrid { c.offGrid += 1 }
        c.renderedNothing += n - 1
      } else {
        c.renderedNothing += n
      }
      counts[source] = c
    }
    pending.removeAll()
  }

  /// The counts for `source`.
  public func counts(for source: String) -> Counts { counts[source] ?? Counts() }
}
