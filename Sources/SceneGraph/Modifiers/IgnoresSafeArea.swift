// `.ignoresSafeArea`: a window on the desktop has no safe area, so the view is unchanged.

/// The kinds of safe area a view can extend into; SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  /// Creates a set of regions.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The area the container leaves free of bars and rounded corners.
  public static let container = SafeAreaRegions(rawValue: 1)
  /// The area a software keyboard covers.
  public static let keyboard = SafeAreaRegions(rawValue: 2)
  /// Every region.
  public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension Edge {
  /// SwiftUI's name for a set of edges; `Edge` is already one here.
  public typealias Set = Edge
}

extension View {
  /// Extends the view into the safe area; a desktop window has none, so the view is unchanged.
  public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }

  /// SwiftUI's older spelling of `ignoresSafeArea(_:edges:)`; the view is unchanged.
  public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }
}
