// `.rotation3DEffect`: turns a view's drawing about an axis in space and shows it in
// perspective, without changing its layout.
import FoundationEssentials
import Graphics
import Motion

/// A rotation in three dimensions about a point of the view, projected back onto its plane;
/// SwiftUI's `_Rotation3DEffect`, a geometry effect whose transform has a perspective row.
public struct _Rotation3DEffect: GeometryEffect, Equatable {
  public var angle: Angle
  /// The axis of rotation; its length does not matter.
  public var axis: (x: CGFloat, y: CGFloat, z: CGFloat)
  /// The point of the view the rotation is about.
  public var anchor: UnitPoint
  /// How far in front of the view (toward the viewer) the rotation's centre is, in points.
  public var anchorZ: CGFloat
  /// How strong the perspective is: the eye is `max(width, height) / perspective` points in
  /// front of the view; 0 is none (a parallel projection).
  public var perspective: CGFloat

  /// Creates the effect.
  public init(
    angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
    perspective: CGFloat = 1
  ) {
    (self.angle, self.axis, self.anchor, self.anchorZ, self.perspective) = (angle, axis, anchor, anchorZ, perspective)
  }

  public static func == (lhs: _Rotation3DEffect, rhs: _Rotation3DEffect) -> Bool {
    lhs.angle == rhs.angle && lhs.axis == rhs.axis && lhs.anchor == rhs.anchor && lhs.anchorZ == rhs.anchorZ
      && lhs.perspective == rhs.perspective
  }

  /// Translate the anchor to the origin, rotate, apply the perspective, translate back: the
  /// order Core Animation composes SwiftUI's effect in, its z column dropped at the end.
  public func effectValue(size: CGSize) -> ProjectionTransform {
    let (ax, ay, az) = (anchor.x * size.width, anchor.y * size.height, anchorZ)
    // Scaled by its largest component first, so an axis of 10²⁰⁰ does not overflow its length.
    let largest = max(abs(axis.x), abs(axis.y), abs(axis.z))
    guard largest > 0, largest.isFinite, angle.radians.isFinite else { return ProjectionTransform() }
    let (sx, sy, sz) = (axis.x / largest, axis.y / largest, axis.z / largest)
    let length = (sx * sx + sy * sy + sz * sz).squareRoot()
    let (x, y, z) = (sx / length, sy / length, sz / length)
    let (c, s) = (cos(angle.radians), sin(angle.radians))
    let k = 1 - c
    // Row-vector rotation about (x, y, z): a point's row times this matrix.
    let r: [[Double]] = [
      [x * x * k + c, x * y * k + z * s, x * z * k - y * s],
      [x * y * k - z * s, y * y * k + c, y * z * k + x * s],
      [x * z * k + y * s, y * z * k - x * s, z * z * k + c],
    ]
    let extent = max(size.width, size.height)
    let m34 = extent > 0 && perspective.isFinite ? -perspective / extent : 0
    // A point (px, py, 0) relative to the anchor is (px − ax, py − ay, −az); rotated, it has
    // depth z′, w = 1 + z′·m34, and lands at the anchor plus its rotated x, y over w.
    func column(_ j: Int) -> (Double, Double, Double) { (r[0][j], r[1][j], r[2][j]) }
    let (cx, cy, cz) = (column(0), column(1), column(2))
    // Rows of the 3×3 result for inputs x, y and 1 (the constant row carries the translations).
    let wx = cz.0 * m34
    let wy = cz.1 * m34
    let w1 = 1 + (-ax * cz.0 - ay * cz.1 - az * cz.2) * m34
    let x1 = -ax * cx.0 - ay * cx.1 - az * cx.2
    let y1 = -ax * cy.0 - ay * cy.1 - az * cy.2
    var p = ProjectionTransform()
    (p.m11, p.m12, p.m13) = (cx.0 + ax * wx, cy.0 + ay * wx, wx)
    (p.m21, p.m22, p.m23) = (cx.1 + ax * wy, cy.1 + ay * wy, wy)
    (p.m31, p.m32, p.m33) = (x1 + ax * w1, y1 + ay * w1, w1)
    return p
  }

  public typealias AnimatableData = AnimatablePair<
    Double,
    AnimatablePair<
      AnimatablePair<Double, AnimatablePair<Double, Double>>,
      AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    >
  >

  /// The angle in radians, the axis, the anchor, `anchorZ` and the perspective.
  public var animatableData: AnimatableData {
    get {
      AnimatablePair(
        angle.radians,
        AnimatablePair(
          AnimatablePair(axis.x, AnimatablePair(axis.y, axis.z)),
          AnimatablePair(AnimatablePair(anchor.x, anchor.y), AnimatablePair(anchorZ, perspective))))
    }
    set {
      angle = .radians(newValue.first)
      let (a, rest) = (newValue.second.first, newValue.second.second)
      axis = (a.first, a.second.first, a.second.second)
      anchor = UnitPoint(x: rest.first.first, y: rest.first.second)
      (anchorZ, perspective) = (rest.second.first, rest.second.second)
    }
  }
}

extension View {
  /// Turns the view's drawing by `angle` about `axis` through `anchor` (lifted `anchorZ`
  /// points toward the viewer) and shows it in perspective; the layout does not change.
  /// A positive angle about the y axis takes the right edge away from the viewer.
  public func rotation3DEffect(
    _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
    perspective: CGFloat = 1
  ) -> some View {
    modifier(_Rotation3DEffect(angle: angle, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective))
  }
}
