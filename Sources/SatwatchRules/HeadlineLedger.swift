import SatwatchBase

/// Which news items the rules have seen, per source, so each item is judged once: by its id
/// (guid, else link), across restarts (the state file keeps the ledger, see `takeRecord`).
///
/// The first poll of a source with nothing recorded only records what is there: the backlog a
/// feed carries is not news. A source whose items were recorded before a restart is not new
/// then, so items published while the worker was down are still judged when it is back.
///
/// Bounded: per source, the `capacity` ids seen most recently are kept (an item still in the
/// feed is seen again at every poll, so it is never forgotten while it is there).
package struct HeadlineLedger: Sendable {
    /// Per source, each recorded id and when it was last seen.
    private var seen: [String: [String: Timestamp]] = [:]
    /// What changed since the state file last took it.
    private var pending = HeadlineRecord()

    /// The most ids kept per source: well above the most items a document carries
    /// (`NewsDocument.maxItems`), so an item still in its feed is never forgotten.
    package static let capacity = 2_000

    package init() {}

    /// Records one poll's `items` of `source`, made at `at`; returns the ones to judge: those
    /// not seen before, unless this is the source's first poll.
    package mutating func record(_ items: [Headline], source: String, at: Timestamp) -> [Headline] {
        let firstPoll = seen[source, default: [:]].isEmpty
        var fresh: [Headline] = []
        for item in items {
            let isNew = seen[source, default: [:]].updateValue(at, forKey: item.id) == nil
            pending.seen[source, default: [:]][item.id] = at
            if isNew, !firstPoll { fresh.append(item) }
        }
        if firstPoll, !items.isEmpty { pending.firstPolls[source] = items.count }
        trim(source)
        return fresh
    }

    /// Takes up what the state file holds (`HeadlineRecord.seen`'s shape: source → id → last seen).
    package mutating func restore(_ stored: [String: [String: Timestamp]]) {
        for (source, ids) in stored where !ids.isEmpty {
            seen[source, default: [:]].merge(ids) { Swift.max($0, $1) }
            trim(source)
        }
    }

    /// What changed since the last call: the ids to store with when they were seen, and the
    /// sources whose first poll was just recorded.
    package mutating func takeRecord() -> HeadlineRecord {
        defer { pending = HeadlineRecord() }
        return pending
    }

    /// Whether anything was recorded for `source`.
    package func knows(_ source: String) -> Bool { !(seen[source]?.isEmpty ?? true) }

    /// Forgets the ids seen longest ago beyond `capacity` (those seen at the same time as the
    /// last one kept stay, so a poll's items are kept or forgotten together).
    private mutating func trim(_ source: String) {
        guard let ids = seen[source], ids.count > Self.capacity else { return }
        let cutoff = ids.values.sorted(by: >)[Self.capacity - 1]
        seen[source] = ids.filter { $0.value >= cutoff }
        pending.seen[source] = pending.seen[source]?.filter { $0.value >= cutoff }
        pending.oldestKept[source] = cutoff
    }
}

/// What the ledger recorded since the state file last took it (`HeadlineLedger.takeRecord`).
package struct HeadlineRecord: Sendable, Equatable {
    /// Per source, each id seen, with when it was last seen: to insert or refresh.
    package var seen: [String: [String: Timestamp]] = [:]
    /// Per source trimmed to capacity, the oldest last-seen time kept: stored ids seen earlier go.
    package var oldestKept: [String: Timestamp] = [:]
    /// Sources whose first poll was recorded (and announced nothing), with how many items.
    package var firstPolls: [String: Int] = [:]

    package init(seen: [String: [String: Timestamp]] = [:], oldestKept: [String: Timestamp] = [:], firstPolls: [String: Int] = [:]) {
        self.seen = seen
        self.oldestKept = oldestKept
        self.firstPolls = firstPolls
    }

    /// Whether there is nothing to store.
    package var isEmpty: Bool { seen.isEmpty && oldestKept.isEmpty }
}
