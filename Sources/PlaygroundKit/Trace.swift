import Foundation
import Timeline

/// Streams Chrome Trace Event JSON (the array form), which Perfetto and chrome://tracing open.
///
/// Events are written as they happen rather than kept in memory, so a long run neither grows
/// nor loses its trace if it is killed: both viewers accept an array missing its closing `]`.
final class TraceWriter {
  private let handle: FileHandle
  private let origin: Double
  private var buffer = ""
  private var first = true
  private(set) var eventCount = 0

  /// The path traces are written to.
  let path: String

  /// Opens (creating or truncating) `path`; throws a message fit for one line if it can't.
  init(path: String, originUptime: Double) throws {
    self.path = path
    origin = originUptime
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let h = FileHandle(forWritingAtPath: path)
    else {
      throw TraceError(path: path)
    }
    handle = h
    buffer = "[\n"
    metadata("process_name", ["name": .string("playground")])
    metadata("thread_name", ["name": .string("frame loop")])
  }

  /// An argument value in a trace event.
  enum Arg {
    case string(String)
    case number(Double)
    case int(Int)

    var json: String {
      switch self {
      case .string(let s): jsonString(s)
      case .number(let d): d.isFinite ? String(format: "%.3f", d) : "null"
      case .int(let i): String(i)
      }
    }
  }

  /// A complete slice (`"ph": "X"`) from `start` to `end`, both monotonic seconds.
  func slice(_ name: String, category: String, start: Double, end: Double, args: [String: Arg] = [:]) {
    emit(
      "{\"name\":\(jsonString(name)),\"cat\":\(jsonString(category)),\"ph\":\"X\",\"ts\":\(micros(start)),"
        + "\"dur\":\(String(format: "%.1f", max(0, end - start) * 1e6)),\"pid\":1,\"tid\":1\(argsJSON(args))}")
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

  /// Writes what is buffered and closes the array.
  func close() {
    buffer += "\n]\n"
    flush()
    try? handle.close()
  }

  private func metadata(_ name: String, _ args: [String: Arg]) {
    emit("{\"name\":\"\(name)\",\"ph\":\"M\",\"pid\":1,\"tid\":1\(argsJSON(args))}")
  }

  private func emit(_ event: String) {
    if !first { buffer += ",\n" }
    first = false
    buffer += event
    eventCount += 1
    // Writes happen between frames in batches, so tracing adds no system call per event.
    if buffer.utf8.count > 64 * 1024 { flush() }
  }

  /// Hands the buffer to the kernel; called on idle waits so a killed run keeps its trace.
  func flush() {
    guard !buffer.isEmpty else { return }
    handle.write(Data(buffer.utf8))
    buffer.removeAll(keepingCapacity: true)
  }

  private func micros(_ t: Double) -> String { String(format: "%.1f", (t - origin) * 1e6) }

  private func argsJSON(_ args: [String: Arg]) -> String {
    guard !args.isEmpty else { return "" }
    let body = args.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)):\($0.value.json)" }.joined(separator: ",")
    return ",\"args\":{\(body)}"
  }
}

/// The trace file could not be created.
struct TraceError: Error, CustomStringConvertible {
  var path: String
  var description: String { "cannot write the trace to \(path): \(String(cString: strerror(errno)))" }
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
    case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
    default: out.unicodeScalars.append(u)
    }
  }
  return out + "\""
}
