// `Text` made from dates and formatted values: `Text(_:style:)`, whose timer, relative and
// offset styles update every second on their own, and `Text(_:format:)` with a `FormatStyle`.
import FoundationEssentials
import Timeline

extension Text {
  /// How `Text(_:style:)` shows a date; SwiftUI's `Text.DateStyle`.
  public struct DateStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
      case time, date, relative, offset, timer
    }
    let kind: Kind

    /// The time of day, as a wall clock in the local time zone shows it: `3:45 PM`.
    public static let time = DateStyle(kind: .time)
    /// The calendar date in the local time zone: `June 3, 2024`.
    public static let date = DateStyle(kind: .date)
    /// The time from now to the date (or since it), in its two largest units: `2 min, 15 sec`.
    public static let relative = DateStyle(kind: .relative)
    /// The date's offset from now, signed: `+2 min, 15 sec`, `-1 hr`.
    public static let offset = DateStyle(kind: .offset)
    /// A stopwatch counting from the date (or down to it): `2:05`, `1:02:05`.
    public static let timer = DateStyle(kind: .timer)

    /// Whether the text changes as time passes, and must be shown afresh every second.
    var changesWithTime: Bool { kind == .relative || kind == .offset || kind == .timer }
  }

  /// Creates text showing `date` in `style`. The relative, offset and timer styles update
  /// every second by themselves, counting from the scene's clock.
  public init(_ date: Date, style: DateStyle) {
    let live = LiveDate(date: date, style: style)
    self.init(live.text(at: Date(), zone: .local))
    if style.changesWithTime { liveDate = live }
  }

  /// Creates text showing `input` as `format` formats it, as
  /// `Text(price, format: .number.precision(.fractionLength(2)))`.
  public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
  where F.FormatInput: Equatable, F.FormatOutput == String {
    self.init(format.format(input))
  }

  /// Creates text from a string, drawn as it is.
  public init(verbatim content: String) { self.init(content) }
}

/// A date `Text` shows in a style, and the text for it at any moment.
struct LiveDate: Hashable, Sendable {
  let date: Date
  let style: Text.DateStyle

  /// The text at `now`, with dates read in `zone`.
  func text(at now: Date, zone: ZoneInfo) -> String {
    switch style.kind {
    case .time:
      let c = zone.civil(date)
      let hour = c.hour % 12 == 0 ? 12 : c.hour % 12
      return "\(hour):\(Self.twoDigits(c.minute)) \(c.hour < 12 ? "AM" : "PM")"
    case .date:
      let c = zone.civil(date)
      return "\(Self.months[max(0, min(11, c.month - 1))]) \(c.day), \(c.year)"
    case .relative:
      return Self.components(Self.wholeSeconds(date.timeIntervalSince(now)))
    case .offset:
      let s = Self.wholeSeconds(date.timeIntervalSince(now))
      return (date < now ? "-" : "+") + Self.components(s)
    case .timer:
      let s = Self.wholeSeconds(now.timeIntervalSince(date))
      let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60)
      return h > 0 ? "\(h):\(Self.twoDigits(m)):\(Self.twoDigits(sec))" : "\(m):\(Self.twoDigits(sec))"
    }
  }

  /// The whole seconds in an interval of either sign: those elapsed, rounded toward zero (a
  /// hair short of a whole second, as a schedule's dates can land, counts as it).
  static func wholeSeconds(_ interval: TimeInterval) -> Int {
    let a = abs(interval) + 1e-6
    guard a.isFinite else { return 0 }
    return Int(min(a, 1e15).rounded(.down))
  }

  /// `seconds` in its largest unit and the next one, when that is not zero: `1 hr, 5 min`.
  static func components(_ seconds: Int) -> String {
    let units: [(Int, String, String)] = [
      (604_800, "wk", "wk"), (86_400, "day", "days"), (3_600, "hr", "hr"), (60, "min", "min"), (1, "sec", "sec"),
    ]
    guard let i = units.firstIndex(where: { seconds >= $0.0 }) else { return "0 sec" }
    func part(_ u: (Int, String, String), _ n: Int) -> String { "\(n) \(n == 1 ? u.1 : u.2)" }
    let first = seconds / units[i].0
    var text = part(units[i], first)
    if i + 1 < units.count {
      let next = seconds % units[i].0 / units[i + 1].0
      if next > 0 { text += ", " + part(units[i + 1], next) }
    }
    return text
  }

  private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// The text node, shown afresh as each second from the date passes: the view's node
  /// follows a schedule with an entry on every whole second from the date, so the runtime
  /// marks it then and the frame pump sleeps in between. The node has no children, so a
  /// text that is reused as it stands (a leaf) keeps its timeline.
  func resolve(_ node: ViewNode, _ ctx: UpdateContext, style: TextRunStyle) -> [RNode] {
    let rt = ctx.runtime
    let t = date.timeIntervalSinceReferenceDate
    let schedule = PeriodicTimelineSchedule(from: Date(timeIntervalSinceReferenceDate: t - t.rounded(.down)), by: 1)
    if node.timeline.map({ rt.comparators.equal($0.schedule, schedule) }) != true {
      rt.startTimeline(node, schedule)
    }
    let context = node.timeline?.driver.lastContext ?? TimelineContext(date: rt.input.now, cadence: rt.input.cadence)
    node.timeline?.context = TimelineContext(date: context.date, cadence: rt.input.cadence)
    let string = text(at: context.date, zone: .local)
    return [style.node(ctx.env.textCase?.apply(string) ?? string, in: ctx.env)]
  }
}

extension SceneRuntime {
  /// Stops the timeline a node followed on its own: a `Text` that no longer counts.
  func stopTimeline(_ node: ViewNode) {
    node.timeline = nil
    timelineNodes[node.serial] = nil
  }
}
