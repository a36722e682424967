import Testing
// The motion half of the drawing-and-motion corpus: animations, animators and timelines,
// written as SwiftUI's documentation writes them, each sampled at fixed times.
import TimelinePlayground

/// The corpus's suite; its drawing and motion examples are nested suites, run one at a time.
@Suite(.serialized) struct DrawingAndMotionCorpus {}

/// A bar whose width animates through `animatableData`; follows "Animatable".
struct ProgressBar: Shape {
  var fraction: CGFloat

  var animatableData: CGFloat {
    get { fraction }
    set { fraction = newValue }
  }

  func path(in rect: CGRect) -> Path {
    Path(CGRect(x: rect.minX, y: rect.minY, width: rect.width * fraction, height: rect.height))
  }
}

/// A progress bar filling as it appears; follows "Animatable" and "Shape".
struct FillingBar: View {
  @State private var progress: CGFloat = 0

  var body: some View {
    ProgressBar(fraction: progress)
      .fill(.red)
      .frame(width: 200, height: 40)
      .onAppear {
        withAnimation(.linear(duration: 1)) {
          progress = 1
        }
      }
  }
}

/// A horizontal shake driven by its animatable data; follows "GeometryEffect".
struct Shake: GeometryEffect {
  var amount: CGFloat = 20
  var shakesPerUnit = 3
  var animatableData: CGFloat

  func effectValue(size: CGSize) -> ProjectionTransform {
    ProjectionTransform(
      CGAffineTransform(
        translationX: amount * sin(animatableData * .pi * CGFloat(shakesPerUnit)),
        y: 0))
  }
}

/// A square that shakes once for a wrong attempt; follows "GeometryEffect".
struct ShakingSquare: View {
  @State private var attempts = 0

  var body: some View {
    Rectangle()
      .fill(.red)
      .frame(width: 60, height: 60)
      .modifier(Shake(animatableData: CGFloat(attempts)))
      .onAppear {
        withAnimation(.linear(duration: 1)) {
          attempts += 1
        }
      }
  }
}

/// A ball moved across by `withAnimation(.linear(duration: 1))`; follows "withAnimation(_:_:)".
struct SlidingBall: View {
  @State private var moved = false

  var body: some View {
    Circle()
      .fill(.red)
      .frame(width: 40, height: 40)
      .offset(x: moved ? 100 : -100)
      .onAppear {
        withAnimation(.linear(duration: 1)) {
          moved = true
        }
      }
  }
}

/// A ball swinging left and right for ever; follows "repeatForever(autoreverses:)".
struct SwingingBall: View {
  @State private var swinging = false

  var body: some View {
    Circle()
      .fill(.red)
      .frame(width: 40, height: 40)
      .offset(x: swinging ? 80 : -80)
      .animation(.linear(duration: 1).repeatForever(autoreverses: true), value: swinging)
      .onAppear {
        swinging = true
      }
  }
}

/// A ball dropped on a bouncy spring; follows "spring(duration:bounce:blendDuration:)".
struct SpringyBall: View {
  @State private var dropped = false

  var body: some View {
    Circle()
      .fill(.red)
      .frame(width: 40, height: 40)
      .offset(y: dropped ? 60 : -40)
      .onAppear {
        withAnimation(.spring(duration: 1, bounce: 0.5)) {
          dropped = true
        }
      }
  }
}

/// A ball stepping through three places, a second each; follows "phaseAnimator(_:content:animation:)".
struct PhasedBall: View {
  enum Phase: CaseIterable {
    case left, middle, right

    var x: CGFloat {
      switch self {
      case .left: -100
      case .middle: 0
      case .right: 100
      }
    }
  }

  var body: some View {
    Circle()
      .fill(.red)
      .frame(width: 40, height: 40)
      .phaseAnimator(Phase.allCases) { content, phase in
        content.offset(x: phase.x)
      } animation: { _ in
        .linear(duration: 1)
      }
  }
}

/// The values Apple's keyframe example animates; follows "KeyframeAnimator".
struct AnimationValues {
  var scale = 1.0
  var verticalStretch = 1.0
  var verticalTranslation = 0.0
  var angle = Angle.zero
}

/// A ball that jumps and spins with Apple's own keyframes; follows "KeyframeAnimator".
struct JumpingBall: View {
  var body: some View {
    Circle()
      .fill(.red)
      .frame(width: 40, height: 40)
      .keyframeAnimator(initialValue: AnimationValues()) { content, value in
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
          SpringKeyframe(-60.0, duration: 0.5, spring: .bouncy)
          SpringKeyframe(0.0, spring: .bouncy)
        }
      }
  }
}

/// A bar turning a quarter turn a second with the timeline's date; follows "TimelineView".
struct SpinningBar: View {
  var body: some View {
    TimelineView(.animation) { context in
      let seconds = context.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 4)
      Rectangle()
        .fill(.red)
        .frame(width: 160, height: 10)
        .rotationEffect(.degrees(seconds * 90))
    }
  }
}

/// A counter whose digit changes with `.numericText()`; follows "contentTransition(_:)".
struct CountingDigit: View {
  @State private var count = 0

  var body: some View {
    Text("\(count)")
      .font(.system(size: 120, weight: .bold))
      .foregroundStyle(.red)
      .contentTransition(.numericText())
      .onAppear {
        withAnimation(.linear(duration: 1)) {
          count = 8
        }
      }
  }
}

extension DrawingAndMotionCorpus {
  @Suite(.serialized) struct Motion {
    /// The red pixels' centroid in `picture`.
    func red(_ picture: Picture) throws -> (x: Double, y: Double) {
      try #require(picture.centroid(where: Is.red))
    }

    @Test func barIsHalfFullHalfWay() throws {
      // The bar spans x 60…260 on row 120.
      let half = try Corpus.render(FillingBar(), at: 0.5)
      let halfWidth = half.count(y: 120..<121, where: Is.red)
      #expect(abs(halfWidth - 100) <= 5)
      #expect(Is.red(half.rgb(60 + 90, 120)))
      #expect(!Is.red(half.rgb(60 + 110, 120)))
      let full = try Corpus.render(FillingBar(), at: 2)
      #expect(abs(full.count(y: 120..<121, where: Is.red) - 200) <= 1)
    }

    @Test func shakeGoesRightLeftAndBack() throws {
      // Three shakes a unit: a sixth of a second in, at the right; half-way, at the left.
      let right = try red(Corpus.render(ShakingSquare(), at: 1.0 / 6))
      #expect(abs(right.x - 180) < 2)
      let left = try red(Corpus.render(ShakingSquare(), at: 0.5))
      #expect(abs(left.x - 140) < 2)
      let still = try red(Corpus.render(ShakingSquare(), at: 2))
      #expect(abs(still.x - 160) < 1)
      #expect(abs(still.y - 120) < 1)
    }

    @Test func linearAnimationIsHalfWayAtHalfASecond() throws {
      let begin = try red(Corpus.render(SlidingBall(), at: 0))
      #expect(abs(begin.x - 60) < 2)
      let half = try red(Corpus.render(SlidingBall(), at: 0.5))
      #expect(abs(half.x - 160) < 4)
      let end = try red(Corpus.render(SlidingBall(), at: 2))
      #expect(abs(end.x - 260) < 1)
      #expect(abs(end.y - 120) < 1)
    }

    @Test func repeatForeverSwingsBackAndForth() throws {
      // From -80 to +80 in a second, back in the next, and so on.
      let samples: [(Double, Double)] = [(0.5, 160), (1, 240), (1.5, 160), (2, 80), (2.5, 160), (3, 240)]
      for (time, x) in samples {
        let c = try red(Corpus.render(SwingingBall(), at: time))
        #expect(abs(c.x - x) < 6, "at \(time) s")
      }
    }

    @Test func springOvershootsThenSettles() throws {
      // Bounce 0.5 is a damping ratio of 0.5: the peak comes near 0.58 s, about 16 % past.
      var lowest = 0.0
      for time in stride(from: 0.4, through: 0.8, by: 0.1) {
        lowest = max(lowest, try red(Corpus.render(SpringyBall(), at: time)).y)
      }
      #expect(lowest > 120 + 60 + 8)
      #expect(lowest < 120 + 60 + 25)
      // It swings back above its rest a little (0.16² of the way) about 1.15 s in.
      let under = try red(Corpus.render(SpringyBall(), at: 1.15))
      #expect(under.y < 180 - 1.5 && under.y > 180 - 6)
      let settled = try red(Corpus.render(SpringyBall(), at: 3))
      #expect(abs(settled.y - 180) < 1)
    }

    @Test func phasesComeInTurn() throws {
      // Left to middle in the first second, middle to right in the next, back to the left in
      // the third, and round again.
      let samples: [(Double, Double)] = [
        (0.5, 110), (1, 160), (1.5, 210), (2, 260), (2.5, 160), (3, 60), (3.5, 110),
      ]
      for (time, x) in samples {
        let c = try red(Corpus.render(PhasedBall(), at: time))
        #expect(abs(c.x - x) < 6, "at \(time) s")
      }
    }

    @Test func keyframesJumpAndComeBack() throws {
      /// How many rows and columns of `picture` hold red.
      func extent(_ picture: Picture) -> (rows: Int, columns: Int) {
        let rows = (0..<240).filter { y in (0..<320).contains { Is.red(picture.rgb($0, y)) } }
        let columns = (0..<320).filter { x in (0..<240).contains { Is.red(picture.rgb(x, $0)) } }
        return (rows.count, columns.count)
      }
      // Still for the first 0.1 s: a 40-point ball in the middle.
      let rest = try Corpus.render(JumpingBall(), at: 0.05)
      #expect(abs(try red(rest).y - 120) < 1)
      #expect(extent(rest) == (40, 40))
      // At 0.25 s it is squashed to 0.6 of its height and pushed down.
      let squashed = try Corpus.render(JumpingBall(), at: 0.25)
      #expect(abs(extent(squashed).rows - 24) <= 1)
      #expect(abs(extent(squashed).columns - 40) <= 1)
      #expect(try red(squashed).y > 125)
      // At 0.75 s it is up about 60 points and scaled by 1.5.
      let up = try Corpus.render(JumpingBall(), at: 0.75)
      #expect(abs(try red(up).y - 60) < 6)
      #expect(abs(extent(up).columns - 60) <= 2)
      // The longest track lasts 2.1 s: then it is back at rest, and jumps again.
      let down = try red(Corpus.render(JumpingBall(), at: 2.1))
      #expect(abs(down.y - 120) < 2)
      let again = try red(Corpus.render(JumpingBall(), at: 2.1 + 0.6))
      #expect(again.y < 80)
    }

    @Test func timelineTurnsTheBar() throws {
      // The start is 2 s into a 4 s turn: horizontal (180°) at 0 s, diagonal at 0.5 s,
      // upright (270°) at 1 s.
      let flat = try Corpus.render(SpinningBar(), at: 0)
      #expect(Is.red(flat.rgb(160 + 70, 120)))
      #expect(!Is.red(flat.rgb(160, 120 - 70)))
      let diagonal = try Corpus.render(SpinningBar(), at: 0.5)
      #expect(Is.red(diagonal.rgb(160 + 45, 120 + 45)))
      #expect(Is.red(diagonal.rgb(160 - 45, 120 - 45)))
      #expect(!Is.red(diagonal.rgb(160 + 45, 120 - 45)))
      let upright = try Corpus.render(SpinningBar(), at: 1)
      #expect(Is.red(upright.rgb(160, 120 - 70)))
      #expect(!Is.red(upright.rgb(160 + 70, 120)))
    }

    @Test func digitCrossFadesHalfWay() throws {
      // At the end the 8 is solid red; half-way neither digit is: both are drawn at half.
      let end = try Corpus.render(CountingDigit(), at: 2)
      #expect(end.count(where: Is.red) > 500)
      let half = try Corpus.render(CountingDigit(), at: 0.5)
      #expect(half.count(where: Is.red) == 0)
      let pinks = half.count { c in c[0] > 240 && abs(c[1] - 157) < 25 && abs(c[2] - 152) < 25 }
      #expect(pinks > 200)
      // The 8's waist, over the 0's hole: red at half over white.
      #expect(half.isNear(160, 120, [255, 157, 152], tolerance: 12))
      // The middle of the text is the 0's hole at the start and the 8's waist at the end.
      let start = try Corpus.render(CountingDigit(), at: 0)
      #expect(start.count(where: Is.red) > 500)
      #expect(start.isNear(160, 120, [255, 255, 255], tolerance: 30))
      #expect(Is.red(end.rgb(160, 120)))
    }
  }
}
