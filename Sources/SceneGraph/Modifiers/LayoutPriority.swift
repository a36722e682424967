// `.layoutPriority`: which children of a stack are offered space first.
import Graphics

/// Marks its child with a priority a parent stack reads (`StackLayout.swift`): a stack
/// offers its higher-priority children the space first, keeping back only what the others
/// need at least. It sizes, places and draws as its child does.
struct LayoutPriorityModifier: WrappingModifier, ResolvedModifier {
  var priority: Double

  func resolved(_ slots: inout AnimatableSlots) -> any ResolvedModifier { self }

  /// Kept by the node when it is made (`RNode.layoutPriority`).
  var layoutPriority: Double { priority }
}

extension Layout {
  /// The sizes of a stack's children sharing `available` points along the main axis
  /// (spacing already taken off) when some have a layout priority. As SwiftUI does: the
  /// highest priority first, each group offered what is left less the least the lower groups
  /// can take, and divided among the group least flexible first. Without priorities the
  /// stack divides the space in one group (`stackSize`).
  func prioritizedSizes(_ children: [RNode], available: Double, _ horizontal: Bool, _ cross: Double?) -> [Size] {
    func propose(_ m: Double?) -> ProposedSize {
      horizontal ? ProposedSize(width: m, height: cross) : ProposedSize(width: cross, height: m)
    }
    func mainOf(_ s: Size) -> Double { horizontal ? s.width : s.height }
    var least: [Double] = []
    var flexibility: [Double] = []
    for c in children {
      if let minLength = c.spacerLength {
        least.append(minLength)
        flexibility.append(.infinity)
        continue
      }
      let lo = mainOf(size(c, propose(0)))
      least.append(lo)
      flexibility.append(mainOf(size(c, propose(.infinity))) - lo)
    }
    let priorities = children.map(\.layoutPriority)
    var sizes = [Size](repeating: .zero, count: children.count)
    var remaining = available
    for priority in Set(priorities).sorted(by: >) {
      let group = children.indices.filter { priorities[$0] == priority }
        .sorted { flexibility[$0] != flexibility[$1] ? flexibility[$0] < flexibility[$1] : $0 < $1 }
      let reserved = children.indices.filter { priorities[$0] < priority }.reduce(0) { $0 + least[$1] }
      var offered = max(0, remaining - reserved)
      var left = group.count
      for i in group {
        let share = offered / Double(left)
        if let minLength = children[i].spacerLength {
          let m = max(minLength, share)
          sizes[i] = horizontal ? Size(width: m, height: 0) : Size(width: 0, height: m)
        } else {
          sizes[i] = size(children[i], propose(share))
        }
        offered = max(0, offered - mainOf(sizes[i]))
        remaining = max(0, remaining - mainOf(sizes[i]))
        left -= 1
      }
    }
    return sizes
  }
}

extension View {
  /// Sets the priority with which a parent stack offers this view space: higher first,
  /// 0 by default.
  public func layoutPriority(_ value: Double) -> some View { modified(LayoutPriorityModifier(priority: value)) }
}
