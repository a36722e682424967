// `.symbolEffect(_:options:value:)` and `isActive:`: symbols that bounce, pulse, wiggle, breathe
// or turn, drawn as a whole symbol (SF Symbols' layers are not kept apart).
import FoundationEssentials
import Graphics
import Motion

/// An animation of a symbol image; SwiftUI's `SymbolEffect`.
public protocol SymbolEffect: Sendable {
  /// How the effect moves the symbol, for `SymbolMotion`.
  var _motion: SymbolMotion.Kind { get }
}
/// An effect played once when a value changes.
public protocol DiscreteSymbolEffect: SymbolEffect {}
/// An effect that plays while it is active.
public protocol IndefiniteSymbolEffect: SymbolEffect {}
/// An effect that shows or hides the symbol.
public protocol TransitionSymbolEffect: SymbolEffect {}

/// How often and how fast an effect plays; SwiftUI's `SymbolEffectOptions`.
public struct SymbolEffectOptions: Sendable, Equatable {
  var repeats: Bool?
  var speedFactor = 1.0
  public static let `default` = SymbolEffectOptions()
  public static let repeating = SymbolEffectOptions(repeats: true)
  public static let nonRepeating = SymbolEffectOptions(repeats: false)
  public static func `repeat`(_ count: Int?) -> SymbolEffectOptions { SymbolEffectOptions(repeats: count != 1) }
  public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions(speedFactor: speed) }
  public func `repeat`(_ count: Int?) -> SymbolEffectOptions {
    var o = self
    o.repeats = count != 1
    return o
  }
  public func speed(_ speed: Double) -> SymbolEffectOptions {
    var o = self
    o.speedFactor = speed
    return o
  }
}

/// Where a symbol is in one play of an effect: its scale, turn and opacity.
public struct SymbolMotion: Equatable, Sendable {
  /// The effects, by how they move the symbol.
  public enum Kind: Sendable {
    case bounce, pulse, variableColor, scale, appear, disappear, wiggle, breathe, rotate
  }
  var scale = 1.0
  var degrees = 0.0
  var opacity = 1.0

  /// Seconds one play of `kind` lasts.
  static func duration(_ kind: Kind) -> Double {
    switch kind {
    case .bounce, .scale, .appear, .disappear: 0.45
    case .wiggle: 0.6
    case .pulse, .variableColor, .breathe: 1.2
    case .rotate: 1.0
    }
  }

  /// The motion `progress` (0 to 1) through one play of `kind`; at either end, none, except
  /// for the held states (scale, appear, disappear).
  init(_ kind: Kind, progress p: Double) {
    switch kind {
    case .scale, .appear, .disappear: break
    default: if p <= 0 || p >= 1 { return }
    }
    let hump = sin(.pi * p)
    switch kind {
    case .bounce: scale = 1 + 0.2 * hump
    case .pulse, .variableColor: opacity = 1 - 0.6 * hump
    case .scale: scale = 1 + 0.2 * min(1, 2 * p)
    case .appear: (scale, opacity) = (0.5 + 0.5 * p, p)
    case .disappear: (scale, opacity) = (1 - 0.5 * p, 1 - p)
    case .wiggle: degrees = 12 * sin(4 * .pi * p) * (1 - p)
    case .breathe: scale = 1 + 0.1 * hump
    case .rotate: degrees = 360 * p
    }
  }

  init() {}
}

extension View {
  /// Plays `effect` once each time `value` changes (over and over with `.repeating`).
  public func symbolEffect<T: DiscreteSymbolEffect, U: Equatable>(
    _ effect: T, options: SymbolEffectOptions = .default, value: U
  ) -> some View {
    let kind = effect._motion
    let seconds = SymbolMotion.duration(kind) / max(0.01, options.speedFactor)
    return keyframeAnimator(initialValue: 0.0, trigger: value) { content, p in
      content.symbolMotion(SymbolMotion(kind, progress: p))
    } keyframes: { _ in
      // Each play starts from the beginning: the value rests at 1 after the last one.
      MoveKeyframe(0.0)
      LinearKeyframe(1.0, duration: seconds)
    }
  }

  /// Plays `effect` over and over while `isActive` (once each time it turns active, with
  /// `.nonRepeating`). Scale holds the symbol larger while active; appear shows it and
  /// disappear hides it while active, easing between.
  public func symbolEffect<T: IndefiniteSymbolEffect>(
    _ effect: T, options: SymbolEffectOptions = .default, isActive: Bool = true
  ) -> some View {
    let kind = effect._motion
    let seconds = SymbolMotion.duration(kind) / max(0.01, options.speedFactor)
    return modifier(
      SymbolEffectModifier(kind: kind, seconds: seconds, repeats: options.repeats != false, isActive: isActive))
  }

  /// Accepted: effects are always on.
  public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View { self }

  fileprivate func symbolMotion(_ m: SymbolMotion) -> some View {
    scaleEffect(m.scale).rotationEffect(.degrees(m.degrees)).opacity(m.opacity)
  }
}

/// An indefinite effect: a held state (scale, appear, disappear) eased in and out, or a motion
/// played over and over while active, or once each time it turns active.
struct SymbolEffectModifier: ViewModifier {
  let kind: SymbolMotion.Kind
  let seconds: Double
  let repeats: Bool
  let isActive: Bool

  func body(content: Content) -> some View {
    switch kind {
    case .scale, .appear, .disappear:
      let shown = kind == .disappear ? !isActive : (kind == .appear ? isActive : true)
      let held =
        kind == .scale
        ? SymbolMotion(.scale, progress: isActive ? 1 : 0) : SymbolMotion(.appear, progress: shown ? 1 : 0)
      content.symbolMotion(held).animation(.easeInOut(duration: seconds), value: isActive)
    default:
      if repeats {
        content.keyframeAnimator(initialValue: 0.0, repeating: isActive) { c, p in
          c.symbolMotion(SymbolMotion(kind, progress: p))
        } keyframes: { _ in
          MoveKeyframe(0.0)
          LinearKeyframe(1.0, duration: seconds)
        }
      } else {
        content.keyframeAnimator(initialValue: 0.0, trigger: isActive) { c, p in
          c.symbolMotion(isActive ? SymbolMotion(kind, progress: p) : SymbolMotion())
        } keyframes: { _ in
          MoveKeyframe(0.0)
          LinearKeyframe(1.0, duration: seconds)
        }
      }
    }
  }
}

/// The symbol grows and springs back; SwiftUI's `BounceSymbolEffect`.
public struct BounceSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var _motion: SymbolMotion.Kind { .bounce }
  public var up: Self { self }
  public var down: Self { self }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

/// The symbol fades and comes back; SwiftUI's `PulseSymbolEffect`.
public struct PulseSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var _motion: SymbolMotion.Kind { .pulse }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

/// The symbol's layers light in turn; drawn as a pulse. SwiftUI's `VariableColorSymbolEffect`.
public struct VariableColorSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var _motion: SymbolMotion.Kind { .variableColor }
  public var iterative: Self { self }
  public var cumulative: Self { self }
  public var reversing: Self { self }
  public var nonReversing: Self { self }
  public var hideInactiveLayers: Self { self }
  public var dimInactiveLayers: Self { self }
}

/// The symbol held larger while active; SwiftUI's `ScaleSymbolEffect`.
public struct ScaleSymbolEffect: IndefiniteSymbolEffect {
  public var _motion: SymbolMotion.Kind { .scale }
  public var up: Self { self }
  public var down: Self { self }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

/// The symbol shown; SwiftUI's `AppearSymbolEffect`.
public struct AppearSymbolEffect: IndefiniteSymbolEffect, TransitionSymbolEffect {
  public var _motion: SymbolMotion.Kind { .appear }
  public var up: Self { self }
  public var down: Self { self }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

/// The symbol hidden while active; SwiftUI's `DisappearSymbolEffect`.
public struct DisappearSymbolEffect: IndefiniteSymbolEffect, TransitionSymbolEffect {
  public var _motion: SymbolMotion.Kind { .disappear }
  public var up: Self { self }
  public var down: Self { self }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

/// The symbol shakes side to side; SwiftUI's `WiggleSymbolEffect`.
public struct WiggleSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var _motion: SymbolMotion.Kind { .wiggle }
  public var left: Self { self }
  public var right: Self { self }
  public var up: Self { self }
  public var down: Self { self }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

/// The symbol swells and settles; SwiftUI's `BreatheSymbolEffect`.
public struct BreatheSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var _motion: SymbolMotion.Kind { .breathe }
  public var plain: Self { self }
  public var pulse: Self { self }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

/// The symbol turns once around; SwiftUI's `RotateSymbolEffect`.
public struct RotateSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
  public var _motion: SymbolMotion.Kind { .rotate }
  public var clockwise: Self { self }
  public var counterClockwise: Self { self }
  public var byLayer: Self { self }
  public var wholeSymbol: Self { self }
}

extension SymbolEffect where Self == BounceSymbolEffect { public static var bounce: Self { Self() } }
extension SymbolEffect where Self == PulseSymbolEffect { public static var pulse: Self { Self() } }
extension SymbolEffect where Self == VariableColorSymbolEffect { public static var variableColor: Self { Self() } }
extension SymbolEffect where Self == ScaleSymbolEffect { public static var scale: Self { Self() } }
extension SymbolEffect where Self == AppearSymbolEffect { public static var appear: Self { Self() } }
extension SymbolEffect where Self == DisappearSymbolEffect { public static var disappear: Self { Self() } }
extension SymbolEffect where Self == WiggleSymbolEffect { public static var wiggle: Self { Self() } }
extension SymbolEffect where Self == BreatheSymbolEffect { public static var breathe: Self { Self() } }
extension SymbolEffect where Self == RotateSymbolEffect { public static var rotate: Self { Self() } }
