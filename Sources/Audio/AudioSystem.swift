import FoundationEssentials
import Timeline

/// Where scenes' sounds go: the app's audio output, opened on the first sound played.
///
/// Scenes cannot see the platform layer, so the app installs an opener here. Without one
/// (tests, `snapshot`), or when the device cannot be opened, sounds are dropped after a
/// single warning and nothing else changes.
public enum AudioSystem {
  struct Shared {
    var mixer: Mixer?
    var opener: (@Sendable () throws -> Mixer)?
    var warn: @Sendable (String) -> Void = { msg in writeToStandardError("warning: \(msg)\n") }
    var tried = false
    var muted = false
  }
  private static let lock = Lock()
  nonisolated(unsafe) private static var shared = Shared()

  /// Installs how to open the output; called once by the app before any scene plays.
  public static func install(
    opener: @escaping @Sendable () throws -> Mixer, warn: (@Sendable (String) -> Void)? = nil
  ) {
    lock.withLock {
      shared = Shared()
      shared.opener = opener
      if let warn { shared.warn = warn }
    }
  }

  /// The mixer that takes sounds played on this task instead of the app's output.
  @TaskLocal static var taskMixer: Mixer?

  /// Runs `body` with every sound it plays going to `mixer` rather than the app's output, so
  /// a test can listen without a device and without hearing other tests' scenes.
  public static func withMixer<R>(_ mixer: Mixer, _ body: () throws -> R) rethrows -> R {
    try $taskMixer.withValue(mixer, operation: body)
  }

  /// The track that takes sounds played on this task, placed on its clock (`record`).
  @TaskLocal static var taskTrack: SoundTrack?

  /// Runs `body` with every sound it plays written into `track` at the track's clock reading,
  /// instead of reaching any device.
  public static func withTrack<R>(_ track: SoundTrack, _ body: () throws -> R) rethrows -> R {
    try $taskTrack.withValue(track, operation: body)
  }

  /// Forgets the output (tests, shutdown).
  public static func uninstall() { lock.withLock { shared = Shared() } }

  /// The open output's mixer, if a sound has opened it.
  public static var mixer: Mixer? { lock.withLock { shared.mixer } }

  /// Whether sounds are muted (the metronome's `M`).
  public static var isMuted: Bool {
    get { lock.withLock { shared.muted } }
    set {
      let mixer = lock.withLock {
        shared.muted = newValue
        return shared.mixer
      }
      mixer?.isMuted = newValue
    }
  }

  /// Plays `sound` now on the app's output, opening it on first use.
  static func play(_ sound: Sound) {
    if let track = taskTrack {
      track.play(sound)
      return
    }
    if let mixer = taskMixer {
      if !isMuted { mixer.play(sound, at: monotonicSeconds()) }
      return
    }
    var warning: (String, @Sendable (String) -> Void)?
    let mixer: Mixer? = lock.withLock {
      if shared.muted { return nil }
      if shared.mixer == nil, !shared.tried, let opener = shared.opener {
        shared.tried = true
        do {
          shared.mixer = try opener()
        } catch {
          warning = ("no sound: \(error); the animation goes on silently", shared.warn)
        }
      }
      return shared.mixer
    }
    if let (message, warn) = warning { warn(message) }
    mixer?.play(sound, at: monotonicSeconds())
  }
}

extension Sound {
  /// Plays the sound on the app's audio output (the articles' `beatSound?.play()`).
  public func play() { AudioSystem.play(self) }
}
