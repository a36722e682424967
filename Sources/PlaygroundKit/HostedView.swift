import ArgumentParser
import FoundationEssentials
import Glibc
import SceneGraph
import Scenes

/// A view that a program linking the library shows with `PlaygroundApp.run`, as a scene.
struct HostedViewScene: PlaygroundScene {
  /// The program's view and its name; set once, before the window opens.
  nonisolated(unsafe) static var hosted: (name: String, make: (SceneContext) -> AnyView)?

  static var name: String { hosted?.name ?? "view" }
  static var title: String { name }
  static var scheduleSummary: String { "your view" }

  func body(_ context: SceneContext) -> some View {
    ZStack {
      // On white, as a preview canvas shows a view.
      Rectangle().fill(Color.white)
      Self.hosted?.make(context)
    }
  }
}

/// Opens the window on a program's own view, with every option `playground run` takes.
public enum HostedWindow {
  /// Shows `make`'s view in the window, named `name` (the title bar, `--stats`), and exits when
  /// the window closes. The program's own arguments are `run`'s: `--stats`, `--size`, …
  public static func run(name: String, _ make: @escaping (SceneContext) -> AnyView) -> Never {
    PlaygroundCommand.installDecoders()
    HostedViewScene.hosted = (name, make)
    SceneCatalog.add(HostedViewScene.self)
    PlaygroundCommand.main(["run", "--scene", name] + CommandLine.arguments.dropFirst())
    exit(0)
  }
}
