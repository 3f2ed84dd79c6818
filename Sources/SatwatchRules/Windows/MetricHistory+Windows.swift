#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SatwatchBase

/// Windows shorter than a day (`sma(btc.usd, 4h)`) over the recent points.
///
/// The points are irregular (a burst of trades, then a quiet minute), so every function reads
/// the history as a step function: each point's value holds until the next point. A plain mean
/// of the points would weigh a burst of ten trades in one minute ten times more than the hour
/// of calm after it; the step function weighs each value by how long it was the metric's value.
extension MetricHistory {
    /// `function` over the window (at − span, at], with the value holding at `at − span` (the
    /// latest point at or before it) as the window's first step. Nil when history does not reach
    /// back to `at − span` (no point at or before it: fewer than `span` of history, e.g. just
    /// after start), or when `span` is not positive. Points after `at` are ignored.
    ///
    /// - `sma`: time-weighted mean: ∫ value dt over the window / span.
    /// - `ema`: continuous-time exponential average with τ = span / 2 (the analogue of
    ///   α = 2 / (N + 1) for N samples), started at the value holding at the window's start;
    ///   over each step of value v lasting dt, `ema = v + (ema − v)·e^(−dt/τ)`. That start value
    ///   keeps a weight of e⁻² ≈ 13 % at `at`.
    /// - `max` / `min`: of the points in the window and the value holding at its start.
    ///
    /// Cost: two binary searches and a few operations, from the running aggregates of the windows
    /// the history serves (`RunningWindows`); a window it does not serve, one over a non-finite
    /// value, or a `max`/`min` ending before the newest point is scanned (`scannedValue`).
    func value(_ function: WindowFunction, span: TimeSpan, at time: Timestamp) -> Double? {
        guard span.milliseconds > 0 else { return nil }
        let end = time.milliseconds
        let start = end &- span.milliseconds
        let first = firstIndex(after: start) - 1
        guard first >= head else { return nil }
        let last = firstIndex(after: end) - 1
        guard running.windows.contains(function, span: span),
              !running.hasNonFinite(from: dropped + first, through: dropped + last) else {
            return scannedValue(function, span: span, at: time)
        }
        switch function {
        case .sma:
            return running.area(first: first, last: last, start: start, end: end, times: times, values: values)
                / Double(span.milliseconds)
        case .max, .min:
            // The deques end at the newest point; a window ending earlier (a candle's close, a
            // deadline between samples) is scanned.
            guard last == times.count - 1 else { return scannedValue(function, span: span, at: time) }
            return running.extreme(function, first: first, last: last, values: values, dropped: dropped)
        case .ema:
            return running.average(span: span, first: first, last: last, end: end, times: times, values: values)
        }
    }

    /// `value(_:span:at:)` computed by one pass over the window's points: what a window the
    /// history does not serve costs, and the reference the running aggregates are tested against.
    func scannedValue(_ function: WindowFunction, span: TimeSpan, at time: Timestamp) -> Double? {
        guard span.milliseconds > 0 else { return nil }
        let end = time.milliseconds
        let start = end &- span.milliseconds
        let first = firstIndex(after: start) - 1
        guard first >= head else { return nil }
        let steps = first..<firstIndex(after: end)
        switch function {
        case .max: return values[steps].max()
        case .min: return values[steps].min()
        case .sma:
            var area = 0.0
            for index in steps {
                let from = Swift.max(times[index], start)
                let to = index + 1 < steps.upperBound ? times[index + 1] : end
                area += values[index] * Double(to - from)
            }
            return area / Double(span.milliseconds)
        case .ema:
            let tau = Double(span.milliseconds) / 2
            var ema = values[first]
            for index in steps.dropFirst() {
                let to = index + 1 < steps.upperBound ? times[index + 1] : end
                ema = values[index] + (ema - values[index]) * exp(-Double(to - times[index]) / tau)
            }
            return ema
        }
    }
}
