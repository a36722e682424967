import Foundation
import Testing

@testable import SDLBackend

/// The names of this process's threads.
func threadNames() -> [String] {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
  return tasks.compactMap { id in
    (try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

@Suite struct AudioDeviceTests {
  /// Without an output, SDL's audio is shut down again: its ALSA driver would otherwise poll
  /// for devices ten times a second for the rest of the run, minimized or not.
  @Test func aFailedOpenLeavesNoAudioThreadBehind() async {
    await #expect(processExitsWith: .success) {
      // A child process, so the environment can be set: ALSA, asked for a card no machine has.
      setenv("SDL_AUDIODRIVER", "alsa", 1)
      setenv("AUDIODEV", "hw:97,0", 1)
      let opened = (try? AudioDevice()) != nil
      let left = threadNames().filter { $0.hasPrefix("SDLHotplug") || $0.hasPrefix("SDLAudio") }
      if opened || !left.isEmpty {
        FileHandle.standardError.write(Data("opened: \(opened), threads: \(left)\n".utf8))
        exit(1)
      }
      exit(0)
    }
  }
}
