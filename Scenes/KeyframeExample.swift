import SceneGraph

/// The keyframe animator from Apple's "Controlling the timing and movements of your
/// animations": four tracks (angle, vertical stretch, scale, vertical translation), each with
/// its own keyframes, that together make a jump with a wiggle, repeating.
public struct KeyframeExampleScene: PlaygroundScene {
  public static let name = "keyframes"
  public static let title = "Keyframe Animator"
  public static let scheduleSummary = "keyframeAnimator(repeating: true)"

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let k = scene.fitScale(Size(width: 260, height: 260), fill: 0.75)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x0E2A3A), Color(hex: 0x164B5E)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      KeyframeJump().scaleEffect(k)
      Caption(
        text: "keyframeAnimator · KeyframeTrack · CubicKeyframe · SpringKeyframe · LinearKeyframe", size: scene.size)
    }
  }
}

/// The values the tracks animate, as Apple's example names them.
struct AnimationValues {
  var scale = 1.0
  var verticalStretch = 1.0
  var verticalTranslation = 0.0
  var angle = Angle.zero
}

/// Apple's example, line for line but for the emoji.
struct KeyframeJump: View {
  var body: some View {
    Text("🐇")
      .font(.system(size: 60))
      .keyframeAnimator(initialValue: AnimationValues(), repeating: true) { content, value in
        content
          .rotationEffect(value.angle)
          .scaleEffect(value.scale)
          .scaleEffect(y: value.verticalStretch)
          .offset(y: value.verticalTranslation)
      } keyframes: { _ in
        KeyframeTrack(\.angle) {
          CubicKeyframe(.zero, duration: 0.58)
          CubicKeyframe(.degrees(16), duration: 0.125)
          CubicKeyframe(.degrees(-16), duration: 0.125)
          CubicKeyframe(.degrees(16), duration: 0.125)
          CubicKeyframe(.zero, duration: 0.125)
        }

        KeyframeTrack(\.verticalStretch) {
          CubicKeyframe(1.0, duration: 0.1)
          CubicKeyframe(0.6, duration: 0.15)
          CubicKeyframe(1.5, duration: 0.1)
          CubicKeyframe(1.05, duration: 0.15)
          CubicKeyframe(1.0, duration: 0.88)
          CubicKeyframe(0.8, duration: 0.1)
          CubicKeyframe(1.04, duration: 0.4)
          CubicKeyframe(1.0, duration: 0.22)
        }

        KeyframeTrack(\.scale) {
          LinearKeyframe(1.0, duration: 0.36)
          SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
          SpringKeyframe(1.0, spring: .bouncy)
        }

        KeyframeTrack(\.verticalTranslation) {
          LinearKeyframe(0.0, duration: 0.1)
          SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
          SpringKeyframe(-60.0, duration: 0.25, spring: .bouncy)
          SpringKeyframe(0.0, spring: .bouncy)
        }
      }
  }
}
