// `.onTapGesture`: a `TapGesture` (or `SpatialTapGesture`) attached with `.gesture(_:)`.
import Graphics

extension View {
  /// Runs `action` when the view is clicked `count` times, on the last release. Of several
  /// views with taps under the pointer, the innermost takes the click.
  public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void)
    -> _GestureView<Self, _EndedGesture<TapGesture>>
  {
    gesture(TapGesture(count: count).onEnded(action))
  }

  /// Runs `action` with where the view was clicked (`count` times), in `coordinateSpace`.
  public func onTapGesture(
    count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void
  ) -> _GestureView<Self, _EndedGesture<SpatialTapGesture>> {
    gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) })
  }

  /// The shape that takes the view's clicks; accepted: a click anywhere in a view's frame
  /// reaches it already, as `contentShape(Rectangle())` asks.
  public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
}
