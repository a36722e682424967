import Audio
internal import CSDL2
import FoundationEssentials
import Glibc
import Timeline

/// SDL's audio output, fed by a `Mixer` from SDL's audio thread.
///
/// Buffers are small (256 frames, 5.3 ms at 48 kHz) so a sound asked for by a frame is heard
/// within a few milliseconds of that frame's present.
public final class AudioDevice {
  private let id: SDL_AudioDeviceID
  /// The mixer the device pulls from.
  public let mixer: Mixer
  /// The driver SDL picked (pulseaudio, alsa, disk, …).
  public let driver: String
  /// Frames per device buffer.
  public let bufferFrames: Int
  private let box: Unmanaged<CallbackBox>

  final class CallbackBox {
    let mixer: Mixer
    let bufferSeconds: Double
    init(mixer: Mixer, bufferSeconds: Double) {
      self.mixer = mixer
      self.bufferSeconds = bufferSeconds
    }
  }

  /// Opens the default output; throws with SDL's reason when there is none.
  public init(sampleRate: Int = 48_000, bufferFrames requested: Int = 256) throws {
    let startedAudio = SDL_WasInit(SDL_INIT_AUDIO) == 0
    if startedAudio, Self.quietly({ SDL_InitSubSystem(SDL_INIT_AUDIO) }) != 0 {
      throw BackendError.io("audio: \(sdlError())")
    }
    let mixer = Mixer(sampleRate: sampleRate)
    let box = Unmanaged.passRetained(
      CallbackBox(mixer: mixer, bufferSeconds: Double(requested) / Double(sampleRate)))
    var want = SDL_AudioSpec()
    want.freq = Int32(sampleRate)
    want.format = SDL_AudioFormat(AUDIO_F32LSB)
    want.channels = 1
    want.samples = UInt16(clamping: requested)
    want.userdata = box.toOpaque()
    want.callback = { userdata, stream, length in
      guard let userdata, let stream else { return }
      let box = Unmanaged<CallbackBox>.fromOpaque(userdata).takeUnretainedValue()
      let count = Int(length) / MemoryLayout<Float>.size
      let floats = UnsafeMutableRawPointer(stream).bindMemory(to: Float.self, capacity: count)
      // The buffer being filled plays after the one the device is playing now.
      box.mixer.render(
        into: UnsafeMutableBufferPointer(start: floats, count: count), heardAt: monotonicSeconds() + box.bufferSeconds)
    }
    var have = SDL_AudioSpec()
    let id = Self.quietly { SDL_OpenAudioDevice(nil, 0, &want, &have, 0) }
    guard id != 0 else {
      box.release()
      let error = BackendError.io("no audio output (\(sdlError()))")
      // Without a device nothing will be played, but SDL's ALSA driver keeps a thread that
      // wakes ten times a second to look for new devices: on a machine without sound that
      // alone was 0.09 % of a core, more than a minimized scene's whole budget.
      if startedAudio { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
      throw error
    }
    self.id = id
    self.mixer = mixer
    self.box = box
    bufferFrames = Int(have.samples)
    driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "unknown"
    SDL_PauseAudioDevice(id, 0)
  }

  /// Runs `body` with standard error pointed at /dev/null. ALSA's library prints its own
  /// multi-line complaints there when a machine has no sound card; SDL's error string says
  /// the same in one line, and that is what the user is shown.
  private static func quietly<T>(_ body: () -> T) -> T {
    fflush(nil)
    let saved = dup(2)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard saved >= 0, null >= 0 else {
      if saved >= 0 { close(saved) }
      if null >= 0 { close(null) }
      return body()
    }
    dup2(null, 2)
    close(null)
    defer {
      fflush(nil)
      dup2(saved, 2)
      close(saved)
    }
    return body()
  }

  deinit {
    SDL_CloseAudioDevice(id)
    box.release()
  }
}
