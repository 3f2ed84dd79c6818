extension RuleEngine {
    /// The value a rule compares: the sample itself, or for `change` the move in percent since
    /// the value `within` ago (nil while history does not reach that far back or it was zero).
    func observation(for index: Int, sample: Sample) -> Double? {
        guard case .change(_, let within) = rules[index].condition else { return sample.value }
        let key = Self.historyKey(rules[index].metric, rules[index].source)
        guard let reference = histories[key]?.value(atOrBefore: sample.at - within), reference != 0 else { return nil }
        return (sample.value - reference) / reference * 100
    }

    /// Feeds the histories that `change` rules on this metric read.
    mutating func recordHistory(_ sample: Sample) {
        for key in [Self.historyKey(sample.metric, nil), Self.historyKey(sample.metric, sample.source)] {
            histories[key]?.record(sample.value, at: sample.at)
        }
    }

    static func historyKey(_ metric: String, _ source: String?) -> String {
        source.map { "\(metric)@\($0)" } ?? metric
    }
}
