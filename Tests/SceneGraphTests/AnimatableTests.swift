import FoundationEssentials
import Glibc
import Graphics
import Testing

@testable import SceneGraph

/// `Animatable` written the way SwiftUI's documentation writes it: a shape whose
/// `animatableData` animates, an animatable modifier, and a `GeometryEffect`.
@MainActor @Suite struct AnimatableTests {
  /// A bar whose height fraction animates, as Apple's `animatableData` examples do.
  struct Bar: Shape {
    var fraction: Double
    var animatableData: Double {
      get { fraction }
      set { fraction = newValue }
    }
    func path(in rect: CGRect) -> Path {
      Path(CGRect(x: 0, y: rect.height * (1 - fraction), width: rect.width, height: rect.height * fraction))
    }
  }

  /// Two values at once through `AnimatablePair`.
  struct Corner: Shape {
    var x: Double
    var y: Double
    var animatableData: AnimatablePair<Double, Double> {
      get { AnimatablePair(x, y) }
      set { (x, y) = (newValue.first, newValue.second) }
    }
    func path(in rect: CGRect) -> Path { Path(CGRect(x: x, y: y, width: 10, height: 10)) }
  }

  /// A shake, as SwiftUI's `GeometryEffect` examples write it.
  struct Shake: GeometryEffect {
    var travel: CGFloat = 10
    var shakes: CGFloat
    var animatableData: CGFloat {
      get { shakes }
      set { shakes = newValue }
    }
    func effectValue(size: CGSize) -> ProjectionTransform {
      ProjectionTransform(CGAffineTransform(translationX: travel * sin(shakes * .pi * 2), y: 0))
    }
  }

  /// A counter whose number animates through every value, as `AnimatableModifier` examples do.
  struct Counting: ViewModifier, Animatable {
    var value: Double
    var animatableData: Double {
      get { value }
      set { value = newValue }
    }
    func body(content: Content) -> some View { Text("\(Int(value))") }
  }

  struct Scene: View {
    let fraction: Double
    let corner: CGPoint
    let shakes: CGFloat
    let count: Double
    var body: some View {
      VStack(spacing: 0) {
        Bar(fraction: fraction).fill(Color.white).frame(width: 20, height: 100)
        Corner(x: corner.x, y: corner.y).fill(Color.white).frame(width: 100, height: 100)
        Rectangle().fill(Color.white).frame(width: 20, height: 20).modifier(Shake(shakes: shakes))
        Color.clear.frame(width: 10, height: 10).modifier(Counting(value: count))
      }
      .animation(.linear(duration: 1), value: fraction)
      .animation(.linear(duration: 1), value: corner)
      .animation(.linear(duration: 1), value: shakes)
      .animation(.linear(duration: 1), value: count)
    }
  }

  func frame(_ rt: SceneRuntime, _ view: Scene, at t: Double) -> FrameOutput {
    rt.frame(
      { view },
      input: FrameInput(now: Date(timeIntervalSince1970: 1000 + t), time: t, size: Size(width: 200, height: 300)))
  }

  /// The lowest y of white triangles whose x is within `xs` (the bar's top).
  func top(_ out: FrameOutput, xs: ClosedRange<Float>) -> Float {
    out.drawList.vertices.filter { xs.contains($0.x) && $0.color.a == 255 }.map(\.y).min() ?? .infinity
  }

  @Test("a shape's animatableData, a pair, a geometry effect and a modifier animate between values")
  func customValuesAnimate() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let start = Scene(fraction: 0.2, corner: CGPoint(x: 0, y: 0), shakes: 0, count: 0)
    let end = Scene(fraction: 1, corner: CGPoint(x: 80, y: 40), shakes: 1, count: 100)
    _ = frame(rt, start, at: 0)
    let a = frame(rt, start, at: 0.1)
    _ = frame(rt, end, at: 1)
    let mid = frame(rt, end, at: 1.5)
    let done = frame(rt, end, at: 2.5)
    #expect(mid.animationsInFlight && !done.animationsInFlight)
    // The bar (x 90…110 in a 200-wide frame) grows from 80 % of its 100 points down to all.
    let t0 = top(a, xs: 90...110)
    let t1 = top(mid, xs: 90...110)
    let t2 = top(done, xs: 90...110)
    #expect(abs(t0 - t2 - 80) < 1 && abs(t1 - t2 - 40) < 1, "\(t0) \(t1) \(t2)")
    // The counter's text passes through 50 half-way.
    let texts = mid.items.compactMap(\.text)
    #expect(texts.contains("50"), "\(texts)")
    #expect(done.items.compactMap(\.text).contains("100"))
    // The pair's square moves from (0, 0) to (80, 40) of its 100-point frame, half-way at 1.5 s.
    let squares = mid.items.filter { $0.kind == .shape && $0.bounds.width == 10 && $0.bounds.height == 10 }
    let corner = squares.first { abs($0.bounds.minX - 90) < 1 && abs($0.bounds.minY - (Double(t2) + 120)) < 1 }
    #expect(corner != nil, "\(squares)")
    // The shake's square, 20 wide at x 90 in its row, is moved by 10·sin(π) = 0 at 1.5 s, and by
    // 10·sin(2π·0.25) = 10 a quarter of the way in.
    let quarter = frame(rt, Scene(fraction: 1, corner: CGPoint(x: 80, y: 40), shakes: 0, count: 0), at: 3)
    _ = quarter
    let shaken = frame(rt, Scene(fraction: 1, corner: CGPoint(x: 80, y: 40), shakes: 1, count: 0), at: 4)
    _ = shaken
    let q = frame(rt, Scene(fraction: 1, corner: CGPoint(x: 80, y: 40), shakes: 1, count: 0), at: 4.25)
    let moved = q.items.filter { $0.kind == .shape && $0.bounds.width == 20 && $0.bounds.height == 20 }
    #expect(moved.contains { abs($0.bounds.minX - 100) < 0.5 }, "\(moved)")
  }

  /// Published SwiftUI's "animation stack": the color changes at once inside
  /// `.animation(nil, value:)`, the clip's corners with the animation outside it.
  struct TapMe: View {
    let clipped: Bool
    @State var enabled = false

    var body: some View {
      shape
        .animation(.linear(duration: 1), value: enabled)
        .onKeyPress("a") {
          enabled.toggle()
          return .handled
        }
    }

    @ViewBuilder var shape: some View {
      if clipped {
        Color.red.frame(width: 200, height: 200)
          .background(enabled ? Color.blue : Color.red)
          .animation(nil, value: enabled)
          .clipShape(.rect(cornerRadius: enabled ? 60 : 0))
      } else {
        RoundedRectangle(cornerRadius: enabled ? 60 : 0).fill(Color.red).frame(width: 200, height: 200)
      }
    }
  }

  @Test("a rounded rectangle's corner radius animates, filled or as a clip shape", arguments: [false, true])
  func cornerRadiusAnimates(clipped: Bool) {
    let frame = KeyedFrames(view: TapMe(clipped: clipped), size: Size(width: 300, height: 300))
    /// The radius of the rounded rectangle, the last shape in the tree (a clip's mask follows
    /// what it clips): where its outline starts along the top.
    func radius(_ t: Double) -> Double? {
      _ = frame(t)
      func walk(_ n: RNode) -> [Double] {
        if case .shape(let shape, _, _, _) = n.kind, case .move(let p) = shape.path(in: n.frame).elements.first {
          return [p.x - n.frame.minX]
        }
        return n.children.flatMap(walk)
      }
      return frame.runtime.rootOutput.flatMap(walk).last
    }
    #expect(radius(0) == 0)
    #expect(frame.runtime.keyPress("a"))
    #expect(radius(1) == 0)
    #expect(radius(1.5).map { abs($0 - 30) < 1e-9 } == true)
    #expect(radius(2.5) == 60)
  }
}
