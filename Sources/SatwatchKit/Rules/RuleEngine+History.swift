extension RuleEngine {
    /// The histories this engine keeps for its `change` rules.
    public var historySnapshot: HistorySnapshot { HistorySnapshot(histories: histories) }

    /// Takes over the histories of a previous engine that this engine's `change` rules also read
    /// (same metric and source), keeping this engine's retention.
    public mutating func adopt(_ snapshot: HistorySnapshot) {
        for (key, previous) in snapshot.histories {
            guard let retention = histories[key]?.retention else { continue }
            var history = previous
            history.retention = retention
            histories[key] = history
        }
    }
}
