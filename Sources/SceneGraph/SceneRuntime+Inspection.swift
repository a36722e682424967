import FoundationEssentials
import Graphics

/// What `playground inspect` and the tests read of the view graph: each view with a body,
/// its state, how often it ran and where it was laid out.
extension SceneRuntime {
  /// One view instance as `playground inspect` reports it.
  public struct ViewRecord: Sendable {
    public var type: String
    public var path: String
    /// Each `@State` property's name (without its underscore) and value.
    public var state: [(name: String, value: StateValue)]
    public var evaluations: Int
    public var timelineDate: Date?
    /// The view's frame in points, after layout.
    public var frame: Rect?
  }

  /// A state value as inspection shows it.
  public enum StateValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
  }

  /// The views with bodies and the timelines on screen, in tree order.
  public func viewRecords() -> [ViewRecord] {
    var records: [ViewRecord] = []
    // The date each view sees is its nearest enclosing timeline's current one, whether or not
    // the view's body ran when that timeline last moved.
    func visit(_ node: ViewNode, _ path: String, _ index: Int?, _ date: Date?) {
      var path = path
      var index = index
      let date = node.timeline?.context?.date ?? date
      if node.isComposite || node.timeline != nil {
        path += "/" + node.typeName + (index.map { "[\($0)]" } ?? "")
        index = nil
        records.append(
          ViewRecord(
            type: node.typeName, path: path,
            state: node.states.map { (String($0.name.drop { $0 == "_" }), Self.stateValue($0.anyValue)) },
            evaluations: node.evaluations,
            timelineDate: date,
            frame: Self.union(node.output)))
      }
      let kids = node.orderedChildren
      for (i, k) in kids.enumerated() { visit(k, path, kids.count > 1 ? i : index, date) }
    }
    if let root { visit(root, "", nil, nil) }
    return records
  }

  private static func stateValue(_ v: Any) -> StateValue {
    switch v {
    case let i as Int: return .int(i)
    case let d as Double: return .double(d)
    case let b as Bool: return .bool(b)
    case let s as String: return .string(s)
    default: return .string(String(describing: v))
    }
  }

  /// The rectangle around a view's resolved nodes, or nil when it drew none.
  static func union(_ nodes: [RNode]) -> Rect? {
    guard let first = nodes.first else { return nil }
    var r = first.frame
    for n in nodes.dropFirst() {
      let minX = min(r.minX, n.frame.minX)
      let minY = min(r.minY, n.frame.minY)
      r = Rect(
        x: minX, y: minY, width: max(r.maxX, n.frame.maxX) - minX, height: max(r.maxY, n.frame.maxY) - minY)
    }
    return r
  }
}
