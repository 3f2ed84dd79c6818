extension OutboxStore {
    /// Deliveries per channel and state, for `status` and metrics.
    package func counts() throws -> [String: OutboxCounts] {
        let statement = try connection.cached("SELECT channel, state, count(*) FROM outbox GROUP BY channel, state")
        var counts: [String: OutboxCounts] = [:]
        for (channel, state, count) in try statement.query({ ($0.string(0), $0.string(1), $0.int(2)) }) {
            switch OutboxState(rawValue: state) {
            case .pending: counts[channel, default: OutboxCounts()].pending = count
            case .sent: counts[channel, default: OutboxCounts()].sent = count
            case .dead: counts[channel, default: OutboxCounts()].dead = count
            case .silenced: counts[channel, default: OutboxCounts()].silenced = count
            case .muted: counts[channel, default: OutboxCounts()].muted = count
            case nil: continue
            }
        }
        return counts
    }

    /// Entries in any of `states`, newest first, at most `limit`: `status` lists what is still
    /// to deliver and what was given up.
    package func entries(states: Set<OutboxState> = [.pending, .dead], limit: Int = 100) throws -> [OutboxEntry] {
        // One fixed placeholder per state (unused ones NULL, which matches nothing) keeps one
        // cached plan.
        let count = OutboxState.allCases.count
        let slots = (1...count).map { "?\($0)" }.joined(separator: ", ")
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.state IN (\(slots)) ORDER BY o.id DESC LIMIT ?\(count + 1)
            """)
        let wanted = OutboxState.allCases.filter(states.contains)
        for slot in 0..<count {
            try statement.bind(Int32(slot + 1), slot < wanted.count ? wanted[slot].rawValue : nil)
        }
        try statement.bind(Int32(count + 1), limit)
        return try entries(from: statement)
    }
}
