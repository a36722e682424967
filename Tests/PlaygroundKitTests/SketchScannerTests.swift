import Foundation
import Testing

@testable import PlaygroundKit

/// What `run PATH` picks from a sketch's files, and the text the compiler is given.
@Suite struct SketchScannerTests {
  static let file = """
    import SwiftUI

    // struct Commented: View {}
    let text = "struct InString: View { }"
    let raw = #"a "quoted" struct Raw: View"#

    struct Helper<T>: View {
      var body: some View { EmptyView() }
    }

    /* struct Blocked: View { /* nested */ } */
    struct Pulse: View, Equatable {
      struct Inner: View { var body: some View { EmptyView() } }
      var body: some View { Text("\\(1 + 2) }") }
    }

    final class Model: ObservableObject {}

    extension Later: SwiftUI.View {}

    #Preview("Big pulse") {
      Pulse()
        .scaleEffect(2)
    }

    #Preview {
      Pulse()
    }

    struct Gallery: PlaygroundScene {}
    """

  @Test("candidates in declaration order: previews by title or line, top-level non-generic views, scenes")
  func candidates() {
    let scanner = SketchScanner(text: Self.file, file: "/s/Pulse.swift", fileIndex: 0)
    let found = scanner.candidates.map { "\($0.kind) \($0.name) \($0.line) \($0.expression)" }
    #expect(
      found == [
        "type Pulse 12 AnyView(Pulse())",
        "type Later 19 AnyView(Later())",
        "preview Big pulse 21 AnyView(__playgroundPreview_0_21())",
        "preview #Preview@26 26 AnyView(__playgroundPreview_0_26())",
        "scene Gallery 30 AnyView(Gallery().body(context))",
      ])
  }

  @Test("the compiled text: SwiftUI's import and each #Preview rewritten, every line where it was")
  func compiledText() {
    let scanner = SketchScanner(text: Self.file, file: "/s/Pulse.swift", fileIndex: 3)
    let text = scanner.compiledText
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == Self.file.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(lines[0] == "import TimelinePlayground")
    #expect(lines[20] == "@ViewBuilder func __playgroundPreview_3_21() -> some View {")
    #expect(lines[25] == "@ViewBuilder func __playgroundPreview_3_26() -> some View {")
    #expect(lines[13] == "  var body: some View { Text(\"\\(1 + 2) }\") }")
  }

  @Test("Combine's import reads as OpenCombine's; other imports stay")
  func combineImport() {
    let source = "import SwiftUI\nimport Combine\nimport Foundation\nimport CombineExtras\n"
    let text = SketchScanner(text: source, file: "f", fileIndex: 0).compiledText
    #expect(
      text == "import TimelinePlayground\nimport OpenCombine\nimport Foundation\nimport CombineExtras\n")
  }

  @Test("a preview whose arguments span lines keeps the lines after it in place")
  func multilinePreview() {
    let source = "#Preview(\n  \"Two\",\n  traits: .sizeThatFitsLayout\n) {\n  Text(\"x\")\n}\nstruct After: View {}\n"
    let scanner = SketchScanner(text: source, file: "f", fileIndex: 0)
    #expect(scanner.candidates.map(\.name) == ["Two", "After"])
    #expect(scanner.candidates.map(\.line) == [1, 7])
    let lines = scanner.compiledText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(lines[6] == "struct After: View {}")
  }

  @Test("compiler diagnostics: the error lines, with file, line and column")
  func diagnostics() {
    let output = """
      /tmp/a b/S.swift:3:27: error: cannot find 'Colr' in scope
          Circle().fill(Colr.red)
                        ^~~~
      /tmp/a b/S.swift:9:1: warning: unused
      <entry for S>:4:5: error: missing argument for parameter 'date' in call
      """
    #expect(
      SketchDiagnostic.errors(in: output) == [
        SketchDiagnostic(file: "/tmp/a b/S.swift", line: 3, column: 27, message: "cannot find 'Colr' in scope"),
        SketchDiagnostic(
          file: "<entry for S>", line: 4, column: 5, message: "missing argument for parameter 'date' in call"),
      ])
  }

  @Test("a trap's message names the user's file, not the build's module")
  func trapMessage() {
    #expect(withoutModule("Sketch123_4/Pulse.swift:12: Fatal error: boom") == "Pulse.swift:12: Fatal error: boom")
    #expect(withoutModule("Fatal error: Index out of range") == "Fatal error: Index out of range")
    #expect(withoutModule("Sketchy/Pulse.swift:1: Fatal error") == "Sketchy/Pulse.swift:1: Fatal error")
  }

  @Test("bench --reload changes the first integer literal outside comments and strings")
  func literalToChange() {
    let text = "// 12 in a comment\nlet s = \"7\"\nlet scale = 1.5\nlet count = 42\n"
    let found = ReloadBenchmark.firstNumberLiteral(in: text)
    #expect(found?.value == 42)
    #expect(found?.line == 4)
    #expect(found.map { String(text[$0.range]) } == "42")
    #expect(ReloadBenchmark.firstNumberLiteral(in: "let x = y\n") == nil)
  }

  @Test("sketch paths: a .swift file, a folder's files in name order, and one-line refusals")
  func sources() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sketch-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for name in ["b.swift", "a.swift", "notes.txt", ".hidden.swift"] {
      #expect(FileManager.default.createFile(atPath: "\(dir)/\(name)", contents: Data("struct V {}\n".utf8)))
    }
    #expect(try SketchSources.resolve(dir).files == ["\(dir)/a.swift", "\(dir)/b.swift"])
    #expect(try SketchSources.resolve("\(dir)/b.swift").name == "b")
    #expect(
      SketchSources.isSketchPath("./x") && SketchSources.isSketchPath("x.swift") && !SketchSources.isSketchPath("clock")
    )
    #expect(throws: SketchFailure.usage("\(dir)/nope.swift: no such file or folder")) {
      try SketchSources.resolve("\(dir)/nope.swift")
    }
    #expect(throws: SketchFailure.usage("\(dir)/notes.txt: not a Swift file (a sketch ends in .swift)")) {
      try SketchSources.resolve("\(dir)/notes.txt")
    }
    try FileManager.default.createDirectory(atPath: "\(dir)/empty", withIntermediateDirectories: false)
    #expect(throws: SketchFailure.usage("\(dir)/empty: a folder with no .swift files")) {
      try SketchSources.resolve("\(dir)/empty")
    }
  }

  @Test("the problem overlay wraps to the window and ends with … when it runs out of room")
  func overlayLines() {
    let errors = (1...9).map {
      SketchDiagnostic(file: "/x/S.swift", line: $0, column: 2, message: "cannot find 'thing' in scope")
    }
    let lines = SketchProblemView.lines(
      .compile("S.swift does not compile: 9 errors", errors), columns: 24, maxLines: 8)
    #expect(lines.count == 8)
    // The heading wraps too, so it reads in a 320-point window.
    #expect(lines.prefix(3).map(\.text) == ["S.swift does not ", "compile: 9 errors — the ", "last good code keeps "])
    #expect(lines.prefix(4).allSatisfy { $0.isHeading })
    #expect(lines[4].text == "S.swift:1:2: cannot ")
    #expect(lines.allSatisfy { $0.text.count <= 24 })
    #expect(lines.last?.text == "…")
    let first = SketchProblemView.lines(
      .compile("S.swift does not compile: 1 error", errors), columns: 40, maxLines: 4, lastGoodRuns: false)
    #expect(
      first.prefix(2).map(\.text) == ["S.swift does not compile: 1 error — ", "waiting for a save that compiles"])
    #expect(first.prefix(2).allSatisfy { $0.isHeading })
    let crash = SketchProblemView.lines(.crash("S.swift:3: Fatal error: boom"), columns: 80, maxLines: 10)
    #expect(
      crash.map(\.text) == ["The sketch crashed — fix it and save to run it again", "S.swift:3: Fatal error: boom"])
  }
}
