import SatwatchBase

extension RuleEngine {
    /// Recomputes the derived metrics that read `slot` and feeds each new value to the engine
    /// as a sample of its own (source `derived`). Cycles are refused when the config loads.
    mutating func updateDerived(from slot: Int, at now: Timestamp) -> [RuleChange] {
        guard !derived.routes[slot].isEmpty else { return [] }
        var changes: [RuleChange] = []
        for index in derived.routes[slot] {
            guard let value = derived.expressions[index].value(table) else { continue }
            let sample = Sample(metric: derived.metrics[index].name, value: value, at: now, source: DerivedMetric.source)
            derived.computed.append(sample)
            changes += ingest(sample)
        }
        return changes
    }

    /// A derived metric is stale while any of its inputs is: its slots read as unknown until
    /// every input is fresh again and it is recomputed.
    mutating func markDerivedStale() {
        var changed = true
        while changed {
            changed = false
            for (index, inputs) in derived.inputs.enumerated() where inputs.contains(where: { !table.isFresh($0) }) {
                for route in slotsByMetric[derived.metrics[index].name] ?? [] where table.isFresh(route.slot) {
                    table.markStale(route.slot)
                    changed = true
                }
            }
        }
    }

    /// The derived samples computed since the last call, for the metric board.
    package mutating func takeDerivedSamples() -> [Sample] {
        defer { derived.computed.removeAll(keepingCapacity: true) }
        return derived.computed
    }
}
