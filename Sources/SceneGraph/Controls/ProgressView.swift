// `ProgressView`: a bar filled to a fraction, or, with no value, a spinner of eight spokes that
// steps round eight times a second on a periodic schedule (not every display frame).
import FoundationEssentials
import Graphics

/// A task's progress; SwiftUI's `ProgressView`, drawn as iOS draws it.
///
/// With a value, a 4-point bar as wide as offered, its track grey and its fill the tint color,
/// under the label if there is one. With no value (`ProgressView()`, or a value of nil), a
/// spinner: eight grey spokes whose brightest steps round eight times a second.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
  let label: Label?
  let currentValueLabel: CurrentValueLabel?
  /// The fraction done, from 0 to 1; nil for a spinner.
  let fraction: Double?

  public var body: some View {
    VStack(alignment: .leading, spacing: 6) {
      if let label { label }
      if let fraction {
        ZStack(alignment: .leading) {
          Capsule().fill(Color.gray.opacity(0.25))
          ProgressBarFill(fraction: fraction).fill(Color.accentColor)
        }
        .frame(height: 4)
      } else {
        ProgressSpinner()
      }
      if let currentValueLabel { currentValueLabel.font(.caption).foregroundStyle(Color.secondary) }
    }
  }

  /// The fraction `value` is of `total`, clamped to 0...1; nil for a nil value.
  static func fraction<V: BinaryFloatingPoint>(_ value: V?, _ total: V) -> Double? {
    guard let value else { return nil }
    let t = Double(total)
    guard t > 0, t.isFinite, Double(value).isFinite else { return 0 }
    return min(1, max(0, Double(value) / t))
  }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  /// A spinner.
  public init() { (label, currentValueLabel, fraction) = (nil, nil, nil) }

  /// A bar filled to `value` of `total`; a spinner when `value` is nil.
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
    (label, currentValueLabel, fraction) = (nil, nil, Self.fraction(value, total))
  }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
  /// A spinner under the text `title`.
  public init<S: StringProtocol>(_ title: S) {
    (label, currentValueLabel, fraction) = (Text(String(title)), nil, nil)
  }

  /// A bar filled to `value` of `total` under the text `title`.
  public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
    (label, currentValueLabel, fraction) = (Text(String(title)), nil, Self.fraction(value, total))
  }
}

extension ProgressView where CurrentValueLabel == EmptyView {
  /// A bar filled to `value` of `total` under `label`.
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
    (self.label, currentValueLabel, fraction) = (label(), nil, Self.fraction(value, total))
  }

  /// A spinner under `label`.
  public init(@ViewBuilder label: () -> Label) { (self.label, currentValueLabel, fraction) = (label(), nil, nil) }
}

extension ProgressView {
  /// A bar filled to `value` of `total`, `label` above it and `currentValueLabel` below.
  public init<V: BinaryFloatingPoint>(
    value: V?, total: V = 1.0, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
  ) {
    (self.label, self.currentValueLabel, fraction) = (label(), currentValueLabel(), Self.fraction(value, total))
  }
}

/// How a progress view is drawn; accepted: bars and spinners are chosen by the value.
public struct ProgressViewStyleChoice: Sendable {
  public static let automatic = ProgressViewStyleChoice()
  public static let linear = ProgressViewStyleChoice()
  public static let circular = ProgressViewStyleChoice()
}

extension View {
  /// Accepted: a progress view is a bar when it has a value and a spinner when it has none.
  public func progressViewStyle(_ style: ProgressViewStyleChoice) -> some View { self }
}

/// The filled part of a progress bar: a capsule as long as `fraction` of the track.
struct ProgressBarFill: Shape {
  let fraction: Double
  func path(in rect: CGRect) -> Path {
    guard fraction > 0 else { return Path() }
    let r = CGRect(x: rect.minX, y: rect.minY, width: rect.width * fraction, height: rect.height)
    return Path(roundedRect: r, cornerRadius: min(r.width, r.height) / 2)
  }
}

/// Eight spokes round a 20-point circle; the brightest steps round eight times a second.
struct ProgressSpinner: View {
  var body: some View {
    TimelineView(.periodic(from: Date(timeIntervalSinceReferenceDate: 0), by: 0.125)) { context in
      let step = Int((context.date.timeIntervalSinceReferenceDate * 8).rounded(.down)) % 8
      ZStack {
        ForEach(0..<8, id: \.self) { i in
          // The spoke `step` is brightest; those behind it fade.
          let age = (step - i + 8) % 8
          Capsule().fill(Color.gray.opacity(1 - Double(age) * 0.11))
            .frame(width: 2.5, height: 6)
            .offset(y: -6.5)
            .rotationEffect(.degrees(Double(i) * 45))
        }
      }
      .frame(width: 20, height: 20)
    }
  }
}
