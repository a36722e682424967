import FoundationEssentials
import Glibc
import Timeline

/// Streams Chrome Trace Event JSON (the array form), which Perfetto and chrome://tracing open.
///
/// Events are written in batches as they happen rather than kept in memory, so a long run does
/// not grow. A regular file is written beside its target and renamed over it when the run ends
/// (see `OutputFile`); a device or FIFO is written through. When a write fails (a full disk),
/// the run goes on: tracing stops with one warning, and the trace is cut back to the last whole
/// batch and closed, so it stays valid JSON up to what fit.
final class TraceWriter {
  private let fd: Int32
  private let target: OutputFile.Target
  private let tempPath: String?
  private let origin: Double
  /// Bytes known to be on disk, ending after a whole batch of events.
  private var committed: off_t = 0
  private var failed = false
  /// Events in `buffer`, and events known to be on disk.
  private var bufferedEvents = 0
  private var committedEvents = 0
  private var closed = false
  /// Where warnings go; standard error by default.
  var warn: (String) -> Void = { printError("warning: \($0)") }
  private var buffer = ""
  private var first = true
  private(set) var eventCount = 0

  /// The path traces are written to.
  let path: String

  /// Opens (creating or truncating) `path`; throws a message fit for one line if it can't.
  init(path: String, originUptime: Double) throws {
    self.path = path
    origin = originUptime
    target = try OutputFile.target(path)
    if target.isSpecial {
      tempPath = nil
      fd = open(target.path, O_WRONLY | O_CLOEXEC)
    } else {
      (tempPath, fd) = try OutputFile.createTemporary(beside: target, for: path)
    }
    guard fd >= 0 else { throw OutputError.errno(path) }
    buffer = "[\n"
    metadata("process_name", ["name": .string("playground")])
    metadata("thread_name", ["name": .string("frame loop")])
  }

  /// Labels the process in the trace viewer (Perfetto shows them under its name): which
  /// renderer drew and why.
  func label(_ text: String) {
    metadata("process_labels", ["labels": .string(text)])
  }

  /// An argument value in a trace event.
  enum Arg {
    case string(String)
    case number(Double)
    case int(Int)

    var json: String {
      switch self {
      case .string(let s): jsonString(s)
      case .number(let d): d.isFinite ? cFormat("%.3f", d) : "null"
      case .int(let i): String(i)
      }
    }
  }

  /// A complete slice (`"ph": "X"`) from `start` to `end`, both monotonic seconds.
  func slice(_ name: String, category: String, start: Double, end: Double, args: [String: Arg] = [:]) {
    emit(
      "{\"name\":\(jsonString(name)),\"cat\":\(jsonString(category)),\"ph\":\"X\",\"ts\":\(micros(start)),"
        + "\"dur\":\(cFormat("%.1f", max(0, end - start) * 1e6)),\"pid\":1,\"tid\":1\(argsJSON(args))}")
  }

  /// An instant event (`"ph": "i"`) at `time`; `global` draws it across the whole timeline.
  func instant(_ name: String, category: String, at time: Double, global: Bool = false, args: [String: Arg] = [:]) {
    emit(
      "{\"name\":\(jsonString(name)),\"cat\":\(jsonString(category)),\"ph\":\"i\",\"s\":\"\(global ? "g" : "t")\","
        + "\"ts\":\(micros(time)),\"pid\":1,\"tid\":1\(argsJSON(args))}")
  }

  /// A counter track (`"ph": "C"`), for values such as frames per second.
  func counter(_ name: String, at time: Double, values: [String: Double]) {
    emit(
      "{\"name\":\(jsonString(name)),\"ph\":\"C\",\"ts\":\(micros(time)),\"pid\":1,"
        + "\"args\":{\(values.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)):\($0.value)" }.joined(separator: ","))}}"
    )
  }

  /// Writes what is buffered, closes the array and puts the file in place.
  func close() {
    guard !closed else { return }
    if !failed { buffer += "\n]\n" }
    flush()
    closed = true
    // On the disk before the rename, so a crash cannot leave an empty file in the old one's place.
    if tempPath != nil { _ = fsync(fd) }
    if Glibc.close(fd) != 0 && !failed {
      failed = true
      warn("tracing: \(OutputError.errno(path))")
    }
    if let tempPath, rename(tempPath, target.path) != 0 {
      warn("tracing: \(OutputError.errno(path)); the trace is in \(tempPath)")
    }
  }

  private func metadata(_ name: String, _ args: [String: Arg]) {
    emit("{\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":1,\"tid\":1\(argsJSON(args))}")
  }

  private func emit(_ event: String) {
    if !first { buffer += ",\n" }
    first = false
    buffer += event
    eventCount += 1
    bufferedEvents += 1
    // Writes happen between frames in batches, so tracing adds no system call per event.
    if buffer.utf8.count > 64 * 1024 { flush() }
  }

  /// Hands the buffer to the kernel; called on idle waits, so no frame pays for the write.
  func flush() {
    guard !buffer.isEmpty, !failed, !closed else {
      buffer.removeAll(keepingCapacity: true)
      return
    }
    let data = Data(buffer.utf8)
    buffer.removeAll(keepingCapacity: true)
    let events = bufferedEvents
    bufferedEvents = 0
    do {
      try OutputFile.writeAll(fd, data, path: path)
      committed += off_t(data.count)
      committedEvents += events
    } catch {
      fail(error)
    }
  }

  /// Stops tracing after a failed write: the partial batch is cut off (which also frees the
  /// space it took) and the array is closed, if that still fits.
  private func fail(_ error: Error) {
    failed = true
    warn("tracing stopped: \(error); the trace keeps the \(committedEvents) events written before")
    guard !target.isSpecial else { return }
    _ = ftruncate(fd, committed)
    _ = lseek(fd, committed, SEEK_SET)
    try? OutputFile.writeAll(fd, Data((committed == 0 ? "[]\n" : "\n]\n").utf8), path: path)
  }

  private func micros(_ t: Double) -> String { cFormat("%.1f", (t - origin) * 1e6) }

  private func argsJSON(_ args: [String: Arg]) -> String {
    guard !args.isEmpty else { return "" }
    let body = args.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)):\($0.value.json)" }.joined(separator: ",")
    return ",\"args\":{\(body)}"
  }
}

/// A JSON string literal with the escapes JSON requires.
func jsonString(_ s: String) -> String {
  var out = "\""
  for u in s.unicodeScalars {
    switch u {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where u.value < 0x20: out += cFormat("\\u%04x", u.value)
    default: out.unicodeScalars.append(u)
    }
  }
  return out + "\""
}
