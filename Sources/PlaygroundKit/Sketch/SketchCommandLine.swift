import ArgumentParser
import FoundationEssentials
import SceneGraph
import Scenes

/// The options every command that takes `--scene` has for a sketch path.
struct SketchArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "With a sketch path: the view to show, by type name, preview title or #Preview@LINE.",
      discussion: "Default: the first #Preview, else the first top-level type conforming to View.",
      valueName: "name"))
  var view: String?

  @Option(
    name: .customLong("swift-version"),
    help: ArgumentHelp("With a sketch path: the Swift language mode to compile it in, 5 or 6.", valueName: "n"))
  var swiftVersion: String = "5"

  func validate() throws {
    guard ["5", "6"].contains(swiftVersion) else {
      throw UsageFailure.fail("--swift-version must be 5 or 6, got '\(swiftVersion)'")
    }
  }
}

/// How a command opens the sketch a `--scene` path (or `run PATH`) names.
enum SketchCommandLine {
  /// In the parent: runs the whole command in a supervised child and exits with its status.
  /// In the child: builds and loads the sketch and returns its scene type; a build that fails
  /// ends the command (65), except under `run`, whose window opens on the diagnostics.
  static func open(_ path: String, _ arguments: SketchArguments, keepsRunning: Bool) throws
    -> any PlaygroundScene.Type
  {
    guard SketchSupervisor.isChild else {
      throw ExitCode(SketchSupervisor.supervise(restartAfterCrash: keepsRunning))
    }
    do {
      let host = try SketchHost.prepare(path: path, view: arguments.view, swiftVersion: arguments.swiftVersion)
      SketchHost.current = host
      if let crash = SketchSupervisor.crashToShow {
        host.showCrash(crash)
      } else if let failure = host.buildNow() {
        guard keepsRunning, failure.status == 65 else { throw failure }
        printError("playground: \(failure.message); the window waits for a save that compiles")
      }
      SceneCatalog.add(SketchScene.self)
      return SketchScene.self
    } catch let failure as SketchFailure {
      throw failure.exit()
    }
  }
}
