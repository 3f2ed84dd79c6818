import SatwatchBase
import Synchronization

/// The latest value of every metric per source, for `/metrics` and the periodic flush to the
/// state file (which `status` reads).
package final class MetricBoard: Sendable {
    private let latest = Mutex<[MetricKey: Sample]>([:])

    /// An empty board.
    package init() {}

    /// Records samples; a feed's history (daily closes) seeds windows, it is not a latest value.
    func record(_ samples: [Sample]) {
        latest.withLock { board in for sample in samples where !sample.isDailyClose { board[MetricKey(metric: sample.metric, source: sample.source)] = sample } }
    }

    /// Every latest sample, sorted by metric then source.
    package var snapshot: [Sample] {
        latest.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
    }
}
