import FoundationEssentials
import Timeline

/// The sounds a scene plays on a simulated clock, placed sample-exactly and mixed on demand.
///
/// `record` puts one in place of the audio device (`AudioSystem.withTrack`): each sound starts
/// at the clock's reading when the scene played it, which in a replay is the date of the frame
/// whose update asked, the date the window would have played it at. The track is then mixed
/// a frame's worth of samples at a time, in order, so memory holds only the sounds still ringing.
public final class SoundTrack: @unchecked Sendable {
  /// Samples per second.
  public let sampleRate: Int
  /// The clock's reading, in seconds, at sample 0.
  public let origin: Double
  private let now: @Sendable () -> Double
  private let lock = Lock()
  private var events: [(sound: Sound, start: Int)] = []
  private var played = 0

  /// A track whose sample 0 falls at `origin` on the clock `now` reads, in seconds.
  public init(sampleRate: Int = 48_000, origin: Double, now: @escaping @Sendable () -> Double) {
    self.sampleRate = sampleRate
    self.origin = origin
    self.now = now
  }

  /// How many sounds have been played into the track.
  public var soundsPlayed: Int { lock.withLock { played } }

  /// The sample at which a sound played at `seconds` on the clock starts.
  public func sample(at seconds: Double) -> Int { Int(((seconds - origin) * Double(sampleRate)).rounded()) }

  /// Starts `sound` at the clock's present reading.
  func play(_ sound: Sound) {
    let start = sample(at: now())
    lock.withLock {
      played += 1
      events.append((sound, start))
    }
  }

  /// How many of this track's samples `sound` lasts: a sound synthesized at another rate is
  /// stretched to this one, nearest sample.
  private func length(of sound: Sound) -> Int {
    sound.sampleRate == sampleRate
      ? sound.samples.count : Int(Double(sound.samples.count) * Double(sampleRate) / Double(sound.sampleRate))
  }

  /// Mixes samples `first ..< first + buffer.count` into `buffer` (overwriting it), clamped to
  /// [-1, 1], and forgets sounds that end before them.
  ///
  /// Calls are expected in order: a sound that ended before `first` is gone for good.
  public func mix(into buffer: UnsafeMutableBufferPointer<Float>, from first: Int) {
    for i in buffer.indices { buffer[i] = 0 }
    let end = first + buffer.count
    lock.withLock {
      for (sound, start) in events {
        let samples = sound.samples
        let ratio = Double(sound.sampleRate) / Double(sampleRate)
        let length = self.length(of: sound)
        let from = max(first, start)
        let to = min(end, start + length)
        guard from < to else { continue }
        samples.withUnsafeBufferPointer { src in
          if sound.sampleRate == sampleRate {
            for s in from..<to { buffer[s - first] += src[s - start] }
          } else {
            for s in from..<to { buffer[s - first] += src[min(samples.count - 1, Int(Double(s - start) * ratio))] }
          }
        }
      }
      events.removeAll { $0.start + length(of: $0.sound) <= end }
    }
    for i in buffer.indices { buffer[i] = max(-1, min(1, buffer[i])) }
  }
}
