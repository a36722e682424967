import Foundation
import Testing

@testable import SceneGraph

/// `Image(systemName:)`: the name table, the symbol's size and color, resizing, and the
/// placeholder for names without a glyph.
@Suite struct SymbolImageTests {
  /// Collects warnings from several threads' closures.
  final class Log: @unchecked Sendable {
    var lines: [String] = []
  }

  /// A runtime over the fixed-advance text engine whose warnings go to `log`.
  func runtime(warningsTo log: Log = Log()) -> SceneRuntime {
    let rt = SceneRuntime(textEngine: FixedAdvanceTextEngine())
    rt.warn = { log.lines.append($0) }
    return rt
  }

  func frame<V: View>(_ rt: SceneRuntime, _ view: V) {
    _ = rt.frame(
      { view }, input: FrameInput(now: Date(timeIntervalSince1970: 0), time: 0, size: Size(width: 300, height: 200)))
  }

  /// The frames of the symbols laid out in `rt`'s last frame, in tree order.
  func symbolFrames(_ rt: SceneRuntime) -> [Rect] {
    func walk(_ n: RNode) -> [Rect] {
      if case .modified(let m, _) = n.kind, m is SymbolFrame { return [n.frame] }
      return n.children.flatMap(walk)
    }
    return rt.rootOutput.flatMap(walk)
  }

  /// The texts of `rt`'s last frame with their fonts and paints, in tree order.
  func texts(_ rt: SceneRuntime) -> [(String, Font, Paint)] {
    func walk(_ n: RNode) -> [(String, Font, Paint)] {
      if case .text(let s, let font, let paint) = n.kind { return [(s, font, paint)] }
      return n.children.flatMap(walk)
    }
    return rt.rootOutput.flatMap(walk)
  }

  @Test("the compiled name table is Assets/Symbols/sf-symbols.tsv, name for name and codepoint for codepoint")
  func tableMatchesTSV() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets/Symbols/sf-symbols.tsv")
    let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
    var table: [String: UInt32] = [:]
    for row in rows {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      try #require(fields.count == 4, "malformed row: \(row)")
      #expect(table[String(fields[0])] == nil, "\(fields[0]) is listed twice")
      table[String(fields[0])] = UInt32(fields[2], radix: 16)
    }
    #expect(rows.count >= 200)
    #expect(table == symbolCodepoints, "run Tests/EndToEnd/generate-symbol-names.sh")
  }

  @Test("a symbol is a glyph of the icon font in the foreground style, 1.2 times its font's size square")
  func sizedAndColoredLikeText() {
    let rt = runtime()
    frame(
      rt,
      VStack {
        Image(systemName: "heart.fill").font(.system(size: 40)).foregroundStyle(.red)
        Image(systemName: "star")
        Image(systemName: "star").imageScale(.large)
        Image(systemName: "star").font(.caption).imageScale(.small)
      })
    let sizes = symbolFrames(rt).map(\.size)
    #expect(sizes.map(\.width) == sizes.map(\.height))
    let expected: [Double] = [40 * 1.2, 17 * 1.2, 17 * 1.2 * 1.3, 12 * 1.2 * 0.8]
    #expect(zip(sizes.map(\.width), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(sizes)")
    let t = texts(rt)
    #expect(t.map(\.0) == ["\u{E87D}", "\u{E83A}", "\u{E83A}", "\u{E83A}"])
    #expect(t.allSatisfy { $0.1.family == "Material Icons" })
    #expect(t[0].2 == .color(.red) && t[1].2 == .color(.black))
  }

  @Test("resizable() takes the size offered, scaledToFit() keeps the symbol square, scaledToFill() covers")
  func resizing() {
    let rt = runtime()
    frame(
      rt,
      VStack(spacing: 0) {
        Image(systemName: "star").resizable().frame(width: 100, height: 50)
        Image(systemName: "star").resizable().scaledToFit().frame(width: 100, height: 50)
        Image(systemName: "star").resizable().scaledToFill().frame(width: 100, height: 50)
        Image(systemName: "star").frame(width: 100, height: 50)
      })
    let f = symbolFrames(rt)
    #expect(
      f.map(\.size) == [
        Size(width: 100, height: 50), Size(width: 50, height: 50), Size(width: 100, height: 100),
        Size(width: 17 * 1.2, height: 17 * 1.2),
      ])
    // Fitted and filled symbols are centered in their frames.
    #expect(f[1].midX == f[0].midX && f[1].midY == 75 && f[2].midY == 125)
  }

  @Test("a resizable picture fills the size offered; scaledToFit() keeps its aspect ratio")
  func resizablePicture() {
    let rt = runtime()
    let pixels = ImageBuffer(width: 4, height: 2)
    frame(
      rt,
      VStack(spacing: 0) {
        Image(pixels, key: "pixels").resizable().frame(width: 40, height: 40)
        Image(pixels, key: "pixels").resizable().scaledToFit().frame(width: 40, height: 40)
        Image(pixels, key: "pixels").frame(width: 40, height: 40)
      })
    func walk(_ n: RNode) -> [Size] {
      if case .image = n.kind { return [n.frame.size] }
      return n.children.flatMap(walk)
    }
    #expect(
      rt.rootOutput.flatMap(walk) == [
        Size(width: 40, height: 40), Size(width: 40, height: 20), Size(width: 4, height: 2),
      ])
  }

  @Test("an unknown name draws a dashed box with a question mark and warns once for all its uses")
  func unknownNameWarnsOnce() {
    let log = Log()
    let rt = runtime(warningsTo: log)
    let view = HStack {
      Image(systemName: "no.such.symbol.for.tests")
      Image(systemName: "no.such.symbol.for.tests").font(.largeTitle)
      Image(systemName: "star")
    }
    frame(rt, view)
    frame(rt, view.foregroundStyle(.blue))
    #expect(
      log.lines == [
        "Image(systemName: \"no.such.symbol.for.tests\") has no glyph in the icon font; drawn as a placeholder"
      ])
    let sides: [Double] = [17 * 1.2, 34 * 1.2, 17 * 1.2]
    #expect(symbolFrames(rt).map(\.width) == sides)
    #expect(texts(rt).map(\.0) == ["?", "?", "\u{E83A}"])
    func dashedBoxes(_ n: RNode) -> Int {
      if case .shape(_, nil, let stroke?, _) = n.kind, !stroke.style.dash.isEmpty { return 1 }
      return n.children.map(dashedBoxes).reduce(0, +)
    }
    #expect(rt.rootOutput.map(dashedBoxes).reduce(0, +) == 2)
  }
}
