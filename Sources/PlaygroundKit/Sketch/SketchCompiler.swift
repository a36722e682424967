import FoundationEssentials
import Glibc
import SceneGraph
import Timeline

/// One compiler diagnostic as the overlay shows it.
struct SketchDiagnostic: Equatable {
  var file: String
  var line: Int
  var column: Int
  var message: String

  /// The `error:` lines of the compiler's output, in `file:line:col: error: message` form.
  static func errors(in output: String) -> [SketchDiagnostic] {
    output.split(separator: "\n").compactMap { raw in
      let line = String(raw)
      guard let marker = line.firstRange(of: ": error: ") else { return nil }
      let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
      guard location.count >= 3, let l = Int(location[location.count - 2]), let c = Int(location[location.count - 1])
      else { return nil }
      return SketchDiagnostic(
        file: location.dropLast(2).joined(separator: ":"), line: l, column: c,
        message: String(line[marker.upperBound...]))
    }
  }
}

/// Compiles a sketch's files into a shared library with the toolchain's `swiftc`.
///
/// Each build writes the files as compiled (see `SketchScanner`), each headed by a
/// `#sourceLocation` naming the user's file so diagnostics point there, and an entry file that
/// hands the chosen view to the program. The library gets a module name of its own, since a
/// process cannot unload the previous one and both stay loaded.
final class SketchCompiler {
  let toolchain: SketchToolchain
  let sources: SketchSources
  /// `--view`, when given.
  let viewName: String?
  /// `5` by default: published SwiftUI code is mostly Swift 5.
  let swiftVersion: String
  /// Where builds go; removed when the compiler goes.
  let folder: String
  private var builds = 0

  /// What one build produced.
  enum Outcome {
    /// The library, the view it shows, the compiler's warnings, and how long it took.
    case built(library: String, view: SketchCandidate, warnings: String, seconds: Double)
    /// Diagnostics (the compiler's own text) and the summary line.
    case failed(SketchFailure, diagnostics: String)
  }

  init(toolchain: SketchToolchain, sources: SketchSources, viewName: String?, swiftVersion: String)
    throws(SketchFailure)
  {
    self.toolchain = toolchain
    self.sources = sources
    self.viewName = viewName
    self.swiftVersion = swiftVersion
    var template = Array("/tmp/timeline-playground-sketch-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw .toolchain("cannot make a build folder under /tmp: \(String(cString: strerror(errno)))")
    }
    folder = String(cString: made)
  }

  deinit { _ = try? FileManager.default.removeItem(atPath: folder) }

  /// The candidates of the files as they are now, in declaration order, and the files' text
  /// as compiled.
  static func scan(_ sources: SketchSources) throws(SketchFailure) -> (candidates: [SketchCandidate], texts: [String]) {
    var candidates: [SketchCandidate] = []
    var texts: [String] = []
    for (index, file) in sources.files.enumerated() {
      guard let data = FileManager.default.contents(atPath: file) else { throw .usage("\(file): cannot be read") }
      let scanner = SketchScanner(text: String(decoding: data, as: UTF8.self), file: file, fileIndex: index)
      candidates += scanner.candidates
      texts.append(scanner.compiledText)
    }
    return (candidates, texts)
  }

  /// The view to show: `--view`'s, else the first `#Preview`, else the first view type.
  func choose(from candidates: [SketchCandidate]) throws(SketchFailure) -> SketchCandidate {
    if let viewName {
      guard let named = candidates.first(where: { $0.name == viewName }) else {
        let list = candidates.map(\.name).joined(separator: ", ")
        throw .usage(
          "no view named '\(viewName)' in \(sources.path)"
            + (list.isEmpty ? "; it has none" : "; its views: \(list)"))
      }
      return named
    }
    if let preview = candidates.first(where: { $0.kind == .preview }) { return preview }
    if let type = candidates.first(where: { $0.kind == .type }) { return type }
    if let scene = candidates.first(where: { $0.kind == .scene }) { return scene }
    throw .noView("\(sources.path) has no view: looked for a #Preview and for a top-level type conforming to View")
  }

  /// Compiles the files as they are now.
  func build() -> Outcome {
    let started = monotonicSeconds()
    let view: SketchCandidate
    let texts: [String]
    do {
      let scanned = try Self.scan(sources)
      texts = scanned.texts
      view = try choose(from: scanned.candidates)
    } catch {
      return .failed(error, diagnostics: "")
    }
    builds += 1
    let module = "Sketch\(getpid())_\(builds)"
    var inputs: [String] = []
    for (index, (file, text)) in zip(sources.files, texts).enumerated() {
      let copy = Paths.join(folder, "\(index)-\(Paths.lastComponent(file))")
      let header = "#sourceLocation(file: \(Self.literal(file)), line: 1)\n"
      guard FileManager.default.createFile(atPath: copy, contents: Data((header + text).utf8)) else {
        return .failed(.toolchain("cannot write \(copy)"), diagnostics: "")
      }
      inputs.append(copy)
    }
    let entry = Paths.join(folder, "entry-for-\(view.kind == .type ? view.name : "preview").swift")
    let entrySource = """
      import TimelinePlayground

      @_cdecl("timeline_playground_sketch")
      public func __timelinePlaygroundSketch() -> UnsafeMutableRawPointer {
        let entry = SketchEntry(viewName: \(Self.literal(view.name)), isScene: \(view.kind == .scene)) { context in
          \(view.expression)
        }
        return Unmanaged.passRetained(entry).toOpaque()
      }

      """
    guard FileManager.default.createFile(atPath: entry, contents: Data(entrySource.utf8)) else {
      return .failed(.toolchain("cannot write \(entry)"), diagnostics: "")
    }
    let library = Paths.join(folder, "lib\(module).so")
    let arguments =
      [
        toolchain.compiler, "-emit-library", "-parse-as-library", "-swift-version", swiftVersion, "-module-name",
        module,
        "-I", toolchain.modules, "-Onone", "-diagnostic-style", "llvm", "-o", library,
      ] + toolchain.clangModuleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
    guard let result = runChild(toolchain.compiler, arguments + inputs + [entry], timeout: 300) else {
      return .failed(.toolchain("\(toolchain.compiler) could not be started"), diagnostics: "")
    }
    let output = (result.output + result.errorOutput).replacing(entry, with: "<entry for \(view.name)>")
    guard result.status == 0 else {
      if result.timedOut {
        return .failed(.doesNotCompile("the compiler ran for over 300 s; stopped"), diagnostics: output)
      }
      if output.contains("cannot be imported by the Swift") || output.contains("compiled with a different version") {
        return .failed(
          .toolchain("the compiler cannot read the modules in \(toolchain.modules): rebuild them with it"),
          diagnostics: output)
      }
      let count = SketchDiagnostic.errors(in: output).count
      let hint =
        output.contains("<entry for") && view.kind != .preview
        ? " (\(view.name) must be made with no arguments; name another with --view or add a #Preview)" : ""
      return .failed(
        .doesNotCompile("\(sources.path) does not compile: \(count) error\(count == 1 ? "" : "s")\(hint)"),
        diagnostics: output)
    }
    return .built(library: library, view: view, warnings: output, seconds: monotonicSeconds() - started)
  }

  /// A Swift string literal for `s`.
  private static func literal(_ s: String) -> String {
    "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}

/// Loads a compiled sketch library and takes its entry.
enum SketchLoader {
  /// Opens `library` and returns what its entry point hands over; the file is removed once
  /// loaded (the mapping stays), so builds do not pile up on disk.
  static func load(_ library: String) throws(SketchFailure) -> SketchEntry {
    defer { unlink(library) }
    guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
      throw .doesNotCompile("the sketch library could not be loaded: \(String(cString: dlerror()))")
    }
    guard let symbol = dlsym(handle, "timeline_playground_sketch") else {
      throw .doesNotCompile("the sketch library has no entry point")
    }
    typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
    let raw = unsafeBitCast(symbol, to: Entry.self)()
    return Unmanaged<SketchEntry>.fromOpaque(raw).takeRetainedValue()
  }
}
