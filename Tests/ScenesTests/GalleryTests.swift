import Audio
import Foundation
import Testing

@testable import SceneGraph
@testable import Scenes

/// Steps `scene` frame by frame (60 Hz) from its start to `seconds`, like the live loop.
@discardableResult
func play(
  _ scene: some PlaygroundScene, until seconds: Double, runtime rt: SceneRuntime, from: Double = 0,
  start: Date = start, cadence: Cadence = .live, assets: SceneAssets = SceneAssets(),
  each: (Double) -> Void = { _ in }
) -> FrameOutput {
  let size = Size(width: 1280, height: 720)
  let ctx = SceneContext(size: size, start: start, assets: assets)
  var t = from
  var out: FrameOutput?
  while t <= seconds + 1e-9 {
    out = rt.frame(
      { SceneView(scene: scene, context: ctx) },
      input: FrameInput(now: start.addingTimeInterval(t), time: t, size: size, cadence: cadence))
    each(t)
    t += 1.0 / 60.0
  }
  return out!
}

func record(_ rt: SceneRuntime, _ type: String) -> SceneRuntime.ViewRecord? {
  rt.viewRecords().first { $0.type == type }
}

@Suite("The gallery", .serialized)
struct GalleryTests {
  @Test("many-faces: the SubView with no inputs keeps its face; given the date, it changes with the other")
  func dependencyLesson() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    play(ManyFacesScene(), until: 1.05, runtime: rt)
    // Six entries (0, 0.2 … 1.0): the timeline's own face was evaluated each time.
    #expect(record(rt, "TimelineView")?.evaluations == 6)
    #expect(record(rt, "SubView")?.evaluations == 1)
    // D: the subview now takes the date, and its body runs on every entry too.
    #expect(rt.keyPress("d"))
    play(ManyFacesScene(), until: 2.05, runtime: rt, from: 1.1)
    #expect(record(rt, "SubView") == nil)
    // It appeared at 1.1 s (one evaluation), then ran for each entry at 1.2 … 2.0.
    let withDate = record(rt, "SubViewWithDate")
    #expect(withDate?.evaluations == 6)
    #expect(!rt.keyPress("x"))
  }

  @Test("many-faces: the same evaluation of the same view always picks the same face")
  func deterministicFaces() {
    let a = (0..<20).map { FacePicker.index(identity: 1, evaluation: $0, count: 13) }
    let b = (0..<20).map { FacePicker.index(identity: 1, evaluation: $0, count: 13) }
    #expect(a == b)
    #expect(Set(a).count > 5)
    #expect(a != (0..<20).map { FacePicker.index(identity: 2, evaluation: $0, count: 13) })
  }

  @Test("quips: each update evaluates QuipView twice, and the sentence advances")
  func quipsEvaluateTwice() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var texts: [String] = []
    play(QuipsScene(), until: 6.1, runtime: rt) { _ in }
    let out = play(QuipsScene(), until: 6.2, runtime: rt, from: 6.2)
    texts = out.items.compactMap(\.text)
    // Appeared at 0 (one evaluation), then two per update at 3 and 6.
    #expect(record(rt, "QuipView")?.evaluations == 5)
    #expect(texts.contains("body evaluations for this update: 2"))
    #expect(texts.contains("“\(QuipsScene.defaults.sentences[2])”"))
  }

  @Test("heart: the cyclic schedule steps 1.0 → 1.6 → 2.0 at +0.2, +0.4, +0.8 s")
  func heartPhases() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var phases: [(Double, Int)] = []
    play(BeatingHeartScene(), until: 1.05, runtime: rt) { t in
      if case .int(let p) = record(rt, "Heart")?.state.first?.value { phases.append((t, p)) }
    }
    func phase(at t: Double) -> Int? { phases.last { $0.0 <= t + 1e-9 }?.1 }
    // onAppear advances to 1 (scale 1.6); entries at 0.2, 0.4, 0.8, 1.0 advance again.
    #expect(phase(at: 0) == 1)
    #expect(phase(at: 0.25) == 2)
    #expect(phase(at: 0.45) == 0)
    #expect(phase(at: 0.75) == 0)
    #expect(phase(at: 0.85) == 1)
    #expect(phase(at: 1.02) == 2)
  }

  @Test("update-trap: the broken view trips the guard; the fix does not, and drawing goes on")
  func updateTrap() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var warnings: [String] = []
    rt.warn = { warnings.append($0) }
    let now = Date()
    let out = play(UpdateTrapScene(), until: 2.3, runtime: rt, start: now)
    #expect(rt.loopGuardTrips >= 1)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("ExampleView: _flag") == true)
    #expect(rt.loopGuardSummary?.contains("ExampleView._flag") == true)
    // The fixed SubView toggled its own flag at the 1 s and 2 s ticks without tripping anything.
    #expect(!(warnings.first?.contains("SubView") ?? true))
    #expect(out.items.contains { $0.text?.hasPrefix("⚠ update loop") == true })
  }

  @Test("update-trap, frame by frame as in the window: the trap costs 2 passes and 3 body evaluations a frame")
  func updateTrapCostPerFrame() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    // As in the window: timelines restarted after a frame's first pass start at the wall clock.
    rt.wallClockWithinFrame = true
    var warnings: [String] = []
    rt.warn = { warnings.append($0) }
    let size = Size(width: 1280, height: 720)
    let begin = Date()
    let ctx = SceneContext(size: size, start: begin)
    /// Bodies and timeline contents run so far in the broken view (not the fixed one).
    func trapEvaluations() -> Int {
      rt.viewRecords().filter { $0.path.contains("/ExampleView") }.reduce(0) { $0 + $1.evaluations }
    }
    var trapCosts: [Int] = []
    var outputs: [FrameOutput] = []
    for _ in 0..<180 {
      let before = trapEvaluations()
      let now = Date()
      outputs.append(
        rt.frame(
          { SceneView(scene: UpdateTrapScene(), context: ctx) },
          input: FrameInput(now: now, time: now.timeIntervalSince(begin), size: size)))
      trapCosts.append(trapEvaluations() - before)
    }
    // The first frame builds the view; in every later one the schedule restarted by the last
    // frame is due: its content runs, the action toggles the flag, the body runs and restarts
    // the schedule, the content runs again, and the action's second run is skipped.
    #expect(trapCosts == [2] + Array(repeating: 3, count: 179))
    #expect(outputs.allSatisfy { $0.passes <= 2 })
    #expect(outputs.dropFirst().allSatisfy { $0.loopGuardTripped })
    #expect(rt.loopGuardTrips == 179)
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("onChange(of: Date) action tried to update multiple times per frame.") == true)
    #expect(rt.loopGuardSummary == "update loop: ExampleView._flag set by onChange(of: Date) once per frame")
  }

  @Test("world-clock: the articles' zones sorted by offset; seconds only while cadence <= .seconds")
  func worldClock() {
    let date = Date(timeIntervalSince1970: 1_780_315_200)  // 2026-06-01T12:00:00Z
    let zones = WorldClockScene.timeZones(WorldClockScene.defaults.zones, at: date)
    #expect(zones.map(\.identifier) == WorldClockScene.defaults.zones.map(\.identifier))
    #expect(zones.map { $0.secondsFromGMT(for: date) / 3600 } == [-4, -5, -6, -7, -8, -10])
    #expect(WorldClockScene.formattedTime(date, timeZone: zones[0], showSeconds: true) == "8:00:00 AM")
    #expect(WorldClockScene.formattedTime(date, timeZone: zones[5], showSeconds: false) == "2:00 AM")
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let live = play(WorldClockScene(), until: 0, runtime: rt, start: date).items.compactMap(\.text)
    #expect(live.contains("8:00:00 AM"))
    let rt2 = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let minutes = play(WorldClockScene(), until: 0, runtime: rt2, start: date, cadence: .minutes).items.compactMap(
      \.text)
    #expect(minutes.contains("8:00 AM") && !minutes.contains("8:00:00 AM"))
    let five = PeriodicTimelineSchedule.everyFiveSeconds
    #expect(five.interval == 5)
  }

  @Test("metronome: beat, beat, beat, bell at the tempo, mixed into a buffer with no device")
  func metronomeSounds() {
    let mixer = Mixer()
    AudioSystem.withMixer(mixer) { metronomeSounds(mixer) }
  }

  func metronomeSounds(_ mixer: Mixer) {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var buffer = [Float](repeating: 0, count: 800)  // one 60 Hz frame at 48 kHz
    var starts: [(Double, String)] = []
    var energy: [Double] = []
    play(MetronomeScene(), until: 7.5, runtime: rt) { t in
      buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0, heardAt: t) }
      energy.append(buffer.reduce(0) { $0 + Double($1 * $1) })
      starts += mixer.drainStarts().map { ($0.heard, $0.name) }
    }
    #expect(starts.map(\.1) == ["beat", "beat", "beat", "bell", "beat", "beat", "beat", "bell"])
    // One a second at 60 bpm, from the moment the scene appeared.
    for (i, s) in starts.enumerated() { #expect(abs(s.0 - Double(i)) < 0.02) }
    #expect(energy.contains { $0 > 1 })
    // M mutes: nothing more is heard.
    #expect(rt.keyPress("m"))
    play(MetronomeScene(), until: 9.5, runtime: rt, from: 7.6) { t in
      buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0, heardAt: t) }
      starts += mixer.drainStarts().map { ($0.heard, $0.name) }
    }
    #expect(starts.count == 8)
    AudioSystem.isMuted = false
  }

  @Test("metronome: + raises the tempo live")
  func metronomeTempo() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    play(MetronomeScene(), until: 0.1, runtime: rt)
    #expect(rt.keyPress("+"))
    let out = play(MetronomeScene(), until: 0.2, runtime: rt, from: 0.2)
    #expect(out.items.contains { $0.text == "64 bpm" })
    #expect(MetronomeScene.isBell(beat: 4, beatsPerBar: 4) && !MetronomeScene.isBell(beat: 3, beatsPerBar: 4))
  }

  @Test("metronome: a parameter file sets the tempo")
  func metronomeParameters() throws {
    var assets = SceneAssets()
    assets.files["metronome.json"] = Data(#"{"bpm": 120, "beatsPerBar": 3}"#.utf8)
    assets.generation = 1
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = play(MetronomeScene(), until: 0.1, runtime: rt, assets: assets)
    #expect(out.items.contains { $0.text == "120 bpm" })
  }

  @Test("gif: frames advance at their delays and a finite GIF stops on its last frame")
  func gifPlayback() {
    let frames = (0..<3).map { i -> ImageBuffer in
      var b = ImageBuffer(width: 2, height: 2)
      b.pixels = Array(repeating: UInt32(0xFF00_0000) | UInt32(i * 80), count: 4)
      return b
    }
    let gif = AnimatedImage(frames: frames, delays: [0.1, 0.2, 0.3], plays: 2, source: "t.gif")
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    var shown: [(Double, Int)] = []
    let view = GifImage(loaded: .success(gif))
    var t = 0.0
    while t < 2.0 {
      _ = rt.frame(
        { view }, input: FrameInput(now: start.addingTimeInterval(t), time: t, size: Size(width: 600, height: 400)))
      if let r = rt.viewRecords().first(where: { $0.type == "ImageFrame" }), case .int(let f) = r.state.first?.value {
        shown.append((t, f))
      }
      t += 1.0 / 60.0
    }
    func frame(at s: Double) -> Int? { shown.last { $0.0 <= s + 1e-9 }?.1 }
    #expect(frame(at: 0.05) == 0)
    #expect(frame(at: 0.15) == 1)
    #expect(frame(at: 0.35) == 2)
    #expect(frame(at: 0.65) == 0)
    #expect(frame(at: 1.25) == 2)
    // Two plays: it ends on the last frame instead of wrapping.
    #expect(frame(at: 1.95) == 2)
  }

  @Test("gif: a file that cannot be played shows a placeholder naming the problem")
  func gifPlaceholder() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = rt.frame(
      { GifImage(loaded: .failure(AnimatedImageError(message: "bad.gif: truncated GIF"))) },
      input: FrameInput(now: start, time: 0, size: Size(width: 600, height: 400)))
    #expect(out.items.contains { $0.text == "bad.gif: truncated GIF" })
  }

  @Test("timer-vs-timeline: the timer ticks at 30 Hz; the timeline updates once per frame")
  func timerVersusTimeline() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let out = play(TimerVsTimelineScene(), until: 1.0, runtime: rt)
    let texts = out.items.compactMap(\.text)
    let updates = texts.filter { $0.hasPrefix("updates ") && $0.dropFirst(8).allSatisfy(\.isNumber) }
    #expect(updates.count == 2)
    // 30 ticks in the first second (the first one interval after it appeared).
    #expect(updates.first == "updates 30" || updates.first == "updates 29")
    #expect(updates.last == "updates 61")
  }

  @Test("the JSON syntax check accepts valid documents and points at the first error")
  func jsonSyntax() {
    for good in [#"{"a": [1, -2.5e+3, true, false, null, "x\n\u00e9"], "b": {}}"#, "[]", " 0 ", #""s""#] {
      #expect(JSONSyntax.firstError(in: Array(good.utf8)) == nil, "\(good)")
    }
    let cases: [(String, Int, Int)] = [
      ("{\n  \"a\": 1,,\n}", 2, 10), ("{\"a\" 1}", 1, 6), ("[1, 2", 1, 6), ("01", 1, 2), ("{\"a\": tru}", 1, 10),
      ("\"open", 1, 6), ("[1] x", 1, 5), ("", 1, 1), ("{\"a\": \"\\q\"}", 1, 10),
    ]
    for (text, line, column) in cases {
      let e = JSONSyntax.firstError(in: Array(text.utf8))
      #expect(e?.line == line && e?.column == column, "\(text): \(String(describing: e))")
    }
    // Deep nesting is refused, not a stack overflow.
    #expect(
      JSONSyntax.firstError(in: Array(String(repeating: "[", count: 100_000).utf8))?.message == "nested too deeply")
  }

  @Test("parameter files: problems name the line and what is wrong")
  func parameterProblems() {
    #expect(
      SceneParameterFiles.problem(in: Data(#"{"bpm": 60, "beatsPerBar": 4}"#.utf8), file: "metronome.json") == nil)
    let range = SceneParameterFiles.problem(
      in: Data("{\n  \"bpm\": 900,\n  \"beatsPerBar\": 4\n}".utf8), file: "metronome.json")
    #expect(range == "2: bpm must be between 20 and 300, got 900.0")
    let type = SceneParameterFiles.problem(
      in: Data("{\n  \"bpm\": \"fast\",\n  \"beatsPerBar\": 4\n}".utf8), file: "metronome.json")
    #expect(type == "2: bpm should be a number")
    let syntax = SceneParameterFiles.problem(
      in: Data("{\n  \"bpm\": 60,\n  \"beatsPerBar\": 4,,\n}".utf8), file: "metronome.json")
    #expect(syntax?.hasPrefix("3: not valid JSON") == true, "\(syntax ?? "nil")")
    let zone = SceneParameterFiles.problem(
      in: Data(#"{"zones": [{"abbreviation": "X", "identifier": "Mars/Olympus"}]}"#.utf8), file: "world-clock.json")
    #expect(zone == "1: Mars/Olympus is not a time zone this system knows")
  }

  /// The repository's copy of a parameter file.
  func shipped(_ name: String) throws -> Data {
    try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/params/\(name)"))
  }

  @Test("mesh-gradient.json: the shipped file is the articles' mesh, and bad values name their line")
  func meshGradientParameters() throws {
    let data = try shipped("mesh-gradient.json")
    #expect(SceneParameterFiles.problem(in: data, file: "mesh-gradient.json") == nil)
    #expect(try JSONDecoder().decode(MeshGradientScene.Parameters.self, from: data) == MeshGradientScene.defaults)
    // Each shipped color is the articles' named color to within rounding.
    for (hex, color) in zip(MeshGradientScene.defaults.colors, MeshGradientScene.colors) {
      let parsed = try #require(Color(hexString: hex))
      #expect(abs(parsed.red - color.red) < 0.003 && abs(parsed.blue - color.blue) < 0.003)
    }
    let text = String(decoding: data, as: UTF8.self)
    func problem(_ from: String, _ to: String) -> String? {
      SceneParameterFiles.problem(
        in: Data(text.replacingOccurrences(of: from, with: to).utf8), file: "mesh-gradient.json")
    }
    #expect(problem("\"#00C7BE\"", "\"teal\"") == "4: teal is not a color; write #RRGGBB")
    #expect(
      problem("\"#007AFF\", \"#AF52DE\", \"#5856D6\",", "") == "2: colors needs 9 colors (3×3, row by row), got 6")
    #expect(problem("[0.5, 0.5]", "[0.5, 1.5]") == "7: points [4] must be [x, y] with both in 0…1")
    #expect(problem("\"drift\": 0.2", "\"drift\": 2") == "12: drift must be between 0 and 0.5, got 2.0")
  }

  @Test("emoji-wave.json: the shipped file is the articles' table, and bad rows name their line")
  func emojiWaveParameters() throws {
    let data = try shipped("emoji-wave.json")
    #expect(SceneParameterFiles.problem(in: data, file: "emoji-wave.json") == nil)
    #expect(try JSONDecoder().decode(EmojiWave.Parameters.self, from: data) == EmojiWave.defaults)
    let text = String(decoding: data, as: UTF8.self)
    func problem(_ from: String, _ to: String) -> String? {
      SceneParameterFiles.problem(in: Data(text.replacingOccurrences(of: from, with: to).utf8), file: "emoji-wave.json")
    }
    #expect(
      problem("\"easeIn\" }", "\"bounce\" }")
        == "8: bounce is not a curve; write none, linear, easeIn, easeOut or easeInOut")
    #expect(
      problem("\"offset\": 0.5", "\"offset\": -1") == "7: offset of row 3 must be between 0.01 and 10 seconds, got -1.0"
    )
    #expect(problem("[\"😃\", \"😎\", \"😉\"]", "[]") == "2: emoji needs one to five non-empty strings")
    #expect(problem("\"yScale\": 0.5", "\"yScale\": \"squash\"") == "5: keyframes[1].yScale should be a number")
  }

  @Test("emoji-wave: a table from the file drives the jumps; a shorter one mid-run keeps the index valid")
  func emojiWaveTableFromFile() throws {
    var p = EmojiWave.defaults
    // Two rows: rest, then one 0.25 s linear hop up 50 that repeats.
    p.keyframes = [
      .init(offset: 0, rotation: 0, yScale: 1, y: 0, curve: "none"),
      .init(offset: 0.25, rotation: 0, yScale: 1, y: -50, curve: "linear"),
    ]
    var assets = SceneAssets()
    assets.files["emoji-wave.json"] = try JSONEncoder().encode(p)
    assets.generation = 1
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    play(EmojiWave(), until: 1.0, runtime: rt, assets: assets)
    let happy = rt.viewRecords().filter { $0.type == "HappyEmoji" }
    #expect(happy.count == 3)
    // With two rows the index goes 0 → 1 and stays on 1 (wrapping skips the resting row).
    #expect(happy.allSatisfy { $0.state.first { $0.name == "idx" }?.value == .int(1) })
    #expect(EmojiWave.advance(1, count: 2) == 1)
    #expect(EmojiWave.advance(5, count: 1) == 0)
  }
}
