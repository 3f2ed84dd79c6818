import SatwatchBase

/// The windows shorter than a day that read one metric's history (`sma(btc.usd, 4h)`,
/// `max(btc.usd, 15m)`), collected while rules bind: the history keeps running what they need
/// (see `RunningWindows`). `sma`, `max` and `min` need one running aggregate whatever their span;
/// an `ema`'s depends on its span (τ = span / 2).
struct ShortWindows: Sendable, Equatable {
    /// Whether an `sma` reads the history.
    private(set) var mean = false
    /// Whether a `max` / a `min` reads it.
    private(set) var maximum = false
    private(set) var minimum = false
    /// The spans of the `ema` windows reading it, without repeats, in the order first bound.
    private(set) var emaSpans: [TimeSpan] = []

    /// No window (a history kept only for `change`).
    init() {}

    /// Notes a window of `function` over `span`.
    mutating func insert(_ function: WindowFunction, span: TimeSpan) {
        switch function {
        case .sma: mean = true
        case .max: maximum = true
        case .min: minimum = true
        case .ema: if !emaSpans.contains(span) { emaSpans.append(span) }
        }
    }

    /// Whether a window of `function` over `span` was noted.
    func contains(_ function: WindowFunction, span: TimeSpan) -> Bool {
        switch function {
        case .sma: mean
        case .max: maximum
        case .min: minimum
        case .ema: emaSpans.contains(span)
        }
    }
}
