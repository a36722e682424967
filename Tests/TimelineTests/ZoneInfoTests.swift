import Foundation
import Testing

@testable import Timeline

/// The tz database reader against Foundation's ICU time zones (which the tests may link,
/// though the program does not), and against hand-checked transitions.
@Suite struct ZoneInfoTests {
  /// Zones with whole-hour, half-hour and 45-minute offsets, northern and southern daylight
  /// time, a 30-minute daylight shift (Lord Howe) and a "negative" one (Dublin's winter time).
  static let zones = [
    "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Sydney", "Australia/Lord_Howe",
    "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns", "Pacific/Honolulu", "Europe/Berlin",
    "America/Anchorage",
  ]

  @Test("offsets match ICU's every few days from 1990 to 2060, past the files' last transitions", arguments: zones)
  func offsetsMatchFoundation(_ name: String) throws {
    let zone = try #require(ZoneInfo(identifier: name))
    let icu = try #require(TimeZone(identifier: name))
    var t = 631_152_000.0  // 1990-01-01
    var checked = 0
    while t < 2_871_763_200 {  // 2061-01-01
      let d = Date(timeIntervalSince1970: t)
      guard zone.secondsFromGMT(for: d) == icu.secondsFromGMT(for: d) else {
        Issue.record("\(name) at \(d): \(zone.secondsFromGMT(for: d)) s, ICU says \(icu.secondsFromGMT(for: d)) s")
        return
      }
      // Steps of 3 days and 7 hours land on every time of day and weekday over the years.
      t += 3 * 86_400 + 7 * 3600
      checked += 1
    }
    #expect(checked > 7_500)
  }

  @Test("New York changes to EDT at 2 a.m. on the second Sunday of March 2026, to the second")
  func newYorkTransition() throws {
    let ny = try #require(ZoneInfo(identifier: "America/New_York"))
    let change = Date(timeIntervalSince1970: 1_772_953_200)  // 2026-03-08T07:00:00Z
    #expect(ny.secondsFromGMT(for: change.addingTimeInterval(-1)) == -18_000)
    #expect(ny.abbreviation(for: change.addingTimeInterval(-1)) == "EST")
    #expect(ny.secondsFromGMT(for: change) == -14_400)
    #expect(ny.abbreviation(for: change) == "EDT")
    #expect(ny.isDaylightSavingTime(for: change))
    let c = ny.civil(change)
    #expect((c.year, c.month, c.day, c.hour, c.minute, c.second) == (2026, 3, 8, 3, 0, 0))
  }

  @Test("POSIX rules: US, southern hemisphere, Dublin's negative daylight time, Jn and n days")
  func posixRules() throws {
    func offset(_ rule: String, _ t: Int64) throws -> Int {
      try #require(PosixRule(rule)).localType(at: t).offset
    }
    // 2026-03-08T06:59:59Z and 07:00:00Z.
    #expect(try offset("EST5EDT,M3.2.0,M11.1.0", 1_772_953_199) == -18_000)
    #expect(try offset("EST5EDT,M3.2.0,M11.1.0", 1_772_953_200) == -14_400)
    // Sydney: daylight time from the first Sunday of October to the first Sunday of April.
    #expect(try offset("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_767_225_600) == 39_600)  // 2026-01-01
    #expect(try offset("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_782_864_000) == 36_000)  // 2026-07-01
    // Dublin: IST (+1) is standard, GMT the winter "daylight" time.
    #expect(try offset("IST-1GMT0,M10.5.0,M3.5.0/1", 1_767_225_600) == 0)
    #expect(try offset("IST-1GMT0,M10.5.0,M3.5.0/1", 1_782_864_000) == 3600)
    // Day 60 is March 1st with J (never counting February 29th) and March 1st in a leap year
    // without it (2028: day 60 from 0 is March 1st).
    let j = try #require(PosixRule("AAA0BBB,J60/0,J300/0"))
    #expect(j.instant(.julian(60, time: 0), year: 2028) == 1_835_481_600)  // 2028-03-01
    #expect(j.instant(.zeroBased(60, time: 0), year: 2028) == 1_835_481_600)
    // Fixed offsets and quoted numeric names.
    #expect(try offset("<+0545>-5:45", 0) == 20_700)
    #expect(try offset("HST10", 0) == -36_000)
    for bad in ["", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "<+05", "EST5EDT,M3.6.0,M11.1.0"] {
      #expect(PosixRule(bad) == nil, "\(bad)")
    }
  }

  @Test("the process's zone is read once and agrees with the system's")
  func localZone() throws {
    let a = ZoneInfo.local
    let b = ZoneInfo.local
    #expect(a == b)
    let now = Date()
    if ProcessInfo.processInfo.environment["TZ"] == nil {
      let data = try #require(FileManager.default.contents(atPath: "/etc/localtime"))
      let system = try #require(ZoneInfo(tzif: [UInt8](data), identifier: "x"))
      #expect(a.secondsFromGMT(for: now) == system.secondsFromGMT(for: now))
    }
    #expect(a.secondsFromGMT(for: now) == TimeZone.current.secondsFromGMT(for: now))
  }

  @Test("a zone named again comes from the cache, unknown names too, and the cache stays bounded")
  func namedZonesAreReadOnce() throws {
    let cache = ZoneInfo.NamedCache()
    var reads = 0
    let paris = try #require(ZoneInfo.read("Europe/Paris"))
    for _ in 0..<5 {
      #expect(
        cache.zone("Europe/Paris") {
          reads += 1
          return paris
        } == paris)
      #expect(
        cache.zone("No/Such_Zone") {
          reads += 1
          return nil
        } == nil)
    }
    #expect(reads == 2)
    // Past its limit the cache starts again rather than growing.
    for i in 0..<(cache.limit + 3) { _ = cache.zone("Z\(i)") { nil } }
    #expect(cache.zones.count <= cache.limit)
    _ = cache.zone("Europe/Paris") {
      reads += 1
      return paris
    }
    #expect(reads == 3)
    // Through the public initializer: the same zone as a fresh read of the file.
    #expect(ZoneInfo(identifier: "America/New_York") == ZoneInfo.read("America/New_York"))
    #expect(ZoneInfo(identifier: "America/New_York") == ZoneInfo(identifier: "America/New_York"))
  }

  @Test("names that could reach other files are refused; UTC needs no file")
  func names() {
    for bad in ["", "/etc/localtime", "../etc/passwd", "America/../../etc/passwd", "America//New_York", "-x", "A\0B"] {
      #expect(ZoneInfo(identifier: bad) == nil, "\(bad)")
    }
    #expect(ZoneInfo(identifier: "No/Such_Zone") == nil)
    #expect(ZoneInfo(identifier: "UTC")?.secondsFromGMT(for: Date()) == 0)
  }

  @Test("truncated or corrupted TZif files are refused or read, never crash")
  func malformedFiles() throws {
    let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Paris"))
    let good = [UInt8](bytes)
    #expect(ZoneInfo(tzif: good, identifier: "Europe/Paris") != nil)
    for n in stride(from: 0, to: good.count, by: 7) {
      let zone = ZoneInfo(tzif: Array(good[0..<n]), identifier: "cut")
      _ = zone?.secondsFromGMT(for: Date())
    }
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      var b = good
      for _ in 0..<4 { b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
      if let z = ZoneInfo(tzif: b, identifier: "flipped") {
        _ = z.secondsFromGMT(for: Date(timeIntervalSince1970: Double.random(in: -4e9...4e9, using: &rng)))
      }
    }
    #expect(ZoneInfo(tzif: Array("TZif2 but nothing else".utf8), identifier: "x") == nil)
  }

  @Test("civil dates match Foundation's Gregorian calendar from 1600 to 9999")
  func civilMatchesCalendar() throws {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = try #require(TimeZone(identifier: "UTC"))
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      // From 1600: Foundation's calendar is Julian before October 1582, ours proleptic Gregorian.
      let s = Int64.random(in: -11_676_096_000...253_402_300_799, using: &rng)
      let c = CivilTime(seconds: s)
      let f = cal.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(s)))
      guard
        [c.year, c.month, c.day, c.hour, c.minute, c.second] == [f.year, f.month, f.day, f.hour, f.minute, f.second]
      else {
        Issue.record("\(s): \(c) but Foundation says \(f)")
        return
      }
      let days = CivilTime.daysSince1970(year: Int64(c.year), month: Int64(c.month), day: Int64(c.day))
      let back: Int64 = days * 86_400 + Int64(c.hour * 3600 + c.minute * 60 + c.second)
      #expect(back == s)
    }
  }

  @Test("cFormat formats as printf, past its first buffer too")
  func format() {
    #expect(cFormat("%5.1f|%02d|%.3f", 3.14159, 7, 2.0) == "  3.1|07|2.000")
    let long = cFormat("%400d", 1)
    #expect(long.count == 400 && long.hasSuffix(" 1"))
    #expect(twoDigits(5) == "05" && twoDigits(42) == "42")
  }
}
