import SatwatchBase

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
}
