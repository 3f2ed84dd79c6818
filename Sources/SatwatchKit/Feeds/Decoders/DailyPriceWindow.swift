/// Daily prices keyed by day, keeping only the `capacity` most recent days: what the Mayer
/// multiple averages. A day seen again (a later page or poll) replaces its value, so paging
/// and re-polling never double-count, and memory stays bounded however long the daemon runs.
struct DailyPriceWindow {
    /// The most days kept.
    let capacity: Int
    /// Days since the epoch, ascending, parallel to `prices`.
    private(set) var days: [Int64] = []
    private(set) var prices: [Double] = []

    init(capacity: Int) { self.capacity = capacity }

    /// How many days are known.
    var count: Int { days.count }

    /// Whether the window holds `capacity` days.
    var isFull: Bool { days.count >= capacity }

    /// The newest day known and its price.
    var latest: (day: Int64, price: Double)? {
        guard let day = days.last, let price = prices.last else { return nil }
        return (day, price)
    }

    /// The mean of the prices kept (summed oldest first), nil when empty.
    var mean: Double? {
        guard !prices.isEmpty else { return nil }
        return prices.reduce(0, +) / Double(prices.count)
    }

    /// Records `price` for `day`, replacing a value already known for that day; the oldest days
    /// beyond `capacity` are dropped (an old day that arrives when the window is full is dropped
    /// at once).
    mutating func record(_ price: Double, day: Int64) {
        var low = 0, high = days.count
        while low < high {
            let mid = (low + high) / 2
            if days[mid] < day { low = mid + 1 } else { high = mid }
        }
        if low < days.count, days[low] == day {
            prices[low] = price
            return
        }
        days.insert(day, at: low)
        prices.insert(price, at: low)
        if days.count > capacity {
            let excess = days.count - capacity
            days.removeFirst(excess)
            prices.removeFirst(excess)
        }
    }
}
