import SatwatchBase

/// One value a condition looked at: a metric (`btc.usd`) or an expression
/// (`sma(btc.usd, 200d)`, `change within 1h`), as a notification lists it.
package struct ObservedValue: Sendable, Equatable {
    /// The metric name or expression text.
    package var name: String
    /// Its value.
    package var value: Double

    /// Creates a value.
    package init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}

extension ObservedValue {
    /// The metric's value first, then `more`, each name once.
    package static func list(_ metric: String, _ value: Double?, _ more: [ObservedValue]) -> [ObservedValue] {
        var result = value.map { [ObservedValue(metric, $0)] } ?? []
        for item in more where !result.contains(where: { $0.name == item.name }) { result.append(item) }
        return result
    }

    /// `btc.usd = 92000, sma(btc.usd, 200d) = 85000`: the `{{values}}` text.
    package static func text(_ values: [ObservedValue]) -> String {
        values.map { "\($0.name) = \(DisplayNumber.format($0.value))" }.joined(separator: ", ")
    }

    /// `btc.usd = 92,000, sma(btc.usd, 200d) = 85,000`: `text` as messages for people show it,
    /// each number at the precision of the metric it names (`DisplayNumber.human`).
    package static func humanText(_ values: [ObservedValue]) -> String {
        values.map { "\($0.name) = \(DisplayNumber.human($0.value, metric: $0.name))" }.joined(separator: ", ")
    }
}
