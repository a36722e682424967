import ArgumentParser

/// Why a sketch could not be shown, with the exit status each reason gets.
enum SketchFailure: Error, Equatable {
  /// A path that is missing or not Swift, or a `--view` that is not there (64).
  case usage(String)
  /// Sources with no view to show, or that do not compile (65); diagnostics are printed first.
  case noView(String)
  case doesNotCompile(String)
  /// No toolchain, or one other than the one that built the modules (69).
  case toolchain(String)
  /// The sketch's code trapped or crashed (70).
  case crashed(String)

  /// The one-line summary printed last.
  var message: String {
    switch self {
    case .usage(let m), .noView(let m), .doesNotCompile(let m), .toolchain(let m), .crashed(let m): m
    }
  }

  /// The exit status: 64 usage, 65 data, 69 unavailable, 70 software.
  var status: Int32 {
    switch self {
    case .usage: 64
    case .noView, .doesNotCompile: 65
    case .toolchain: 69
    case .crashed: 70
    }
  }

  /// Prints the summary line and returns the exit code.
  func exit() -> ExitCode {
    printError("playground: \(message)")
    return ExitCode(status)
  }
}
