import Glibc
@testable import SatwatchBase
import Synchronization
import Testing

/// `OwnThread.run`, what a reload loads its files through: each call's work gets a thread of its
/// own, outside Swift's cooperative pool.
@Suite struct OwnThreadTests {
    /// Where blocking calls meet: each arrives and then blocks its thread until all have arrived
    /// (or until `patience` has passed, when it gives up).
    final class Rendezvous: Sendable {
        let expected: Int
        private let arrived = Mutex(0)

        init(expected: Int) { self.expected = expected }

        /// Arrives, then blocks until everyone has; false when they had not after `patience`.
        func arriveAndWait(patience: Duration) -> Bool {
            arrived.withLock { $0 += 1 }
            let deadline = ContinuousClock.now + patience
            while ContinuousClock.now < deadline {
                if arrived.withLock({ $0 }) >= expected { return true }
                usleep(1000)
            }
            return false
        }
    }

    @Test func returnsTheResultOfTheWork() async {
        #expect(await OwnThread.run("test.own-thread") { 6 * 7 } == 42)
    }

    /// More blocking calls than the cooperative pool has threads (one a core) all block at once:
    /// work run on the pool would fill it, the rest would wait for a thread, and those that
    /// arrived would give up after `patience`.
    @Test func blockingWorkHoldsNoThreadOfTheCooperativePool() async {
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let rendezvous = Rendezvous(expected: 2 * cores + 2)
        let met = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<rendezvous.expected {
                group.addTask { await OwnThread.run("test.own-thread") { rendezvous.arriveAndWait(patience: .seconds(5)) } }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(met == [Bool](repeating: true, count: rendezvous.expected))
    }
}
