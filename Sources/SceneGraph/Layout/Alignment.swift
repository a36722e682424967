import Graphics

/// A point in a view's own unit square: (0, 0) is the top-leading corner.
public struct UnitPoint: Hashable, Sendable {
  public var x: Double
  public var y: Double
  /// Creates a unit point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  public static let zero = UnitPoint(x: 0, y: 0)
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  public static let top = UnitPoint(x: 0.5, y: 0)
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  public static let leading = UnitPoint(x: 0, y: 0.5)
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  public static let topLeading = UnitPoint(x: 0, y: 0)
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// Where a child sits inside a larger space, as fractions of the free room on each axis.
public struct Alignment: Hashable, Sendable {
  public var horizontal: Double
  public var vertical: Double
  /// Creates an alignment from fractions (0 leading/top, 1 trailing/bottom).
  public init(horizontal: Double, vertical: Double) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  public static let center = Alignment(horizontal: 0.5, vertical: 0.5)
  public static let top = Alignment(horizontal: 0.5, vertical: 0)
  public static let bottom = Alignment(horizontal: 0.5, vertical: 1)
  public static let leading = Alignment(horizontal: 0, vertical: 0.5)
  public static let trailing = Alignment(horizontal: 1, vertical: 0.5)
  public static let topLeading = Alignment(horizontal: 0, vertical: 0)
  public static let topTrailing = Alignment(horizontal: 1, vertical: 0)
  public static let bottomLeading = Alignment(horizontal: 0, vertical: 1)
  public static let bottomTrailing = Alignment(horizontal: 1, vertical: 1)
}

/// Vertical placement of children in an `HStack`.
public enum VerticalAlignment: Hashable, Sendable {
  case top, center, bottom
  var fraction: Double {
    switch self {
    case .top: 0
    case .center: 0.5
    case .bottom: 1
    }
  }
}

/// Horizontal placement of children in a `VStack`.
public enum HorizontalAlignment: Hashable, Sendable {
  case leading, center, trailing
  var fraction: Double {
    switch self {
    case .leading: 0
    case .center: 0.5
    case .trailing: 1
    }
  }
}
