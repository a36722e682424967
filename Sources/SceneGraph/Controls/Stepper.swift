// `Stepper`: a value stepped up and down by its − and + halves, or by the arrow keys.
import Graphics

/// A control of two halves that decrement and increment a value; SwiftUI's `Stepper`.
///
/// Drawn as iOS draws it: the label, then the 94 × 32 point − | + box at the trailing edge of
/// the space it is offered. A press on a half steps the value once and focuses the stepper;
/// while focused, Right and Up (or `+`) increment, Left and Down (or `-`) decrement. A value
/// in a range stops at its ends, and the half that cannot step is drawn gray.
public struct Stepper<Label: View>: View {
  public typealias Body = Never
  let onIncrement: (() -> Void)?
  let onDecrement: (() -> Void)?
  /// Whether each half can step now (false at the range's end).
  let canIncrement: Bool
  let canDecrement: Bool
  let onEditingChanged: (Bool) -> Void
  let label: Label
  /// False for a label made from an empty title, which is left out.
  let hasLabel: Bool

  /// Creates a stepper that runs `onIncrement` and `onDecrement`.
  public init(
    onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in },
    @ViewBuilder label: () -> Label
  ) {
    self.init(
      onIncrement: onIncrement, onDecrement: onDecrement, canIncrement: onIncrement != nil,
      canDecrement: onDecrement != nil, onEditingChanged: onEditingChanged, label: label(),
      hasLabel: Label.self != EmptyView.self)
  }

  /// Creates a stepper that steps `value` by `step` within `bounds`.
  public init<V: Strideable>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label
  ) {
    self.init(
      value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged, label: label(),
      hasLabel: Label.self != EmptyView.self)
  }

  /// Creates a stepper that steps `value` by `step`, without bounds.
  public init<V: Strideable>(
    value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
    @ViewBuilder label: () -> Label
  ) {
    self.init(
      value: value, bounds: nil, step: step, onEditingChanged: onEditingChanged, label: label(),
      hasLabel: Label.self != EmptyView.self)
  }

  init(
    onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, canIncrement: Bool, canDecrement: Bool,
    onEditingChanged: @escaping (Bool) -> Void, label: Label, hasLabel: Bool
  ) {
    self.onIncrement = onIncrement
    self.onDecrement = onDecrement
    self.canIncrement = canIncrement
    self.canDecrement = canDecrement
    self.onEditingChanged = onEditingChanged
    self.label = label
    self.hasLabel = hasLabel
  }

  init<V: Strideable>(
    value: Binding<V>, bounds: ClosedRange<V>?, step: V.Stride, onEditingChanged: @escaping (Bool) -> Void,
    label: Label, hasLabel: Bool
  ) {
    let current = value.wrappedValue
    self.init(
      onIncrement: {
        let next = value.wrappedValue.advanced(by: step)
        value.wrappedValue = bounds.map { min(next, $0.upperBound) } ?? next
      },
      onDecrement: {
        let next = value.wrappedValue.advanced(by: -step)
        value.wrappedValue = bounds.map { max(next, $0.lowerBound) } ?? next
      },
      canIncrement: bounds.map { current < $0.upperBound } ?? true,
      canDecrement: bounds.map { current > $0.lowerBound } ?? true, onEditingChanged: onEditingChanged,
      label: label, hasLabel: hasLabel)
  }
}

extension Stepper where Label == Text {
  /// Creates a stepper titled `title` that runs `onIncrement` and `onDecrement`.
  public init<S: StringProtocol>(
    _ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(
      onIncrement: onIncrement, onDecrement: onDecrement, canIncrement: onIncrement != nil,
      canDecrement: onDecrement != nil, onEditingChanged: onEditingChanged, label: Text(String(title)),
      hasLabel: !title.isEmpty)
  }

  /// Creates a stepper titled `title` that steps `value` by `step` within `bounds`.
  public init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(
      value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged, label: Text(String(title)),
      hasLabel: !title.isEmpty)
  }

  /// Creates a stepper titled `title` that steps `value` by `step`, without bounds.
  public init<S: StringProtocol, V: Strideable>(
    _ title: S, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(
      value: value, bounds: nil, step: step, onEditingChanged: onEditingChanged, label: Text(String(title)),
      hasLabel: !title.isEmpty)
  }
}

extension Stepper: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let (increment, decrement, editing) = (onIncrement, onDecrement, onEditingChanged)
    let behavior = ControlBehavior(
      press: { pointer in
        editing(true)
        if pointer.location.x < pointer.frame.midX { decrement?() } else { increment?() }
      },
      release: { _ in editing(false) },
      key: { key in
        let step: (() -> Void)??
        switch key {
        case .rightArrow, .upArrow, "+", "=": step = increment
        case .leftArrow, .downArrow, "-": step = decrement
        default: step = nil
        }
        guard let step else { return false }
        editing(true)
        step?()
        editing(false)
        return true
      })
    let look = StepperBox(canIncrement: canIncrement, canDecrement: canDecrement)
    let box = _ControlHost(cornerRadius: StepperBox.cornerRadius, behavior: behavior) { _ in look }
    let showsLabel = hasLabel && !ctx.env.controls.labelsHidden
    return ctx.runtime.child(node, ChildKey(0), ToggleRow(label: showsLabel ? label : nil, control: box), ctx)
  }
}

/// The − | + box: a light gray rounded rectangle split in two, each half gray when it cannot
/// step.
struct StepperBox: View, Equatable {
  let canIncrement: Bool
  let canDecrement: Bool

  /// The box's size, as iOS draws it.
  static let size = Size(width: 94, height: 32)
  static let cornerRadius = 8.0

  var body: some View {
    HStack(spacing: 0) {
      half("\u{2212}", enabled: canDecrement)
      Rectangle().fill(Color(white: 0.78)).frame(width: 1, height: 18)
      half("+", enabled: canIncrement)
    }
    .frame(width: Self.size.width, height: Self.size.height)
    .background(RoundedRectangle(cornerRadius: Self.cornerRadius).fill(Color(white: 0.93)))
  }

  private func half(_ symbol: String, enabled: Bool) -> some View {
    Text(symbol).font(.system(size: 20, weight: .medium))
      .foregroundStyle(enabled ? Color.primary : Color(white: 0.72))
      .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}
