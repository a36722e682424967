import Foundation
import Testing

@testable import Motion

@Suite("Keyframes")
struct KeyframeTests {
  let track = JumpKeyframes.track()

  @Test("The article's table has nine rows, the first being the initial state")
  func table() {
    #expect(JumpKeyframes.table.count == 9)
    #expect(JumpKeyframes.table[0].value == JumpKeyframes.initial)
    #expect(JumpKeyframes.table[0].curve == .none)
    #expect(KeyframeSequence(table: JumpKeyframes.table).keyframes == JumpKeyframes.keyframes)
  }

  @Test("Offsets sum to 3.0 s and scale with 1/speed")
  func offsets() {
    #expect(track.offsets == [0.2, 0.4, 0.5, 0.4, 0.2, 0.4, 0.5, 0.4])
    #expect(abs(track.offsets.reduce(0, +) - 3.0) < 1e-12)
    #expect(abs(track.duration - 3.0) < 1e-12)
    let fast = JumpKeyframes.track(speed: 2)
    #expect(abs(fast.duration - 1.5) < 1e-12)
    #expect(fast.offsets[2] == 0.25)
  }

  @Test("Segment animations carry the keyframe's curve and scaled offset")
  func segmentAnimations() {
    #expect(track.animation(forSegment: 0) == .linear(duration: 0.2))
    #expect(track.animation(forSegment: 2) == .easeOut(duration: 0.5))
    #expect(track.animation(forSegment: 3) == .easeIn(duration: 0.4))
    #expect(JumpKeyframes.track(speed: 0.5).animation(forSegment: 2) == .easeOut(duration: 1.0))
    #expect(track.animation(forSegment: 8) == nil)
    let jump = KeyframeSequence(
      initial: 0.0, keyframes: [Keyframe(offset: 1, value: 5.0, curve: .none)])
    #expect(jump.animation(forSegment: 0) == nil)
  }

  @Test("Values at segment boundaries equal the keyframe values", arguments: [false, true])
  func boundaries(looping: Bool) {
    #expect(track.value(at: 0, looping: looping) == JumpKeyframes.initial)
    var time = 0.0
    for (index, offset) in track.offsets.enumerated() {
      time += offset
      #expect(track.value(at: time, looping: looping) == JumpKeyframes.keyframes[index].value)
    }
  }

  @Test("Within a segment the value follows the segment's curve")
  func insideSegments() {
    // Segment 2: easeOut over 0.5 s from (0, 1, -20) to (360, 1, -80), starting at 0.6 s.
    let progress = Animation.easeOut(duration: 0.5).fraction(at: 0.2)
    let pose = track.value(at: 0.8, looping: false)
    #expect(abs(pose.rotation - 360 * progress) < 1e-9)
    #expect(abs(pose.y - (-20 - 60 * progress)) < 1e-9)
    #expect(abs(pose.yScale - 1) < 1e-12)
    // Segment 0 is linear from the initial pose: halfway squashes to 0.75 at y = 10.
    let first = track.value(at: 0.1, looping: false)
    #expect(abs(first.yScale - 0.75) < 1e-12)
    #expect(abs(first.y - 10) < 1e-12)
  }

  @Test("Looping wraps to keyframe 1, skipping the initial state")
  func wrapSkipsInitial() {
    // Second pass, halfway through segment 0: from the last keyframe (y -20) to y 20.
    let second = track.value(at: 3.1, looping: true)
    #expect(abs(second.y - 0) < 1e-9)
    #expect(abs(second.yScale - 0.75) < 1e-9)
    // Third pass behaves like the second.
    let third = track.value(at: 6.1, looping: true)
    #expect(abs(third.y - second.y) < 1e-9)
    // Without looping the track holds its last keyframe.
    #expect(track.value(at: 3.1, looping: false) == JumpKeyframes.keyframes[7].value)
  }

  @Test("A .none segment jumps as soon as it begins")
  func noneCurveJumps() {
    let stepTrack = KeyframeSequence(
      initial: 0.0,
      keyframes: [
        Keyframe(offset: 1, value: 2.0, curve: .linear),
        Keyframe(offset: 1, value: 7.0, curve: .none),
      ])
    #expect(stepTrack.value(at: 1, looping: false) == 2)
    #expect(stepTrack.value(at: 1.0001, looping: false) == 7)
    #expect(abs(stepTrack.value(at: 0.5, looping: false) - 1) < 1e-12)
  }
}
