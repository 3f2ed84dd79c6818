/// The running maximum (or minimum) of a sequence that grows at its end and is read from any
/// position on: what `max(btc.usd, 4h)` needs as the window slides.
///
/// It keeps some of the values pushed, with their positions: positions increasing, values
/// strictly decreasing (increasing, for a minimum). A value pushed removes the kept ones it beats,
/// which can never be the extreme of a window that reaches it. So every value not kept has a
/// later kept one at least as extreme, and the extreme from any position to the newest is the
/// first kept value at or after that position. Equal values are all kept, so that one is the
/// earliest of equal extremes, the one `Array.max()` and `Array.min()` return.
///
/// A push costs amortised O(1) (each value is removed at most once), a read a binary search.
struct MonotonicDeque: Sendable {
    /// Which extreme it keeps.
    enum Extreme: Sendable {
        case maximum, minimum
    }

    let extreme: Extreme
    private var positions: [Int] = []
    private var values: [Double] = []
    /// The index of the oldest entry still kept (older ones are dropped in batches).
    private var start = 0

    /// An empty deque for `extreme`.
    init(_ extreme: Extreme) { self.extreme = extreme }

    /// How many values are kept (tests).
    var count: Int { positions.count - start }

    /// Takes `value` at `position`, later than every position pushed before.
    mutating func push(_ value: Double, at position: Int) {
        while positions.count > start, beats(value, values[values.count - 1]) {
            positions.removeLast()
            values.removeLast()
        }
        positions.append(position)
        values.append(value)
    }

    /// The extreme of the values pushed at `position` or later; nil when none was.
    func extreme(from position: Int) -> Double? {
        var low = start, high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if positions[mid] < position { low = mid + 1 } else { high = mid }
        }
        return low < positions.count ? values[low] : nil
    }

    /// Forgets the values pushed before `position` (no read reaches back there any more).
    mutating func drop(before position: Int) {
        while start < positions.count, positions[start] < position { start += 1 }
        if start > 64, start * 2 > positions.count {
            positions.removeFirst(start)
            values.removeFirst(start)
            start = 0
        }
    }

    /// Whether `new` removes `kept`: strictly more extreme.
    private func beats(_ new: Double, _ kept: Double) -> Bool {
        extreme == .maximum ? new > kept : new < kept
    }
}
