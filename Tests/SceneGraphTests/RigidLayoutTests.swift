import Foundation
import Graphics
import Testing

@testable import SceneGraph

/// Layout's shortcut for nodes whose size no proposal changes must answer exactly what
/// measuring them at each proposal answers.
@Suite struct RigidLayoutTests {
  /// A random resolved tree: rigid leaves (text, images, fixed frames), flexible ones
  /// (shapes, spacers, bounded frames) and the containers around them.
  static func tree(_ rng: inout SplitMix64, depth: Int) -> RNode {
    let leafOnly = depth == 0
    switch rng.below(leafOnly ? 4 : 11) {
    case 0: return RNode(.text(String(repeating: "w", count: 1 + rng.below(6)), .system(size: 10), .color(.red)))
    case 1: return RNode(.image(ImageBuffer(width: 1 + rng.below(40), height: 1 + rng.below(40)), 7))
    case 2: return RNode(.shape(AnyShape(Rectangle()), fill: nil, stroke: nil, foreground: .color(.red)))
    case 3: return RNode(.spacer(Double(rng.below(8))))
    case 4, 5:
      // Fixed, hugging on one side, or bounded.
      let kind = rng.below(4)
      let spec = FrameSpec(
        width: kind == 0 || kind == 1 ? 10 + Double(rng.below(50)) : nil,
        height: kind == 0 ? 5 + Double(rng.below(30)) : nil,
        minWidth: kind == 3 ? 4 : nil, maxWidth: kind == 3 ? 90 : nil, minHeight: nil, maxHeight: nil,
        alignment: .center)
      return RNode(spec, tree(&rng, depth: depth - 1))
    case 6:
      let inset = Double(rng.below(6))
      return RNode(
        PaddingModifier(insets: EdgeInsets(top: inset, leading: 1, bottom: 2, trailing: inset)),
        tree(&rng, depth: depth - 1))
    case 7: return RNode(OpacityEffect(opacity: 0.5), tree(&rng, depth: depth - 1))
    case 8:
      let base = tree(&rng, depth: depth - 1)
      return RNode(Layered(extra: tree(&rng, depth: 0), alignment: .center, behind: false), base)
    default:
      let axis: StackAxis = [.horizontal, .vertical, .depth][rng.below(3)]
      let children = (0..<rng.below(4)).map { _ in tree(&rng, depth: depth - 1) }
      return RNode(.stack(axis, .center, Double(rng.below(9)), children))
    }
  }

  static func forceFlexible(_ n: RNode) {
    n.rigidity = .flexible
    n.children.forEach(forceFlexible)
  }

  static func frames(_ n: RNode) -> [Rect] {
    var out = [n.frame]
    for c in n.children { out += frames(c) }
    return out
  }

  @Test("rigid subtrees get the sizes and placements that measuring them at every proposal gives")
  func rigidMatchesMeasured() {
    let layout = Layout(textEngine: FixedAdvanceTextEngine())
    let proposals = [
      ProposedSize(width: nil, height: nil), ProposedSize(width: 0, height: 0),
      ProposedSize(width: .infinity, height: .infinity), ProposedSize(width: 120, height: 45),
      ProposedSize(width: 33.3, height: nil),
    ]
    var rigidTrees = 0
    for seed in 0..<400 {
      var a = SplitMix64(state: UInt64(seed))
      var b = SplitMix64(state: UInt64(seed))
      let shortcut = Self.tree(&a, depth: 4)
      let measured = Self.tree(&b, depth: 4)
      Self.forceFlexible(measured)
      for p in proposals {
        #expect(layout.size(shortcut, p) == layout.size(measured, p), "seed \(seed) at \(p)")
      }
      if case .rigid = shortcut.rigidity { rigidTrees += 1 }
      layout.place(shortcut, in: Rect(x: 3, y: 4, width: 200, height: 100))
      layout.place(measured, in: Rect(x: 3, y: 4, width: 200, height: 100))
      #expect(Self.frames(shortcut) == Self.frames(measured), "seed \(seed)")
    }
    // Both kinds of tree occur, so both paths are compared.
    #expect(rigidTrees > 40 && rigidTrees < 360)
  }

  @Test("a stack of fixed frames is rigid whatever its frames hold; one flexible child or a spacer makes it flexible")
  func whatIsRigid() {
    let layout = Layout(textEngine: FixedAdvanceTextEngine())
    let shape = { RNode(.shape(AnyShape(Rectangle()), fill: nil, stroke: nil, foreground: .color(.red))) }
    let fixed = {
      RNode(FrameSpec(width: 6, height: 30, alignment: .center), shape())
    }
    let bars = RNode(.stack(.horizontal, .bottom, 4, [fixed(), fixed(), fixed()]))
    #expect(layout.size(bars, ProposedSize(width: 500, height: 500)) == Size(width: 26, height: 30))
    guard case .rigid(let s) = bars.rigidity else {
      Issue.record("a stack of fixed frames should be rigid")
      return
    }
    #expect(s == Size(width: 26, height: 30))
    let withShape = RNode(.stack(.horizontal, .center, 4, [fixed(), shape()]))
    let withSpacer = RNode(.stack(.vertical, .center, 0, [fixed(), RNode(.spacer(0))]))
    for n in [withShape, withSpacer] {
      _ = layout.size(n, ProposedSize(width: 100, height: 100))
      if case .rigid = n.rigidity { Issue.record("\(n.kind) should be flexible") }
    }
  }
}
