import FoundationEssentials
import Glibc

/// A time zone read from the system's tz database (`/usr/share/zoneinfo`, TZif files):
/// its offset from UTC and abbreviation at any date.
///
/// Foundation's `TimeZone` needs ICU for anything but fixed offsets, and ICU with the rest of
/// Foundation costs every scene about 9 MB of resident memory; the tz files the system
/// already keeps say the same thing. Dates past the file's last transition follow its POSIX
/// `TZ` footer (`EST5EDT,M3.2.0,M11.1.0`), so slim and fat files give the same answers.
public struct ZoneInfo: Hashable, Sendable {
  /// The IANA name (`America/New_York`), `UTC`, or what the process's zone was read from.
  public let identifier: String
  /// Transition instants (seconds since 1970), ascending, and the type that starts at each.
  let transitions: [Int64]
  let transitionTypes: [UInt8]
  let types: [LocalType]
  /// The rule for instants past the last transition (or for all, when there are none).
  let rule: PosixRule?

  /// One kind of local time: its offset east of UTC, whether it is daylight time, its name.
  struct LocalType: Hashable, Sendable {
    var offset: Int
    var isDST: Bool
    var abbreviation: String
  }

  /// UTC.
  public static let utc = ZoneInfo(
    identifier: "UTC", transitions: [], transitionTypes: [],
    types: [LocalType(offset: 0, isDST: false, abbreviation: "UTC")], rule: nil)

  /// Where the tz database lives; tests point it elsewhere.
  static let databasePath = "/usr/share/zoneinfo"

  /// The zone named `identifier` in the tz database (`Europe/Paris`, `UTC`), or nil when the
  /// name is malformed, unknown, or its file is not a valid TZif file.
  ///
  /// Each name's file is read once and kept, as Foundation keeps `TimeZone(identifier:)`: the
  /// articles' world clock asks for six zones in a body that runs every second, and reading and
  /// parsing their files was a fifth of that scene's frame.
  public init?(identifier: String) {
    guard Self.isValidName(identifier) else { return nil }
    if identifier == "UTC" || identifier == "GMT" {
      self = Self.utc
      return
    }
    guard let zone = Self.named.zone(identifier, read: { Self.read(identifier) }) else { return nil }
    self = zone
  }

  /// The zone in the database's file for `identifier`, read now.
  static func read(_ identifier: String) -> ZoneInfo? {
    guard let data = FileManager.default.contents(atPath: Self.databasePath + "/" + identifier) else { return nil }
    return Self(tzif: [UInt8](data), identifier: identifier)
  }

  /// Zones read by name, unknown names included, so a bad name is not looked up on disk every
  /// second either. Bounded: past `limit` names it starts again.
  final class NamedCache: @unchecked Sendable {
    let lock = Lock()
    var zones: [String: ZoneInfo?] = [:]
    let limit = 64

    func zone(_ name: String, read: () -> ZoneInfo?) -> ZoneInfo? {
      lock.withLock {
        if let known = zones[name] { return known }
        let zone = read()
        if zones.count >= limit { zones.removeAll(keepingCapacity: true) }
        zones[name] = zone
        return zone
      }
    }
  }
  static let named = NamedCache()

  /// A zone parsed from the bytes of a TZif file (RFC 8536, versions 1 to 4); nil when they
  /// are not one.
  public init?(tzif bytes: [UInt8], identifier: String) {
    var r = ByteReader(bytes: bytes)
    guard let v1 = r.header() else { return nil }
    var header = v1
    var timeSize = 4
    if v1.version >= 2 {
      // Skip the 32-bit block; the 64-bit one after it has the same tables, complete.
      guard r.skip(v1.blockSize(timeSize: 4)), let v2 = r.header() else { return nil }
      header = v2
      timeSize = 8
    }
    guard header.typeCount > 0, header.typeCount <= 256, header.charCount <= 1 << 16,
      header.timeCount <= 1 << 20
    else { return nil }
    var transitions: [Int64] = []
    transitions.reserveCapacity(header.timeCount)
    for _ in 0..<header.timeCount {
      guard let t = timeSize == 8 ? r.int64() : r.int32().map(Int64.init) else { return nil }
      transitions.append(t)
    }
    guard let indices = r.take(header.timeCount) else { return nil }
    var raw: [(offset: Int32, isDST: Bool, name: Int)] = []
    for _ in 0..<header.typeCount {
      guard let off = r.int32(), let dst = r.take(1), let name = r.take(1) else { return nil }
      raw.append((off, dst[0] != 0, Int(name[0])))
    }
    guard let chars = r.take(header.charCount) else { return nil }
    guard r.skip(header.leapCount * (timeSize + 4) + header.stdCount + header.utCount) else { return nil }
    // A type's name runs from its index to the next NUL.
    func name(at i: Int) -> String {
      guard i < chars.count else { return "" }
      let end = chars[i...].firstIndex(of: 0) ?? chars.count
      return String(decoding: chars[i..<end], as: UTF8.self)
    }
    let types = raw.map { LocalType(offset: Int($0.offset), isDST: $0.isDST, abbreviation: name(at: $0.name)) }
    guard indices.allSatisfy({ Int($0) < types.count }),
      zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 })
    else { return nil }
    var rule: PosixRule?
    if header.version >= 2, let footer = r.footer(), !footer.isEmpty {
      rule = PosixRule(footer)
    }
    self.init(
      identifier: identifier, transitions: transitions, transitionTypes: indices, types: types, rule: rule)
  }

  init(identifier: String, transitions: [Int64], transitionTypes: [UInt8], types: [LocalType], rule: PosixRule?) {
    self.identifier = identifier
    self.transitions = transitions
    self.transitionTypes = transitionTypes
    self.types = types
    self.rule = rule
  }

  /// The process's zone: `TZ` when set (a zone name, a file path, or a POSIX rule such as
  /// `CET-1CEST,M3.5.0,M10.5.0/3`), else `/etc/localtime`, else UTC.
  ///
  /// Read once per value of `TZ` and kept: schedules such as `.everyMinute` ask for it on every
  /// body evaluation, and the file does not change under a running program often enough to
  /// pay for reading it each time (Foundation's `TimeZone.current` is cached the same way).
  public static var local: ZoneInfo {
    let tz = getenv("TZ").map { String(cString: $0) }
    return localCache.withLock {
      if let cached = localCache.zone, localCache.key == tz { return cached }
      let zone = readLocal(tz)
      localCache.key = tz
      localCache.zone = zone
      return zone
    }
  }

  /// The last zone `local` read, and the `TZ` it was read for.
  private final class LocalCache: @unchecked Sendable {
    let lock = Lock()
    var key: String?
    var zone: ZoneInfo?
    func withLock<T>(_ body: () -> T) -> T { lock.withLock(body) }
  }
  private static let localCache = LocalCache()

  private static func readLocal(_ tz: String?) -> ZoneInfo {
    if let tz {
      if tz.isEmpty { return .utc }
      let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
      if name.hasPrefix("/") {
        if let d = FileManager.default.contents(atPath: name), let z = ZoneInfo(tzif: [UInt8](d), identifier: name) {
          return z
        }
      } else if let z = ZoneInfo(identifier: name) {
        return z
      }
      if let rule = PosixRule(name) {
        return ZoneInfo(identifier: name, transitions: [], transitionTypes: [], types: [rule.standard], rule: rule)
      }
      return .utc
    }
    let path = "/etc/localtime"
    guard let data = FileManager.default.contents(atPath: path) else { return .utc }
    // The name is where the link points, below `zoneinfo/`.
    var name = "localtime"
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
      let parts = target.split(separator: "/", omittingEmptySubsequences: false)
      if let k = parts.lastIndex(of: "zoneinfo"), k + 1 < parts.count {
        name = parts[(k + 1)...].joined(separator: "/")
      }
    }
    return ZoneInfo(tzif: [UInt8](data), identifier: name) ?? .utc
  }

  /// Whether `name` can be a tz database name: letters, digits, `_ + - /`, no `..`, not
  /// absolute. Names come from parameter files, and must not reach other files.
  static func isValidName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count < 256, !name.hasPrefix("/"), !name.hasPrefix("-") else { return false }
    let ok = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "_+-/".unicodeScalars.contains($0)
    }
    return ok && !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == ".." }
  }

  /// The local type in force at `t` (seconds since 1970).
  func localType(at t: Int64) -> LocalType {
    if let last = transitions.last, t >= last, let rule {
      return rule.localType(at: t)
    }
    if transitions.isEmpty {
      return rule?.localType(at: t) ?? types[0]
    }
    if t < transitions[0] { return types[0] }
    // The last transition at or before t.
    var lo = 0
    var hi = transitions.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if transitions[mid] <= t { lo = mid } else { hi = mid - 1 }
    }
    return types[Int(transitionTypes[lo])]
  }

  /// Seconds east of UTC at `date`.
  public func secondsFromGMT(for date: Date) -> Int { localType(at: Self.seconds(date)).offset }

  /// The abbreviation at `date` (`EST`, `CEST`); nil where the database has only a
  /// numeric one (`+0330`) or none.
  public func abbreviation(for date: Date) -> String? {
    let a = localType(at: Self.seconds(date)).abbreviation
    return a.isEmpty || a.first == "+" || a.first == "-" ? nil : a
  }

  /// Whether daylight-saving time is in force at `date`.
  public func isDaylightSavingTime(for date: Date) -> Bool { localType(at: Self.seconds(date)).isDST }

  /// The calendar date and wall-clock time at `date` in this zone.
  public func civil(_ date: Date) -> CivilTime {
    CivilTime(seconds: Self.seconds(date) &+ Int64(secondsFromGMT(for: date)))
  }

  /// Whole seconds since 1970, rounded down; far or non-finite dates are clamped to ±10¹⁵ s.
  static func seconds(_ date: Date) -> Int64 {
    let t = date.timeIntervalSince1970.rounded(.down)
    guard t.isFinite else { return t > 0 ? 1_000_000_000_000_000 : -1_000_000_000_000_000 }
    return Int64(max(-1e15, min(1e15, t)))
  }
}

/// A proleptic Gregorian date and time of day, as a wall clock shows it.
public struct CivilTime: Hashable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int

  /// The civil time `seconds` after 1970-01-01T00:00:00 (negative before it).
  public init(seconds s: Int64) {
    let days = s >= 0 ? s / 86_400 : -((-s + 86_399) / 86_400)
    let rest = Int(s - days * 86_400)
    (year, month, day) = Self.date(daysSince1970: days)
    hour = rest / 3600
    minute = rest / 60 % 60
    second = rest % 60
  }

  /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
  static func date(daysSince1970 days: Int64) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), Int(m), Int(d))
  }

  /// Days from 1970-01-01 to the given date (Howard Hinnant's `days_from_civil`).
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// Whether `year` has a February 29th.
  static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
}

/// A POSIX `TZ` rule: a standard time, and optionally a daylight time with the dates it
/// starts and ends each year (`CET-1CEST,M3.5.0,M10.5.0/3`).
struct PosixRule: Hashable, Sendable {
  let standard: ZoneInfo.LocalType
  let daylight: ZoneInfo.LocalType?
  let start: DateRule
  let end: DateRule

  /// When in the year a change happens, and at what local time (seconds, may be negative or
  /// past a day).
  enum DateRule: Hashable, Sendable {
    /// Day 1…365 of the year, never counting February 29th.
    case julian(Int, time: Int)
    /// Day 0…365 of the year, counting February 29th.
    case zeroBased(Int, time: Int)
    /// Weekday `d` (0 is Sunday) of week `w` (5 is the last) of month `m`.
    case month(Int, week: Int, weekday: Int, time: Int)
  }

  init?(_ text: String) {
    var p = Parser(Array(text.utf8))
    guard let stdName = p.name(), let stdOffset = p.offset() else { return nil }
    // POSIX offsets are west of UTC; LocalType's are east.
    standard = ZoneInfo.LocalType(offset: -stdOffset, isDST: false, abbreviation: stdName)
    guard !p.atEnd else {
      daylight = nil
      (start, end) = (.julian(1, time: 0), .julian(1, time: 0))
      return
    }
    guard let dstName = p.name() else { return nil }
    var dstOffset = stdOffset - 3600
    if !p.peek(",") {
      guard let o = p.offset() else { return nil }
      dstOffset = o
    }
    daylight = ZoneInfo.LocalType(offset: -dstOffset, isDST: true, abbreviation: dstName)
    if p.atEnd {
      // No rule given: the US rule POSIX implementations fall back to.
      (start, end) = (.month(3, week: 2, weekday: 0, time: 7200), .month(11, week: 1, weekday: 0, time: 7200))
      return
    }
    guard p.eat(","), let s = p.dateRule(), p.eat(","), let e = p.dateRule(), p.atEnd else { return nil }
    (start, end) = (s, e)
  }

  func localType(at t: Int64) -> ZoneInfo.LocalType {
    guard let daylight else { return standard }
    // The year as standard time counts it; transitions near New Year are still compared in UTC.
    let year = Int64(CivilTime(seconds: t &+ Int64(standard.offset)).year)
    let on = instant(start, year: year) - Int64(standard.offset)
    let off = instant(end, year: year) - Int64(daylight.offset)
    let inDST = on < off ? (t >= on && t < off) : (t < off || t >= on)
    return inDST ? daylight : standard
  }

  /// Seconds since 1970 of the local wall-clock moment `rule` names in `year`.
  func instant(_ rule: DateRule, year: Int64) -> Int64 {
    let jan1 = CivilTime.daysSince1970(year: year, month: 1, day: 1)
    switch rule {
    case .julian(let n, let time):
      // Day n of a year without February 29th: skip it in leap years.
      let day = Int64(n - 1) + (CivilTime.isLeap(year) && n >= 60 ? 1 : 0)
      return (jan1 + day) * 86_400 + Int64(time)
    case .zeroBased(let n, let time):
      return (jan1 + Int64(n)) * 86_400 + Int64(time)
    case .month(let m, let week, let weekday, let time):
      let first = CivilTime.daysSince1970(year: year, month: Int64(m), day: 1)
      // 1970-01-01 was a Thursday (4).
      let firstWeekday = ((first + 4) % 7 + 7) % 7
      var day = first + (Int64(weekday) - firstWeekday + 7) % 7 + Int64(week - 1) * 7
      let monthDays: [Int64] = [31, CivilTime.isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      while day >= first + monthDays[m - 1] { day -= 7 }
      return day * 86_400 + Int64(time)
    }
  }

  /// Reads the pieces of a `TZ` string.
  struct Parser {
    let s: [UInt8]
    var i = 0
    init(_ s: [UInt8]) { self.s = s }

    var atEnd: Bool { i >= s.count }
    func peek(_ c: Character) -> Bool { i < s.count && s[i] == c.asciiValue }
    mutating func eat(_ c: Character) -> Bool {
      guard peek(c) else { return false }
      i += 1
      return true
    }

    /// `EST`, or `<+0330>` for a numeric name; at least three characters.
    mutating func name() -> String? {
      let start = i
      if eat("<") {
        while i < s.count, s[i] != UInt8(ascii: ">") { i += 1 }
        guard i < s.count, i - start - 1 >= 3 else { return nil }
        let n = String(decoding: s[(start + 1)..<i], as: UTF8.self)
        i += 1
        return n
      }
      while i < s.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(s[i] & ~0x20) { i += 1 }
      return i - start >= 3 ? String(decoding: s[start..<i], as: UTF8.self) : nil
    }

    mutating func number(max: Int) -> Int? {
      var v = 0
      var digits = 0
      while i < s.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(s[i]), digits < 4 {
        v = v * 10 + Int(s[i] - UInt8(ascii: "0"))
        i += 1
        digits += 1
      }
      return digits > 0 && v <= max ? v : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds; hours up to 167, as RFC 8536 allows for times.
    mutating func offset() -> Int? {
      let sign = eat("-") ? -1 : (eat("+") ? 1 : 1)
      guard let h = number(max: 167) else { return nil }
      var v = h * 3600
      if eat(":") {
        guard let m = number(max: 59) else { return nil }
        v += m * 60
        if eat(":") {
          guard let sec = number(max: 59) else { return nil }
          v += sec
        }
      }
      return sign * v
    }

    /// `Jn`, `n` or `Mm.w.d`, with an optional `/time` (02:00 when absent).
    mutating func dateRule() -> DateRule? {
      func time() -> Int? { eat("/") ? offset() : 7200 }
      if eat("J") {
        guard let n = number(max: 365), n >= 1, let t = time() else { return nil }
        return .julian(n, time: t)
      }
      if eat("M") {
        guard let m = number(max: 12), m >= 1, eat("."), let w = number(max: 5), w >= 1, eat("."),
          let d = number(max: 6), let t = time()
        else { return nil }
        return .month(m, week: w, weekday: d, time: t)
      }
      guard let n = number(max: 365), let t = time() else { return nil }
      return .zeroBased(n, time: t)
    }
  }
}

/// Big-endian reads from a TZif file, each failing (nil) rather than reading past the end.
private struct ByteReader {
  let bytes: [UInt8]
  var i = 0

  struct Header {
    var version: Int
    var utCount, stdCount, leapCount, timeCount, typeCount, charCount: Int

    /// The bytes of the data block after this header.
    func blockSize(timeSize: Int) -> Int {
      timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + stdCount + utCount
    }
  }

  mutating func header() -> Header? {
    guard let magic = take(4), magic.elementsEqual("TZif".utf8), let v = take(1), skip(15) else { return nil }
    var counts: [Int] = []
    for _ in 0..<6 {
      guard let c = int32(), c >= 0 else { return nil }
      counts.append(Int(c))
    }
    let version = v[0] == 0 ? 1 : Int(v[0]) - Int(UInt8(ascii: "0"))
    guard version >= 1, version <= 9 else { return nil }
    return Header(
      version: version, utCount: counts[0], stdCount: counts[1], leapCount: counts[2], timeCount: counts[3],
      typeCount: counts[4], charCount: counts[5])
  }

  mutating func skip(_ n: Int) -> Bool {
    guard n >= 0, n <= bytes.count - i else { return false }
    i += n
    return true
  }

  /// The next `n` bytes, as an array indexed from 0.
  mutating func take(_ n: Int) -> [UInt8]? {
    guard n >= 0, n <= bytes.count - i else { return nil }
    defer { i += n }
    return Array(bytes[i..<(i + n)])
  }

  mutating func int32() -> Int32? {
    guard let b = take(4) else { return nil }
    return Int32(bitPattern: b.reduce(0) { $0 << 8 | UInt32($1) })
  }

  mutating func int64() -> Int64? {
    guard let b = take(8) else { return nil }
    return Int64(bitPattern: b.reduce(0) { $0 << 8 | UInt64($1) })
  }

  /// The `\n…\n` TZ string after the 64-bit block.
  mutating func footer() -> String? {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\n") else { return nil }
    guard let end = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    return String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
  }
}
