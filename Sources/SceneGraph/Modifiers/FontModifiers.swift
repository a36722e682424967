// `.font` and `.monospacedDigit`: how text inside a view is set.
import Graphics

extension View {
  /// Sets the font of text inside.
  public func font(_ font: Font) -> some View { environment(\.font, font) }

  /// Uses tabular digits in text inside, so changing numbers keep their width.
  public func monospacedDigit() -> some View { environment(\.monospacedDigits, true) }
}
