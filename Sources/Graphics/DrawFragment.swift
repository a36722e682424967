/// A stretch of a draw list, kept so that a later frame can append it again instead of
/// tessellating the same shapes anew.
///
/// Vertices stay where they were drawn (fragments are replayed only under the same transform
/// and clip); indices, commands and primitives are stored relative to the fragment's start
/// and rebased when appended, and each primitive's key is kept without its position in the
/// list, which `append(_:)` mixes in again.
public struct DrawFragment: Sendable {
  fileprivate var vertices: [Vertex]
  fileprivate var indices: [Int32]
  fileprivate var runs: [DrawCommand]
  fileprivate var primitives: [Primitive]

  /// How many vertices the fragment holds.
  public var vertexCount: Int { vertices.count }
}

extension DrawList {
  /// A position in a draw list, from which `fragment(since:)` takes what was appended after it.
  public struct Mark: Sendable {
    fileprivate var vertices: Int
    fileprivate var indices: Int
    fileprivate var primitives: Int
  }

  /// The end of the list as it stands.
  public var mark: Mark { Mark(vertices: vertices.count, indices: indices.count, primitives: primitives.count) }

  /// The inverse of the FNV-1a prime modulo 2⁶⁴, which takes a primitive's position back out
  /// of its key (`closePrimitive` mixes the position in last).
  private static let inverseFNVPrime: UInt64 = 0xce96_5057_aff6_957b

  /// Everything appended since `mark`, or nil when that cannot be replayed as it stands: a
  /// primitive still open, or a mark from another list.
  public func fragment(since mark: Mark) -> DrawFragment? {
    guard primitiveStart == nil, mark.vertices <= vertices.count, mark.indices <= indices.count,
      mark.primitives <= primitives.count
    else { return nil }
    let base = Int32(truncatingIfNeeded: mark.vertices)
    // The commands that hold indices past the mark; the first may have begun before it.
    var first = commands.count
    while first > 0, commands[first - 1].indexOffset + commands[first - 1].indexCount > mark.indices { first -= 1 }
    var runs: [DrawCommand] = []
    runs.reserveCapacity(commands.count - first)
    // Where each command's run lands in `runs` (empty commands have none).
    var runOf = [Int](repeating: -1, count: commands.count - first)
    for i in first..<commands.count where commands[i].indexCount > 0 {
      let c = commands[i]
      let start = max(c.indexOffset, mark.indices)
      runOf[i - first] = runs.count
      runs.append(
        DrawCommand(
          clip: c.clip, texture: c.texture, indexOffset: start - mark.indices,
          indexCount: c.indexOffset + c.indexCount - start))
    }
    var prims: [Primitive] = []
    prims.reserveCapacity(primitives.count - mark.primitives)
    for i in mark.primitives..<primitives.count {
      var p = primitives[i]
      guard p.command >= first, runOf[p.command - first] >= 0 else { return nil }
      p.command = runOf[p.command - first]
      p.indexOffset -= mark.indices
      p.key = (p.key &* Self.inverseFNVPrime) ^ UInt64(i)
      prims.append(p)
    }
    return DrawFragment(
      vertices: Array(vertices[mark.vertices...]), indices: indices[mark.indices...].map { $0 &- base }, runs: runs,
      primitives: prims)
  }

  /// Appends a fragment taken from this or an earlier frame's list, exactly as tessellating
  /// its shapes again here would: a first run with the open command's clip and texture
  /// extends that command, and every primitive's key gets its new position.
  public mutating func append(_ fragment: DrawFragment) {
    guard primitiveStart == nil else { return }
    let vertexBase = Int32(truncatingIfNeeded: vertices.count)
    let indexBase = indices.count
    vertices.append(contentsOf: fragment.vertices)
    // Rebased in place after a plain copy: appending a lazily mapped sequence went element
    // by element through the generic path.
    indices.append(contentsOf: fragment.indices)
    indices.withUnsafeMutableBufferPointer { all in
      for i in indexBase..<all.count { all[i] &+= vertexBase }
    }
    // Most fragments (one shape, or shapes sharing a clip and texture) are one run: no table.
    if fragment.runs.count == 1 {
      let command = placeRun(fragment.runs[0], indexBase: indexBase)
      for p in fragment.primitives { appendPrimitive(p, command: command, indexBase: indexBase) }
      return
    }
    var commandOf: [Int] = []
    commandOf.reserveCapacity(fragment.runs.count)
    for run in fragment.runs { commandOf.append(placeRun(run, indexBase: indexBase)) }
    for p in fragment.primitives { appendPrimitive(p, command: commandOf[p.command], indexBase: indexBase) }
  }

  /// Appends a fragment's primitive `p` as drawing `command`, its indices rebased by
  /// `indexBase` and its key given its new position.
  private mutating func appendPrimitive(_ p: Primitive, command: Int, indexBase: Int) {
    var p = p
    p.command = command
    p.indexOffset += indexBase
    p.key = (p.key ^ UInt64(primitives.count)) &* 0x100_0000_01b3
    primitives.append(p)
  }

  /// Adds a fragment's `run` (its offset relative to `indexBase`) as the open command's
  /// continuation or as a command of its own; returns the command's index.
  private mutating func placeRun(_ run: DrawCommand, indexBase: Int) -> Int {
    if let last = commands.last, last.texture == run.texture, last.clip == run.clip {
      commands[commands.count - 1].indexCount += run.indexCount
    } else if let last = commands.last, last.indexCount == 0 {
      commands[commands.count - 1] = DrawCommand(
        clip: run.clip, texture: run.texture, indexOffset: indexBase + run.indexOffset, indexCount: run.indexCount)
    } else {
      commands.append(
        DrawCommand(
          clip: run.clip, texture: run.texture, indexOffset: indexBase + run.indexOffset, indexCount: run.indexCount))
    }
    return commands.count - 1
  }
}

extension DrawList {
  /// Everything besides a draw's own arguments that decides what it appends: the fringe, the
  /// circles' accuracy, the tessellation, the bounds shapes are culled by and the clip. A
  /// fragment recorded under one state is appended again only under an equal one.
  public struct ReplayState: Equatable, Sendable {
    var antiAliased: Bool
    var fringeWidth: Double
    var circleMaxError: Double
    var tessellation: Tessellation
    var targetBounds: Rect?
    var clip: Rect?
  }

  /// The state draws are tessellated under now.
  public var replayState: ReplayState {
    ReplayState(
      antiAliased: antiAliased, fringeWidth: fringeWidth, circleMaxError: circleMaxError, tessellation: tessellation,
      targetBounds: targetBounds, clip: clipStack.last)
  }
}
