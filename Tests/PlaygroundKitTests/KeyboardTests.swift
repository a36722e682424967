import Foundation
import Testing

/// Keys pushed onto SDL's event queue (`--keys`) drive the real loop in an offscreen window;
/// the stats JSON reports where they left it.
@Suite(.serialized) struct KeyboardTests {
  func run(_ keys: String, duration: String = "0.6") throws -> [String: Any] {
    let r = try CLI.run(["run", "--keys", keys, "--duration", duration, "--stats"])
    #expect(r.status == 0, "\(r.err)")
    return try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
  }

  @Test func numbersArrowsAndTabSwitchScenesAndTitle() throws {
    let a = try run("4,right")
    #expect(a["scene"] as? String == "emoji-wave")
    #expect(a["title"] as? String == "Timeline Playground — Emoji Wave")
    #expect(a["scene_switches"] as? Int == 2)
    // From the first scene, back wraps to the last of the fifteen.
    let b = try run("shift+tab")
    #expect(b["scene"] as? String == "keyframes")
    let c = try run("left,left,tab,shift+tab")
    #expect(c["scene"] as? String == "particles")
    // 0 opens the tenth scene.
    let d = try run("0")
    #expect(d["scene"] as? String == "world-clock")
  }

  @Test func hudHelpPauseAndCadenceToggles() throws {
    let a = try run("f,h,space,c,c")
    #expect(a["hud"] as? Bool == true)
    #expect(a["help"] as? Bool == true)
    #expect(a["paused"] as? Bool == true)
    #expect(a["forced_cadence"] as? String == "seconds")
    let b = try run("c,c,c,c,f,f")
    #expect(b["forced_cadence"] is NSNull)
    #expect(b["hud"] as? Bool == false)
  }

  @Test func escapeClosesHelpBeforeItQuits() throws {
    let a = try run("h,esc", duration: "1")
    #expect(a["help"] as? Bool == false)
    #expect((a["duration_s"] as? Double ?? 0) > 0.9, "the first Esc only closed the help")
    let b = try run("h,esc,esc", duration: "5")
    #expect((b["duration_s"] as? Double ?? 9) < 4, "the second Esc quit")
  }

  @Test func overviewGridOpensTheSelectedScene() throws {
    let a = try run("g")
    #expect(a["grid"] as? Bool == true)
    #expect(a["title"] as? String == "Timeline Playground — Overview")
    let b = try run("g,right,right,enter")
    #expect(b["grid"] as? Bool == false)
    #expect(b["scene"] as? String == "mesh-gradient")
    let c = try run("g,5")
    #expect(c["scene"] as? String == "emoji-wave")
    // Down moves a row; up from the top row wraps to the centred last row (one cell of 13).
    let d = try run("g,down,down,enter")
    #expect(d["scene"] as? String == "quips")
    let e = try run("g,up,enter")
    #expect(e["scene"] as? String == "timer-vs-timeline")
  }

  @Test func qQuitsBeforeTheDuration() throws {
    let a = try run("q", duration: "5")
    let d = try #require(a["duration_s"] as? Double)
    #expect(d < 2)
  }
}
