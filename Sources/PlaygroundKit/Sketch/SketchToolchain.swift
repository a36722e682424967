import FoundationEssentials
import Glibc
import Timeline

/// The Swift compiler that builds sketches, and the modules they compile against.
///
/// The modules are the ones built beside this program (`Modules/` next to the binary in a
/// build folder, or `PREFIX/share/timeline-playground/Modules` once installed). A compiler can
/// only import modules that the same compiler version built, so the toolchain is checked once:
/// the compiler's version must be the one written in `TimelinePlayground.swiftmodule`.
struct SketchToolchain {
  /// The `swiftc` to run.
  let compiler: String
  /// The folder holding `TimelinePlayground.swiftmodule` and the modules it imports.
  let modules: String

  /// Finds the compiler (`SWIFT_EXEC`, else `swiftc` on `PATH`) and the modules, and checks
  /// that they belong together.
  static func locate() throws(SketchFailure) -> SketchToolchain {
    guard let modules = modulesFolder() else {
      throw .toolchain(
        "the TimelinePlayground module is not built; run `make build` (or `make install`) first")
    }
    let env = ProcessInfo.processInfo.environment
    let compiler: String
    if let exec = env["SWIFT_EXEC"], !exec.isEmpty {
      compiler = exec
    } else if let found = search(path: env["PATH"] ?? "", for: "swiftc") {
      compiler = found
    } else {
      throw .toolchain("no Swift compiler: put swiftc on PATH or set SWIFT_EXEC")
    }
    guard let result = runChild(compiler, [compiler, "--version"], timeout: 30), result.status == 0 else {
      throw .toolchain("\(compiler) does not run as a Swift compiler")
    }
    let version = (result.output + result.errorOutput).split(separator: "\n").first.map(String.init) ?? ""
    guard let tag = versionTag(version) else { throw .toolchain("\(compiler) did not say its version") }
    let module = Paths.join(modules, "TimelinePlayground.swiftmodule")
    let built = FileManager.default.contents(atPath: module) ?? Data()
    guard Array(built).firstRange(of: Array(tag.utf8)) != nil else {
      throw .toolchain(
        "\(compiler) is \(tag), but the modules in \(modules) were built by another Swift compiler; "
          + "rebuild them with this one (`make build`) or set SWIFT_EXEC")
    }
    return SketchToolchain(compiler: compiler, modules: modules)
  }

  /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)` → `swift-6.3.1-RELEASE`: the part a module
  /// records of the compiler that built it.
  static func versionTag(_ line: String) -> String? {
    guard let open = line.firstRange(of: "(swift-"), let close = line[open.upperBound...].firstIndex(of: ")") else {
      return nil
    }
    return "swift-" + line[open.upperBound..<close]
  }

  private static func search(path: String, for name: String) -> String? {
    for dir in path.split(separator: ":") where !dir.isEmpty {
      let candidate = Paths.join(String(dir), name)
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// The C modules that the Swift modules import, which the compiler must find by module
  /// map: OpenCombine's helpers. A build folder has the map SwiftPM generated beside `Modules/`;
  /// an install has one of its own in `Modules/COpenCombineHelpers/` (see the Makefile).
  var clangModuleMaps: [String] {
    ["COpenCombineHelpers"].compactMap { name in
      [
        Paths.join(Paths.deletingLastComponent(modules), "\(name).build/module.modulemap"),
        Paths.join(modules, "\(name)/module.modulemap"),
      ].first { FileManager.default.fileExists(atPath: $0) }
    }
  }

  /// `Modules/` beside the running binary (a build folder), else the installed copy.
  static func modulesFolder() -> String? {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let bin = Paths.deletingLastComponent(exe)
    for folder in [
      Paths.join(bin, "Modules"), Paths.join(Paths.deletingLastComponent(bin), "share/timeline-playground/Modules"),
    ]
    where FileManager.default.fileExists(atPath: Paths.join(folder, "TimelinePlayground.swiftmodule")) {
      return folder
    }
    return nil
  }
}
