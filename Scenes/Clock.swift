import SceneGraph

/// A clock that wakes once a second: light monospaced digits beside an analog face.
///
/// From the articles: `TimelineView(.periodic(from:by: 1))`, a large light rounded font with
/// monospaced digits, seconds shown only while `cadence <= .seconds`, hours and minutes at
/// `.minutes`. The second hand follows the same rule.
public struct Clock: PlaygroundScene {
  public static let name = "clock"
  public static let title = "Clock"
  public static let scheduleSummary = ".periodic(from: start, by: 1)"
  /// The face fills the left, the digits start below the top right.
  public static let hudCorner = Alignment.topTrailing

  /// The zone the clock shows; the process's own unless a caller pins one (tests use UTC).
  public var timeZone: ZoneInfo

  public init() { timeZone = .local }

  /// Creates a clock for a given time zone.
  public init(timeZone: ZoneInfo) { self.timeZone = timeZone }

  /// The digital readout: `HH:MM:SS`, or `HH:MM` when the cadence is `.minutes`.
  public static func timeText(_ date: Date, cadence: Cadence, timeZone: ZoneInfo) -> String {
    let c = timeZone.civil(date)
    let hm = twoDigits(c.hour) + ":" + twoDigits(c.minute)
    return cadence <= .seconds ? hm + ":" + twoDigits(c.second) : hm
  }

  static func components(_ date: Date, _ tz: ZoneInfo) -> (hour: Int, minute: Int, second: Int) {
    let c = tz.civil(date)
    return (c.hour, c.minute, c.second)
  }

  /// Hand angles in degrees clockwise from 12 o'clock.
  public static func handAngles(_ date: Date, timeZone: ZoneInfo) -> (hour: Double, minute: Double, second: Double) {
    let c = components(date, timeZone)
    let s = Double(c.second)
    let m = Double(c.minute) + s / 60
    let h = Double(c.hour % 12) + m / 60
    return (h * 30, m * 6, s * 6)
  }

  /// The line under the digits: the cadence the timeline reports, and what it shows.
  public static func cadenceCaption(_ cadence: Cadence) -> String {
    switch cadence {
    case .live: "cadence .live · updates every second"
    case .seconds: "cadence .seconds · updates every second"
    case .minutes: "cadence .minutes · seconds hidden"
    }
  }

  public func titleDetail(date: Date, cadence: Cadence) -> String? {
    Self.timeText(date, cadence: cadence, timeZone: timeZone)
  }

  public func body(_ scene: SceneContext) -> some View {
    ZStack {
      LinearGradient(colors: [Color(hex: 0x101418), Color(hex: 0x1C232B)], startPoint: .top, endPoint: .bottom)
        .asBackground()
      ClockView(
        start: scene.start, timeZone: timeZone, scale: scene.fitScale(Size(width: 1000, height: 420), fill: 0.9))
      Caption(text: "TimelineView(.periodic(from: start, by: 1))", size: scene.size)
    }
  }
  static func drawFace(_ ctx: inout CanvasContext, date: Date, timeZone: ZoneInfo, showSeconds: Bool) {
    let r = min(ctx.size.width, ctx.size.height) / 2
    let c = Point(x: ctx.size.width / 2, y: ctx.size.height / 2)
    ctx.fillCircle(center: c, radius: r, color: Color.white.opacity(0.06))
    ctx.stroke(
      Path { $0.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)) },
      with: Color.white.opacity(0.25), lineWidth: max(1, r * 0.012))
    for i in 0..<60 {
      let a = Double(i) / 60 * 2 * .pi
      let long = i % 5 == 0
      let inner = r * (long ? 0.84 : 0.9)
      let outer = r * 0.95
      let p0 = Point(x: c.x + sin(a) * inner, y: c.y - cos(a) * inner)
      let p1 = Point(x: c.x + sin(a) * outer, y: c.y - cos(a) * outer)
      ctx.stroke(
        Path {
          $0.move(to: p0)
          $0.addLine(to: p1)
        }, with: Color.white.opacity(long ? 0.8 : 0.3), lineWidth: r * (long ? 0.02 : 0.008))
    }
    let angles = handAngles(date, timeZone: timeZone)
    func hand(_ degrees: Double, length: Double, width: Double, color: Color) {
      let a = degrees * .pi / 180
      let tip = Point(x: c.x + sin(a) * length, y: c.y - cos(a) * length)
      let tail = Point(x: c.x - sin(a) * length * 0.12, y: c.y + cos(a) * length * 0.12)
      ctx.stroke(
        Path {
          $0.move(to: tail)
          $0.addLine(to: tip)
        }, with: color, lineWidth: width)
    }
    hand(angles.hour, length: r * 0.5, width: r * 0.045, color: .white)
    hand(angles.minute, length: r * 0.75, width: r * 0.03, color: .white)
    if showSeconds {
      hand(angles.second, length: r * 0.85, width: r * 0.012, color: .orange)
    }
    ctx.fillCircle(center: c, radius: r * 0.035, color: showSeconds ? .orange : .white)
  }
}

/// The articles' `ClockView`: once a second, an analog face beside light rounded digits.
struct ClockView: View, Equatable {
  /// Where the periodic schedule starts: the scene's start, as the articles' `.now`.
  let start: Date
  let timeZone: ZoneInfo
  /// Points per design point.
  let scale: Double

  var body: some View {
    let k = scale
    let tz = timeZone
    TimelineView(.periodic(from: start, by: 1)) { context in
      let showSeconds = context.cadence <= .seconds
      HStack(spacing: 56 * k) {
        Canvas { ctx in
          Clock.drawFace(&ctx, date: context.date, timeZone: tz, showSeconds: showSeconds)
        }
        .frame(width: 360 * k, height: 360 * k)
        VStack(alignment: .leading, spacing: 10 * k) {
          Text(Clock.timeText(context.date, cadence: context.cadence, timeZone: tz))
            .font(.system(size: 120 * k, weight: .light, design: .rounded))
            .monospacedDigit()
            .foregroundStyle(Color.white)
          Text(Clock.cadenceCaption(context.cadence))
            // Legible in an overview cell too, where the scale is about a third.
            .font(.system(size: max(9, 20 * k), weight: .regular))
            .foregroundStyle(Color.white.opacity(0.5))
        }
      }
    }
  }
}
