/// Window functions over the last N completed daily closes.
extension DailyCloses {
    /// `function` over the last `days` completed closes (the open day excluded, so the value is
    /// stable through a day); nil when fewer than `days` are known, or `days` < 1. The last
    /// `days` closes *known*: days without a close are skipped.
    ///
    /// - `sma`: their mean, summed oldest first.
    /// - `ema`: α = 2 / (N + 1) over the last up to 2N closes: seeded with the mean of the oldest
    ///   N of them, then `ema = α·close + (1 − α)·ema` for each later one. With exactly N closes
    ///   it equals the SMA; with 2N, the seed's weight is (1 − α)^N ≈ e⁻² ≈ 13 % — why `capacity`
    ///   for an ema window is 2N.
    /// - `max` / `min`: the highest / lowest.
    ///
    /// Memoised until the completed closes change (a day completes, a seed arrives, capacity
    /// drops days): repeated calls within a day are a lookup.
    package func value(_ function: WindowFunction, days: Int) -> Double? {
        guard days > 0, completed.count >= days else { return nil }
        return memo.value(function, days: days) {
            Self.compute(function, over: completed.values, days: days)
        }
    }

    /// `function` over the last `days` of `closes` (oldest first; at least `days` of them).
    static func compute(_ function: WindowFunction, over closes: [Double], days: Int) -> Double {
        let window = closes[(closes.count - days)...]
        switch function {
        case .sma: return window.reduce(0, +) / Double(days)
        case .max: return window.max() ?? .nan
        case .min: return window.min() ?? .nan
        case .ema:
            let start = closes.count - Swift.min(closes.count, 2 * days)
            let seed = closes[start..<start + days]
            let alpha = 2 / Double(days + 1)
            var ema = seed.reduce(0, +) / Double(days)
            for close in closes[(start + days)...] { ema = alpha * close + (1 - alpha) * ema }
            return ema
        }
    }
}
