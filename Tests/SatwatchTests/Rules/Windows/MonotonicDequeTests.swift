@testable import SatwatchRules
import Testing

/// The running maximum / minimum behind `max(…, 4h)` and `min(…, 4h)`: from any position on,
/// the extreme of what was pushed, as `Array.max()`/`min()` of that suffix gives it.
@Suite struct MonotonicDequeTests {
    @Test(arguments: [
        [3.0, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5],
        [1.0, 2, 3, 4, 5, 6],  // rising: each value removes the one before (for a maximum)
        [6.0, 5, 4, 3, 2, 1],  // falling: all kept
        [2.0, 2, 2, 1, 2, 2],  // ties
        [-1.0, 0, -0.0, 0, -0.0, -1],  // equal zeros of both signs: the earliest one wins
    ])
    func everySuffix(_ values: [Double]) {
        for extreme in [MonotonicDeque.Extreme.maximum, .minimum] {
            var deque = MonotonicDeque(extreme)
            for (index, value) in values.enumerated() {
                deque.push(value, at: 100 + index)
                for from in 0...index + 1 {
                    let suffix = values[from..<index + 1]
                    let expected = extreme == .maximum ? suffix.max() : suffix.min()
                    let read = deque.extreme(from: 100 + from)
                    #expect(read == expected && read?.sign == expected?.sign, "\(extreme) of \(suffix)")
                }
            }
        }
    }

    /// Equal values are all kept (so the earliest is found); values beaten are removed.
    @Test func whatIsKept() {
        var maximum = MonotonicDeque(.maximum)
        for (index, value) in [5.0, 5, 5].enumerated() { maximum.push(value, at: index) }
        #expect(maximum.count == 3)
        maximum.push(6, at: 3)
        #expect(maximum.count == 1)
        var minimum = MonotonicDeque(.minimum)
        for (index, value) in [1.0, 2, 3, 4].enumerated() { minimum.push(value, at: index) }
        #expect(minimum.count == 4)
        minimum.push(0, at: 4)
        #expect(minimum.count == 1 && minimum.extreme(from: 0) == 0)
    }

    /// Eviction: positions before the one given are forgotten, reads from later ones unchanged,
    /// through the batch compaction of the storage too.
    @Test func droppingOldPositions() {
        var deque = MonotonicDeque(.minimum)
        let values = (0..<1_000).map { Double(($0 * 7_919) % 1_000) }
        for (position, value) in values.enumerated() {
            deque.push(value, at: position)
            if position >= 100 {
                deque.drop(before: position - 100)
                #expect(deque.extreme(from: position - 100) == values[(position - 100)...position].min())
                #expect(deque.extreme(from: position - 30) == values[(position - 30)...position].min())
            }
        }
        deque.drop(before: 2_000)
        #expect(deque.count == 0 && deque.extreme(from: 0) == nil)
    }
}
