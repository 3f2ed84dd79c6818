/// One metric's (one source's) last `capacity` minutes, a slot per minute in a ring indexed by
/// the minute itself: recording never allocates, and time moving on overwrites the oldest slots.
///
/// Memory: 16 bytes a minute (a `Double` for the last value, two `Float`s for low and high),
/// about 23 KB for 24 hours, allocated when the key first appears.
struct SeriesRing {
    /// 24 hours of minutes.
    static let capacity = 1_440

    /// The newest minute the ring covers; it holds `newest - capacity + 1 ... newest`.
    private(set) var newest: Int64
    /// NaN marks a minute without samples (a gap).
    private var values: [Double]
    private var lows: [Float]
    private var highs: [Float]
    /// The oldest minute recorded since the last `takeChanged`, so a flush saves only those.
    private var changedFrom: Int64?

    /// An empty ring whose newest minute is `minute`.
    init(newest minute: Int64) {
        newest = minute
        values = Array(repeating: .nan, count: Self.capacity)
        lows = Array(repeating: .nan, count: Self.capacity)
        highs = Array(repeating: .nan, count: Self.capacity)
    }

    /// The oldest minute the ring still covers.
    var oldest: Int64 { newest - Int64(Self.capacity) + 1 }

    /// Records `value` in `minute`: the minute's last value, within its low and high. A minute
    /// after `newest` moves the ring on (the minutes skipped become gaps); one before `oldest`,
    /// or a value that is not finite (it cannot be drawn), is dropped and false returned.
    @discardableResult
    mutating func record(_ value: Double, minute: Int64) -> Bool {
        guard value.isFinite else { return false }
        if minute > newest { advance(to: minute) }
        guard minute >= oldest else { return false }
        let slot = Self.slot(minute)
        if values[slot].isNaN {
            lows[slot] = Self.float(below: value)
            highs[slot] = Self.float(above: value)
        } else {
            lows[slot] = min(lows[slot], Self.float(below: value))
            highs[slot] = max(highs[slot], Self.float(above: value))
        }
        values[slot] = value
        changedFrom = min(changedFrom ?? minute, minute)
        return true
    }

    /// Takes up a bucket from the state file where the minute has nothing yet (what the ring
    /// saw live is newer); the state file has it, so it is not marked changed.
    mutating func restore(_ bucket: SeriesBucket) {
        guard bucket.value.isFinite else { return }
        if bucket.minute > newest { advance(to: bucket.minute) }
        let slot = Self.slot(bucket.minute)
        guard bucket.minute >= oldest, values[slot].isNaN else { return }
        values[slot] = bucket.value
        lows[slot] = Self.float(below: min(bucket.low, bucket.value))
        highs[slot] = Self.float(above: max(bucket.high, bucket.value))
    }

    /// The minutes from `first` through `last` that hold a value, oldest first.
    func buckets(from first: Int64, through last: Int64) -> [SeriesBucket] {
        let lower = max(first, oldest), upper = min(last, newest)
        guard lower <= upper else { return [] }
        var result: [SeriesBucket] = []
        result.reserveCapacity(Int(upper - lower + 1))
        for minute in lower...upper {
            let slot = Self.slot(minute)
            guard !values[slot].isNaN else { continue }
            result.append(SeriesBucket(minute: minute, value: values[slot], low: Double(lows[slot]), high: Double(highs[slot])))
        }
        return result
    }

    /// The buckets recorded since the last call (those still in the ring), oldest first.
    mutating func takeChanged() -> [SeriesBucket] {
        guard let from = changedFrom else { return [] }
        changedFrom = nil
        return buckets(from: from, through: newest)
    }

    /// Moves the newest minute on to `minute`, clearing the slots it passes.
    private mutating func advance(to minute: Int64) {
        let cleared = min(minute - newest, Int64(Self.capacity))
        for offset in 0..<cleared {
            let slot = Self.slot(minute - offset)
            values[slot] = .nan
            lows[slot] = .nan
            highs[slot] = .nan
        }
        newest = minute
    }

    private static func slot(_ minute: Int64) -> Int {
        Int(minute.floorDivided(by: Int64(capacity)).remainder)
    }

    /// The largest `Float` not above `value` (so a low is never raised by the rounding).
    static func float(below value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) > value ? rounded.nextDown : rounded
    }

    /// The smallest `Float` not below `value`.
    static func float(above value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) < value ? rounded.nextUp : rounded
    }
}
