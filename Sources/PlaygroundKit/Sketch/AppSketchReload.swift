import FoundationEssentials
import SceneGraph

/// The window's side of live reload: between frames it takes a finished build and swaps the
/// sketch's new code in; when the first frame with it is presented, the reload is timed.
extension PlaygroundApp {
  /// The sketch this window shows, if it was opened on one.
  var sketch: SketchHost? { SketchHost.current }

  /// Swaps in a build a save produced, keeping `@State` where the views' identities match.
  func reloadSketchIfChanged() {
    guard let sketch, sketch.takeReload(state: runtime) else { return }
    if scene is SketchScene { scene = SketchScene() }
    gridScenes = gridScenes.map { $0 is SketchScene ? SketchScene() : $0 }
    updateTitle()
    invalidate()
  }

  /// Completes the timing of a reload whose first frame was just presented.
  func sketchFramePresented(_ phases: FramePhases) {
    guard let timing = sketch?.framePresented(at: phases.presented) else { return }
    tracer.reload(timing, presented: phases.presented)
  }

  /// The HUD's line for the last reload: its total and its compile time.
  var sketchReloadSummary: String? {
    guard let sketch else { return nil }
    guard let t = sketch.lastReload, let total = t.total else {
      return sketch.reloads == 0 ? "watching \(sketch.sources.name) for saves" : nil
    }
    func ms(_ s: Double) -> String { String(Int((s * 1000).rounded())) }
    // The HUD is narrow: the total and the compile time, which is most of it; `--trace` has
    // every phase.
    return "\(ms(total)) ms (compile \(ms(t.compile)))"
      + (sketch.reloadFailures > 0 ? " · \(sketch.reloadFailures) failed" : "")
  }
}
