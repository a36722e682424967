import FoundationEssentials
import Glibc
import Testing

@testable import SceneGraph

/// `Divider`, `position(_:)`, `aspectRatio`, `fixedSize`, `layoutPriority`, `zIndex` and
/// `ignoresSafeArea`, by the frames they lay out.
@Suite struct LayoutModifierTests {
  func shapes(_ out: FrameOutput) -> [DrawnItem] { out.items.filter { $0.kind == .shape } }

  @Test("a divider is a one-point line across its stack: horizontal in a VStack, vertical in an HStack")
  func dividerThickness() {
    let column = render(Size(width: 200, height: 100)) {
      VStack(spacing: 0) {
        Rectangle().fill(Color.red).frame(width: 40, height: 10)
        Divider()
        Rectangle().fill(Color.red).frame(width: 40, height: 10)
      }
    }
    let line = shapes(column)[1]
    #expect(line.bounds == Rect(x: 0, y: 49.5, width: 200, height: 1))
    #expect(line.color == Divider.color)
    let row = render(Size(width: 200, height: 100)) {
      HStack(spacing: 0) {
        Rectangle().frame(width: 10, height: 10)
        Divider()
        Rectangle().frame(width: 10, height: 10)
      }
    }
    #expect(shapes(row)[1].bounds == Rect(x: 99.5, y: 0, width: 1, height: 100))
    // Outside a stack, horizontal; inside a ZStack within an HStack, horizontal again.
    let nested = render(Size(width: 200, height: 100)) { HStack { ZStack { Divider() } } }
    #expect(shapes(nested)[0].bounds.height == 1)
  }

  @Test("position(_:) centers the view at a CGPoint")
  func positionAtPoint() {
    let out = render { Rectangle().frame(width: 10, height: 20).position(CGPoint(x: 30, y: 40)) }
    #expect(shapes(out)[0].bounds == Rect(x: 25, y: 30, width: 10, height: 20))
  }

  @Test("aspectRatio fits or fills the space offered with the ratio, or keeps the view's own")
  func aspectRatio() {
    let fit = render(Size(width: 200, height: 200)) { Rectangle().aspectRatio(2, contentMode: .fit) }
    #expect(shapes(fit)[0].bounds == Rect(x: 0, y: 50, width: 200, height: 100))
    let fill = render(Size(width: 200, height: 200)) { Rectangle().aspectRatio(2, contentMode: .fill) }
    #expect(shapes(fill)[0].bounds == Rect(x: -100, y: 0, width: 400, height: 200))
    let size = render(Size(width: 300, height: 100)) {
      Rectangle().aspectRatio(CGSize(width: 4, height: 3), contentMode: .fit)
    }
    #expect(abs(shapes(size)[0].bounds.width - 400.0 / 3) < 1e-9)
    #expect(shapes(size)[0].bounds.height == 100)
    // No ratio: a shape's ideal size is square.
    let own = render(Size(width: 200, height: 100)) { Rectangle().aspectRatio(contentMode: .fit) }
    #expect(shapes(own)[0].bounds == Rect(x: 50, y: 0, width: 100, height: 100))
  }

  @Test("fixedSize gives a view its ideal size on the axes named")
  func fixedSize() {
    let both = render(Size(width: 200, height: 100)) { Rectangle().fixedSize() }
    #expect(shapes(both)[0].bounds == Rect(x: 95, y: 45, width: 10, height: 10))
    let across = render(Size(width: 200, height: 100)) { Rectangle().fixedSize(horizontal: true, vertical: false) }
    #expect(shapes(across)[0].bounds == Rect(x: 95, y: 0, width: 10, height: 100))
  }

  @Test("a higher layout priority is offered the space first, less what the others need at least")
  func layoutPriority() {
    func row(_ priority: Double) -> FrameOutput {
      render(Size(width: 200, height: 10)) {
        HStack(spacing: 0) {
          Rectangle().frame(minWidth: 20)
          Rectangle().frame(minWidth: 20).layoutPriority(priority)
          Rectangle().frame(minWidth: 20)
        }
      }
    }
    #expect(shapes(row(0)).map { ($0.bounds.width * 1000).rounded() } == [66_667, 66_667, 66_667])
    #expect(shapes(row(1)).map(\.bounds.width) == [20, 160, 20])
    #expect(shapes(row(-1)).map(\.bounds.width) == [90, 20, 90])
  }

  @Test("zIndex draws a stack's children in its order, equal ones as written")
  func zIndex() {
    let out = render {
      ZStack {
        Rectangle().fill(Color.red).zIndex(1)
        Rectangle().fill(Color.blue)
        Rectangle().fill(Color.green)
        Rectangle().fill(Color.yellow).zIndex(-1)
      }
    }
    #expect(shapes(out).map(\.color) == [.yellow, .blue, .green, .red])
    // Layout keeps the written order: the first child of an HStack is still leftmost.
    let row = render {
      HStack(spacing: 0) {
        Rectangle().fill(Color.red).frame(width: 10, height: 10).zIndex(1)
        Rectangle().fill(Color.blue).frame(width: 10, height: 10)
      }
    }
    #expect(shapes(row).map(\.color) == [.blue, .red])
    #expect(shapes(row).map(\.bounds.minX) == [100, 90])
  }

  @Test("ignoresSafeArea takes SwiftUI's arguments and changes nothing")
  func ignoresSafeArea() {
    let plain = render { Color.red.ignoresSafeArea() }
    let edges = render { Color.red.ignoresSafeArea(.container, edges: [.top, .bottom]) }
    let set = render { Color.red.ignoresSafeArea(edges: Edge.Set.horizontal) }
    #expect(shapes(plain).map(\.bounds) == [Rect(x: 0, y: 0, width: 200, height: 100)])
    #expect(shapes(edges).map(\.bounds) == shapes(plain).map(\.bounds))
    #expect(shapes(set).map(\.bounds) == shapes(plain).map(\.bounds))
  }
}
