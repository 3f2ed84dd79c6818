import BlockingPool
@testable import SatwatchApp
import SatwatchBase
@testable import SatwatchNet
import Testing

/// The endpoint's work queue: requests beyond its cap are refused at once, and those admitted
/// are answered in turn once the work ahead of them ends.
@Suite struct EndpointWorkQueueTests {
    /// Answers `body` on `queue` within a minute; the refusal says `full`.
    static func answer(_ queue: EndpointWorkQueue, _ body: @escaping @Sendable () -> String) -> HTTPServerReply {
        queue.answer(within: .seconds(60), otherwise: { _ in HTTPServerResponse(status: 503, body: "late") },
                     full: HTTPServerResponse(status: 503, body: "full")) { _ in HTTPServerResponse(status: 200, body: body()) }
    }

    @Test func requestsBeyondTheCapAreRefusedAtOnceAndTheOthersAnsweredInTurn() async throws {
        let queue = EndpointWorkQueue(on: BlockingPool(name: "test-work", threads: 1, capacity: 8), maximumWaiting: 3)
        let gate = EndpointStoreTests.Gate()
        let holding = Self.answer(queue) {
            gate.wait(atMost: .seconds(60))
            return "held"
        }
        let admitted = (1...2).map { number in Self.answer(queue) { "queued \(number)" } }
        let refused = Self.answer(queue) { "never" }
        guard case .now(let response) = refused else {
            Issue.record("a fourth request while three wait must be refused at once")
            return
        }
        #expect(response.body == "full")
        gate.release()
        #expect(try await EndpointStoreTests.response(holding).body == "held")
        var bodies: [String] = []
        for reply in admitted { bodies.append(try await EndpointStoreTests.response(reply).body) }
        #expect(bodies == ["queued 1", "queued 2"])
        // Room again once they ran.
        #expect(try await EndpointStoreTests.response(Self.answer(queue) { "after" }).body == "after")
    }
}
