import Foundation
@testable import SatwatchBase
@testable import SatwatchNet
import SatwatchTestSupport
import Synchronization
import Testing

/// How a group of services ends, and how long a bounded wait waits.
@Suite struct ServiceGroupTests {
    struct Failing: Service {
        var name: String { "failing" }
        struct Broken: Error, CustomStringConvertible { var description: String { "no such table: rule_state" } }
        func run() async throws { throw Broken() }
    }

    struct Forever: Service {
        var name: String { "forever" }
        func run() async throws { while !Task.isCancelled { try? await Task.sleep(for: .seconds(60)) } }
    }

    struct Returning: Service {
        var name: String { "returning" }
        func run() async throws {}
    }

    @Test(arguments: [
        ([Forever(), Failing()] as [any Service], ServiceGroup.Ending(service: "failing", error: "no such table: rule_state")),
        ([Forever(), Returning()] as [any Service], ServiceGroup.Ending(service: "returning", error: nil)),
    ])
    func theFirstServiceToEndEndsTheGroup(_ services: [any Service], _ expected: ServiceGroup.Ending) async {
        #expect(await ServiceGroup(services).run() == expected)
    }

    /// How many `Counted` services have started.
    final class Started: Sendable {
        let count = Mutex(0)
    }

    /// Runs until cancelled, like `Forever`, counting itself as started first.
    struct Counted: Service {
        var name: String { "counted" }
        let started: Started
        func run() async throws {
            started.count.withLock { $0 += 1 }
            // Returns when the group cancels it (nobody rings).
            await Doorbell().wait(for: .hours(24))
        }
    }

    @Test func aCancelledGroupReportsNoEnding() async throws {
        let started = Started()
        let group = Task { await ServiceGroup([Counted(started: started), Counted(started: started)]).run() }
        // Cancelled while both run, not before they start (which would end it some other way).
        try #require(try await Eventually.wait { started.count.withLock { $0 } == 2 })
        group.cancel()
        #expect(await group.value == nil)
    }

    /// A task group would wait for work that ignores cancellation; the deadline does not.
    @Test func aDeadlineDoesNotWaitForWorkThatIgnoresCancellation() async {
        let started = Date()
        // Work that ignores cancellation until the test lets it go (a `ThreadCompletion`: a
        // one-time event whose wait cancellation does not end); the deadline is 0.2 s. (It used to
        // sleep in a loop for five minutes: once cancelled, each sleep threw at once, and the loop
        // spun one of the two pool threads for the rest of the suite, stalling other tests'
        // timers for 20 s and more.)
        let hold = ThreadCompletion()
        let finished = await Deadline.run(within: TimeSpan(milliseconds: 200)) { await hold.wait() }
        #expect(!finished)
        #expect(Date().timeIntervalSince(started) < 150)
        hold.finish()
        #expect(await Deadline.run(within: .seconds(30)) {})
    }
}
