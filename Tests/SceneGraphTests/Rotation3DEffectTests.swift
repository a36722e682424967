import FoundationEssentials
import Graphics
import Testing

@testable import SceneGraph

/// `rotation3DEffect` as SwiftUI composes it (translate to the anchor, rotate, perspective,
/// translate back) and as the draw list carries it: every vertex moved in perspective.
@MainActor @Suite struct Rotation3DEffectTests {
  /// Where `m` puts (x, y).
  func map(_ m: ProjectionTransform, _ x: Double, _ y: Double) -> (Double, Double) {
    let w = m.m13 * x + m.m23 * y + m.m33
    return ((m.m11 * x + m.m21 * y + m.m31) / w, (m.m12 * x + m.m22 * y + m.m32) / w)
  }

  @Test("45° about y, perspective 1: the right edge recedes and the left comes closer, by the eye at max(w, h)")
  func turnAboutYMatchesTheProjection() {
    let m = _Rotation3DEffect(angle: .degrees(45), axis: (x: 0, y: 1, z: 0)).effectValue(
      size: CGSize(width: 200, height: 100))
    let r = 100 * 0.5.squareRoot()
    // Relative to the centre, the right edge turns to x′ = r, z′ = −r, w = 1 + r/200.
    let right = map(m, 200, 50)
    #expect(abs(right.0 - (100 + r / (1 + r / 200))) < 1e-9 && abs(right.1 - 50) < 1e-9, "\(right)")
    let left = map(m, 0, 50)
    #expect(abs(left.0 - (100 - r / (1 - r / 200))) < 1e-9, "\(left)")
    // Corners: the near (left) edge is taller than the view, the far (right) edge shorter.
    let topLeft = map(m, 0, 0)
    let topRight = map(m, 200, 0)
    #expect(abs(topLeft.1 - (50 - 50 / (1 - r / 200))) < 1e-9)
    #expect(abs(topRight.1 - (50 - 50 / (1 + r / 200))) < 1e-9)
    #expect(!m.isAffine)
  }

  @Test("perspective 0 is a parallel projection; anchor and anchorZ move the centre of the turn")
  func anchorsAndParallelProjection() {
    let flat = _Rotation3DEffect(angle: .degrees(60), axis: (x: 0, y: 1, z: 0), anchor: .leading, perspective: 0)
      .effectValue(size: CGSize(width: 100, height: 100))
    #expect(flat.isAffine)
    // About the leading edge, the trailing edge comes to 100·cos 60° = 50.
    #expect(abs(map(flat, 100, 30).0 - 50) < 1e-9 && abs(map(flat, 0, 30).0) < 1e-12)
    // A half turn about x with the centre lifted 10 points toward the viewer: y mirrors about
    // the centre, and the view, 10 points behind the centre, comes 10 in front of it, so the
    // eye 100 points away sees it magnified (w = 1 − 10/100).
    let lifted = _Rotation3DEffect(angle: .degrees(180), axis: (x: 1, y: 0, z: 0), anchorZ: 10)
      .effectValue(size: CGSize(width: 100, height: 100))
    let p = map(lifted, 50, 20)
    #expect(abs(p.0 - 50) < 1e-9 && abs(p.1 - (50 + 30 / 0.9)) < 1e-9, "\(p)")
  }

  @Test("a zero angle or a zero axis is no effect: the draw list is the plain view's, bit for bit")
  func noTurnDrawsTheSame() {
    let card = RoundedRectangle(cornerRadius: 12).fill(Color.orange).frame(width: 120, height: 80)
    func lowered<V: View>(_ v: V) -> DrawList {
      SceneRuntime(textEngine: FixedAdvanceTextEngine()).frame(
        { v }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 200))
      ).drawList
    }
    let plain = lowered(card)
    for turned in [
      lowered(card.rotation3DEffect(.zero, axis: (x: 0, y: 1, z: 0))),
      lowered(card.rotation3DEffect(.degrees(30), axis: (x: 0, y: 0, z: 0))),
    ] {
      #expect(turned.vertices == plain.vertices && turned.indices == plain.indices)
    }
  }

  @Test("the turned view is drawn as its triangles moved in perspective, its layout unchanged")
  func verticesMoveInPerspective() {
    let size = Size(width: 300, height: 200)
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = rt.frame(
      {
        Rectangle().fill(Color.white).frame(width: 200, height: 100)
          .rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0))
      }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: size))
    // The 200 × 100 frame sits at (50, 50); the mapping above, moved there.
    let r = 100 * 0.5.squareRoot()
    let near = 50 / (1 - r / 200)
    let far = 50 / (1 + r / 200)
    let opaque = out.drawList.vertices.filter { $0.color.a == 255 }
    let xs = opaque.map { Double($0.x) }
    let ys = opaque.map { Double($0.y) }
    // The fill's inner ring lies half a pixel inside the edges, before the mapping.
    #expect(abs(xs.min()! - (150 - r / (1 - r / 200))) < 1.5, "\(xs.min()!)")
    #expect(abs(xs.max()! - (150 + r / (1 + r / 200))) < 1.5, "\(xs.max()!)")
    #expect(abs(ys.min()! - (100 - near)) < 1.5 && abs(ys.max()! - (100 + near)) < 1.5, "\(ys.min()!) \(ys.max()!)")
    // At the far edge the view is shorter than it was.
    let farEdge = opaque.filter { Double($0.x) > 150 + r / (1 + r / 200) - 2 }.map { Double($0.y) }
    #expect(abs(farEdge.min()! - (100 - far)) < 1.5, "\(farEdge)")
    // Plain triangles only: no analytic quad or ramp that a renderer would shade from a rectangle.
    #expect(out.drawList.primitives.allSatisfy { $0.shape == .triangles && $0.opaqueInterior == nil })
  }

  @Test("a turn that brings part of the view behind the eye draws only what stays in front")
  func nearPlaneCutsTheView() {
    let out = SceneRuntime(textEngine: FixedAdvanceTextEngine()).frame(
      {
        Rectangle().fill(Color.green).frame(width: 100, height: 100)
          .rotation3DEffect(.degrees(60), axis: (x: 1, y: 1, z: 0), anchor: .topLeading, perspective: 3)
      }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 200, height: 200)))
    #expect(!out.drawList.indices.isEmpty)
    // Cut at w = 0.02, nothing is magnified past fifty times: no vertex is flipped or far off.
    #expect(out.drawList.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 10_000 })
    // The corner on the axis (bottom right, 150, 150) stays where it was.
    #expect(out.drawList.vertices.contains { abs($0.x - 150) < 1.5 && abs($0.y - 150) < 1.5 })
  }

  @Test("the angle animates: half-way through a linear animation the view is turned half as far")
  func angleAnimates() {
    struct Card: View {
      let angle: Double
      var body: some View {
        Rectangle().fill(Color.white).frame(width: 100, height: 100)
          .rotation3DEffect(.degrees(angle), axis: (x: 0, y: 1, z: 0), perspective: 0)
          .animation(.linear(duration: 1), value: angle)
      }
    }
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    func width(_ angle: Double, at t: Double) -> Float {
      let out = rt.frame(
        { Card(angle: angle) },
        input: FrameInput(now: Date(timeIntervalSince1970: 1000 + t), time: t, size: Size(width: 200, height: 200)))
      let xs = out.drawList.vertices.filter { $0.color.a == 255 }.map(\.x)
      return xs.max()! - xs.min()!
    }
    let start = width(0, at: 0)
    _ = width(60, at: 1)
    let mid = width(60, at: 1.5)
    let end = width(60, at: 3)
    // Parallel projection is affine: the width is 100·cos(angle), less the fringe's inset of
    // half a pixel on each side.
    #expect(abs(start - 99) < 0.01, "\(start)")
    #expect(abs(mid - Float(100 * cos(Double.pi / 6) - 1)) < 0.05, "\(mid)")
    #expect(abs(end - 49) < 0.01, "\(end)")
  }

  @Test("an image turned in perspective is cut into a grid, so its texels are not bent along one diagonal")
  func imagesAreCutIntoAGrid() {
    let picture = ImageBuffer(width: 64, height: 64)
    func textured<V: View>(_ v: V) -> [Primitive] {
      let out = SceneRuntime(textEngine: FixedAdvanceTextEngine()).frame(
        { v }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 300)))
      return out.drawList.primitives.filter { $0.texture != .none }
    }
    let flat = textured(Image(picture, key: "grid").resizable().frame(width: 160, height: 160))
    let turned = textured(
      Image(picture, key: "grid").resizable().frame(width: 160, height: 160)
        .rotation3DEffect(.degrees(50), axis: (x: 0, y: 1, z: 0)))
    #expect(flat.count == 1 && flat[0].indexCount == 6)
    // Two triangles become many: each side cut in up to 16-pixel steps.
    #expect(turned.count == 1 && turned[0].indexCount >= 6 * 49, "\(turned.map(\.indexCount))")
  }

  @Test("a clip inside the turned view cuts it along the clip's turned edges, even where a corner nears the eye")
  func clipsAreCutInPerspective() {
    func lowered<V: View>(_ v: V) -> DrawList {
      SceneRuntime(textEngine: FixedAdvanceTextEngine()).frame(
        { v }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 400, height: 400))
      ).drawList
    }
    // A door swung toward the viewer until its far edge is nearly at the eye (w ≈ 0.015 there):
    // the part in front of the near plane is still drawn.
    let door = lowered(
      Color.red.frame(width: 200, height: 200).clipped()
        .rotation3DEffect(.degrees(-80), axis: (x: 0, y: 1, z: 0), anchor: .leading))
    #expect(!door.indices.isEmpty)
    #expect(door.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    // A tall bar clipped to a 100-point square, turned: every vertex lies inside the turned
    // square (a trapezoid), not merely inside the box around it.
    let m = _Rotation3DEffect(angle: .degrees(45), axis: (x: 0, y: 1, z: 0)).effectValue(
      size: CGSize(width: 100, height: 100))
    let corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)].map { map(m, $0.0, $0.1) }
      .map { (x: $0.0 + 150, y: $0.1 + 150) }
    let bar = lowered(
      Rectangle().fill(Color.white).frame(width: 40, height: 400).frame(width: 100, height: 100).clipped()
        .rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0)))
    #expect(!bar.indices.isEmpty)
    for v in bar.vertices {
      // Inside a clockwise quadrilateral: on the inner side of each edge, to rounding.
      for i in 0..<4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4])
        let cross = (b.x - a.x) * (Double(v.y) - a.y) - (b.y - a.y) * (Double(v.x) - a.x)
        #expect(cross >= -0.01 * ((b.x - a.x).magnitude + (b.y - a.y).magnitude), "\(v) outside edge \(i)")
      }
    }
  }

  @Test("hostile sizes and axes draw nothing wrong rather than trap")
  func hostileInputs() {
    let picture = ImageBuffer(width: 8, height: 8)
    for view in [
      AnyView(
        Image(picture, key: "huge").resizable().frame(width: 1e21, height: 100)
          .rotation3DEffect(.degrees(30), axis: (x: 0, y: 1, z: 0))),
      AnyView(Color.blue.frame(width: 50, height: 50).rotation3DEffect(.degrees(30), axis: (x: 1e200, y: 1e200, z: 0))),
      AnyView(Color.blue.frame(width: 50, height: 50).rotation3DEffect(.degrees(.nan), axis: (x: 0, y: 1, z: 0))),
      AnyView(Color.blue.frame(width: 0, height: 0).rotation3DEffect(.degrees(30), axis: (x: 0, y: 1, z: 0))),
    ] {
      let out = SceneRuntime(textEngine: FixedAdvanceTextEngine()).frame(
        { view }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 300)))
      #expect(out.drawList.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }
    // The huge axis is the diagonal it points along.
    let diagonal = _Rotation3DEffect(angle: .degrees(30), axis: (x: 1e200, y: 1e200, z: 0)).effectValue(
      size: CGSize(width: 50, height: 50))
    let unit = _Rotation3DEffect(angle: .degrees(30), axis: (x: 1, y: 1, z: 0)).effectValue(
      size: CGSize(width: 50, height: 50))
    #expect(abs(diagonal.m11 - unit.m11) < 1e-12 && abs(diagonal.m13 - unit.m13) < 1e-12)
  }
}
