// `Slider`: a value in a range, set by dragging its thumb or by the arrow keys while focused.
import Graphics

/// A control that sets a value from a range by dragging a thumb along a track; SwiftUI's
/// `Slider`.
///
/// It is as wide as it is offered and 28 points tall. A press on the track moves the thumb
/// there and focuses the slider; a drag moves it on, snapped to `step` when there is one.
/// While focused, the arrow keys move it by `step`, or by a twentieth of the range.
/// `onEditingChanged` is told `true` when a press or key starts a change and `false` when it
/// ends. The label is not drawn (as on iOS); the value labels are, at each end.
public struct Slider<Label: View, ValueLabel: View>: View {
  public typealias Body = Never
  let value: Binding<Double>
  let bounds: ClosedRange<Double>
  let step: Double?
  let onEditingChanged: (Bool) -> Void
  let label: Label
  let minimumValueLabel: ValueLabel
  let maximumValueLabel: ValueLabel
  let hasValueLabels: Bool

  init<V: BinaryFloatingPoint>(
    value: Binding<V>, bounds: ClosedRange<V>, step: V.Stride?, label: Label, minimumValueLabel: ValueLabel,
    maximumValueLabel: ValueLabel, onEditingChanged: @escaping (Bool) -> Void
  ) where V.Stride: BinaryFloatingPoint {
    self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
    self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
    self.step = step.map { Double($0) }.flatMap { $0 > 0 ? $0 : nil }
    self.onEditingChanged = onEditingChanged
    self.label = label
    self.minimumValueLabel = minimumValueLabel
    self.maximumValueLabel = maximumValueLabel
    hasValueLabels = ValueLabel.self != EmptyView.self
  }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
  /// Creates a slider bound to `value` in `bounds`, moving continuously.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(
      value: value, bounds: bounds, step: nil, label: EmptyView(), minimumValueLabel: EmptyView(),
      maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
  }

  /// Creates a slider bound to `value` in `bounds`, moving in multiples of `step`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(
      value: value, bounds: bounds, step: step, label: EmptyView(), minimumValueLabel: EmptyView(),
      maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
  }
}

extension Slider where ValueLabel == EmptyView {
  /// Creates a slider with a label (not drawn, as on iOS).
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(
      value: value, bounds: bounds, step: nil, label: label(), minimumValueLabel: EmptyView(),
      maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
  }

  /// Creates a slider with a label (not drawn), moving in multiples of `step`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(
      value: value, bounds: bounds, step: step, label: label(), minimumValueLabel: EmptyView(),
      maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
  }
}

extension Slider {
  /// Creates a slider with a label (not drawn) and labels for the two ends, drawn beside it.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
    @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(
      value: value, bounds: bounds, step: nil, label: label(), minimumValueLabel: minimumValueLabel(),
      maximumValueLabel: maximumValueLabel(), onEditingChanged: onEditingChanged)
  }

  /// Creates a slider moving in multiples of `step`, with labels for the two ends.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
    @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(
      value: value, bounds: bounds, step: step, label: label(), minimumValueLabel: minimumValueLabel(),
      maximumValueLabel: maximumValueLabel(), onEditingChanged: onEditingChanged)
  }
}

/// How a slider turns pointer positions and keys into values.
struct SliderModel {
  let bounds: ClosedRange<Double>
  let step: Double?

  /// The thumb's diameter; the track runs between the thumb's centers at either end.
  static let thumbDiameter = 28.0

  /// `v` snapped to a multiple of `step` from the lower bound, and clamped to the bounds.
  func snapped(_ v: Double) -> Double {
    var v = v
    if let step { v = bounds.lowerBound + ((v - bounds.lowerBound) / step).rounded() * step }
    return min(bounds.upperBound, max(bounds.lowerBound, v))
  }

  /// The value at a fraction 0...1 of the track.
  func value(at fraction: Double) -> Double {
    snapped(bounds.lowerBound + fraction * (bounds.upperBound - bounds.lowerBound))
  }

  /// Where `v` is along the track, 0...1.
  func fraction(of v: Double) -> Double {
    let span = bounds.upperBound - bounds.lowerBound
    guard span > 0, v.isFinite else { return 0 }
    return min(1, max(0, (v - bounds.lowerBound) / span))
  }

  /// How far one arrow key moves the value: `step`, or a twentieth of the range.
  var keyStep: Double { step ?? (bounds.upperBound - bounds.lowerBound) / 20 }
}

extension Slider: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let model = SliderModel(bounds: bounds, step: step)
    let (value, editing) = (self.value, onEditingChanged)
    let inset = SliderModel.thumbDiameter / 2
    let behavior = ControlBehavior(
      press: { pointer in
        editing(true)
        value.wrappedValue = model.value(at: pointer.fraction(inset: inset))
      },
      drag: { pointer in value.wrappedValue = model.value(at: pointer.fraction(inset: inset)) },
      release: { pointer in
        value.wrappedValue = model.value(at: pointer.fraction(inset: inset))
        editing(false)
      },
      key: { key in
        let direction: Double
        switch key {
        case .rightArrow, .upArrow: direction = 1
        case .leftArrow, .downArrow: direction = -1
        default: return false
        }
        editing(true)
        value.wrappedValue = model.snapped(value.wrappedValue + direction * model.keyStep)
        editing(false)
        return true
      })
    let fraction = model.fraction(of: value.wrappedValue)
    let tint = ctx.env.controlTint
    let track = _ControlHost(cornerRadius: inset, behavior: behavior) { _ in
      SliderTrack(fraction: fraction, tint: tint)
    }
    let row = SliderRow(
      minimumValueLabel: hasValueLabels ? minimumValueLabel : nil,
      maximumValueLabel: hasValueLabels ? maximumValueLabel : nil, track: track)
    return ctx.runtime.child(node, ChildKey(0), row, ctx)
  }
}

/// A slider's track between its value labels, when it has them.
struct SliderRow<ValueLabel: View, Track: View>: View {
  let minimumValueLabel: ValueLabel?
  let maximumValueLabel: ValueLabel?
  let track: Track

  var body: some View {
    if let minimumValueLabel, let maximumValueLabel {
      HStack {
        minimumValueLabel
        track
        maximumValueLabel
      }
    } else {
      track
    }
  }
}

/// The track, tinted up to the thumb, and the white thumb at `fraction` of the way along.
struct SliderTrack: View, Equatable {
  let fraction: Double
  let tint: Color

  /// The track's thickness.
  static let thickness = 4.0
  /// The track's color beyond the thumb.
  static let trackColor = Color(white: 0.87)

  var body: some View {
    ZStack {
      SliderBar(from: 0, to: 1).fill(Self.trackColor)
      SliderBar(from: 0, to: fraction).fill(tint)
      SliderThumb(fraction: fraction).fill(Color.white)
      SliderThumb(fraction: fraction).stroke(Color(white: 0, opacity: 0.15), lineWidth: 0.5)
    }
    .frame(minWidth: SliderModel.thumbDiameter * 2, maxWidth: .infinity)
    .frame(height: SliderModel.thumbDiameter)
  }
}

/// The part of the track between two fractions of the thumb's travel, as a capsule.
struct SliderBar: Shape, Equatable {
  let from: Double
  let to: Double

  func path(in rect: Rect) -> Path {
    let r = SliderModel.thumbDiameter / 2
    let travel = max(0, rect.width - 2 * r)
    // The whole track reaches the frame's ends; a part starts or ends at the thumb's center.
    let x0 = from <= 0 ? rect.minX : rect.minX + r + from * travel
    let x1 = to >= 1 ? rect.maxX : rect.minX + r + to * travel
    let h = SliderTrack.thickness
    return Path { p in
      p.addRoundedRect(
        in: Rect(x: x0, y: rect.midY - h / 2, width: max(0, x1 - x0), height: h), cornerRadius: h / 2)
    }
  }
}

/// The thumb: a circle as tall as the frame, centered `fraction` of the way along the travel.
struct SliderThumb: Shape, Equatable {
  let fraction: Double

  func path(in rect: Rect) -> Path {
    let d = SliderModel.thumbDiameter
    let x = rect.minX + fraction * max(0, rect.width - d)
    return Path { $0.addEllipse(in: Rect(x: x, y: rect.midY - d / 2, width: d, height: d)) }
  }
}
