// `.sensoryFeedback(_:trigger:)`: haptics, accepted; a desktop has nothing to play them on.

/// A haptic or sound a device plays; SwiftUI's `SensoryFeedback`.
public struct SensoryFeedback: Hashable, Sendable {
  let name: String
  public static let success = SensoryFeedback(name: "success")
  public static let warning = SensoryFeedback(name: "warning")
  public static let error = SensoryFeedback(name: "error")
  public static let selection = SensoryFeedback(name: "selection")
  public static let increase = SensoryFeedback(name: "increase")
  public static let decrease = SensoryFeedback(name: "decrease")
  public static let start = SensoryFeedback(name: "start")
  public static let stop = SensoryFeedback(name: "stop")
  public static let alignment = SensoryFeedback(name: "alignment")
  public static let levelChange = SensoryFeedback(name: "levelChange")
  public static let pathComplete = SensoryFeedback(name: "pathComplete")
  public static let impact = SensoryFeedback(name: "impact")

  /// How heavy an impact feels.
  public struct Weight: Hashable, Sendable {
    let value: Int
    public static let light = Weight(value: 0)
    public static let medium = Weight(value: 1)
    public static let heavy = Weight(value: 2)
  }

  /// How flexible the object an impact is with feels.
  public struct Flexibility: Hashable, Sendable {
    let value: Int
    public static let rigid = Flexibility(value: 0)
    public static let solid = Flexibility(value: 1)
    public static let soft = Flexibility(value: 2)
  }

  public static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback { .impact }
  public static func impact(flexibility: Flexibility, intensity: Double = 1) -> SensoryFeedback { .impact }
}

extension View {
  /// Plays `feedback` when `trigger` changes. Accepted: nothing is played on a desktop.
  public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }

  /// Plays `feedback` when `trigger` changes and `condition` says so. Accepted.
  public func sensoryFeedback<T: Equatable>(
    _ feedback: SensoryFeedback, trigger: T, condition: @escaping (T, T) -> Bool
  ) -> some View { self }

  /// Plays the feedback `feedback` returns when `trigger` changes. Accepted.
  public func sensoryFeedback<T: Equatable>(trigger: T, _ feedback: @escaping (T, T) -> SensoryFeedback?) -> some View {
    self
  }
}
