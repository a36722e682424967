import SceneGraph

/// Eight rounded bars whose heights are a pure function of the timeline's date.
///
/// From the articles: `TimelineView(.animation)`, height `0.3 + 0.7·|sin(t·3 + i·0.4)|`, a blue
/// gradient, corner radius 2, bars 6 wide with 4 between, 40 tall at most. No timer and no
/// state, so any date renders the same picture every time.
public struct Visualizer: PlaygroundScene {
  public static let name = "visualizer"
  public static let title = "Visualizer"
  public static let scheduleSummary = ".animation"

  /// The articles' formula: the height fraction of bar `index` at time `t` (seconds since 2001).
  public static func level(index: Int, time t: Double) -> Double {
    0.3 + 0.7 * abs(sin(t * 3 + Double(index) * 0.4))
  }

  /// The parameter file (`visualizer.json`): how many bars, and the colors of their gradient
  /// (top to bottom, `#RRGGBB`; empty for the articles' `.blue.gradient`).
  public struct Parameters: Codable, Hashable, Sendable {
    public var barCount: Int
    public var colors: [String]
  }

  /// The articles' eight blue bars.
  public static let defaults = Parameters(barCount: 8, colors: [])

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let p = scene.assets.decode(Parameters.self, from: "visualizer.json") ?? Self.defaults
    let count = min(max(p.barCount, 1), 64)
    let colors = p.colors.compactMap(Color.init(hexString:))
    // The design is the articles' 76×40 point widget (8 bars); it is scaled up to fill the window.
    let width = Double(count) * 10 - 4
    let k = scene.fitScale(Size(width: max(76, width), height: 64), fill: 0.75)
    ZStack {
      LinearGradient(
        colors: [Color(hex: 0x0B1026), Color(hex: 0x1B2450)], startPoint: .top, endPoint: .bottom
      ).asBackground()
      AudioVisualizer(scale: k, count: count, colors: colors)
      Caption(text: "TimelineView(.animation)", size: scene.size)
    }
  }
}

/// The articles' `AudioVisualizer`: bar heights are a pure function of the timeline's date.
/// `Equatable` is the articles' `@Equatable`: its parent's updates never re-run its body.
struct AudioVisualizer: View, Equatable {
  /// Points per design point.
  let scale: Double
  var count = 8
  /// The bars' gradient, top to bottom; empty for the articles' `.blue.gradient`.
  var colors: [Color] = []

  var body: some View {
    let (k, count) = (scale, self.count)
    let fill: Paint =
      colors.count >= 2
      ? .linearGradient(LinearGradient(colors: colors, startPoint: .top, endPoint: .bottom))
      : colors.first.map { .color($0) } ?? Color.blue.gradient.paint
    let base = colors.last ?? Color.blue
    TimelineView(.animation) { context in
      let time = context.date.timeIntervalSinceReferenceDate
      VStack(spacing: 0) {
        HStack(alignment: .bottom, spacing: 4 * k) {
          ForEach(0..<count, id: \.self) { index in
            RoundedRectangle(cornerRadius: 2 * k)
              .fill(fill)
              .frame(width: 6 * k, height: 40 * k * Visualizer.level(index: index, time: time))
          }
        }
        .frame(height: 40 * k, alignment: .bottom)
        // A faint reflection grounds the bars on the floor.
        HStack(alignment: .top, spacing: 4 * k) {
          ForEach(0..<count, id: \.self) { index in
            RoundedRectangle(cornerRadius: 2 * k)
              .fill(
                LinearGradient(
                  colors: [base.opacity(0.35), base.opacity(0)], startPoint: .top, endPoint: .bottom)
              )
              .frame(width: 6 * k, height: 12 * k * Visualizer.level(index: index, time: time))
          }
        }
        .frame(height: 12 * k, alignment: .top)
        .padding(.top, 2 * k)
      }
    }
  }
}

extension LinearGradient {
  /// The gradient as a full-frame rectangle, for backdrops.
  func asBackground() -> some View {
    Rectangle().fill(self).frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
  }
}

/// The small schedule label each scene shows at the bottom.
struct Caption: View, Equatable {
  let text: String
  let size: Size
  var color: Color = Color.white.opacity(0.55)

  var body: some View {
    let fontSize = max(10, min(size.width, size.height) * 0.03)
    Text(text)
      .font(.system(size: fontSize, weight: .regular, design: .monospaced))
      .foregroundStyle(color)
      .padding(.bottom, fontSize)
      .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .bottom)
  }
}
