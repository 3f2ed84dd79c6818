import Foundation
@testable import SatwatchBase
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

    @Test func aCancelledGroupReportsNoEnding() async {
        let group = Task { await ServiceGroup([Forever(), Forever()]).run() }
        try? await Task.sleep(for: .milliseconds(50))
        group.cancel()
        #expect(await group.value == nil)
    }

    /// A task group would wait for work that ignores cancellation; the deadline does not.
    @Test func aDeadlineDoesNotWaitForWorkThatIgnoresCancellation() async {
        let started = Date()
        // Work that ignores cancellation for five minutes; the deadline is 0.2 s. The bound sits
        // far from both: a loaded machine stalled this process for 20 s once.
        let finished = await Deadline.run(within: TimeSpan(milliseconds: 200)) {
            let until = Date().addingTimeInterval(300)
            while Date() < until { try? await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(!finished)
        #expect(Date().timeIntervalSince(started) < 150)
        #expect(await Deadline.run(within: .seconds(30)) {})
    }
}
