import Audio

/// A sound that started playing, matched to the frame whose update asked for it.
struct HeardSound {
  /// The sound's name.
  var name: String
  /// Monotonic seconds at which its first sample left the device.
  var heard: Double
  /// Milliseconds from that frame's present to `heard`.
  var afterPresentMs: Double
}

/// Measures how long after a frame's present the sounds its update asked for are heard.
///
/// A sound is asked for during some frame's update but starts in the audio callback later;
/// the last few frames are kept so that each sound the mixer reports finds its frame.
struct AudioLatencyTracker {
  /// One frame's update window and the time it was handed to the display, monotonic seconds.
  typealias Frame = (start: Double, end: Double, present: Double)

  /// The last sixteen frames, oldest first: about a quarter second at 60 Hz, far longer than
  /// the audio device buffers.
  private var recentFrames: [Frame] = []

  /// Remembers a presented frame and returns the sounds that started since the last call,
  /// each matched to the frame that asked for it; a sound no recent frame asked for is left out.
  mutating func soundsHeard(after frame: Frame) -> [HeardSound] {
    recentFrames.append(frame)
    if recentFrames.count > 16 { recentFrames.removeFirst() }
    guard let mixer = AudioSystem.mixer else { return [] }
    var heard: [HeardSound] = []
    for s in mixer.drainStarts() {
      guard let f = recentFrames.last(where: { $0.start <= s.requested && s.requested <= $0.end }) else { continue }
      heard.append(HeardSound(name: s.name, heard: s.heard, afterPresentMs: (s.heard - f.present) * 1000))
    }
    return heard
  }
}
