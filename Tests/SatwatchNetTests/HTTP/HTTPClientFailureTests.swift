import BlockingPool
import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// Transport failures surface as `CurlError` with curl's code, against real sockets.
@Suite("HTTPClient failures")
struct HTTPClientFailureTests {
    /// Threads of the suite's own, more than it ever needs at once: its slow transfers hold
    /// none of the worker's pool (`WorkerPools.transfers`), which other suites deliver through.
    static let threads = BlockingPool(name: "test-http-failures", threads: 32, capacity: 64)
    let client = HTTPClient(pool: Self.threads)
    let agent = "satwatch/9.9.9-test"

    @Test("a server slower than the timeout gives curl 28 within the timeout")
    func timeout() async throws {
        // The server answers after 60 s; a timed-out request ends long before. The upper bound
        // is far from both: a loaded parallel run can delay this task's resumption by seconds.
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 200, delay: 60)])
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: endpoint.url(), timeout: .milliseconds(500), userAgent: agent))
        }
        let elapsed = clock.now - start
        #expect(error?.code == 28)
        #expect(error?.isTimeout == true)
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(30), "took \(elapsed)")
    }

    @Test("nobody listening gives curl 7")
    func connectionRefused() async throws {
        let closed = try ClosedPort()
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: "http://127.0.0.1:\(closed.port)/", userAgent: agent))
        }
        #expect(error?.code == 7)
    }

    @Test("schemes other than http and https are refused with curl 1",
          arguments: ["file:///etc/hostname", "ftp://127.0.0.1/x", "smtp://127.0.0.1/"])
    func otherSchemes(url: String) async throws {
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: url, userAgent: agent))
        }
        #expect(error?.code == 1)
    }

    @Test("cancelling the task aborts a transfer waiting on a silent server with curl 42")
    func cancellation() async throws {
        // The server would answer after 60 s; the aborted transfer ends long before (the bound
        // is loose because the suite runs in parallel on two cores).
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 200, delay: 60)])
        let request = HTTPRequest(url: endpoint.url(), timeout: .seconds(90), userAgent: agent)
        let clock = ContinuousClock()
        let start = clock.now
        let task = Task { [client] in try await client.send(request) }
        // Cancelled while the server holds the request, not before it was sent.
        try #require(try await Eventually.wait { try endpoint.requests().count == 1 })
        task.cancel()
        let result = await task.result
        let elapsed = clock.now - start
        #expect(throws: CurlError(code: 42, message: "Callback aborted")) { try result.get() }
        #expect(elapsed < .seconds(30), "took \(elapsed)")
    }

    @Test("slow transfers run off the cooperative pool: one-second requests overlap beyond its threads")
    func concurrency() async throws {
        let threads = ProcessInfo.processInfo.activeProcessorCount
        let count = max(8, 2 * threads + 1)
        let endpoint = try await HTTPPeer.shared().endpoint(Array(repeating: .init(status: 200, delay: 1), count: count))
        let request = HTTPRequest(url: endpoint.url(), timeout: .seconds(10), userAgent: agent)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask { [client] in _ = try await client.send(request) }
            }
            try await group.waitForAll()
        }
        // The peer holds each request for a second before answering. Had every transfer held a
        // cooperative thread (one per core), no more of them could be in flight at once than
        // there are threads; counting overlaps at the peer is immune to how loaded the pool is.
        let arrivals = try endpoint.requests().map(\.receivedAt).sorted()
        #expect(arrivals.count == count)
        let mostInFlight = arrivals.indices.map { first in
            arrivals[first...].prefix { $0 - arrivals[first] < 1 }.count
        }.max() ?? 0
        #expect(mostInFlight > threads, "at most \(mostInFlight) requests in flight at once")
    }
}
