import SatwatchBase
import Synchronization

/// The last 24 h of every metric at one-minute resolution, for the page's charts, the
/// `series` API and the charts in notifications. The evaluator records every sample it
/// evaluates (derived metrics and portfolios included), saves the changed minutes to the state
/// file with its minute flush and takes them up again at start, so a restart does not blank the
/// charts. Bounds: see `SeriesCollection`.
package final class SeriesBoard: Sendable {
    private let contents: Mutex<SeriesCollection>

    /// An empty board keeping at most `keyLimit` metric/source keys.
    package init(keyLimit: Int = SeriesCollection.keyLimit) {
        contents = Mutex(SeriesCollection(keyLimit: keyLimit))
    }

    /// Records samples, each in its UTC minute; daily closes are left out.
    package func record(_ samples: [Sample]) {
        contents.withLock { for sample in samples { $0.record(sample) } }
    }

    /// The last value of each minute of `metric` that has one, oldest first, from the minute of
    /// `since` through the minute of `now` and at most 24 h back. `source` nil: the preferred
    /// source that has data in that span (see `SeriesCollection.sources(of:)`). Minutes without
    /// samples are left out, so a gap shows as a jump in `at`.
    package func series(metric: String, source: String? = nil, since: Timestamp, now: Timestamp) -> [(at: Timestamp, value: Double)] {
        buckets(metric: metric, source: source, since: since, now: now).map { (at: $0.at, value: $0.value) }
    }

    /// As `series`, with each minute's low and high.
    package func buckets(metric: String, source: String? = nil, since: Timestamp, now: Timestamp) -> [SeriesBucket] {
        contents.withLock { $0.buckets(metric: metric, source: source, since: since, now: now) }
    }

    /// Every metric/source key kept, sorted by metric then source.
    package var keys: [MetricKey] {
        contents.withLock { $0.rings.keys.sorted() }
    }

    /// Samples refused because the board already kept `keyLimit` live keys.
    package var refusedSamples: Int { contents.withLock { $0.refusedSamples } }

    /// The buckets recorded since the last call, for the state file.
    package func takeChanged() -> [MetricKey: [SeriesBucket]] { contents.withLock { $0.takeChanged() } }

    /// Drops keys with nothing in the 24 h before `now`.
    package func prune(now: Timestamp) { contents.withLock { $0.prune(now: now) } }

    /// Takes up buckets from the state file (see `SeriesCollection.restore`).
    package func restore(_ stored: [MetricKey: [SeriesBucket]]) { contents.withLock { $0.restore(stored) } }
}
