import Synchronization

/// The window values computed over one state of a `DailyCloses`, so the engine's repeated
/// evaluations within a day cost a short scan instead of a pass over up to 2N closes.
///
/// A reference held by a value type: `DailyCloses.value` is not `mutating` (rules read a shared
/// snapshot), so the cache lives in a box. The owner replaces the box (never clears it) when its
/// closes change, so a copy made earlier keeps the box that matches its own closes. The lock makes
/// sharing a copy across threads safe; uncontended it costs a few nanoseconds.
final class WindowMemo: Sendable {
    private struct Entry {
        var function: WindowFunction
        var days: Int
        var value: Double?
    }

    /// Few entries (one per distinct window of the metric), so a linear scan beats hashing.
    private let entries = Mutex<[Entry]>([])

    /// The memoised value of `function` over `days`, computing it once with `compute`.
    func value(_ function: WindowFunction, days: Int, compute: () -> Double?) -> Double? {
        if let hit = entries.withLock({ $0.first { $0.function == function && $0.days == days } }) { return hit.value }
        let value = compute()
        entries.withLock { entries in
            if !entries.contains(where: { $0.function == function && $0.days == days }) {
                entries.append(Entry(function: function, days: days, value: value))
            }
        }
        return value
    }

    /// How many values are memoised (tests).
    var count: Int { entries.withLock { $0.count } }
}
