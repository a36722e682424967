import FoundationEssentials
import Graphics
import SceneGraph

/// A bench-only scene: a 10 × 10 `LazyVGrid` of `GeometryReader` cells, each drawing a disc
/// sized by its proxy and pulsing on an `.animation` timeline. Every frame builds the 100
/// readers' content again from their geometry and lays the grid out, the work of a layout-heavy
/// view rather than of a drawing-heavy one.
struct GeometryGridScene: PlaygroundScene {
  static let name = "geometry-grid"
  static let title = "Geometry grid"
  static let scheduleSummary = ".animation"

  func body(_ context: SceneContext) -> some View {
    let spacing = 4.0
    let cell = max(1, (context.size.height - 9 * spacing) / 10)
    TimelineView(.animation) { timeline in
      let t = timeline.date.timeIntervalSince(context.start)
      LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: spacing), count: 10), spacing: spacing) {
        ForEach(0..<100) { i in
          GeometryReader { proxy in
            let side = min(proxy.size.width, proxy.size.height)
            let scale = 0.55 + 0.4 * sin(t * 2 + Double(i) * 0.37)
            Circle()
              .fill(Color(hue: Double(i) / 100, saturation: 0.7, brightness: 0.95))
              .frame(width: side * scale, height: side * scale)
              .position(x: proxy.size.width / 2, y: proxy.size.height / 2)
          }
          .frame(height: cell)
        }
      }
    }
  }
}
