// Text's own modifiers (`Text("a").bold()` is a `Text`) and `+`, which joins texts with their
// styles into one line of runs.
import Graphics

/// What a text's own modifiers set, over what the environment gives it; nil leaves a value
/// to the environment (or, inside a `+`, to the joined text's modifiers).
struct TextRunStyle: Hashable {
  var font: Font?
  /// `.some(nil)`: the font's own weight, whatever `bold()` outside says.
  var weight: Font.Weight??
  var italic: Bool?
  var paint: Paint?
  var monospacedDigits: Bool?
  var tracking: Double?

  /// This style with what it leaves unset taken from `outer`.
  func over(_ outer: TextRunStyle) -> TextRunStyle {
    TextRunStyle(
      font: font ?? outer.font, weight: weight ?? outer.weight, italic: italic ?? outer.italic,
      paint: paint ?? outer.paint, monospacedDigits: monospacedDigits ?? outer.monospacedDigits,
      tracking: tracking ?? outer.tracking)
  }

  /// The resolved node of `string` set in this style in `env`.
  func node(_ string: String, in env: EnvironmentValues) -> RNode {
    guard self != TextRunStyle() else { return RNode(.text(string, env.textFont, env.foreground)) }
    return RNode(.text(string, font(in: env), paint ?? env.foreground))
  }

  /// The font text in this style is set in, in `env`.
  func font(in env: EnvironmentValues) -> Font {
    var f = font ?? env.font
    if monospacedDigits ?? env.monospacedDigits { f.usesMonospacedDigits = true }
    if let weight = weight ?? env.fontWeight { f.weight = weight }
    if italic ?? env.italic { f.isItalic = true }
    let tracking = self.tracking ?? env.tracking
    if tracking != 0 { f.tracking = tracking }
    return f
  }
}

extension Text {
  /// A copy with `change` made to its style (to every run's, for joined text, under theirs).
  private func styled(_ change: (inout TextRunStyle) -> Void) -> Text {
    var t = self
    change(&t.style)
    return t
  }

  /// Sets the text's font; nil leaves it to the environment.
  public func font(_ font: Font?) -> Text { styled { $0.font = font } }
  /// Sets the text's weight; nil leaves it to the font.
  public func fontWeight(_ weight: Font.Weight?) -> Text { styled { $0.weight = .some(weight) } }
  /// Makes the text bold (or, with `false`, leaves its weight to its font).
  public func bold(_ isActive: Bool = true) -> Text { styled { $0.weight = .some(isActive ? .bold : nil) } }
  /// Makes the text italic.
  public func italic(_ isActive: Bool = true) -> Text { styled { $0.italic = isActive } }
  /// Sets the text's color; nil leaves it to the environment.
  public func foregroundColor(_ color: Color?) -> Text { styled { $0.paint = color.map { .color($0) } } }
  /// Sets the text's paint (a color, a gradient).
  public func foregroundStyle(_ style: some ShapeStyle) -> Text { styled { $0.paint = style.paint } }
  /// Uses tabular digits, so changing numbers keep their width.
  public func monospacedDigit() -> Text { styled { $0.monospacedDigits = true } }
  /// Adds `tracking` points after each character.
  public func tracking(_ tracking: CGFloat) -> Text { styled { $0.tracking = tracking } }
  /// Adds `kerning` points between characters; drawn as tracking.
  public func kerning(_ kerning: CGFloat) -> Text { styled { $0.tracking = kerning } }
  /// Underlines the text. Accepted: no line is drawn.
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
  /// Strikes the text through. Accepted: no line is drawn.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
  /// Raises the text by `offset` points. Accepted: text sits on its line.
  public func baselineOffset(_ offset: CGFloat) -> Text { self }

  /// The two texts on one line, each keeping its own style; modifiers on the result apply
  /// where a part set nothing itself.
  public static func + (lhs: Text, rhs: Text) -> Text {
    var joined = Text("")
    joined.runs = lhs.parts + rhs.parts
    return joined
  }

  /// The single-run texts this one is made of, with its own style under theirs.
  var parts: [Text] {
    guard let runs else { return [self] }
    return runs.map { run in
      var r = run
      r.style = run.style.over(style)
      return r
    }
  }

  /// The string the text shows, all its runs together.
  var string: String { runs.map { $0.map(\.content).joined() } ?? content }
}

extension View {
  /// Underlines text inside. Accepted: no line is drawn.
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View { self }
  /// Strikes text inside through. Accepted: no line is drawn.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View { self }
  /// Raises text inside by `offset` points. Accepted: text sits on its line.
  public func baselineOffset(_ offset: CGFloat) -> some View { self }
}
