@testable import SatwatchBase
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// The rules' due times behind `advance(to:)` and `nextDeadline()` (`DeadlineSchedule`) give what
/// a scan over every rule's due time gives (the code they replace): random due times set, moved,
/// cleared and set back, rules going stale and fresh, time taken in steps.
@Suite struct DeadlineScheduleTests {
    /// A scan over every rule: the reference.
    struct Scan {
        var due: [Int64?]

        func earliest(_ fresh: Set<Int>) -> Int64? {
            due.indices.compactMap { fresh.contains($0) ? due[$0] : nil }.min()
        }

        mutating func take(through now: Int64, _ fresh: Set<Int>) -> [(Int64, Int)] {
            let taken = due.indices.compactMap { rule in due[rule].flatMap { $0 <= now && fresh.contains(rule) ? ($0, rule) : nil } }
            for (_, rule) in taken { due[rule] = nil }
            return taken.sorted { $0 < $1 }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func agreesWithAScan(_ seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let count = 50
        var schedule = DeadlineSchedule(count: count)
        var scan = Scan(due: Array(repeating: nil, count: count))
        var fresh = Set(0..<count)
        var now: Int64 = 0
        for step in 0..<5_000 {
            let rule = Int(random.below(Int64(count)))
            switch random.below(10) {
            case 0, 1, 2, 3:  // a due time set or moved, at times back to where it was
                let at: Int64? = random.below(6) == 0 ? nil : now + random.below(100)
                schedule.set(rule, to: at.map { Timestamp(milliseconds: $0) })
                scan.due[rule] = at
            case 4: fresh.remove(rule)  // its feed went stale
            case 5, 6: fresh.insert(rule)
            case 7, 8:
                now += random.below(40)
                let taken = schedule.takeDue(through: Timestamp(milliseconds: now), isFresh: fresh.contains) { rule in
                    #expect(!fresh.contains(rule), "step \(step): a fresh rule is never handed over as stale")
                }
                let expected = scan.take(through: now, fresh)
                #expect(taken.map { ($0.at.milliseconds, $0.index) }.elementsEqual(expected) { $0 == $1 }, "step \(step)")
            default: break
            }
            #expect(schedule.earliest(where: fresh.contains)?.milliseconds == scan.earliest(fresh), "step \(step)")
        }
    }

    /// Setting a rule's due time many times leaves the heap no larger than a few times the rules
    /// scheduled (outdated entries are dropped), and the earliest stays right.
    @Test func outdatedEntriesDoNotPileUp() {
        var schedule = DeadlineSchedule(count: 10)
        for round in 0..<10_000 as Range<Int64> {
            schedule.set(Int(round % 10), to: Timestamp(milliseconds: 1_000_000 - round))
        }
        #expect(schedule.scheduledRules == 10)
        #expect(schedule.heapSize <= 64 + 4 * 10)
        #expect(schedule.earliest { _ in true } == Timestamp(milliseconds: 1_000_000 - 9_999))
    }

    /// A rule due on stale data is parked: it is not taken, not the next deadline, and costs
    /// nothing to the rules behind it; once fresh it is taken at its own due time.
    @Test func aStaleRuleWaitsForFreshData() {
        var schedule = DeadlineSchedule(count: 3)
        schedule.set(0, to: Timestamp(milliseconds: 10))
        schedule.set(1, to: Timestamp(milliseconds: 20))
        schedule.set(2, to: Timestamp(milliseconds: 500))
        var stale: [Int] = []
        let taken = schedule.takeDue(through: Timestamp(milliseconds: 100), isFresh: { $0 != 0 }) { stale.append($0) }
        #expect(taken.map(\.index) == [1] && stale == [0])
        #expect(schedule.earliest { $0 != 0 } == Timestamp(milliseconds: 500))
        #expect(schedule.earliest { _ in true } == Timestamp(milliseconds: 10))
        let later = schedule.takeDue(through: Timestamp(milliseconds: 100), isFresh: { _ in true }) { _ in Issue.record("nothing is stale") }
        #expect(later.map(\.at) == [Timestamp(milliseconds: 10)] && later.map(\.index) == [0])
    }
}
