// `.ignoresSafeArea`: a window on the desktop has no safe area, so the view is unchanged.

extension View {
  /// Extends the view into the safe area; a desktop window has none, so the view is unchanged.
  public func ignoresSafeArea() -> Self { self }
}
