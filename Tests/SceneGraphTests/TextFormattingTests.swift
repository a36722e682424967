import Foundation
import Testing
import Timeline

@testable import SceneGraph

@Suite struct TextFormattingTests {
  func texts(_ out: FrameOutput) -> [String] { out.items.compactMap(\.text) }

  @Test("the time and date styles read the date's wall clock and calendar in a time zone")
  func timeAndDateStyles() throws {
    // t0 is 2026-01-01 10:34:30 UTC.
    let ny = try #require(ZoneInfo(identifier: "America/New_York"))
    let kolkata = try #require(ZoneInfo(identifier: "Asia/Kolkata"))
    #expect(LiveDate(date: t0, style: .time).text(at: t0, zone: ny) == "5:34 AM")
    #expect(LiveDate(date: t0, style: .time).text(at: t0, zone: kolkata) == "4:04 PM")
    #expect(LiveDate(date: t0, style: .time).text(at: t0, zone: .utc) == "10:34 AM")
    #expect(
      LiveDate(date: t0.addingTimeInterval(-11 * 3600), style: .date).text(at: t0, zone: ny) == "December 31, 2025")
    #expect(LiveDate(date: t0, style: .date).text(at: t0, zone: kolkata) == "January 1, 2026")
    #expect(LiveDate(date: t0.addingTimeInterval(5400), style: .time).text(at: t0, zone: .utc) == "12:04 PM")
    #expect(LiveDate(date: t0.addingTimeInterval(-37_800), style: .time).text(at: t0, zone: .utc) == "12:04 AM")
  }

  @Test("Text(_:style: .time) shows the local wall clock")
  func timeStyleText() {
    let out = render { Text(t0, style: .time) }
    #expect(texts(out) == [LiveDate(date: t0, style: .time).text(at: t0, zone: .local)])
  }

  @Test("the timer, relative and offset styles count whole seconds from the date")
  func countingStyles() {
    func text(_ style: Text.DateStyle, _ offset: Double) -> String {
      LiveDate(date: t0, style: style).text(at: t0.addingTimeInterval(offset), zone: .utc)
    }
    #expect(text(.timer, 65.9) == "1:05")
    #expect(text(.timer, 3_725) == "1:02:05")
    #expect(text(.timer, -9.5) == "0:09")
    #expect(text(.relative, 135) == "2 min, 15 sec")
    #expect(text(.relative, -3_600) == "1 hr")
    #expect(text(.relative, 90_000) == "1 day, 1 hr")
    #expect(text(.relative, 0) == "0 sec")
    #expect(text(.offset, 120) == "-2 min")
    #expect(text(.offset, -61) == "+1 min, 1 sec")
  }

  @Test("a timer text changes by itself from one second to the next")
  func timerUpdatesEverySecond() {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    let start = t0.addingTimeInterval(-65)
    #expect(texts(render(time: 0, runtime: rt) { Text(start, style: .timer) }) == ["1:05"])
    #expect(texts(render(time: 0.5, runtime: rt) { Text(start, style: .timer) }) == ["1:05"])
    #expect(texts(render(time: 1, runtime: rt) { Text(start, style: .timer) }) == ["1:06"])
    #expect(texts(render(time: 2, runtime: rt) { Text(start, style: .relative) }) == ["1 min, 7 sec"])
  }

  @Test("Text(_:format:) shows the value as the format style formats it")
  func formatStyles() throws {
    #expect(texts(render { Text(0.25, format: .percent) }) == ["25%"])
    #expect(texts(render { Text(3.14159, format: .number.precision(.fractionLength(2))) }) == ["3.14"])
    #expect(texts(render { Text(42, format: .number) }) == ["42"])
    var style = Date.FormatStyle.dateTime.hour().minute()
    style.timeZone = try #require(TimeZone(identifier: "UTC"))
    let shown = texts(render { Text(t0, format: style) })
    #expect(shown == [style.format(t0)])
    #expect(shown.first?.contains("34") == true)
  }

  @Test("tracking and kerning widen text by their points after each character")
  func trackingWidensText() {
    let plain = render { Text("abc") }.items[0].bounds.width
    let tracked = render { Text("abc").tracking(2) }.items[0].bounds.width
    let kerned = render { Text("abc").font(.title).kerning(-1) }.items[0].bounds.width
    #expect(abs(plain - 3 * 0.6 * 17) < 1e-9)
    #expect(abs(tracked - 3 * (0.6 * 17 + 2)) < 1e-9)
    #expect(abs(kerned - 3 * (0.6 * 28 - 1)) < 1e-9)
  }

  @Test("multilineTextAlignment, lineLimit and offset(_: CGSize) are accepted")
  func acceptedModifiers() {
    let out = render {
      Text("ab").multilineTextAlignment(.center).lineLimit(2).lineLimit(1...3).offset(CGSize(width: 5, height: 0))
    }
    #expect(texts(out) == ["ab"])
  }
}
