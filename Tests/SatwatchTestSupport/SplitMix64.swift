/// A small deterministic generator (SplitMix64), so a test's random inputs are the same on every
/// run and a failure reproduces.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in 0..<bound (by remainder: the small bias is of no matter to a test).
    public mutating func below(_ bound: Int64) -> Int64 { Int64(next() % UInt64(bound)) }
}
