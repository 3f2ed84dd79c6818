#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SatwatchBase

/// What a `MetricHistory` keeps running for the windows under a day that read it (its
/// `ShortWindows`), so that a window's value costs a few operations after the history's two
/// binary searches, instead of a pass over its up to 14,400 points (one a second for 4 h) for
/// every rule on every sample. Each array runs parallel to the history's points (index i is
/// the history's point i) and is updated as points come, are replaced and are dropped.
///
/// - `sma`: the area before each point, ∫ value dt from the first point kept up to it, summed
///   with compensation (Neumaier: `areaHigh + areaLow`). A window's area is the difference at its
///   first and last points, corrected for the part of the first step before the window and the
///   last step's time until the window's end. When the history drops its older points the sums
///   start again from zero, so they never span more than about twice the history: no drift
///   over months of running, and compensation keeps even those sums exact to a few ulps.
/// - `ema`: per span, the exponential average (τ = span / 2) at each point of every step before
///   it, from the first point kept: E(i) = v(i−1) + (E(i−1) − v(i−1))·e^(−Δt/τ). The window's
///   EMA, started at the value holding at its start, is the same recursion from its second
///   point on, hence E(end) − (E(first + 1) − v(first))·e^(−(end − t(first + 1))/τ). The
///   recursion contracts, so a rounding error fades as the average forgets.
/// - `max` / `min`: a `MonotonicDeque` of the points that can no longer change (every point but
///   the newest, which a later sample in the same second replaces); a read adds the newest.
///
/// Deques and the list of non-finite points use *positions*: a point's index plus the points
/// the history dropped before it, so they survive the history's compaction unchanged.
///
/// A non-finite value (feeds admit finite values only, so this is defence) stays out of the
/// aggregates: a window over it is computed by the scan as before, and later windows are not
/// poisoned by a NaN in a running sum.
struct RunningWindows: Sendable {
    /// The windows the aggregates serve.
    let windows: ShortWindows
    private var areaHigh: [Double] = []
    private var areaLow: [Double] = []
    /// Per `windows.emaSpans`, the exponential averages at each point.
    private var averages: [[Double]]
    private var maxima: MonotonicDeque?
    private var minima: MonotonicDeque?
    /// The positions of the points whose value is not finite, oldest first.
    private var nonFinite: [Int] = []

    /// Empty aggregates for `windows`.
    init(_ windows: ShortWindows) {
        self.windows = windows
        averages = Array(repeating: [], count: windows.emaSpans.count)
        maxima = windows.maximum ? MonotonicDeque(.maximum) : nil
        minima = windows.minimum ? MonotonicDeque(.minimum) : nil
    }

    /// The aggregates for `windows` over points already kept (a history handed over, or read back).
    init(_ windows: ShortWindows, times: [Int64], values: [Double], dropped: Int) {
        self.init(windows)
        for index in times.indices { appended(index, times: times, values: values, dropped: dropped) }
    }

    // MARK: Following the history

    /// Point `index` was appended: the newest, later than every other.
    mutating func appended(_ index: Int, times: [Int64], values: [Double], dropped: Int) {
        if !values[index].isFinite { nonFinite.append(dropped + index) }
        if windows.mean {
            let area = self.area(before: index, times: times, values: values)
            areaHigh.append(area.high)
            areaLow.append(area.low)
        }
        for span in averages.indices { averages[span].append(average(span, at: index, times: times, values: values)) }
        // The point before it can no longer change.
        if index > 0, values[index - 1].isFinite {
            maxima?.push(values[index - 1], at: dropped + index - 1)
            minima?.push(values[index - 1], at: dropped + index - 1)
        }
    }

    /// The newest point, `index`, took a later sample of the same second (value and time).
    mutating func replacedNewest(_ index: Int, times: [Int64], values: [Double], dropped: Int) {
        if nonFinite.last == dropped + index { nonFinite.removeLast() }
        if !values[index].isFinite { nonFinite.append(dropped + index) }
        if windows.mean {
            (areaHigh[index], areaLow[index]) = area(before: index, times: times, values: values)
        }
        for span in averages.indices { averages[span][index] = average(span, at: index, times: times, values: values) }
    }

    /// The history dropped its `count` oldest points: `times` and `values` are the points left,
    /// `dropped` the points dropped since it began.
    mutating func droppedOldest(_ count: Int, times: [Int64], values: [Double], dropped: Int) {
        if windows.mean {
            // Summed again from the first point left: the sums stay as short as the history.
            areaHigh.removeAll(keepingCapacity: true)
            areaLow.removeAll(keepingCapacity: true)
            for index in times.indices {
                let area = self.area(before: index, times: times, values: values)
                areaHigh.append(area.high)
                areaLow.append(area.low)
            }
        }
        for span in averages.indices { averages[span].removeFirst(count) }
        maxima?.drop(before: dropped)
        minima?.drop(before: dropped)
        if let kept = nonFinite.firstIndex(where: { $0 >= dropped }) {
            nonFinite.removeFirst(kept)
        } else {
            nonFinite.removeAll()
        }
    }

    /// The area before point `index` (compensated): the previous point's plus its step's.
    private func area(before index: Int, times: [Int64], values: [Double]) -> (high: Double, low: Double) {
        guard index > 0 else { return (0, 0) }
        var high = areaHigh[index - 1], low = areaLow[index - 1]
        let step = values[index - 1] * Double(times[index] - times[index - 1])
        guard step.isFinite else { return (high, low) }
        let sum = high + step
        low += abs(high) >= abs(step) ? (high - sum) + step : (step - sum) + high
        high = sum
        return (high, low)
    }

    /// The exponential average of `windows.emaSpans[span]` at point `index`.
    private func average(_ span: Int, at index: Int, times: [Int64], values: [Double]) -> Double {
        guard index > 0 else { return values[0].isFinite ? values[0] : 0 }
        let previous = averages[span][index - 1], value = values[index - 1]
        guard value.isFinite else { return previous }
        let tau = Double(windows.emaSpans[span].milliseconds) / 2
        return value + (previous - value) * exp(-Double(times[index] - times[index - 1]) / tau)
    }

    // MARK: Reading windows

    /// Whether a point from position `from` through `through` has a non-finite value.
    func hasNonFinite(from: Int, through: Int) -> Bool {
        guard let newest = nonFinite.last, newest >= from else { return false }
        var low = 0, high = nonFinite.count
        while low < high {
            let mid = (low + high) / 2
            if nonFinite[mid] < from { low = mid + 1 } else { high = mid }
        }
        return nonFinite[low] <= through
    }

    /// ∫ value dt over (start, end]: `first` is the point holding at `start`, `last` the newest
    /// at or before `end`.
    func area(first: Int, last: Int, start: Int64, end: Int64, times: [Int64], values: [Double]) -> Double {
        let between = (areaHigh[last] - areaHigh[first]) + (areaLow[last] - areaLow[first])
        return between - values[first] * Double(start - times[first]) + values[last] * Double(end - times[last])
    }

    /// The highest (`.max`) or lowest (`.min`) value from point `first` to the newest point, `last`.
    func extreme(_ function: WindowFunction, first: Int, last: Int, values: [Double], dropped: Int) -> Double {
        let newest = values[last]
        if function == .max {
            guard let kept = maxima?.extreme(from: dropped + first) else { return newest }
            return newest > kept ? newest : kept
        }
        guard let kept = minima?.extreme(from: dropped + first) else { return newest }
        return newest < kept ? newest : kept
    }

    /// The EMA over `span` at `end`, started at point `first` (holding at the window's start);
    /// `last` is the newest point at or before `end`. Nil when no `ema` over `span` was noted.
    func average(span: TimeSpan, first: Int, last: Int, end: Int64, times: [Int64], values: [Double]) -> Double? {
        guard let index = windows.emaSpans.firstIndex(of: span) else { return nil }
        guard first < last else { return values[first] }
        let tau = Double(span.milliseconds) / 2
        let levels = averages[index]
        let atEnd = values[last] + (levels[last] - values[last]) * exp(-Double(end - times[last]) / tau)
        let startWeight = exp(-Double(end - times[first + 1]) / tau)
        return atEnd - (levels[first + 1] - values[first]) * startWeight
    }
}
