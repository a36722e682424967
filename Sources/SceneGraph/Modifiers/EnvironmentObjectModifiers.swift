// `.environmentObject(_:)` and `.environment(_:)` with an object: objects for the views inside.
import Observation
import OpenCombine

/// Puts an object in the environment, under its static type, before the child is updated.
struct ObjectEnvironmentWriter<Object: AnyObject>: PrimitiveModifier {
  let object: Object?

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    let c = ctx.deriving(node) { $0.objects[Object.self] = object }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Gives the views inside `object`, for their `@EnvironmentObject` properties of its type.
  public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
    modified(ObjectEnvironmentWriter(object: object))
  }

  /// Gives the views inside an `@Observable` object, for their `@Environment(T.self)`
  /// properties; nil takes one an ancestor gave away.
  public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
    modified(ObjectEnvironmentWriter(object: object))
  }
}
