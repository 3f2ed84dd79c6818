/// Which finite values a metric can take; anything else in a frame is `invalid_value`.
enum ValueDomain {
    /// Any finite number (e.g. `difficulty.change`, a percentage that may be negative).
    case any
    /// Zero or more (fees, counts, sizes, heights).
    case nonNegative
    /// Strictly positive (prices).
    case positive

    /// Whether `value` is finite and within the domain.
    func admits(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        switch self {
        case .any: return true
        case .nonNegative: return value >= 0
        case .positive: return value > 0
        }
    }
}
