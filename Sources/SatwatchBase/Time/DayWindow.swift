/// Values keyed by UTC day (days since the epoch), keeping only the `capacity` most recent days:
/// the Coin Metrics decoder's 200 daily prices (Mayer multiple) and a metric's completed daily
/// closes (`DailyCloses`). A day recorded again (a later page or poll) replaces its value, so
/// paging and re-polling never double-count, and memory stays bounded however long the daemon
/// runs.
package struct DayWindow {
    /// The most days kept; lowering it drops the oldest days at once.
    package var capacity: Int {
        didSet { trim() }
    }
    /// Days since the epoch, ascending, parallel to `values`.
    package private(set) var days: [Int64] = []
    package private(set) var values: [Double] = []

    package init(capacity: Int) { self.capacity = capacity }

    /// How many days are known.
    package var count: Int { days.count }

    /// Whether the window holds `capacity` days.
    package var isFull: Bool { days.count >= capacity }

    /// The newest day known and its value.
    package var latest: (day: Int64, value: Double)? {
        guard let day = days.last, let value = values.last else { return nil }
        return (day, value)
    }

    /// The mean of the values kept (summed oldest first), nil when empty.
    package var mean: Double? {
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// Whether `day` has a value.
    package func contains(_ day: Int64) -> Bool {
        let index = position(of: day)
        return index < days.count && days[index] == day
    }

    /// Records `value` for `day`, replacing a value already known for that day; the oldest days
    /// beyond `capacity` are dropped (an old day that arrives when the window is full is dropped
    /// at once).
    package mutating func record(_ value: Double, day: Int64) {
        let index = position(of: day)
        if index < days.count, days[index] == day {
            values[index] = value
            return
        }
        days.insert(day, at: index)
        values.insert(value, at: index)
        trim()
    }

    /// The index of `day`, or where it would be inserted.
    private func position(of day: Int64) -> Int {
        var low = 0, high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid] < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func trim() {
        let excess = days.count - max(capacity, 0)
        guard excess > 0 else { return }
        days.removeFirst(excess)
        values.removeFirst(excess)
    }
}
