@testable import BlockingPool
import Synchronization
import Testing

/// A lane runs the jobs given to it one at a time, in order, on its pool's threads, and serves
/// as an actor's executor.
@Suite struct BlockingPoolLaneTests {
    actor Journal {
        let lane: BlockingPool.Lane
        var entries: [String] = []
        nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }

        init(lane: BlockingPool.Lane) { self.lane = lane }

        func note(_ entry: String) {
            precondition(lane.isCurrent)
            entries.append(entry)
        }
    }

    final class Order: Sendable {
        private let state = Mutex<[Int]>([])
        func append(_ entry: Int) { state.withLock { $0.append(entry) } }
        var entries: [Int] { state.withLock { $0 } }
    }

    /// Jobs on a pool of several threads still run one at a time and in the order given.
    @Test func jobsRunOneAtATimeInOrder() async {
        let pool = BlockingPool(name: "bp-lane", threads: 4, capacity: 8)
        let lane = BlockingPool.Lane(on: pool)
        let order = Order(), tally = BlockingPoolTests.Tally()
        for index in 0..<200 {
            lane.submit {
                tally.enter()
                order.append(index)
                tally.leave()
            }
        }
        #expect(await lane.run { lane.isCurrent })
        #expect(order.entries == Array(0..<200))
        #expect(tally.most == 1)
        #expect(!lane.isCurrent)
        await pool.shutdown()
    }

    /// Tasks that prefer the lane and tasks on the cooperative pool call the actor side by
    /// side: every call is made, once, in the lane.
    @Test func tasksOnTheLaneAndOffItTakeTurnsAtTheActor() async {
        let pool = BlockingPool(name: "bp-actor", threads: 2, capacity: 8)
        let lane = BlockingPool.Lane(on: pool)
        let journal = Journal(lane: lane)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                if index % 2 == 0 {
                    group.addTask(executorPreference: lane) { await journal.note("\(index)") }
                } else {
                    group.addTask { await journal.note("\(index)") }
                }
            }
        }
        let entries = await journal.entries
        #expect(entries.count == 200)
        #expect(Set(entries) == Set((0..<200).map { "\($0)" }))
        await pool.shutdown()
    }

    /// A lane's turns are never refused for room: a pool with no queue still runs them.
    @Test func aLaneRunsOnAPoolWithNoRoomToWait() async {
        let pool = BlockingPool(name: "bp-lane-full", threads: 1, capacity: 0)
        let lane = BlockingPool.Lane(on: pool)
        #expect(await lane.run { 5 } == 5)
        await pool.shutdown()
    }
}
