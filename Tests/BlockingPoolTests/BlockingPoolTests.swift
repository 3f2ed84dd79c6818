@testable import BlockingPool
import Dispatch
import Foundation
import Glibc
import SatwatchTestSupport
import Synchronization
import Testing

/// `BlockingPool`: a fixed set of named threads, a bounded queue, pools apart from each other,
/// and a shutdown that lets queued work finish.
@Suite struct BlockingPoolTests {
    /// How many threads of this process carry `name` (`/proc/self/task/*/comm`).
    static func threadCount(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .newlines) == name
        }.count
    }

    /// What jobs record from their threads: the threads seen, and how many ran at once at most.
    final class Tally: Sendable {
        private let state = Mutex((threads: Set<UInt>(), now: 0, most: 0, ran: 0))

        func enter() {
            state.withLock { state in
                state.threads.insert(UInt(pthread_self()))
                state.now += 1
                state.most = max(state.most, state.now)
            }
        }

        func leave() { state.withLock { $0.now -= 1; $0.ran += 1 } }

        var threads: Int { state.withLock { $0.threads.count } }
        var most: Int { state.withLock { $0.most } }
        var ran: Int { state.withLock { $0.ran } }
    }

    /// A thread is started only when a job finds none free: an unused pool has none.
    @Test func threadsStartWhenJobsNeedThem() async throws {
        let pool = BlockingPool(name: "bp-lazy", threads: 4, capacity: 8)
        #expect(Self.threadCount(named: "bp-lazy") == 0)
        #expect(try await pool.run { 1 } == 1)
        #expect(Self.threadCount(named: "bp-lazy") == 1)
        await pool.shutdown()
    }

    @Test func runReturnsTheResultOfTheWork() async throws {
        let pool = BlockingPool(name: "bp-result", threads: 1, capacity: 4)
        #expect(try await pool.run { 6 * 7 } == 42)
        await pool.shutdown()
    }

    /// However many jobs go through, at most `threads` threads run them, started as jobs came.
    @Test func aFixedSetOfThreadsRunsEveryJob() async throws {
        let pool = BlockingPool(name: "bp-fixed", threads: 3, capacity: 200)
        #expect(Self.threadCount(named: "bp-fixed") == 0)
        let tally = Tally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<150 {
                group.addTask {
                    try await pool.run {
                        tally.enter()
                        usleep(1000)
                        tally.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(tally.ran == 150)
        #expect(tally.threads <= 3)
        #expect(tally.most <= 3)
        #expect(Self.threadCount(named: "bp-fixed") == tally.threads)
        await pool.shutdown()
    }

    /// With its thread busy, the pool takes `capacity` jobs, refuses the next at once, and then
    /// runs the ones it took.
    @Test func aFullQueueRefusesTheNextJob() async throws {
        let pool = BlockingPool(name: "bp-bounded", threads: 1, capacity: 2)
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        let tally = Tally()
        try pool.submit { started.signal(); gate.wait(); tally.enter(); tally.leave() }
        started.wait()
        try pool.submit { tally.enter(); tally.leave() }
        try pool.submit { tally.enter(); tally.leave() }
        #expect(throws: BlockingPool.Refusal.full(pool: "bp-bounded", capacity: 2)) {
            try pool.submit { tally.enter(); tally.leave() }
        }
        await #expect(throws: BlockingPool.Refusal.full(pool: "bp-bounded", capacity: 2)) {
            try await pool.run { 1 }
        }
        #expect(pool.waiting == 2)
        gate.signal()
        await pool.shutdown()
        #expect(tally.ran == 3)
    }

    /// A pool whose every thread is blocked (a locked database) delays no job of another pool:
    /// the other pool's job is what unblocks them, so it must run while they are stuck.
    @Test func aBlockedPoolDoesNotDelayAnother() async throws {
        let stuck = BlockingPool(name: "bp-stuck", threads: 2, capacity: 8)
        let free = BlockingPool(name: "bp-free", threads: 1, capacity: 8)
        let gate = DispatchSemaphore(value: 0), blocked = DispatchSemaphore(value: 0)
        for _ in 0..<4 { try stuck.submit { blocked.signal(); gate.wait() } }
        for _ in 0..<2 { blocked.wait() }
        #expect(stuck.waiting == 2)
        let released = DispatchSemaphore(value: 0)
        try free.submit {
            for _ in 0..<4 { gate.signal() }
            released.signal()
        }
        let ran = released.wait(timeout: .now() + 60) == .success
        #expect(ran, "the free pool's job did not run while the other pool was blocked")
        if !ran { for _ in 0..<4 { gate.signal() } }
        await stuck.shutdown()
        await free.shutdown()
    }

    /// Shutdown runs what was queued, ends every thread, and refuses later work.
    @Test func shutdownFinishesQueuedWorkThenEndsTheThreads() async throws {
        let pool = BlockingPool(name: "bp-shutdown", threads: 2, capacity: 50)
        let tally = Tally()
        for _ in 0..<40 { try pool.submit { tally.enter(); usleep(500); tally.leave() } }
        #expect(try await Eventually.wait { Self.threadCount(named: "bp-shutdown") == 2 })
        await pool.shutdown()
        #expect(tally.ran == 40)
        #expect(try await Eventually.wait { Self.threadCount(named: "bp-shutdown") == 0 })
        #expect(throws: BlockingPool.Refusal.closed(pool: "bp-shutdown")) { try pool.submit {} }
        await pool.shutdown()
    }
}
