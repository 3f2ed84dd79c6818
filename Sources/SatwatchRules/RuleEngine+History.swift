import SatwatchBase

extension RuleEngine {
    /// The recent samples this engine keeps for windows and `change` rules, by slot key.
    package var historySnapshot: HistorySnapshot {
        var histories: [String: MetricHistory] = [:]
        for (slot, history) in table.histories.enumerated() {
            if let history { histories[slots.keys[slot]] = history }
        }
        var closes: [String: DailyCloses] = [:]
        for (slot, days) in table.closes.enumerated() {
            if let days { closes[slots.keys[slot]] = days }
        }
        return HistorySnapshot(histories: histories, closes: closes)
    }

    /// Takes over the histories of a previous engine that this engine also reads (same metric
    /// and source), keeping this engine's retention and serving this engine's windows.
    package mutating func adopt(_ snapshot: HistorySnapshot) {
        for (key, previous) in snapshot.histories {
            guard let slot = slots.slot(forKey: key), let current = table.histories[slot] else { continue }
            var history = previous
            history.retention = current.retention
            history.serve(current.windows)
            table.histories[slot] = history
        }
        for (key, previous) in snapshot.closes {
            guard let slot = slots.slot(forKey: key), let capacity = table.closes[slot]?.capacity else { continue }
            var days = previous
            days.capacity = capacity
            // A window widened by this reload: the previous engine held fewer days than the
            // state file, which `restoreCloses` read into this one.
            if let stored = table.closes[slot] { days.takeOlderDays(of: stored) }
            table.closes[slot] = days
        }
    }

    /// Seeds the daily closes a window reads with a completed day's close from a feed's history.
    mutating func seedDailyClose(_ sample: Sample, _ routes: [SlotRoute]) {
        let day = sample.at.utcDay
        for route in routes where route.source == nil || route.source == sample.source {
            table.closes[route.slot]?.seed(sample.value, day: day)
        }
    }

    /// Sets each rule's `waiting`: why its last evaluation could not decide (history missing,
    /// no fresh value), or nil. Called before states are saved, not per sample.
    package mutating func refreshWaiting() {
        for index in rules.indices {
            states[index].waiting = undecided[index] ? conditions[index].waiting(table) : nil
        }
    }
}
