// `.environment(_:_:)`: sets an environment value for a view and everything inside it.
import Graphics

/// Writes one environment value before the child is updated.
struct EnvironmentWriter<Value>: PrimitiveModifier {
  let keyPath: WritableKeyPath<EnvironmentValues, Value>
  let value: Value

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    // The key path is the environment's own: written on a copy, whose values the node then
    // derives (keeping last update's box when they are the same).
    var written = ctx.env
    written[keyPath: keyPath] = value
    let c = ctx.deriving(node) { $0 = written.storage.values }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Sets an environment value for this view and everything inside it.
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
    modified(EnvironmentWriter(keyPath: keyPath, value: value))
  }
}

/// Changes one environment value before the child is updated.
struct EnvironmentTransformer<Value>: PrimitiveModifier {
  let keyPath: WritableKeyPath<EnvironmentValues, Value>
  let transform: (inout Value) -> Void

  func resolve<Content: View>(_ content: Content, _ node: ViewNode, _ ctx: UpdateContext) -> [RNode] {
    var written = ctx.env
    transform(&written[keyPath: keyPath])
    let c = ctx.deriving(node) { $0 = written.storage.values }
    return ctx.runtime.child(node, ChildKey(0), content, c)
  }
}

extension View {
  /// Changes an environment value for this view and everything inside it with `transform`.
  public func transformEnvironment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
  ) -> some View {
    modified(EnvironmentTransformer(keyPath: keyPath, transform: transform))
  }
}
