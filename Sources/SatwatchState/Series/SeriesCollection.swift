import SatwatchBase
import SatwatchFeeds

/// Every metric's series, by metric and source: what `SeriesBoard` keeps behind its lock.
///
/// Bounded twice: each key holds at most `SeriesRing.capacity` minutes (24 h), and at most
/// `keyLimit` keys are kept (1,000 by default: about 23 MB at 16 bytes a minute, where a typical
/// worker has a few dozen). A key with nothing in the last 24 h is dropped; a new key when the
/// collection is full of live ones is refused and counted, so memory never grows with the
/// number of pairs a feed happens to publish.
package struct SeriesCollection {
    /// The default cap on keys.
    static let keyLimit = 1_000

    let keyLimit: Int
    private(set) var rings: [MetricKey: SeriesRing] = [:]
    /// Samples dropped because their key was new and the collection full.
    private(set) var refusedSamples = 0
    /// The last minute a full collection looked for keys to drop, so a flood of samples of a
    /// refused key does not scan every key each time.
    private var scannedFullAt: Int64?

    init(keyLimit: Int = Self.keyLimit) { self.keyLimit = keyLimit }

    /// Records a live sample in its minute; daily closes (a feed's history) are no minute's value.
    mutating func record(_ sample: Sample) {
        guard !sample.isDailyClose else { return }
        let key = MetricKey(metric: sample.metric, source: sample.source)
        let minute = sample.at.utcMinute
        if rings[key] == nil {
            guard sample.value.isFinite, makeRoom(at: minute) else { return }
            rings[key] = SeriesRing(newest: minute)
        }
        rings[key]!.record(sample.value, minute: minute)
    }

    /// Whether a new key fits, dropping keys with nothing since 24 h before `minute` if needed.
    private mutating func makeRoom(at minute: Int64) -> Bool {
        if rings.count < keyLimit { return true }
        if scannedFullAt != minute {
            scannedFullAt = minute
            prune(now: Timestamp(startOfUTCMinute: minute))
        }
        if rings.count < keyLimit { return true }
        refusedSamples += 1
        return false
    }

    /// Drops every key whose newest minute is 24 h or more before `now`'s.
    mutating func prune(now: Timestamp) {
        let cutoff = Self.oldestMinute(now: now)
        rings = rings.filter { $0.value.newest >= cutoff }
    }

    /// The oldest minute a read at `now` returns, and the file keeps.
    package static func oldestMinute(now: Timestamp) -> Int64 { now.utcMinute - Int64(SeriesRing.capacity) + 1 }

    /// The buckets of `metric` (from `source`, or the preferred source that has any) from the
    /// minute of `since` through the minute of `now`, and no more than 24 h back from `now`.
    func buckets(metric: String, source: String?, since: Timestamp, now: Timestamp) -> [SeriesBucket] {
        let first = max(since.utcMinute, Self.oldestMinute(now: now)), last = now.utcMinute
        if let source {
            return rings[MetricKey(metric: metric, source: source)]?.buckets(from: first, through: last) ?? []
        }
        for candidate in sources(of: metric) {
            let found = rings[MetricKey(metric: metric, source: candidate)]!.buckets(from: first, through: last)
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The sources that published `metric`, preferred first: the catalog's order of preference
    /// (the order `MetricDescriptor.sources` lists the feeds in), then any other (`derived`,
    /// `test`) by name.
    func sources(of metric: String) -> [String] {
        let preference = MetricCatalog.descriptor(for: metric)?.sources.map(\.rawValue) ?? []
        func rank(_ source: String) -> Int { preference.firstIndex(of: source) ?? preference.count }
        return rings.keys.filter { $0.metric == metric }.map(\.source)
            .sorted { (rank($0), $0) < (rank($1), $1) }
    }

    /// Per key, the buckets recorded since the last call (see `SeriesRing.takeChanged`).
    mutating func takeChanged() -> [MetricKey: [SeriesBucket]] {
        var changed: [MetricKey: [SeriesBucket]] = [:]
        for key in rings.keys {
            let buckets = rings[key]!.takeChanged()
            if !buckets.isEmpty { changed[key] = buckets }
        }
        return changed
    }

    /// Takes up buckets saved in the state file; minutes already recorded live keep their
    /// value. Keys beyond the cap are left out, as live samples would be.
    mutating func restore(_ stored: [MetricKey: [SeriesBucket]]) {
        for (key, buckets) in stored.sorted(by: { $0.key < $1.key }) {
            guard let newest = buckets.map(\.minute).max() else { continue }
            if rings[key] == nil {
                guard rings.count < keyLimit else { continue }
                rings[key] = SeriesRing(newest: newest)
            }
            for bucket in buckets { rings[key]!.restore(bucket) }
        }
    }
}
