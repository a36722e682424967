import FoundationEssentials

/// The pose of the jumping emoji: spin, squash and height.
public struct JumpPose: VectorArithmetic, Hashable {
  /// Rotation in degrees.
  public var rotation: Double
  /// Vertical scale; below 1 squashes.
  public var yScale: Double
  /// Vertical offset in points; negative is up.
  public var y: Double

  /// Creates a pose.
  public init(rotation: Double, yScale: Double, y: Double) {
    self.rotation = rotation
    self.yScale = yScale
    self.y = y
  }

  /// The all-zero pose (the additive identity, not a sensible resting pose).
  public static var zero: JumpPose { JumpPose(rotation: 0, yScale: 0, y: 0) }

  /// Adds two poses component-wise.
  public static func + (lhs: JumpPose, rhs: JumpPose) -> JumpPose {
    JumpPose(
      rotation: lhs.rotation + rhs.rotation, yScale: lhs.yScale + rhs.yScale, y: lhs.y + rhs.y)
  }

  /// Subtracts two poses component-wise.
  public static func - (lhs: JumpPose, rhs: JumpPose) -> JumpPose {
    JumpPose(
      rotation: lhs.rotation - rhs.rotation, yScale: lhs.yScale - rhs.yScale, y: lhs.y - rhs.y)
  }

  /// Scales every component by `factor`.
  public func scaled(by factor: Double) -> JumpPose {
    JumpPose(rotation: rotation * factor, yScale: yScale * factor, y: y * factor)
  }

  /// The sum of the squared components.
  public var magnitudeSquared: Double { rotation * rotation + yScale * yScale + y * y }
}

/// The jumping-emoji keyframes from SwiftUI Lab's TimelineView article.
public enum JumpKeyframes {
  /// The resting pose; used once, before the first jump.
  public static let initial = JumpPose(rotation: 0, yScale: 1, y: 0)

  /// The eight animated keyframes (3.0 s in total): squash, jump with a spin, land,
  /// squash, jump and spin back, land.
  public static let keyframes: [Keyframe<JumpPose>] = [
    Keyframe(offset: 0.2, value: JumpPose(rotation: 0, yScale: 0.5, y: 20), curve: .linear),
    Keyframe(offset: 0.4, value: JumpPose(rotation: 0, yScale: 1.0, y: -20), curve: .linear),
    Keyframe(offset: 0.5, value: JumpPose(rotation: 360, yScale: 1.0, y: -80), curve: .easeOut),
    Keyframe(offset: 0.4, value: JumpPose(rotation: 360, yScale: 1.0, y: -20), curve: .easeIn),
    Keyframe(offset: 0.2, value: JumpPose(rotation: 360, yScale: 0.5, y: 20), curve: .easeOut),
    Keyframe(offset: 0.4, value: JumpPose(rotation: 360, yScale: 1.0, y: -20), curve: .linear),
    Keyframe(offset: 0.5, value: JumpPose(rotation: 0, yScale: 1.0, y: -80), curve: .easeOut),
    Keyframe(offset: 0.4, value: JumpPose(rotation: 0, yScale: 1.0, y: -20), curve: .easeIn),
  ]

  /// The article's full table: the initial row (offset 0, curve `.none`) then `keyframes`.
  public static let table: [Keyframe<JumpPose>] =
    [Keyframe(offset: 0, value: initial, curve: .none)] + keyframes

  /// Returns the article's track played at `speed`.
  public static func track(speed: Double = 1) -> KeyframeSequence<JumpPose> {
    KeyframeSequence(initial: initial, keyframes: keyframes, speed: speed)
  }
}
