import FoundationEssentials

/// `@State` kept across a code reload: the values of the old views are offered to the new
/// views that stand at the same identity (the same path of child positions, ids and view type
/// names), when their state has the same name and a compatible type.
///
/// A reload loads the new code as a new image, so even an unchanged view is a new type, and
/// the graph makes it a new identity with fresh state. Values of the standard library's types
/// (numbers, strings, arrays and dictionaries of them, optionals) and of this library's types
/// are the same types in both images and carry over as they are; a `Codable` type of the
/// sketch's own carries over through JSON when its new declaration still decodes the old value.
/// Anything else starts again from its initial value.
extension SceneRuntime {
  /// Records every view's state so that the next frame's new views can take it over.
  public func carryStateOver() {
    var carried: [String: Any] = [:]
    func visit(_ node: ViewNode) {
      if !node.states.isEmpty {
        let path = node.identityPath
        for box in node.states { carried[path + "|" + box.name] = box.anyValue }
      }
      for c in node.children.values { visit(c) }
    }
    if let root { visit(root) }
    carriedState = carried
    carriedTaken = 0
  }

  /// How many state values the last carry-over offered, and how many new views took.
  public var carriedStateCounts: (offered: Int, taken: Int) { (carriedOffered, carriedTaken) }

  /// The carried value for state `name` of `node`, if one of a compatible type was recorded.
  func carriedValue<Value>(for node: ViewNode, name: String, as _: Value.Type) -> Value? {
    guard let carried = carriedState, let old = carried[node.identityPath + "|" + name] else { return nil }
    if let same = old as? Value {
      carriedTaken += 1
      return same
    }
    guard let encodable = old as? any Encodable, let decodable = Value.self as? any Decodable.Type,
      let data = try? JSONEncoder().encode(encodable),
      let value = try? JSONDecoder().decode(decodable, from: data) as? Value
    else { return nil }
    carriedTaken += 1
    return value
  }

  /// Ends a carry-over after the frame that rebuilt the views.
  func finishCarryOver() {
    guard let carried = carriedState else { return }
    carriedOffered = carried.count
    carriedState = nil
  }
}

extension ViewNode {
  /// Where the node stands in the tree, as child positions and ids from the root, with the
  /// type names of views that have bodies: what stays the same when the code is reloaded.
  var identityPath: String {
    var parts: [String] = []
    var n: ViewNode? = self
    while let node = n {
      var part = String(node.key.index)
      if let id = node.key.id { part += "#" + String(describing: id.base) }
      if node.isComposite { part += ":" + node.typeName }
      parts.append(part)
      n = node.parent
    }
    return parts.reversed().joined(separator: "/")
  }
}
