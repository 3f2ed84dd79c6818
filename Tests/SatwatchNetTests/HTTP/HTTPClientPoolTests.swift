import BlockingPool
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// Transfers run on a `BlockingPool` of a few threads: one that waits for a thread can be
/// cancelled before it starts, and one that finds the pool's queue full is refused at once.
@Suite("HTTPClient on a pool")
struct HTTPClientPoolTests {
    let agent = "satwatch/9.9.9-test"

    /// A client on a pool of one thread, and a transfer holding that thread (the server would
    /// answer after 60 s) until its task is cancelled.
    static func busyClient(capacity: Int) async throws -> (HTTPClient, Task<HTTPResponse, any Error>, BlockingPool) {
        let pool = BlockingPool(name: "test-transfers", threads: 1, capacity: capacity)
        let client = HTTPClient(pool: pool)
        let held = try await HTTPPeer.shared().endpoint([.init(status: 200, delay: 60)])
        let request = HTTPRequest(url: held.url(), timeout: .seconds(90), userAgent: "satwatch/9.9.9-test")
        let holding = Task { try await client.send(request) }
        try #require(try await Eventually.wait { try held.requests().count == 1 })
        return (client, holding, pool)
    }

    @Test("a transfer cancelled while it waits for a thread never reaches the server")
    func cancelledWhileQueued() async throws {
        let (client, holding, pool) = try await Self.busyClient(capacity: 4)
        let skipped = try await HTTPPeer.shared().endpoint()
        let waiting = Task { try await client.send(HTTPRequest(url: skipped.url(), userAgent: agent)) }
        try #require(await Eventually.wait { pool.waiting == 1 })
        waiting.cancel()
        holding.cancel()
        let result = await waiting.result
        #expect(throws: CurlError(code: 42, message: "Cancelled before it began")) { try result.get() }
        // The next transfer goes after it: once it has arrived, the cancelled one would have too.
        let sentinel = try await HTTPPeer.shared().endpoint()
        #expect(try await client.send(HTTPRequest(url: sentinel.url(), userAgent: agent)).status == 200)
        #expect(try skipped.requests().isEmpty)
        await pool.shutdown()
    }

    @Test("a transfer that finds the pool's queue full is refused at once with curl 81")
    func refusedWhenFull() async throws {
        let (client, holding, pool) = try await Self.busyClient(capacity: 0)
        let refused = try await HTTPPeer.shared().endpoint()
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: refused.url(), userAgent: agent))
        }
        #expect(error?.code == 81)
        #expect(error?.message.contains("test-transfers: 0 jobs are waiting already") == true)
        holding.cancel()
        _ = await holding.result
        #expect(try refused.requests().isEmpty)
        await pool.shutdown()
    }
}
