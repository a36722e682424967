import Foundation
import Testing

@testable import Audio

@Suite("Mixer")
struct MixerTests {
  @Test("Sounds mix additively, clip to [-1, 1], and report when they were first heard")
  func mixes() {
    let m = Mixer()
    let a = Sound(name: "a", samples: [0.5, 0.5, 0.5], sampleRate: 48_000)
    let b = Sound(name: "b", samples: [0.75, -0.25], sampleRate: 48_000)
    m.play(a, at: 1.0)
    m.play(b, at: 1.001)
    var buf = [Float](repeating: 9, count: 4)
    buf.withUnsafeMutableBufferPointer { m.render(into: $0, heardAt: 2.0) }
    #expect(buf == [1, 0.25, 0.5, 0])
    #expect(
      m.drainStarts() == [
        Mixer.Start(name: "a", requested: 1.0, heard: 2.0), .init(name: "b", requested: 1.001, heard: 2.0),
      ])
    #expect(!m.isPlaying)
    #expect(m.drainStarts().isEmpty)
  }

  @Test("A sound longer than a buffer continues in the next one")
  func continues() {
    let m = Mixer()
    m.play(Sound(name: "s", samples: [0.1, 0.2, 0.3], sampleRate: 48_000), at: 0)
    var buf = [Float](repeating: 0, count: 2)
    buf.withUnsafeMutableBufferPointer { m.render(into: $0, heardAt: 0) }
    #expect(buf == [0.1, 0.2])
    buf.withUnsafeMutableBufferPointer { m.render(into: $0, heardAt: 0) }
    #expect(buf == [0.3, 0])
    #expect(m.drainStarts().count == 1)
  }

  @Test("Muted, nothing plays")
  func muted() {
    let m = Mixer()
    m.isMuted = true
    m.play(.beat, at: 0)
    #expect(!m.isPlaying)
  }

  @Test("The beat is short and dry, the bell rings longer; both start silent and stay in range")
  func synthesis() {
    #expect(abs(Sound.beat.duration - 0.045) < 1e-3)
    #expect(abs(Sound.bell.duration - 0.6) < 1e-3)
    for s in [Sound.beat, Sound.bell] {
      #expect(s.samples.first == 0)
      #expect(s.samples.allSatisfy { abs($0) <= 1 })
      #expect(s.samples.contains { abs($0) > 0.2 })
    }
  }

  @Test("Without an output, play() does nothing and warns once when opening fails")
  func noDevice() {
    struct NoDevice: Error, CustomStringConvertible { var description: String { "no audio output" } }
    final class Lines: @unchecked Sendable { var all: [String] = [] }
    let lines = Lines()
    AudioSystem.install(opener: { throw NoDevice() }, warn: { lines.all.append($0) })
    defer { AudioSystem.uninstall() }
    Sound.beat.play()
    Sound.bell.play()
    #expect(lines.all == ["no sound: no audio output; the animation goes on silently"])
    #expect(AudioSystem.mixer == nil)
  }
}

/// The track `record` mixes: sounds land on the sample of their clock reading, whatever the
/// chunks they are mixed in.
@Suite struct SoundTrackTests {
  final class Reading: @unchecked Sendable { var seconds = 0.0 }

  @Test func soundsStartOnTheSampleOfTheirClockReading() {
    let clock = Reading()
    let track = SoundTrack(sampleRate: 1_000, origin: 2.0) { clock.seconds }
    let click = Sound(name: "click", samples: [0.5, 0.25], sampleRate: 1_000)
    for t in [1.999, 2.010, 2.0104] {
      clock.seconds = t
      AudioSystem.withTrack(track) { click.play() }
    }
    #expect(track.soundsPlayed == 3)
    // Mixed 7 samples at a time: the sound played before the origin is heard from its second
    // sample; the two near 2.010 overlap and add.
    var out: [Float] = []
    var chunk = [Float](repeating: 9, count: 7)
    for first in stride(from: 0, to: 14, by: 7) {
      chunk.withUnsafeMutableBufferPointer { track.mix(into: $0, from: first) }
      out += chunk
    }
    var expected = [Float](repeating: 0, count: 14)
    expected[0] = 0.25
    expected[10] = 1.0
    expected[11] = 0.5
    #expect(out == expected)
  }
}
