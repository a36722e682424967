import Foundation
import Testing

@testable import SceneGraph

/// A square whose width is the global x of the reader it sits in, divided by `divisor`.
struct GlobalXProbe: View {
  let divisor: Double

  var body: some View {
    GeometryReader { proxy in
      Rectangle().fill(Color.red).frame(width: proxy.frame(in: .global).minX / divisor, height: 5)
    }
    .frame(width: 50, height: 50)
  }
}

/// The widths a reader's content was built for.
final class WidthLog {
  var widths: [Double] = []
}

/// A padded reader that logs each width its content is built for.
struct LoggingReader: View {
  let log: WidthLog

  var body: some View {
    GeometryReader { proxy in
      let _ = log.widths.append(proxy.size.width)
      Rectangle()
    }
    .padding(10)
  }
}

@Suite struct GeometryReaderTests {
  /// The shapes a frame drew.
  func shapes(_ out: FrameOutput) -> [DrawnItem] { out.items.filter { $0.kind == .shape } }

  @Test("a reader's content placed at half its width lands there in the reader's first frame")
  func contentAtHalfTheWidth() throws {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func body() -> some View {
      GeometryReader { proxy in
        Rectangle().fill(Color.red).frame(width: 10, height: 10)
          .position(x: proxy.size.width / 2, y: proxy.size.height / 2)
      }
    }
    let first = render(Size(width: 200, height: 100), runtime: rt) { body() }
    #expect(shapes(first).map(\.bounds) == [Rect(x: 95, y: 45, width: 10, height: 10)])
    // The content is built once the reader is laid out: a second pass.
    #expect(first.passes == 2)
    let resized = render(Size(width: 300, height: 60), time: 1, runtime: rt) { body() }
    #expect(shapes(resized).map(\.bounds) == [Rect(x: 145, y: 25, width: 10, height: 10)])
    // A reader that stays where it is costs no second pass.
    let steady = render(Size(width: 300, height: 60), time: 2, runtime: rt) { body() }
    #expect(steady.passes == 1)
    #expect(shapes(steady).map(\.bounds) == [Rect(x: 145, y: 25, width: 10, height: 10)])
  }

  @Test("a reader takes what its stack leaves it, and its content sees that size")
  func readerSizeInAStack() {
    let out = render(Size(width: 200, height: 100)) {
      HStack(spacing: 0) {
        Rectangle().fill(Color.blue).frame(width: 50)
        GeometryReader { proxy in Text("\(Int(proxy.size.width))x\(Int(proxy.size.height))") }
      }
    }
    let text = out.items.first { $0.kind == .text }
    #expect(text?.text == "150x100")
    // At the reader's top-leading corner, not centered.
    #expect(text?.bounds.minX == 50)
    #expect(text?.bounds.minY == 0)
  }

  @Test("frame(in: .global) is the reader's place in the scene, and a move alone rebuilds content that reads it")
  func globalFrame() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    // The 50-point reader is centered: at x 75 in a 200-point window, 125 in a 300-point one.
    let narrow = render(Size(width: 200, height: 100), runtime: rt) { GlobalXProbe(divisor: 5) }
    #expect(shapes(narrow).first?.bounds.width == 15)
    let wide = render(Size(width: 300, height: 100), time: 1, runtime: rt) { GlobalXProbe(divisor: 5) }
    #expect(shapes(wide).first?.bounds.width == 25)
    let local = render(Size(width: 200, height: 100)) {
      GeometryReader { proxy in
        Rectangle().frame(width: 10 + proxy.frame(in: .local).minX, height: proxy.frame(in: .local).height)
      }
      .padding(20)
    }
    #expect(shapes(local).first?.bounds == Rect(x: 20, y: 20, width: 10, height: 60))
  }

  @Test("a reader inside another reader's content settles in the same frame")
  func nestedReaders() {
    let out = render(Size(width: 200, height: 100)) {
      GeometryReader { outer in
        GeometryReader { inner in
          Rectangle().fill(Color.green).frame(width: inner.size.width / 2, height: 10)
        }
        .frame(width: outer.size.width / 2)
      }
    }
    #expect(shapes(out).first?.bounds.width == 50)
    #expect(out.passes == 3)
  }

  @Test("content is built once per geometry: for the reader's first layout, and after each change")
  func builtOncePerGeometry() {
    let seen = WidthLog()
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    for (time, width) in [(0.0, 200.0), (1, 300), (2, 300), (3, 300)] {
      _ = render(Size(width: width, height: 100), time: time, runtime: rt) { LoggingReader(log: seen) }
    }
    // Never for a made-up size before the first layout; a frame that changes nothing builds
    // nothing.
    #expect(seen.widths == [180, 280])
  }

  @Test("state inside a reader's content survives the rebuilds")
  func stateSurvives() {
    struct Counter: View {
      let width: Double
      @State var taps = 0
      var body: some View {
        Text("\(taps) in \(Int(width))").onTapGesture { taps += 1 }
      }
    }
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func body() -> some View { GeometryReader { proxy in Counter(width: proxy.size.width) } }
    let text = { (out: FrameOutput) in out.items.first { $0.kind == .text }?.text }
    #expect(text(render(Size(width: 200, height: 100), runtime: rt) { body() }) == "0 in 200")
    #expect(rt.tap(at: Point(x: 2, y: 2)))
    #expect(text(render(Size(width: 200, height: 100), time: 1, runtime: rt) { body() }) == "1 in 200")
    // A resize rebuilds the content; the counter keeps its count.
    #expect(text(render(Size(width: 260, height: 100), time: 2, runtime: rt) { body() }) == "1 in 260")
  }
}
