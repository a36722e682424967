/// SplitMix64: a tiny seeded generator, so everything "random" in the playground (faces,
/// levels, the soak's script, the fuzzers' inputs) repeats exactly from its seed.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  /// The generator's whole state; the next value is derived from it.
  public var state: UInt64

  /// Creates a generator whose sequence is fixed by `state`.
  public init(state: UInt64) { self.state = state }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// A number in `0..<n` (0 when `n` is not positive).
  public mutating func below(_ n: Int) -> Int { n > 0 ? Int(next() % UInt64(n)) : 0 }

  /// SplitMix64's finalizer: a well-mixed hash of `z`.
  public static func mix(_ z: UInt64) -> UInt64 {
    var z = z
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
