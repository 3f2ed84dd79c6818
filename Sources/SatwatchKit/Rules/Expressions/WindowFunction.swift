/// A function over the recent values of one metric, written `sma(btc.usd, 200d)` in an
/// ``Expression``.
public enum WindowFunction: String, Sendable, CaseIterable, Hashable {
    /// The simple moving average: the mean of the metric's values in the window.
    case sma
    /// The exponential moving average over the window, recent values weighing most.
    case ema
    /// The highest value of the metric in the window.
    case max
    /// The lowest value of the metric in the window.
    case min
}
