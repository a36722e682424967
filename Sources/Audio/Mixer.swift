import FoundationEssentials
import Timeline

/// Mixes the sounds being played into buffers an audio device asks for, from its own thread.
///
/// `play` may be called from the frame loop at any time; `render` is called by the device
/// (or by a test, into a plain buffer). Each voice remembers when it was asked for and when
/// its first sample was mixed, so the delay from a frame to its sound can be measured.
public final class Mixer: @unchecked Sendable {
  /// A sound that began playing: when it was asked for and when its first sample is heard.
  public struct Start: Sendable, Equatable {
    /// The sound's name.
    public var name: String
    /// Monotonic seconds at which `play` was called.
    public var requested: Double
    /// Monotonic seconds at which its first sample reaches the output (estimated from the
    /// device's buffering when played through a device).
    public var heard: Double
  }

  private struct Voice {
    let sound: Sound
    var position: Int
    let requested: Double
  }

  /// The output's sample rate.
  public let sampleRate: Int
  private let lock = Lock()
  private var voices: [Voice] = []
  private var starts: [Start] = []
  private var muted = false

  /// Creates a mixer for an output running at `sampleRate`.
  public init(sampleRate: Int = 48_000) { self.sampleRate = sampleRate }

  /// Starts `sound`; `at` is the monotonic time of the request.
  public func play(_ sound: Sound, at time: Double) {
    lock.lock()
    defer { lock.unlock() }
    if muted { return }
    // A bounded number of voices: a runaway caller cannot grow the mix without limit.
    if voices.count >= 32 { voices.removeFirst() }
    voices.append(Voice(sound: sound, position: 0, requested: time))
  }

  /// Silences everything and ignores `play` while `muted` is true.
  public var isMuted: Bool {
    get { lock.withLock { muted } }
    set {
      lock.withLock {
        muted = newValue
        if newValue { voices.removeAll() }
      }
    }
  }

  /// Whether anything is still sounding.
  public var isPlaying: Bool { lock.withLock { !voices.isEmpty } }

  /// Mixes the next `buffer.count` samples into `buffer` (overwriting it).
  ///
  /// - Parameters:
  ///   - time: monotonic seconds at which the first sample of `buffer` will be heard.
  public func render(into buffer: UnsafeMutableBufferPointer<Float>, heardAt time: Double) {
    for i in buffer.indices { buffer[i] = 0 }
    lock.lock()
    defer { lock.unlock() }
    for v in voices.indices {
      let s = voices[v].sound.samples
      if voices[v].position == 0 {
        starts.append(Start(name: voices[v].sound.name, requested: voices[v].requested, heard: time))
      }
      let n = min(buffer.count, s.count - voices[v].position)
      s.withUnsafeBufferPointer { src in
        for i in 0..<n { buffer[i] += src[voices[v].position + i] }
      }
      voices[v].position += n
    }
    voices.removeAll { $0.position >= $0.sound.samples.count }
    for i in buffer.indices { buffer[i] = max(-1, min(1, buffer[i])) }
  }

  /// The sounds that started since the last call.
  public func drainStarts() -> [Start] {
    lock.withLock {
      defer { starts.removeAll() }
      return starts
    }
  }
}
