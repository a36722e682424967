import SceneGraph

/// The articles' time zones of the USA, each with its local time, once a second.
///
/// From the articles: EDT, CDT, MDT, PDT, AKDT and HST, sorted by their offset from GMT, on
/// `.periodic(from: .now, by: 1)`; seconds only while `cadence <= .seconds`; a "refreshed"
/// line on `.everyMinute` and a custom `.everyFiveSeconds`.
public struct WorldClockScene: PlaygroundScene {
  public static let name = "world-clock"
  public static let title = "World Clock"
  public static let scheduleSummary = ".periodic(from: start, by: 1) · .everyMinute · .everyFiveSeconds"

  /// One zone: the articles' abbreviation and the IANA zone it stands for.
  public struct Zone: Codable, Hashable, Sendable {
    public var abbreviation: String
    public var identifier: String
  }

  /// The parameter file (`world-clock.json`): `{"zones": [{"abbreviation", "identifier"}]}`.
  public struct Parameters: Codable, Hashable, Sendable {
    public var zones: [Zone]
  }

  /// The articles' list (`USATimeZone`), with the zone each abbreviation names.
  public static let defaults = Parameters(zones: [
    Zone(abbreviation: "EDT", identifier: "America/New_York"),
    Zone(abbreviation: "CDT", identifier: "America/Chicago"),
    Zone(abbreviation: "MDT", identifier: "America/Denver"),
    Zone(abbreviation: "PDT", identifier: "America/Los_Angeles"),
    Zone(abbreviation: "AKDT", identifier: "America/Anchorage"),
    Zone(abbreviation: "HST", identifier: "Pacific/Honolulu"),
  ])

  /// The zones that exist on this system, sorted by offset from GMT at `date`, east first.
  public static func timeZones(_ zones: [Zone], at date: Date) -> [ZoneInfo] {
    zones.compactMap { ZoneInfo(identifier: $0.identifier) }
      .sorted { $0.secondsFromGMT(for: date) > $1.secondsFromGMT(for: date) }
  }

  /// `3:04:05 PM`, or `3:04 PM` when the cadence hides seconds.
  public static func formattedTime(_ date: Date, timeZone: ZoneInfo, showSeconds: Bool) -> String {
    let c = timeZone.civil(date)
    let h12 = c.hour % 12 == 0 ? 12 : c.hour % 12
    let hm = "\(h12):" + twoDigits(c.minute)
    let time: String = showSeconds ? hm + ":" + twoDigits(c.second) : hm
    return time + (c.hour < 12 ? " AM" : " PM")
  }

  /// `New York · EST (GMT-5)`.
  public static func formattedTimeZone(_ tz: ZoneInfo, at date: Date) -> String {
    let city = tz.identifier.split(separator: "/").last.map { String($0.replacing("_", with: " ")) } ?? tz.identifier
    let offset = tz.secondsFromGMT(for: date)
    let hours = offset / 3600
    let minutes = abs(offset / 60) % 60
    let sign = offset >= 0 ? "+" : "-"
    let gmt: String = "GMT" + sign + "\(abs(hours))" + (minutes != 0 ? ":" + twoDigits(minutes) : "")
    return "\(city) · \(tz.abbreviation(for: date) ?? gmt) (\(gmt))"
  }

  public init() {}

  public func body(_ scene: SceneContext) -> some View {
    let p = scene.assets.decode(Parameters.self, from: "world-clock.json") ?? Self.defaults
    let k = scene.fitScale(Size(width: 520, height: 440), fill: 0.9)
    ZStack {
      LinearGradient(colors: [Color(hex: 0x0E1A24), Color(hex: 0x18303F)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      TimeZonesView(zones: p.zones, start: scene.start).scaleEffect(k)
      Caption(text: ".periodic(by: 1) · .everyMinute · .everyFiveSeconds", size: scene.size)
    }
  }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
  /// The articles' custom schedule: every five seconds from now.
  static var everyFiveSeconds: PeriodicTimelineSchedule {
    .init(from: .now, by: 5.0)
  }
}

/// The articles' `TimeRow`.
struct TimeRow: View {
  let timeZone: String
  let time: String

  var body: some View {
    HStack {
      Text(timeZone)
        .font(.body)
        .foregroundStyle(Color(hex: 0xCFE3F0))

      Spacer(minLength: 16)

      Text(time)
        .font(.headline.monospacedDigit())
        .foregroundStyle(Color.white)
    }
    .frame(width: 440)
  }
}

/// The articles' `TimeZonesView`, with the refresh lines below the list.
struct TimeZonesView: View {
  let zones: [WorldClockScene.Zone]
  let start: Date

  var body: some View {
    VStack(spacing: 14) {
      Text("Time in the USA")
        .font(.system(size: 28, weight: .bold))
        .foregroundStyle(Color.white)
      TimelineView(.periodic(from: start, by: 1)) { context in
        let timeZones = WorldClockScene.timeZones(zones, at: context.date)
        VStack(spacing: 10) {
          ForEach(timeZones, id: \.identifier) { timeZone in
            let time = WorldClockScene.formattedTime(
              context.date, timeZone: timeZone, showSeconds: context.cadence <= .seconds)
            TimeRow(timeZone: WorldClockScene.formattedTimeZone(timeZone, at: context.date), time: time)
          }
        }
      }
      TimelineView(.everyMinute) { context in
        Text(
          "refreshed at the minute: \(WorldClockScene.formattedTime(context.date, timeZone: .utc, showSeconds: true)) GMT"
        )
        .font(.system(size: 13, design: .monospaced))
        .foregroundStyle(Color(hex: 0x8FB3C8))
      }
      EveryFiveSeconds()
    }
  }
}

/// A line on the articles' `.everyFiveSeconds`. Its own view with no inputs, so the schedule's
/// `.now` is read once, when it appears, and the timeline keeps it.
struct EveryFiveSeconds: View {
  var body: some View {
    TimelineView(.everyFiveSeconds) { context in
      FiveSecondTicks(date: context.date)
    }
  }
}

/// Counts the five-second updates it has seen.
struct FiveSecondTicks: View {
  let date: Date
  @State private var ticks = 0

  var body: some View {
    Text("every five seconds: \(ticks) update\(ticks == 1 ? "" : "s") since it appeared")
      .font(.system(size: 13, design: .monospaced))
      .foregroundStyle(Color(hex: 0x8FB3C8))
      .onChange(of: date) { _ in ticks += 1 }
  }
}
