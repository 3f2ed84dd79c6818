import SatwatchBase

/// One window function call in an ``Expression``, e.g. `sma(btc.usd, 200d)`.
package struct WindowCall: Sendable, Hashable {
    /// The function applied to the window.
    package var function: WindowFunction
    /// The metric whose recent values the function reads.
    package var metric: String
    /// How far back the window reaches; always more than zero.
    package var span: TimeSpan
    /// The 0-based offset, in Unicode scalars, of the function name in the expression text.
    package var offset: Int
    /// The 0-based offset, in Unicode scalars, of the metric name in the expression text (for an
    /// unknown metric's diagnostic).
    package var metricOffset: Int

    /// The call in canonical form, `sma(btc.usd, 200d)`, whatever spacing it was written with.
    package var text: String { "\(function.rawValue)(\(metric), \(span.text))" }
}

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
