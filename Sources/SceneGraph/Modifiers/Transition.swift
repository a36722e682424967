// `.transition(_:)` and `AnyTransition`: accepted; a view inserted or removed under an
// animation appears and goes at once.
import Graphics

/// How a view enters and leaves; SwiftUI's `AnyTransition`. Accepted: insertions and
/// removals are not animated here, so a view under `if` appears and goes at once.
public struct AnyTransition: Sendable {
  public static let identity = AnyTransition()
  public static let opacity = AnyTransition()
  public static let scale = AnyTransition()
  public static let slide = AnyTransition()
  /// Scaled from `scale` about `anchor`.
  public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition() }
  /// Moved in from `edge`.
  public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
  /// Offset by `offset`.
  public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition() }
  /// One transition in, another out.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
  /// Also `other`.
  public func combined(with other: AnyTransition) -> AnyTransition { self }
  /// Run with `animation`.
  public func animation(_ animation: Animation?) -> AnyTransition { self }
}

extension View {
  /// How the view enters and leaves; accepted (see `AnyTransition`).
  public func transition(_ t: AnyTransition) -> some View { self }
}
