import Foundation
import Testing

@testable import PlaygroundKit
@testable import SceneGraph
@testable import Scenes

@Suite("Parameter files", .serialized)
struct ParameterStoreTests {
  func folder() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("params-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("params"), withIntermediateDirectories: true)
    return dir.path
  }

  func write(_ text: String, _ dir: String, _ name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/params/" + name))
  }

  @Test("Without the params folder, files are looked for at most twice a second, and found when they come")
  func pollingIsRateLimited() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("params-\(getpid())-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let store = ParameterStore(options: AssetOptions(directory: dir))
    store.startWatching {}
    #expect(!store.reloadIfChanged(uptime: 100))
    try FileManager.default.createDirectory(atPath: dir + "/params", withIntermediateDirectories: true)
    try write(#"{"bpm": 75, "beatsPerBar": 4}"#, dir, "metronome.json")
    #expect(store.pollDue == nil)
    // Wake-ups within half a second do not look, but ask for one when the look is due.
    #expect(!store.reloadIfChanged(uptime: 100.2))
    #expect(store.pollDue == 100.5)
    #expect(!store.reloadIfChanged(uptime: 100.49))
    #expect(store.assets.decode(MetronomeScene.Parameters.self, from: "metronome.json") == nil)
    #expect(store.reloadIfChanged(uptime: 100.5))
    #expect(store.pollDue == nil)
    #expect(store.assets.decode(MetronomeScene.Parameters.self, from: "metronome.json")?.bpm == 75)
    #expect(!store.reloadIfChanged(uptime: 101.5))
  }

  @Test("A change is picked up through inotify; a malformed edit keeps the last good values")
  func liveReload() throws {
    let dir = try folder()
    try write(#"{"bpm": 90, "beatsPerBar": 3}"#, dir, "metronome.json")
    let store = ParameterStore(options: AssetOptions(directory: dir))
    #expect(store.problems.isEmpty)
    #expect(store.assets.decode(MetronomeScene.Parameters.self, from: "metronome.json")?.bpm == 90)
    let woke = ChangeFlag()
    store.startWatching { woke.set() }
    #expect(!store.reloadIfChanged())

    func waitForReload() -> Bool {
      for _ in 0..<200 {
        if store.reloadIfChanged() { return true }
        usleep(10_000)
      }
      return false
    }
    try write(#"{"bpm": 120, "beatsPerBar": 3}"#, dir, "metronome.json")
    #expect(waitForReload())
    #expect(woke.take())
    let generation = store.assets.generation
    #expect(store.assets.decode(MetronomeScene.Parameters.self, from: "metronome.json")?.bpm == 120)

    // A bad edit: the values stay, the problem names the file and the line.
    let original = "{\n  \"bpm\": \"fast\",\n  \"beatsPerBar\": 3\n}"
    try write(original, dir, "metronome.json")
    #expect(waitForReload())
    #expect(store.assets.generation == generation)
    #expect(store.assets.decode(MetronomeScene.Parameters.self, from: "metronome.json")?.bpm == 120)
    #expect(store.problems == ["\(dir)/params/metronome.json:2: bpm should be a number"])
    // The user's file is left as it was.
    #expect(
      String(decoding: FileManager.default.contents(atPath: dir + "/params/metronome.json")!, as: UTF8.self) == original
    )

    // Removing the file brings back the defaults.
    try FileManager.default.removeItem(atPath: dir + "/params/metronome.json")
    #expect(waitForReload())
    #expect(store.assets.decode(MetronomeScene.Parameters.self, from: "metronome.json") == nil)
    #expect(store.problems.isEmpty)
  }

  @Test("The shipped parameter files are all valid")
  func shippedFiles() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let store = ParameterStore(options: AssetOptions(directory: root.appendingPathComponent("Assets").path))
    #expect(store.problems.isEmpty)
    #expect(Set(store.assets.files.keys) == Set(SceneParameterFiles.names))
  }
}
