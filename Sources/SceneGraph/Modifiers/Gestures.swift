// `.gesture(_:)`, `.simultaneousGesture(_:)` and `.highPriorityGesture(_:)`: a view takes part
// in the presses drawn over it. Recognizers are in `Gestures/`; which gesture of several under
// one press wins is decided in `Gestures/GestureArena.swift`.
import FoundationEssentials
import Graphics

/// An input a view recognizes; SwiftUI's `Gesture`.
///
/// `DragGesture`, `TapGesture`, `SpatialTapGesture`, `LongPressGesture`, `MagnifyGesture` and
/// `RotateGesture` (and their older names), combined with `simultaneously(with:)`,
/// `sequenced(before:)` and `exclusively(before:)`, with actions from `onChanged(_:)`,
/// `onEnded(_:)` and `updating(_:body:)`.
public protocol Gesture {
  /// What the gesture's actions are given.
  associatedtype Value
  /// A recognizer for one interaction with the view at `context`.
  func _makeRecognizer(_ context: _GestureContext) -> _GestureRecognizer<Value>
}

/// How a gesture attached to a view competes with the others under a press.
enum GesturePriority {
  /// The innermost view's gesture goes first; the first to be recognized stops the others.
  case normal
  /// Recognized alongside the others, never stopping them nor stopped by them.
  case simultaneous
  /// Goes before every normal gesture, even those of views inside.
  case high
}

/// A view with a gesture attached.
public struct _GestureView<Content: View, G: Gesture>: View {
  public typealias Body = Never
  let content: Content
  let gesture: G
  let priority: GesturePriority
  let mask: GestureMask
}

extension View {
  /// Attaches `gesture`. Of several gestures under a press, the innermost view's is offered
  /// the press first, and the first one recognized (a drag that moved far enough, a tap
  /// released) stops the others. With `including: .none` or `.subviews`, the gesture is off.
  public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> _GestureView<Self, G> {
    _GestureView(content: self, gesture: gesture, priority: .normal, mask: mask)
  }

  /// Attaches `gesture` to be recognized alongside the view's other gestures and those of the
  /// views inside it.
  public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all)
    -> _GestureView<Self, G>
  {
    _GestureView(content: self, gesture: gesture, priority: .simultaneous, mask: mask)
  }

  /// Attaches `gesture` ahead of the gestures of the views inside it.
  public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all)
    -> _GestureView<Self, G>
  {
    _GestureView(content: self, gesture: gesture, priority: .high, mask: mask)
  }
}

/// Which gestures a view and its subviews recognize. `.none` and `.subviews` turn the attached
/// gesture off; the subviews' own gestures are always recognized.
public struct GestureMask: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public static let none = GestureMask([])
  public static let gesture = GestureMask(rawValue: 1)
  public static let subviews = GestureMask(rawValue: 2)
  public static let all: GestureMask = [.gesture, .subviews]
}

extension _GestureView: PrimitiveView {
  func resolve(_ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    // `.disabled(true)` turns gestures off as it does controls.
    if ctx.env.controls.isEnabled && mask.contains(.gesture) {
      if !ctx.sameValue || node.gesture == nil {
        let gesture = self.gesture
        node.gesture = GestureAttachment(priority: priority) { gesture._makeRecognizer($0) }
        ctx.runtime.routes.registerGesture(node)
      }
    } else if node.gesture != nil {
      node.gesture = nil
      ctx.runtime.routes.unregisterGesture(node)
    }
    let out = ctx.runtime.child(node, ChildKey(0), content, ctx)
    for r in out { r.isHitTarget = true }
    return out
  }
}
