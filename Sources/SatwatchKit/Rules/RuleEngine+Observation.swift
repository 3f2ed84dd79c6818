extension RuleEngine {
    /// For a `change` rule: the move in percent since the value `within` ago (nil while history
    /// does not reach that far back, or that value was zero).
    ///
    /// The reference is the last value at or before `within` ago, but no older than twice
    /// `within`: after a gap (an outage, the worker stopped for hours) a value from before it
    /// would turn a slow move into a sudden "change within 1h".
    func change(for index: Int, sample: Sample) -> Double? {
        guard case .change(_, let within) = logic[index].condition else { return nil }
        let key = Self.historyKey(rules[index].metric, rules[index].source)
        let target = sample.at - within
        guard let reference = histories[key]?.value(atOrBefore: target, notBefore: target - within),
              reference != 0 else { return nil }
        return (sample.value - reference) / reference * 100
    }

    /// Feeds the histories that `change` rules on this metric read (any source, and this source).
    mutating func recordHistory(_ sample: Sample) {
        histories[sample.metric]?.record(sample.value, at: sample.at)
        let pinned = Self.historyKey(sample.metric, sample.source)
        histories[pinned]?.record(sample.value, at: sample.at)
    }

    static func historyKey(_ metric: String, _ source: String?) -> String {
        source.map { "\(metric)@\($0)" } ?? metric
    }
}
