import Synchronization

/// Every feed's health, shared between the feed services (which write it), the evaluator and the
/// HTTP endpoint (which read it).
package final class FeedHealthBoard: Sendable {
    private let feeds: Mutex<[FeedKind: FeedHealth]>

    /// A board for `kinds`, none connected yet.
    package init(_ kinds: [FeedKind]) {
        feeds = Mutex(Dictionary(uniqueKeysWithValues: kinds.map { ($0, FeedHealth(kind: $0)) }))
    }

    /// Every feed's health, sorted by kind.
    package var snapshot: [FeedHealth] { feeds.withLock { $0.values.sorted { $0.kind < $1.kind } } }

    /// Updates one feed's health.
    package func update(_ kind: FeedKind, _ change: (inout FeedHealth) -> Void) {
        feeds.withLock { change(&$0[kind, default: FeedHealth(kind: kind)]) }
    }
}
