/// A function over a window of a metric's history: `sma(btc.usd, 200d)`.
package enum WindowFunction: String, Sendable, CaseIterable, Hashable {
    /// Simple moving average: the mean of the window.
    case sma
    /// Exponential moving average: recent values weigh more.
    case ema
    /// The highest value in the window.
    case max
    /// The lowest value in the window.
    case min
}
