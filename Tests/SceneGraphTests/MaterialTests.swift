import Foundation
import Graphics
import Testing

@testable import SceneGraph

@Suite struct MaterialTests {
  @Test("materials are white veils, more opaque the thicker, as fills and as backgrounds")
  func materialsAreVeils() {
    let styles: [Material] = [.ultraThinMaterial, .thinMaterial, .regularMaterial, .thickMaterial, .ultraThickMaterial]
    let opacities = styles.map { style -> Double in
      let out = render { Rectangle().fill(style).frame(width: 20, height: 20) }
      let c = out.items.first { $0.kind == .shape }?.color
      #expect(c?.red == 1 && c?.green == 1 && c?.blue == 1)
      return c?.opacity ?? -1
    }
    #expect(opacities == opacities.sorted() && Set(opacities).count == 5 && opacities.allSatisfy { $0 > 0 && $0 < 1 })
    let out = render { Text("Hi").padding(4).background(.ultraThinMaterial) }
    let veil = out.items.first { $0.kind == .shape }
    let text = out.items.first { $0.kind == .text }
    #expect(veil?.color == Color.white.opacity(opacities[0]))
    // Behind the text, around it.
    if let v = veil?.bounds, let t = text?.bounds {
      #expect(v.minX < t.minX && v.minY < t.minY && v.maxX > t.maxX && v.maxY > t.maxY, "\(v) around \(t)")
    } else {
      Issue.record("no veil or no text")
    }
  }
}
