import SatwatchBase

/// Recent values of one metric, for `change` rules and windows shorter than a day (see
/// `MetricHistory+Windows.swift`): at most one point per second (the latest in that second),
/// kept for the longest `within` or window of the rules that read it. What those windows need
/// runs along with the points (`RunningWindows`), so reading one does not walk the window.
struct MetricHistory: Sendable {
    private(set) var times: [Int64] = []
    private(set) var values: [Double] = []
    /// The index of the oldest point kept (older ones are dropped in batches).
    private(set) var head = 0
    /// How many points were dropped since the history began: a point's *position*, which the
    /// running aggregates use, is its index plus this.
    private(set) var dropped = 0
    var retention: TimeSpan
    /// The running aggregates of the windows that read this history.
    private(set) var running: RunningWindows

    /// An empty history kept for `retention`, read by `windows`.
    init(retention: TimeSpan, windows: ShortWindows = ShortWindows()) {
        self.retention = retention
        running = RunningWindows(windows)
    }

    /// The windows under a day that read this history.
    var windows: ShortWindows { running.windows }

    /// Makes the history serve `windows` (a history read back or handed over to a new engine).
    mutating func serve(_ windows: ShortWindows) {
        guard windows != running.windows else { return }
        running = RunningWindows(windows, times: times, values: values, dropped: dropped)
    }

    /// Appends a value, coalescing within the same second, and drops points older than needed.
    mutating func record(_ value: Double, at time: Timestamp) {
        let t = time.milliseconds
        if head < times.count, let last = times.last, t < last { return }  // out of order: ignore
        if let last = times.last, head < times.count, last / 1000 == t / 1000 {
            values[values.count - 1] = value
            times[times.count - 1] = t
            running.replacedNewest(times.count - 1, times: times, values: values, dropped: dropped)
        } else {
            times.append(t)
            values.append(value)
            running.appended(times.count - 1, times: times, values: values, dropped: dropped)
        }
        // Keep one point at or before the horizon so the reference `within` ago stays known.
        let horizon = t - retention.milliseconds
        while head + 1 < times.count, times[head + 1] <= horizon { head += 1 }
        if head > 1024, head * 2 > times.count {
            times.removeFirst(head)
            values.removeFirst(head)
            dropped += head
            running.droppedOldest(head, times: times, values: values, dropped: dropped)
            head = 0
        }
    }

    /// The latest value observed at or before `time` but not before `earliest`, or nil when
    /// history does not reach back that far or has a gap there (a feed outage, the worker down).
    func value(atOrBefore time: Timestamp, notBefore earliest: Timestamp) -> Double? {
        let index = firstIndex(after: time.milliseconds) - 1
        guard index >= head, times[index] >= earliest.milliseconds else { return nil }
        return values[index]
    }

    /// The points kept, oldest first; only those after `time` when given.
    func points(after time: Timestamp? = nil) -> [HistoryPoint] {
        let start = time.map { firstIndex(after: $0.milliseconds) } ?? head
        return (start..<times.count).map { HistoryPoint(at: Timestamp(milliseconds: times[$0]), value: values[$0]) }
    }

    /// The oldest point kept: every point before it is no longer needed.
    var oldest: Timestamp? { head < times.count ? Timestamp(milliseconds: times[head]) : nil }

    /// The index of the first kept point later than `t` (`times.count` when none is).
    func firstIndex(after t: Int64) -> Int {
        var low = head, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
