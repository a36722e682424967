import FoundationEssentials
import Glibc
import SceneGraph
import Scenes
import Timeline

/// A fixed ring of recent frame timings: no allocation once full, so it never looks like a leak.
struct FrameTimings {
  struct Sample: Equatable {
    var build: Double
    var submit: Double
    var present: Double
    var total: Double { build + submit + present }
  }

  private(set) var samples: [Sample]
  private(set) var presentTimes: [Double]
  private var next = 0
  private(set) var count = 0
  let capacity: Int

  init(capacity: Int = 240) {
    self.capacity = capacity
    samples = Array(repeating: Sample(build: 0, submit: 0, present: 0), count: capacity)
    presentTimes = Array(repeating: 0, count: capacity)
  }

  mutating func record(_ s: Sample, at uptime: Double) {
    samples[next] = s
    presentTimes[next] = uptime
    next = (next + 1) % capacity
    count = min(count + 1, capacity)
  }

  /// Samples oldest first.
  var ordered: [Sample] {
    (0..<count).map { samples[(next - count + $0 + capacity) % capacity] }
  }

  /// Frames presented in the last second before `uptime`.
  func fps(at uptime: Double) -> Int {
    (0..<count).reduce(0) { n, i in
      let t = presentTimes[(next - 1 - i + 2 * capacity) % capacity]
      return uptime - t <= 1 ? n + 1 : n
    }
  }
}

/// What the HUD shows besides the timings.
struct HUDInfo: Equatable {
  var scene: String
  var schedule: String
  var cadence: Cadence
  var forced: Bool
  var visibility: String
  var paused: Bool
  var framesPresented: Int
  var wakeups: Int
  var evaluationsMinimized: Int
  var fps: Int
  var renderer: String
  /// The update-loop guard's warning, once it tripped.
  var loopWarning: String?
  /// Parameter files that could not be used (file, line, what is wrong).
  var assetProblems: [String] = []
  /// A sketch's last reload, as the HUD shows it.
  var reload: String?
}

enum Overlays {
  static let panel = Color(red: 0.05, green: 0.06, blue: 0.09, opacity: 0.82)

  /// The F-key HUD: fps, a stacked frame-time graph (build / draw / present), schedule, cadence.
  struct HUD: View, Equatable {
    let info: HUDInfo
    let timings: [FrameTimings.Sample]
    /// The window's size: the HUD fits itself into it.
    var window = Size(width: 1280, height: 720)

    /// Text size: 12 points up to 1920 wide, growing with the window beyond (4K: 18).
    var scale: Double { max(1, min(2, window.width / 1920 * 1.5)) }

    /// Characters of 12-point monospaced text that fit across the window, margins and panel
    /// padding taken off (a glyph advance is 0.6 em).
    /// At most 42, so the panel stays compact (about 320 points wide) and a corner of the scene
    /// stays clear of it.
    var columns: Int { max(8, min(42, Int(min(max(0, window.width - 44 * scale), 100_000) / (7.2 * scale)))) }

    /// `text` cut to the window's width, with an ellipsis where it was cut.
    func fit(_ text: String, columns: Int) -> String {
      text.count <= columns ? text : String(text.prefix(max(1, columns - 1))) + "…"
    }

    var body: some View {
      let k = scale
      let mono = Font.system(size: 12 * k, weight: .regular, design: .monospaced)
      let cadence = ".\(info.cadence.name)\(info.forced ? " (forced)" : "")"
      let timings = self.timings
      let n = columns
      // A short window keeps the figures and drops the graph; a tiny one keeps two lines.
      let roomy = window.height >= 300 * k && window.width >= 360 * k
      let tiny = window.height < 140 * k
      VStack(alignment: .leading, spacing: 4 * k) {
        Text(fit("\(info.fps) fps · \(info.renderer)", columns: n - 2))
          .font(.system(size: 14 * k, weight: .bold, design: .monospaced))
        Text(fit("scene     \(info.scene)", columns: n)).font(mono)
        if !tiny {
          Text(fit("schedule  \(info.schedule)", columns: n)).font(mono)
          Text(fit("cadence   \(cadence)   \(info.visibility)\(info.paused ? " · paused" : "")", columns: n))
            .font(mono)
          Text(fit("frames    \(info.framesPresented) presented · \(info.wakeups) wake-ups", columns: n)).font(mono)
          if let reload = info.reload { Text(fit("reload    \(reload)", columns: n)).font(mono) }
          if let warning = info.loopWarning {
            Text(fit("⚠ \(warning)", columns: n)).font(mono).foregroundStyle(Color.orange)
          }
          ForEach(info.assetProblems, id: \.self) { problem in
            Text(fit("⚠ \(problem)", columns: n)).font(mono).foregroundStyle(Color.orange)
          }
        }
        if roomy {
          Canvas { ctx in
            Overlays.graph(&ctx, timings)
          }
          .frame(width: 300 * k, height: 70 * k)
          HStack(spacing: 10 * k) {
            Text("■ build").foregroundStyle(Color.cyan)
            Text("■ draw").foregroundStyle(Color.orange)
            Text("■ present").foregroundStyle(Color.pink)
            Text("— 16.7 ms").foregroundStyle(Color.white.opacity(0.6))
          }
          .font(.system(size: 11 * k, design: .monospaced))
        }
      }
      .foregroundStyle(Color.white)
      .padding(10 * k)
      .background { RoundedRectangle(cornerRadius: 8 * k).fill(Overlays.panel.opacity(0.85)) }
      .padding(12 * k)
    }
  }

  static func graph(_ ctx: inout CanvasContext, _ samples: [FrameTimings.Sample]) {
    let w = ctx.size.width
    let h = ctx.size.height
    ctx.fill(Path { $0.addRect(Rect(x: 0, y: 0, width: w, height: h)) }, with: Color.white.opacity(0.06))
    let scale = h / 25.0  // 25 ms full height
    let budget = h - 16.667 * scale
    ctx.stroke(
      Path {
        $0.move(to: Point(x: 0, y: budget))
        $0.addLine(to: Point(x: w, y: budget))
      }, with: Color.white.opacity(0.35), lineWidth: 1)
    let n = max(1, samples.count)
    let barW = w / Double(max(n, 120))
    for (i, s) in samples.enumerated() {
      let x = Double(i) * barW
      var y = h
      for (v, c) in [(s.build, Color.cyan), (s.submit, Color.orange), (s.present, Color.pink)] {
        let bh = min(y, v * 1000 * scale)
        if bh > 0.05 {
          ctx.fill(Path { $0.addRect(Rect(x: x, y: y - bh, width: max(1, barW - 0.5), height: bh)) }, with: c)
        }
        y -= bh
      }
    }
  }

  /// The H / ? overlay listing every key.
  /// A small mark in the top-right corner while timelines are paused: without the HUD, a
  /// paused window otherwise looks like a hung one.
  struct PausedMark: View, Equatable {
    var body: some View {
      Text("❚❚ paused")
        .font(.system(size: 12, weight: .semibold, design: .monospaced))
        .foregroundStyle(Color.white.opacity(0.9))
        .padding(EdgeInsets(top: 4, leading: 10, bottom: 4, trailing: 10))
        .background { Capsule().fill(Color.black.opacity(0.55)) }
        .padding(10)
    }
  }

  /// "● REC 0:03" while the window records (Ctrl+F12); drawn after the frame is captured, so
  /// it is never in the recording.
  struct RecordingMark: View, Equatable {
    let seconds: Int
    var body: some View {
      HStack(spacing: 6) {
        Circle().fill(Color(red: 0.95, green: 0.18, blue: 0.2)).frame(width: 10, height: 10)
        Text("REC \(seconds / 60):\(twoDigits(seconds % 60))")
          .font(.system(size: 12, weight: .semibold, design: .monospaced))
          .foregroundStyle(Color.white)
      }
      .padding(EdgeInsets(top: 4, leading: 9, bottom: 4, trailing: 10))
      .background { Capsule().fill(Color.black.opacity(0.6)) }
      .padding(10)
    }
  }

  /// A one-line confirmation (the F12 screenshot's file name), centred at the top.
  struct Toast: View, Equatable {
    let text: String
    var body: some View {
      Text(text)
        .font(.system(size: 13, weight: .medium))
        .foregroundStyle(Color.white)
        .padding(EdgeInsets(top: 5, leading: 12, bottom: 5, trailing: 12))
        .background { Capsule().fill(Color.black.opacity(0.65)) }
        .padding(12)
    }
  }

  struct Help: View, Equatable {
    /// The panel's size as laid out at scale 1, measured once: it is fixed text.
    static let designSize = Size(width: 600, height: 400)

    /// How much to scale the panel so it fits the window with a margin: never past the window,
    /// and larger on a big window (up to 2× at 4K).
    static func scale(in window: Size) -> Double {
      let fit = min((window.width - 16) / designSize.width, (window.height - 16) / designSize.height)
      return max(0.1, min(fit, max(1, window.width / 1920)))
    }

    var body: some View {
      let rows: [(String, String)] = [
        ("1 … 9  0", "open one of the first ten scenes"),
        ("→ ←  Tab ⇧Tab", "next / previous scene"),
        ("G", "overview grid of every scene; Enter or a number opens one"),
        ("Space", "pause / resume all timelines"),
        ("F", "HUD: fps, frame times, schedule, cadence"),
        ("C", "force cadence .live → .seconds → .minutes → auto"),
        ("+ −  M  D", "metronome tempo and mute; many-faces: pass the date"),
        ("F11  F12", "fullscreen; screenshot (PNG in the current folder)"),
        ("Ctrl+F12", "start or stop recording the window (MP4 in the same folder)"),
        ("H  ?", "this help (Esc closes it)"),
        ("Q  Esc", "quit"),
      ]
      VStack(alignment: .leading, spacing: 8) {
        Text("Timeline Playground").font(.system(size: 22, weight: .bold))
        ForEach(0..<rows.count, id: \.self) { i in
          HStack(spacing: 16) {
            Text(rows[i].0).font(.system(size: 15, weight: .bold, design: .monospaced))
              .frame(width: 150, alignment: .leading)
            Text(rows[i].1).font(.system(size: 15))
          }
        }
      }
      .foregroundStyle(Color.white)
      .padding(24)
      .background { RoundedRectangle(cornerRadius: 14).fill(Overlays.panel) }
    }
  }

  /// Every scene at once, each in its own cell with its own timelines.
  /// The app's "open scene i" callback, as a view input that always compares equal: it
  /// means the same thing every frame, and a bare closure would make every view holding it
  /// look changed, so the window's root body would run on every frame.
  struct OpenScene: Equatable {
    let perform: (Int) -> Void
    static func == (_: OpenScene, _: OpenScene) -> Bool { true }
  }

  struct Grid: View {
    let size: Size
    let start: Date
    let selected: Int
    let scenes: [any PlaygroundScene]
    var assets = SceneAssets()
    /// Opens scene `i`: a click on its cell.
    var open = OpenScene { _ in }

    /// Columns for `count` cells: the smallest square that holds them (4 for 15 scenes).
    static func columns(for count: Int) -> Int {
      var c = 1
      while c * c < count { c += 1 }
      return c
    }

    /// An arrow key's direction in the grid.
    enum Direction { case left, right, up, down }

    /// The cell an arrow moves to from cell `i` of `count`, by the grid as drawn: left and
    /// right step through the cells in reading order (wrapping), up and down go to the nearest
    /// cell in the row above or below (wrapping top to bottom), the short last row being
    /// centred.
    static func neighbor(of i: Int, _ direction: Direction, count: Int) -> Int {
      guard count > 1, (0..<count).contains(i) else { return max(0, min(count - 1, i)) }
      switch direction {
      case .right: return (i + 1) % count
      case .left: return (i + count - 1) % count
      case .up, .down:
        let columns = Self.columns(for: count)
        let rows = (count + columns - 1) / columns
        guard rows > 1 else { return i }
        // A cell's centre in column units; a short last row is centred.
        func center(_ j: Int) -> Double {
          let row = j / columns
          let inRow = min(columns, count - row * columns)
          return Double(columns - inRow) / 2 + Double(j - row * columns) + 0.5
        }
        let row = (i / columns + (direction == .down ? 1 : rows - 1)) % rows
        let candidates = (row * columns)..<min(count, row * columns + columns)
        let x = center(i)
        return candidates.min { abs(center($0) - x) < abs(center($1) - x) } ?? i
      }
    }

    var body: some View {
      let columns = Self.columns(for: scenes.count)
      let rows = (scenes.count + columns - 1) / columns
      let gap = 6.0
      let cellW = max(1, (size.width - gap * Double(columns + 1)) / Double(columns))
      let cellH = max(1, (size.height - gap * Double(rows + 1)) / Double(rows))
      let cell = Size(width: cellW, height: cellH)
      let (scenes, start, selected, open) = (self.scenes, self.start, self.selected, self.open)
      VStack(spacing: gap) {
        ForEach(0..<rows, id: \.self) { r in
          HStack(spacing: gap) {
            // The short last row has only its own cells, centred by the stack.
            ForEach(0..<min(columns, scenes.count - r * columns), id: \.self) { c in
              let i = r * columns + c
              SceneView(scene: scenes[i], context: SceneContext(size: cell, start: start, assets: assets))
                .frame(width: cellW, height: cellH)
                .clipped()
                .overlay(alignment: .topLeading) {
                  Text("\(SceneCatalog.keyLabel(i).map { $0 + "  " } ?? "")\(type(of: scenes[i]).title)")
                    .font(.system(size: 13, weight: .bold))
                    .foregroundStyle(Color.white)
                    .padding(6)
                    .background { RoundedRectangle(cornerRadius: 5).fill(Overlays.panel) }
                    .padding(6)
                }
                .overlay {
                  if i == selected {
                    Rectangle().stroke(Color.yellow, lineWidth: 3)
                  }
                }
                // Ahead of the scene's own gestures: a click on a cell opens its scene.
                .highPriorityGesture(TapGesture().onEnded { open.perform(i) })
                .id(type(of: scenes[i]).name)
            }
          }
        }
      }
      .frame(width: size.width, height: size.height)
      .background { Rectangle().fill(Color(white: 0.03)) }
    }
  }
}
