import Foundation

/// Dates as the `playground schedule` command prints and reads them.
public enum ScheduleFormat {
  /// UTC ISO 8601 with milliseconds, e.g. `2026-01-01T10:34:30.000Z`.
  public static func iso8601(_ date: Date) -> String {
    let totalMs = (date.timeIntervalSince1970 * 1000).rounded()
    let ms = Int(totalMs.truncatingRemainder(dividingBy: 1000) + 1000) % 1000
    let seconds = Int(((totalMs - Double(ms)) / 1000).rounded())
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    let c = cal.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
      c.minute ?? 0, c.second ?? 0, ms)
  }

  /// Parses ISO 8601 with or without fractional seconds, with `Z` or an offset.
  public static func parseISO8601(_ s: String) -> Date? {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let d = f.date(from: s) { return d }
    f.formatOptions = [.withInternetDateTime]
    return f.date(from: s)
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
