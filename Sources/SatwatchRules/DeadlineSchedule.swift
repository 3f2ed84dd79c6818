import SatwatchBase

/// When each rule next acts on time (the end of its `for`, its next reminder, its candle's
/// close), kept so that `RuleEngine.advance(to:)` and `nextDeadline()` look only at the rules
/// that are due or nearly so, instead of every timed rule on every frame (400 rules pending
/// through a `for` were 400 due-time computations per frame, twice).
///
/// A binary min-heap of (time, rule) entries; a rule's current due time is in `due`, and a
/// heap entry that no longer matches it is outdated and skipped when met (the heap is rebuilt
/// when outdated entries outnumber current ones). A rule found due while one of its inputs is
/// stale is *parked* outside the heap: it stays due, and is looked at again on every take and
/// read, so a stale feed costs its own rules, not everyone's.
struct DeadlineSchedule: Sendable {
    /// A rule's due time in the heap; ordered by time, then rule (load order breaks ties, as
    /// the engine has always acted on rules due at the same moment).
    struct Entry: Sendable, Comparable {
        var at: Int64
        var rule: Int

        static func < (a: Entry, b: Entry) -> Bool { (a.at, a.rule) < (b.at, b.rule) }
    }

    /// Per rule, when it next acts on time; nil: not at all.
    private(set) var due: [Timestamp?]
    private var heap: [Entry] = []
    /// Rules found due while not fresh, with the due time they were found at.
    private var parked: [Int: Int64] = [:]
    /// How many rules have a due time.
    private var scheduled = 0

    /// No rule scheduled, for `count` rules.
    init(count: Int) { due = Array(repeating: nil, count: count) }

    /// Rules with a due time (tests).
    var scheduledRules: Int { scheduled }
    /// Entries in the heap, current or outdated (tests).
    var heapSize: Int { heap.count }

    /// Sets when `rule` next acts on time; nothing happens when that did not change.
    mutating func set(_ rule: Int, to at: Timestamp?) {
        guard due[rule] != at else { return }
        scheduled += (at != nil ? 1 : 0) - (due[rule] != nil ? 1 : 0)
        due[rule] = at
        parked.removeValue(forKey: rule)
        if let at { push(Entry(at: at.milliseconds, rule: rule)) }
        if heap.count > 64, heap.count > 4 * scheduled { rebuild() }
    }

    /// Takes the rules due at or before `now` that `isFresh` accepts, earliest first (ties in
    /// rule order): each is out of the schedule until `set` schedules it again (the engine sets
    /// each one's next due time once it acted). A due rule that
    /// is not fresh is parked and handed to `stale`.
    mutating func takeDue(through now: Timestamp, isFresh: (Int) -> Bool, stale: (Int) -> Void) -> [(at: Timestamp, index: Int)] {
        let limit = now.milliseconds
        var taken: [Entry] = []
        for (rule, at) in parked {
            guard isFresh(rule) else {
                stale(rule)
                continue
            }
            parked.removeValue(forKey: rule)
            let entry = Entry(at: at, rule: rule)
            if at <= limit { taken.append(entry) } else { push(entry) }
        }
        var previous: Entry?
        while let top = heap.first, top.at <= limit {
            pop()
            // An outdated entry, or a second one for the same due time (set away and back).
            guard isCurrent(top), top != previous else { continue }
            previous = top
            if isFresh(top.rule) {
                taken.append(top)
            } else {
                parked[top.rule] = top.at
                stale(top.rule)
            }
        }
        for entry in taken {
            due[entry.rule] = nil
            scheduled -= 1
        }
        return taken.sorted().map { (Timestamp(milliseconds: $0.at), $0.rule) }
    }

    /// The earliest due time of a rule `isFresh` accepts; nil when there is none. Visits the
    /// heap in order from its top, so it looks past only the entries before that one.
    func earliest(where isFresh: (Int) -> Bool) -> Timestamp? {
        var best: Int64?
        for (rule, at) in parked where isFresh(rule) {
            if best.map({ at < $0 }) ?? true { best = at }
        }
        // A second heap, of positions in the first, ordered by their entries: its top is the
        // next entry in order among those not yet looked at.
        var frontier: [Int] = heap.isEmpty ? [] : [0]
        while !frontier.isEmpty {
            let position = Self.popFrontier(&frontier, heap)
            let entry = heap[position]
            if let best, entry.at >= best { break }
            if isCurrent(entry), isFresh(entry.rule) { return Timestamp(milliseconds: entry.at) }
            for child in [2 * position + 1, 2 * position + 2] where child < heap.count {
                Self.pushFrontier(&frontier, child, heap)
            }
        }
        return best.map { Timestamp(milliseconds: $0) }
    }

    /// Whether a heap entry is its rule's current due time.
    private func isCurrent(_ entry: Entry) -> Bool { due[entry.rule]?.milliseconds == entry.at && parked[entry.rule] == nil }

    // MARK: The heap

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left] < heap[smallest] { smallest = left }
            if right < heap.count, heap[right] < heap[smallest] { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// The heap again from the current due times of the rules not parked.
    private mutating func rebuild() {
        heap.removeAll(keepingCapacity: true)
        for (rule, at) in due.enumerated() {
            if let at, parked[rule] == nil { push(Entry(at: at.milliseconds, rule: rule)) }
        }
    }

    private static func pushFrontier(_ frontier: inout [Int], _ position: Int, _ heap: [Entry]) {
        frontier.append(position)
        var child = frontier.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[frontier[child]] < heap[frontier[parent]] else { break }
            frontier.swapAt(child, parent)
            child = parent
        }
    }

    private static func popFrontier(_ frontier: inout [Int], _ heap: [Entry]) -> Int {
        let top = frontier[0]
        frontier.swapAt(0, frontier.count - 1)
        frontier.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < frontier.count, heap[frontier[left]] < heap[frontier[smallest]] { smallest = left }
            if right < frontier.count, heap[frontier[right]] < heap[frontier[smallest]] { smallest = right }
            if smallest == parent { return top }
            frontier.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
