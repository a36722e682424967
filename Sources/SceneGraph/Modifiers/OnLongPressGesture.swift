// `.onLongPressGesture`: an action for a press held still, and one for the press itself.
import Graphics

extension View {
  /// Runs `action` once a press on the view has been held `minimumDuration` seconds without
  /// moving more than `maximumDistance` points; `onPressingChanged` gets true on the press and
  /// false when it ends, held long enough or not.
  public func onLongPressGesture(
    minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
    onPressingChanged: ((Bool) -> Void)? = nil
  ) -> some View {
    gesture(
      _LongPressActions(
        minimumDuration: minimumDuration, maximumDistance: maximumDistance, action: action, pressing: onPressingChanged)
    )
  }

  /// The older spelling, with the pressing action first. Disfavored: a lone trailing closure
  /// is the action under either spelling, and the newer one is taken.
  @_disfavoredOverload
  public func onLongPressGesture(
    minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, pressing: ((Bool) -> Void)? = nil,
    perform action: @escaping () -> Void
  ) -> some View {
    onLongPressGesture(
      minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action, onPressingChanged: pressing)
  }
}
