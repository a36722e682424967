import FoundationEssentials

/// Dates as the `playground schedule` command prints and reads them.
public enum ScheduleFormat {
  /// The first date this format prints: 0001-01-01T00:00:00.000Z.
  public static let earliest = Date(timeIntervalSince1970: -62_135_596_800)
  /// The last date this format prints: 9999-12-31T23:59:59.999Z.
  public static let latest = Date(timeIntervalSince1970: 253_402_300_799.999)

  /// Whether `date` has a four-digit year, so `iso8601` can print it.
  public static func isPrintable(_ date: Date) -> Bool {
    let t = date.timeIntervalSince1970
    return t.isFinite && date >= earliest && date <= latest
  }

  /// UTC ISO 8601 with milliseconds, e.g. `2026-01-01T10:34:30.000Z`; dates outside the years
  /// 0001–9999 (or not finite) are clamped to that range rather than trapping.
  public static func iso8601(_ date: Date) -> String {
    let date = isPrintable(date) ? date : (date.timeIntervalSince1970 < 0 ? earliest : latest)
    let totalMs = (date.timeIntervalSince1970 * 1000).rounded()
    let ms = Int(totalMs.truncatingRemainder(dividingBy: 1000) + 1000) % 1000
    let seconds = Int(((totalMs - Double(ms)) / 1000).rounded())
    let c = CivilTime(seconds: Int64(seconds))
    return cFormat(
      "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year, c.month, c.day, c.hour, c.minute, c.second, ms)
  }

  /// Parses ISO 8601 with or without fractional seconds, with `Z` or an offset (`+01:00` or
  /// `+0100`). Calendar fields are checked as written: 2026-02-29 or 24:00 is rejected rather
  /// than rolled over, and the year must have four digits.
  public static func parseISO8601(_ s: String) -> Date? {
    guard fieldsAreValid(s) else { return nil }
    let u = Array(s.utf8)
    func digits(_ range: Range<Int>) -> Int64 { range.reduce(0) { $0 * 10 + Int64(u[$1] - 48) } }
    func isDigit(_ i: Int) -> Bool { i < u.count && (48...57).contains(u[i]) }
    var seconds =
      CivilTime.daysSince1970(year: digits(0..<4), month: digits(5..<7), day: digits(8..<10)) * 86_400
      + digits(11..<13) * 3600 + digits(14..<16) * 60 + digits(17..<19)
    var i = 19
    var fraction = 0.0
    if i < u.count, u[i] == UInt8(ascii: ".") {
      i += 1
      var scale = 0.1
      guard isDigit(i) else { return nil }
      while isDigit(i) {
        fraction += Double(u[i] - 48) * scale
        scale /= 10
        i += 1
      }
    }
    guard i < u.count else { return nil }
    if u[i] == UInt8(ascii: "Z") || u[i] == UInt8(ascii: "z") {
      i += 1
    } else if u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") {
      let sign: Int64 = u[i] == UInt8(ascii: "+") ? 1 : -1
      i += 1
      guard isDigit(i), isDigit(i + 1) else { return nil }
      let h = digits(i..<(i + 2))
      i += 2
      if i < u.count, u[i] == UInt8(ascii: ":") { i += 1 }
      guard isDigit(i), isDigit(i + 1) else { return nil }
      let m = digits(i..<(i + 2))
      i += 2
      guard h < 24, m < 60 else { return nil }
      seconds -= sign * (h * 3600 + m * 60)
    } else {
      return nil
    }
    guard i == u.count else { return nil }
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// Whether `YYYY-MM-DDTHH:MM:SS` at the start of `s` names a real Gregorian date and time.
  static func fieldsAreValid(_ s: String) -> Bool {
    let u = Array(s.utf8)
    guard u.count >= 19 else { return false }
    func number(_ range: Range<Int>) -> Int? {
      var v = 0
      for i in range {
        guard (48...57).contains(u[i]) else { return nil }
        v = v * 10 + Int(u[i] - 48)
      }
      return v
    }
    guard u[4] == 45, u[7] == 45, u[10] == 84 || u[10] == 116, u[13] == 58, u[16] == 58,
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return year >= 1 && (1...12).contains(month) && day >= 1 && day <= days[month - 1] && hour < 24 && minute < 60
      && second < 60
  }
}

/// The context dates a timeline started at `from` would render, the first one immediately,
/// each later one when its deadline comes; at most `count` of them.
public func viewDates<S: TimelineSchedule>(
  _ schedule: S, from: Date, count: Int, mode: TimelineScheduleMode = .normal, displayPeriod: Double = 1.0 / 60.0
) -> [Date] {
  guard count > 0 else { return [] }
  let driver = TimelineDriver(schedule: schedule, start: from)
  driver.displayPeriod = displayPeriod
  var now = from
  var out: [Date] = []
  if let c = driver.update(now: now, mode: mode, cadence: .live) { out.append(c.date) }
  while out.count < count {
    guard let next = driver.nextDeadline(after: now, mode: mode, cadence: .live) else { break }
    now = max(now, next)
    if let c = driver.update(now: now, mode: mode, cadence: .live) { out.append(c.date) } else { break }
  }
  return out
}
