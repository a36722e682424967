/// A node's children by key, in the order they were first seen.
///
/// Most nodes have one to a few children, visited in the same order frame after frame, so a
/// lookup first tries the slot where the previous update found the child at that position,
/// then searches the (short) array; no key is hashed. A `[ChildKey: ViewNode]` hashed every
/// key, an `AnyHashable` for each `ForEach` element: 15 % of the overview's update passes.
struct ChildTable {
  private(set) var keys: [ChildKey] = []
  private(set) var nodes: [ViewNode] = []
  /// Positions by key for a long table whose hints missed (an element was inserted before
  /// others), so a `ForEach` of thousands never searches linearly; dropped on removal.
  private var positions: [ChildKey: Int]?
  /// Tables longer than this get `positions` when a hint misses.
  private static let linearSearchLimit = 16

  /// How many children there are.
  var count: Int { nodes.count }

  /// The children, in the order they were first seen.
  var values: [ViewNode] { nodes }

  /// Where `key` is, trying `hint` (the position it had in the previous update) first.
  @inline(__always)
  mutating func index(of key: ChildKey, hint: Int) -> Int? {
    if hint < keys.count, keys[hint] == key { return hint }
    if keys.count <= Self.linearSearchLimit { return keys.firstIndex(of: key) }
    if positions == nil {
      positions = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
    return positions?[key]
  }

  /// The child under `key`, trying `hint` first.
  @inline(__always)
  mutating func node(for key: ChildKey, hint: Int) -> ViewNode? {
    index(of: key, hint: hint).map { nodes[$0] }
  }

  /// Puts `node` under `key`, replacing the child there or adding it at the end.
  mutating func set(_ node: ViewNode, for key: ChildKey, hint: Int) {
    if let i = index(of: key, hint: hint) {
      nodes[i] = node
    } else {
      positions?[key] = keys.count
      keys.append(key)
      nodes.append(node)
    }
  }

  /// Removes the children `remove` picks, keeping the others in order.
  mutating func removeAll(where remove: (ViewNode) -> Bool) {
    positions = nil
    var (keptKeys, keptNodes) = ([ChildKey](), [ViewNode]())
    keptKeys.reserveCapacity(keys.count)
    keptNodes.reserveCapacity(nodes.count)
    for (key, node) in zip(keys, nodes) where !remove(node) {
      keptKeys.append(key)
      keptNodes.append(node)
    }
    (keys, nodes) = (keptKeys, keptNodes)
  }

  /// Removes every child.
  mutating func removeAll() {
    positions = nil
    keys.removeAll()
    nodes.removeAll()
  }
}
