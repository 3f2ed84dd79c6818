/// How daily closes go to the state file's `daily_close` table and come back.
///
/// Each flush saves `unsavedCloses` (upserts) and calls `markSaved()`; `oldestDay` is the
/// flush's `keepingFrom` (older rows are pruned). The open day's running close is saved as the
/// last (newest) row of a key, so a restart within the day keeps it, and one after the day
/// keeps the value the worker last saw as that day's close (provisional: a seed may replace it).
extension DailyCloses {
    /// The completed closes from `day` on (all when nil), oldest first, then the open day's
    /// running close whatever `day` is: the open day is always the LAST element when there is
    /// one, and newer than every completed day.
    package func closes(from day: Int64?) -> [(day: Int64, value: Double)] {
        let days = completed.days
        var index = days.startIndex
        if let day { index = days.firstIndex { $0 >= day } ?? days.endIndex }
        var result = (index..<days.endIndex).map { (day: days[$0], value: completed.values[$0]) }
        if let open { result.append(open) }
        return result
    }

    /// What the state file lacks since the last `markSaved()`: the completed days from the
    /// oldest one changed, and the open day.
    package var unsavedCloses: [(day: Int64, value: Double)] { closes(from: unsavedFrom ?? .max) }

    /// Notes that `unsavedCloses` reached the state file.
    package mutating func markSaved() { unsavedFrom = nil }

    /// Rebuilds closes saved by `closes(from:)` (any order; the last value of a day repeated
    /// wins; non-finite values are dropped). The newest day becomes the open day, not yet live:
    /// a sample of the same day continues it, a sample or seed of a later day completes it
    /// provisionally. (When the newest stored day was in fact a completed, seeded one, windows
    /// miss it only until the first live sample or seed arrives.) Nothing restored is unsaved.
    package init(restoring closes: [(day: Int64, value: Double)], capacity: Int) {
        self.init(capacity: capacity)
        var byDay: [Int64: Double] = [:]
        for close in closes where close.value.isFinite { byDay[close.day] = close.value }
        let sorted = byDay.sorted { $0.key < $1.key }
        guard let newest = sorted.last else { return }
        for (day, value) in sorted.dropLast() { completed.record(value, day: day) }
        open = (newest.key, newest.value)
        openIsLive = false
    }
}
