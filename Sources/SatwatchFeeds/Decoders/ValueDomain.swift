/// Which values a metric can plausibly take; anything else in a frame is `invalid_value`, a
/// rejected field: a feed's nonsense (a block height of 1e300, 1.5 transactions) must not fire
/// a rule.
enum ValueDomain {
    /// Any finite number of plausible size (e.g. `difficulty.change`, a percentage that may be
    /// negative).
    case any
    /// Zero or more, of plausible size (sizes and rates with fractions).
    case nonNegative
    /// Strictly positive, of plausible size (prices, difficulty, hashes a second).
    case positive
    /// A fee rate in sat/vB: zero or more, at most a whole bitcoin a vbyte.
    case feeRate
    /// A whole number of things, zero or more (transactions, vbytes, blocks left).
    case count
    /// A block height: a whole number from 0 (genesis) to `maximumBlockHeight`.
    case blockHeight

    /// No quantity a feed measures comes near it (hashes a second are about 1e21 today), and
    /// 1e300 is far beyond it.
    static let plausibleMagnitude = 1e30
    /// One bitcoin (1e8 sat) a vbyte: no fee was ever within a thousandth of it.
    static let maximumFeeRate = 1e8
    /// The largest count a Double holds exactly (2^53).
    static let maximumCount = 9_007_199_254_740_992.0
    /// Ten million blocks: about 190 years past genesis at ten minutes a block.
    static let maximumBlockHeight = 10_000_000.0

    /// Whether `value` is finite and within the domain.
    func admits(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        switch self {
        case .any: return abs(value) <= Self.plausibleMagnitude
        case .nonNegative: return (0...Self.plausibleMagnitude).contains(value)
        case .positive: return value > 0 && value <= Self.plausibleMagnitude
        case .feeRate: return (0...Self.maximumFeeRate).contains(value)
        case .count: return (0...Self.maximumCount).contains(value) && value.rounded(.towardZero) == value
        case .blockHeight: return (0...Self.maximumBlockHeight).contains(value) && value.rounded(.towardZero) == value
        }
    }
}
