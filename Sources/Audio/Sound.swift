import FoundationEssentials
import Glibc

/// A short mono sound held in memory as 32-bit float samples in [-1, 1].
public struct Sound: Sendable, Equatable {
  /// The samples, one channel.
  public var samples: [Float]
  /// Samples per second.
  public var sampleRate: Int
  /// A name for traces and warnings.
  public var name: String

  /// Creates a sound from samples.
  public init(name: String, samples: [Float], sampleRate: Int) {
    self.name = name
    self.samples = samples
    self.sampleRate = sampleRate
  }

  /// How long the sound lasts, in seconds.
  public var duration: Double { Double(samples.count) / Double(max(sampleRate, 1)) }

  /// Synthesizes a sum of decaying sine partials: (frequency in Hz, amplitude, decay time
  /// constant in seconds), with a 2 ms attack so the start does not click.
  public static func partials(
    name: String, _ partials: [(frequency: Double, amplitude: Double, decay: Double)], length: Double,
    sampleRate: Int = 48_000
  ) -> Sound {
    let count = max(1, Int((length * Double(sampleRate)).rounded()))
    var out = [Float](repeating: 0, count: count)
    let attack = 0.002 * Double(sampleRate)
    for i in 0..<count {
      let t = Double(i) / Double(sampleRate)
      var v = 0.0
      for p in partials { v += p.amplitude * exp(-t / p.decay) * sin(2 * .pi * p.frequency * t) }
      let ramp = min(1, Double(i) / attack)
      // A short fade at the end keeps the cut silent.
      let tail = min(1, Double(count - i) / attack)
      out[i] = Float(max(-1, min(1, v * ramp * tail)))
    }
    return Sound(name: name, samples: out, sampleRate: sampleRate)
  }

  /// The metronome's beat: a dry wooden tick, 45 ms.
  public static let beat = partials(
    name: "beat", [(1_760, 0.55, 0.010), (2_640, 0.25, 0.006), (880, 0.20, 0.015)], length: 0.045)

  /// The metronome's bell: inharmonic partials of a small bell, ringing for 0.6 s.
  public static let bell = partials(
    name: "bell",
    [(1_320, 0.40, 0.28), (1_320 * 2.76, 0.20, 0.12), (1_320 * 5.40, 0.10, 0.06), (660, 0.15, 0.35)],
    length: 0.6)
}
