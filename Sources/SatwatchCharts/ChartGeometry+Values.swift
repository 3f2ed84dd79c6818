#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SatwatchBase

extension ChartGeometry {
    /// The values shown: every finite point in the time range and every finite line, padded by
    /// 8% so nothing sits on the plot's edge. A flat series gets 1% either side, an empty one
    /// 0...1, and a range too narrow for 8 significant digits is widened so tick labels differ.
    static func valueRange(_ spec: ChartSpec, from: Timestamp, to: Timestamp) -> (low: Double, high: Double) {
        var low = Double.infinity, high = -Double.infinity
        for point in spec.points where point.value.isFinite && point.at >= from && point.at <= to {
            low = min(low, point.value)
            high = max(high, point.value)
        }
        for line in spec.lines where line.value.isFinite {
            low = min(low, line.value)
            high = max(high, line.value)
        }
        guard low <= high else { return (0, 1) }
        // Prices and fees are not negative: widening and padding should not invent a negative axis.
        let floor = low >= 0 ? 0 : -Double.infinity
        let middle = (low + high) / 2, least = max(abs(low), abs(high)) * 1e-5
        if high == low {
            let half = middle == 0 ? 1 : abs(middle) * 0.01
            (low, high) = (middle - half, middle + half)
        } else if high - low < least {
            (low, high) = (middle - least / 2, middle + least / 2)
        }
        let pad = (high - low) * 0.08
        return (max(floor, low - pad), high + pad)
    }

    /// Multiples of a 1, 2 or 5 x 10^k step inside `low...high`, at most `maxCount` steps apart
    /// in all, each with a label showing as many decimals as the step needs.
    static func valueTicks(low: Double, high: Double, maxCount: Int) -> [(value: Double, label: String)] {
        let step = niceStep(span: high - low, maxCount: maxCount)
        guard step > 0, step.isFinite else { return [] }
        let decimals = max(0, -Int(floor(log10(step))))
        let first = Int64(ceil(low / step)), last = Int64(floor(high / step))
        guard first <= last else { return [] }
        return (first...last).map { multiple in
            let value = Double(multiple) * step
            return (value, label(value, decimals: decimals))
        }
    }

    /// The smallest of 1, 2, 5 x 10^k that cuts `span` into at most `maxCount` steps.
    static func niceStep(span: Double, maxCount: Int) -> Double {
        guard span > 0, span.isFinite else { return 0 }
        let raw = span / Double(max(1, maxCount))
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5] where factor * magnitude >= raw * (1 - 1e-12) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// `value` with exactly `decimals` decimals (`92284.5`, `0.05`, `-3`), no `-0`; huge values
    /// fall back to `DisplayNumber`.
    static func label(_ value: Double, decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return DisplayNumber.format(value) }
        let units = Int64(scaled), whole = units / Int64(scale), fraction = units % Int64(scale)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}
