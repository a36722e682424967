import ArgumentParser
import FoundationEssentials
import Glibc
import Graphics
import SceneGraph
import Scenes
import Timeline

/// A window or image size written `WIDTHxHEIGHT`, e.g. `1280x720`.
public struct PixelSize: ExpressibleByArgument, Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Parses `WxH`; both sides must be whole numbers from 1 to 16384.
  public init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w),
      (1...16384).contains(h)
    else { return nil }
    width = w
    height = h
  }

  public var description: String { "\(width)x\(height)" }
  public static let defaultWindow = PixelSize(width: 1280, height: 720)
}

extension Cadence: ExpressibleByArgument {
  /// Parses `live`, `seconds` or `minutes`.
  public init?(argument: String) {
    switch argument {
    case "live": self = .live
    case "seconds": self = .seconds
    case "minutes": self = .minutes
    default: return nil
    }
  }

  public static var allValueStrings: [String] { ["live", "seconds", "minutes"] }
}

/// Command-line problems reported as one line on standard error and exit status 64.
enum UsageFailure {
  /// Prints `playground: message` and returns the usage exit code.
  static func fail(_ message: String) -> ExitCode {
    writeToStandardError("playground: \(message)\n")
    return ExitCode(64)
  }

  /// Looks a scene up by name, or opens the sketch a path names (see `SketchCommandLine`), or
  /// fails naming the valid ones. `keepsRunning` is `run`'s: a crashed sketch is started again
  /// and a first build that fails still opens the window.
  static func scene(_ name: String, sketch: SketchArguments = SketchArguments(), keepsRunning: Bool = false) throws
    -> any PlaygroundScene.Type
  {
    if SketchSources.isSketchPath(name) {
      return try SketchCommandLine.open(name, sketch, keepsRunning: keepsRunning)
    }
    if sketch.view != nil {
      throw fail("--view picks a view of a sketch; '\(name)' is a built-in scene, not a .swift path")
    }
    guard let s = SceneCatalog.scene(named: name) else {
      throw fail("unknown scene '\(name)'; valid scenes: \(SceneCatalog.names.joined(separator: ", "))")
    }
    return s
  }
}

/// Writes a line to standard error.
func printError(_ s: String) {
  writeToStandardError((s + "\n"))
}
