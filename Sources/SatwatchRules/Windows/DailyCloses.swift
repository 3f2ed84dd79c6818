import SatwatchBase

/// One metric's UTC daily closes (the last value of each day), for windows of a day or more:
/// `sma(btc.usd, 200d)`, `max(btc.usd, 30d)`.
///
/// Two sources fill it. Live samples (`record`) keep the *open* day's running close; the first
/// sample of a newer day *completes* it. A feed's history (`seed`, e.g. Coin Metrics' ~210 days
/// of PriceUSD at start) fills completed days not known yet, so a 200-day window is warm after
/// one start instead of after 200 days. A known day is never replaced by a seed: the live close
/// is what this metric (this feed, this pair) did, and a day must not change under a window
/// that already used it. The one exception is a *provisional* day (see `provisionalDay`).
///
/// Windows (`value(_:days:)`, in `DailyCloses+Values.swift`) read completed days only, so their
/// value is stable through a day; a gap (no close for a day: the worker was down and no history
/// covered it) is skipped, not filled.
package struct DailyCloses: Sendable {
    /// The completed days, oldest first; at most `capacity`.
    var completed: DayWindow
    /// The open day (the newest a live sample fell in) and its running close.
    var open: (day: Int64, value: Double)?
    /// Whether a live sample of the open day arrived since this value was made: false for an open
    /// day restored from the state file that no sample has continued yet.
    var openIsLive = false
    /// A completed day whose close is the running close of a restored open day that no live
    /// sample continued: the worker stopped during that day, so its "close" is an earlier value,
    /// and a seed (the feed's real close) may replace it.
    var provisionalDay: Int64?
    /// The oldest completed day added or changed since `markSaved()` (see
    /// `DailyCloses+Persistence.swift`).
    package internal(set) var unsavedFrom: Int64?
    /// Window values computed since the completed days last changed.
    var memo = WindowMemo()

    /// An empty history keeping up to `capacity` completed days.
    package init(capacity: Int) {
        completed = DayWindow(capacity: capacity)
    }

    /// The most completed days kept; lowering it drops the oldest at once. The engine sets it to
    /// the longest window that reads this metric: N for `sma`, `max` and `min` over N days, 2N
    /// for `ema` over N days (its seed needs N closes before the N it runs over).
    package var capacity: Int {
        get { completed.capacity }
        set {
            let before = completed.count
            completed.capacity = newValue
            if completed.count != before { memo = WindowMemo() }
        }
    }

    /// Takes the completed days of `other` older than every day known here (up to `capacity`),
    /// as already saved: they come from the state file.
    package mutating func takeOlderDays(of other: DailyCloses) {
        guard let oldest = oldestDay else {
            let kept = capacity
            self = other
            capacity = kept
            return
        }
        let before = completed.count
        for (day, value) in zip(other.completed.days, other.completed.values) where day < oldest {
            completed.record(value, day: day)
        }
        if completed.count != before { memo = WindowMemo() }
    }

    /// How many completed closes are known (the open day is not one).
    package var completedCount: Int { completed.count }

    /// The oldest day kept (completed, or else the open day): older stored days can go.
    package var oldestDay: Int64? { completed.days.first ?? open?.day }

    /// Takes a live sample: it becomes the running close of its UTC day. A sample of a newer day
    /// completes the open day first; a sample of an older day than the open one (or of a day
    /// already completed) is ignored, as is a non-finite value.
    package mutating func record(_ value: Double, at time: Timestamp) {
        guard value.isFinite else { return }
        let day = time.utcDay
        if let open {
            if day < open.day { return }
            if day == open.day {
                self.open = (day, value)
                openIsLive = true
                return
            }
            complete(open, provisional: !openIsLive)
        } else if let newest = completed.latest?.day, day <= newest {
            return
        }
        open = (day, value)
        openIsLive = true
    }

    /// Takes a completed day's close from a feed's history. It fills a day not known yet (or a
    /// provisional one); it never replaces a known close, nor touches the open day or later
    /// while that day is live. A seed for a day at or after a restored open day shows that day
    /// is over: it is completed first (provisionally).
    package mutating func seed(_ value: Double, day: Int64) {
        guard value.isFinite else { return }
        if let open, day >= open.day {
            if openIsLive { return }
            complete(open, provisional: true)
            self.open = nil
        }
        if completed.contains(day) {
            guard day == provisionalDay else { return }
            provisionalDay = nil
        }
        completed.record(value, day: day)
        changed(day)
    }

    /// Moves a day's close into the completed days.
    private mutating func complete(_ close: (day: Int64, value: Double), provisional: Bool) {
        completed.record(close.value, day: close.day)
        if provisional { provisionalDay = close.day }
        changed(close.day)
    }

    /// Notes a change of the completed days: windows are recomputed, the day is saved again.
    private mutating func changed(_ day: Int64) {
        unsavedFrom = Swift.min(unsavedFrom ?? day, day)
        memo = WindowMemo()
    }
}

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
