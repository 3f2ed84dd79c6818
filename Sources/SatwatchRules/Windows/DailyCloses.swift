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
