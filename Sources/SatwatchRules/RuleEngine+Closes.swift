extension RuleEngine {
    /// The daily closes the state file lacks, by slot key, each marked saved; and, for every key
    /// a window reads, the oldest day still needed (older stored days can go).
    package mutating func takeUnsavedCloses() -> (closes: [String: [(day: Int64, value: Double)]], keepingFrom: [String: Int64]) {
        var closes: [String: [(day: Int64, value: Double)]] = [:]
        var keepingFrom: [String: Int64] = [:]
        for slot in table.closes.indices {
            guard table.closes[slot] != nil else { continue }
            let key = slots.keys[slot]
            let unsaved = table.closes[slot]!.unsavedCloses
            if !unsaved.isEmpty { closes[key] = unsaved }
            table.closes[slot]!.markSaved()
            keepingFrom[key] = table.closes[slot]!.oldestDay ?? .min
        }
        return (closes, keepingFrom)
    }

    /// Takes up daily closes read back from the state file, for the keys this engine's windows read.
    package mutating func restoreCloses(_ stored: [String: [(day: Int64, value: Double)]]) {
        for (key, closes) in stored {
            guard let slot = slots.slot(forKey: key), let capacity = table.closes[slot]?.capacity else { continue }
            table.closes[slot] = DailyCloses(restoring: closes, capacity: capacity)
        }
    }
}
