import ArgumentParser
import FoundationEssentials
import Glibc

/// `playground new NAME`: a small SwiftPM package of the user's own that opens the window.
struct NewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Write a SwiftPM package, NAME/, whose `swift run` opens the window on a sketch of its own.",
    discussion: """
      The package depends by path on this checkout (or on the copy `make install` put under \
      PREFIX/share/timeline-playground/package), so it builds offline. Its Sources/NAME/Sketch.swift \
      also runs live: `playground run NAME/Sources/NAME/Sketch.swift` reloads it on every save.
      """)

  @Argument(help: ArgumentHelp("The package's name and folder: letters, digits, - and _.", valueName: "name"))
  var name: String

  func validate() throws {
    let ok =
      name.first.map { $0.isLetter } == true
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    guard ok, name.count <= 100 else {
      throw UsageFailure.fail("'\(name)' is not a package name: start with a letter; use letters, digits, - and _")
    }
    guard !FileManager.default.fileExists(atPath: name) else {
      throw UsageFailure.fail("\(name) already exists; pick another name or remove it")
    }
  }

  func run() throws {
    guard let library = Self.librarySource() else {
      printError("playground: cannot find the TimelinePlayground package source (a checkout, or `make install`'s copy)")
      throw ExitCode(69)
    }
    // SwiftPM names a package by its folder, lowercased.
    let identity = Paths.lastComponent(library).lowercased()
    let target = name.replacing("-", with: "_")
    let files: [(String, String)] = [
      ("Package.swift", Self.manifest(name: name, target: target, library: library, identity: identity)),
      ("Sources/\(target)/main.swift", "import TimelinePlayground\n\nPlaygroundApp.run(Sketch())\n"),
      ("Sources/\(target)/Sketch.swift", Self.sketch),
      (".gitignore", ".build/\nPackage.resolved\n"),
    ]
    do {
      for (path, text) in files {
        let full = Paths.join(name, path)
        try FileManager.default.createDirectory(
          atPath: Paths.deletingLastComponent(full), withIntermediateDirectories: true)
        try OutputFile.write(Data(text.utf8), to: full)
      }
    } catch {
      printError("playground: cannot write \(name): \(error)")
      throw ExitCode(73)
    }
    print(
      "wrote \(name)/: `cd \(name) && swift run` opens the window; `playground run \(name)/Sources/\(target)/Sketch.swift` reloads on save"
    )
  }

  /// The package holding the TimelinePlayground library: the checkout this binary was built in,
  /// or the installed copy.
  static func librarySource() -> String? {
    guard let modules = SketchToolchain.modulesFolder() else { return nil }
    // `<checkout>/.build/<triple>/<configuration>/Modules` or `PREFIX/share/timeline-playground/Modules`.
    var folder = Paths.deletingLastComponent(modules)
    for _ in 0..<4 {
      if FileManager.default.fileExists(atPath: Paths.join(folder, "Package.swift")),
        FileManager.default.fileExists(atPath: Paths.join(folder, "Sources/TimelinePlayground"))
      {
        return folder
      }
      let package = Paths.join(folder, "package")
      if FileManager.default.fileExists(atPath: Paths.join(package, "Package.swift")) { return package }
      folder = Paths.deletingLastComponent(folder)
    }
    return nil
  }

  static func manifest(name: String, target: String, library: String, identity: String) -> String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "\(name)",
      dependencies: [
        .package(path: "\(library)")
      ],
      targets: [
        .executableTarget(
          name: "\(target)",
          dependencies: [.product(name: "TimelinePlayground", package: "\(identity)")],
          // Published SwiftUI code is mostly Swift 5.
          swiftSettings: [.swiftLanguageMode(.v5)]
        )
      ]
    )

    """
  }

  static let sketch = """
    import TimelinePlayground

    /// A ring that breathes once a second, with the time under it.
    struct Sketch: View {
      var body: some View {
        TimelineView(.animation) { context in
          let t = context.date.timeIntervalSinceReferenceDate
          let pulse = 0.5 + 0.5 * sin(t * 2 * .pi)
          VStack(spacing: 16) {
            Circle()
              .fill(Color.orange)
              .frame(width: 80 + 60 * pulse, height: 80 + 60 * pulse)
              .frame(width: 160, height: 160)
            Text(String(format: "%.1f s", t.truncatingRemainder(dividingBy: 60)))
              .font(.system(size: 24))
          }
        }
      }
    }

    """
}
